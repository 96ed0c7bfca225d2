import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import {
  twoFactorDisableBody,
  twoFactorEnableBody,
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  type TwoFactorSetupResponse,
} from '@contracts/two-factor';
import { CopyField } from '@web/components/copy-field';
import { FormAlert } from '@web/components/form-messages';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter } from '@web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { OneTimeCodeInput } from '@web/components/one-time-code-input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { copyWithToast } from '@web/lib/clipboard';
import { fill } from '@web/lib/fill-message';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor } from '../api/two-factor';
import { QrCode } from './qr-code';

const t = nl.twoFactor;

const failed = (error: unknown) =>
  toast({
    variant: 'destructive',
    title: nl.errors.genericTitle,
    description: errorMessage(error, t.failed),
  });

/**
 * Profiel → 'Tweestapsverificatie' (docs/PRODUCT.md#two-step-sign-in): off → 'Instellen' → the QR
 * code and the secret to type over → a code of the app → the recovery codes, shown once. On: the
 * status and 'Uitschakelen' with the password and a code.
 */
export function TwoFactorCard({ user }: { user: PublicUser }) {
  const [setup, setSetup] = useState<TwoFactorSetupResponse>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [disabling, setDisabling] = useState(false);
  const start = useSetupTwoFactor({ onSuccess: setSetup, onError: failed });
  const on = user.twoFactorEnabled && !recoveryCodes;

  return (
    <Card>
      <SettingsCardHeader
        icon={ShieldCheck}
        title={t.title}
        description={t.text}
        aside={
          <Badge variant={user.twoFactorEnabled ? 'soft' : 'outline'}>
            {user.twoFactorEnabled ? t.statusOn : t.statusOff}
          </Badge>
        }
      />
      {recoveryCodes ? (
        <RecoveryCodes
          codes={recoveryCodes}
          username={user.username}
          onDone={() => setRecoveryCodes(undefined)}
        />
      ) : setup && !user.twoFactorEnabled ? (
        <SetupSteps
          setup={setup}
          onCancel={() => setSetup(undefined)}
          onEnabled={(codes) => {
            setSetup(undefined);
            setRecoveryCodes(codes);
          }}
        />
      ) : (
        <>
          <CardContent>
            <p className="text-sm">{on ? t.onText : t.offText}</p>
          </CardContent>
          <CardFooter className="justify-end border-t pt-6">
            {on ? (
              <Button type="button" variant="outline" onClick={() => setDisabling(true)}>
                {t.disable}
              </Button>
            ) : (
              <PendingButton
                type="button"
                pending={start.isPending}
                pendingLabel={t.pending}
                onClick={() => start.mutate()}
              >
                {t.setUp}
              </PendingButton>
            )}
          </CardFooter>
        </>
      )}
      <DisableDialog open={disabling} onOpenChange={setDisabling} username={user.username} />
    </Card>
  );
}

function SetupSteps({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetupResponse;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const form = useForm<TwoFactorEnableBody>({
    resolver: contractResolver(twoFactorEnableBody, (v) => v),
    defaultValues: { code: '' },
  });
  const enable = useEnableTwoFactor({
    onSuccess: ({ recoveryCodes }) => {
      toast({ title: t.enabled, description: t.enabledText });
      onEnabled(recoveryCodes);
    },
    onError: (error) => {
      const shown = applyServerFieldErrors(error, form.setError, ['code']);
      if (shown.length) form.setFocus('code');
      else failed(error);
    },
  });

  return (
    <form noValidate className="contents" onSubmit={form.handleSubmit((body) => enable.mutate(body))}>
      <CardContent className="grid gap-6">
        <section className="grid gap-3" aria-labelledby="two-factor-scan">
          <h3 id="two-factor-scan" className="font-medium">
            {t.scanTitle}
          </h3>
          <p className="text-sm text-muted-foreground">{t.scanText}</p>
          <QrCode value={setup.otpauthUrl} label={t.qrLabel} loadingLabel={t.qrLoading} />
          <CopyField
            label={t.secretLabel}
            copyLabel={t.copySecret}
            value={setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            copied={{ title: t.secretCopied }}
          />
        </section>
        <section className="grid gap-3" aria-labelledby="two-factor-confirm">
          <h3 id="two-factor-confirm" className="font-medium">
            {t.confirmTitle}
          </h3>
          <FormField label={t.code} error={form.formState.errors.code?.message}>
            {(field) => (
              <OneTimeCodeInput
                {...field}
                {...form.register('code')}
                inputMode="numeric"
                className="sm:max-w-48"
              />
            )}
          </FormField>
        </section>
      </CardContent>
      <CardFooter className="justify-end gap-2 border-t pt-6">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t.cancel}
        </Button>
        <PendingButton type="submit" pending={enable.isPending} pendingLabel={t.pending}>
          {t.enable}
        </PendingButton>
      </CardFooter>
    </form>
  );
}

function RecoveryCodes({
  codes,
  username,
  onDone,
}: {
  codes: string[];
  username: string;
  onDone: () => void;
}) {
  const text = [fill(t.fileHeading, { username }), '', ...codes, '', t.fileNote, ''].join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t.fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <h3 className="font-medium">{t.recoveryTitle}</h3>
          <p className="text-sm text-muted-foreground">{t.recoveryText}</p>
        </div>
        <ul
          aria-label={t.recoveryListLabel}
          className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border bg-muted/40 p-4 font-mono text-sm sm:grid-cols-5 sm:gap-x-4"
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={download}>
            <Download aria-hidden="true" />
            {t.download}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => void copyWithToast(codes.join('\n'), t.codesCopied)}
          >
            <Copy aria-hidden="true" />
            {t.copyCodes}
          </Button>
        </div>
      </CardContent>
      <CardFooter className="justify-end border-t pt-6">
        <Button type="button" onClick={onDone}>
          {t.done}
        </Button>
      </CardFooter>
    </>
  );
}

function DisableDialog({
  open,
  onOpenChange,
  username,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  username: string;
}) {
  const [problem, setProblem] = useState<string>();
  const form = useForm<TwoFactorDisableBody>({
    resolver: contractResolver(twoFactorDisableBody, (v) => v),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;
  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      setProblem(undefined);
    }
    onOpenChange(next);
  };
  const disable = useDisableTwoFactor({
    onSuccess: () => {
      close(false);
      toast({ title: t.disabled });
    },
    onError: (error) => {
      const shown = applyServerFieldErrors(error, form.setError, ['password', 'code']);
      if (shown[0]) form.setFocus(shown[0].path as 'password' | 'code');
      else setProblem(errorMessage(error, t.failed));
    },
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((body) => {
            setProblem(undefined);
            disable.mutate(body);
          })}
        >
          <DialogHeader>
            <DialogTitle>{t.disableTitle}</DialogTitle>
            <DialogDescription>{t.disableText}</DialogDescription>
          </DialogHeader>
          <FormAlert message={problem} />
          {/* Lets password managers offer this account's password. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <FormField label={t.password} error={errors.password?.message}>
            {(field) => (
              <Input
                {...field}
                {...form.register('password')}
                type="password"
                autoComplete="current-password"
              />
            )}
          </FormField>
          <FormField label={t.codeOrRecovery} error={errors.code?.message}>
            {(field) => <OneTimeCodeInput {...field} {...form.register('code')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => close(false)}>
              {t.cancel}
            </Button>
            <PendingButton
              type="submit"
              variant="destructive"
              pending={disable.isPending}
              pendingLabel={t.pending}
            >
              {t.disable}
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
