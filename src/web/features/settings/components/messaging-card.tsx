import { MessageSquareText, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGING_PROVIDERS, WHATSAPP_PROVIDERS, type MessagingProvider } from '@contracts/enums';
import { nl } from '@contracts/messages';
import {
  messagingBody,
  messagingTestBody,
  type MessagingDto,
  type MessagingSettings,
  type MessagingTestBody,
} from '@contracts/messaging';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { LoadError } from '@web/components/load-error';
import { PendingButton } from '@web/components/pending-button';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { describeError, errorMessage } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { useDisconnectMessaging, useMessaging, useSaveMessaging, useSendTestMessage } from '../api/messaging';
import { SendResultStatus, type SendResult } from './send-result';

const t = nl.messaging.card;

type KeyName = 'accountSid' | 'authToken' | 'accessKey';
interface Values {
  provider: MessagingProvider;
  accountSid: string;
  authToken: string;
  accessKey: string;
  sender: string;
  whatsappSender: string;
}

/** Each provider's key fields, in the order its console shows them; secrets are never prefilled. */
const KEY_FIELDS: Record<MessagingProvider, readonly { name: KeyName; label: string; secret: boolean }[]> = {
  twilio: [
    { name: 'accountSid', label: t.accountSid, secret: false },
    { name: 'authToken', label: t.authToken, secret: true },
  ],
  messagebird: [{ name: 'accessKey', label: t.accessKey, secret: true }],
};

const toValues = (dto: MessagingDto): Values => ({
  provider: dto.provider ?? 'twilio',
  accountSid: '',
  authToken: '',
  accessKey: '',
  sender: dto.sender ?? '',
  whatsappSender: dto.whatsappSender ?? '',
});

/** Only the chosen provider's keys go along; a blank one keeps the stored key of that provider. */
const resolver = contractResolver<Values, MessagingSettings>(messagingBody, (v) => ({
  provider: v.provider,
  ...Object.fromEntries(KEY_FIELDS[v.provider].map(({ name }) => [name, v[name].trim()])),
  sender: v.sender,
  whatsappSender: WHATSAPP_PROVIDERS.includes(v.provider) ? v.whatsappSender : null,
}));
const testResolver = contractResolver<MessagingTestBody, MessagingTestBody>(messagingTestBody, (v) => v);

/** What a key field says: a secret is never shown; a blank one keeps what the same provider stored. */
const keyHint = (secret: boolean, keeps: boolean) =>
  secret ? (keeps ? t.secretHint : t.secretHintNew) : keeps ? t.accountSidKept : t.accountSidHint;
const FORM_FIELDS = ['provider', 'accountSid', 'authToken', 'accessKey', 'sender', 'whatsappSender'] as const;
const STATUS_VARIANT = { ok: 'soft', broken: 'destructive', missing: 'outline' } as const;

/**
 * 'SMS en WhatsApp' (docs/PRODUCT.md#messaging): the owner's own Twilio or MessageBird account, checked
 * with the provider when saved; a test message to a mobile number; disconnecting forgets the keys.
 */
export function MessagingCard() {
  const messaging = useMessaging();
  return (
    <Card>
      <SettingsCardHeader icon={MessageSquareText} title={t.title} description={t.description} />
      {messaging.isPending ? (
        <CardContent role="status" aria-live="polite" className="grid gap-2">
          <span className="sr-only">{t.loading}</span>
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-2/3" />
        </CardContent>
      ) : messaging.isError ? (
        <CardContent>
          <LoadError error={messaging.error} onRetry={() => void messaging.refetch()} />
        </CardContent>
      ) : (
        <MessagingForm key={`${messaging.data.provider}-${messaging.data.sender}`} dto={messaging.data} />
      )}
    </Card>
  );
}

function MessagingForm({ dto }: { dto: MessagingDto }) {
  const form = useForm<Values, unknown, MessagingSettings>({ defaultValues: toValues(dto), resolver });
  const { errors, isDirty } = form.formState;
  const provider = form.watch('provider');
  const [confirming, setConfirming] = useState(false);
  const connected = dto.provider !== null;
  /** A blank secret keeps the stored one only while the provider stays the one connected. */
  const keeps = dto.provider === provider && dto.status !== 'missing';

  const save = useSaveMessaging({
    onSuccess: () => toast({ title: t.saved, description: t.savedText }),
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, FORM_FIELDS);
      toast({ variant: 'destructive', title: t.saveFailed, description: describeError(error) });
    },
  });
  const disconnect = useDisconnectMessaging({
    onSuccess: () => {
      setConfirming(false);
      toast({ title: t.disconnected });
    },
    onError: (error) => toast({ variant: 'destructive', title: t.failed, description: describeError(error) }),
  });

  return (
    <>
      <form noValidate className="contents" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
        <CardContent className="grid gap-5">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{t.statusLabel}:</span>
            <Badge variant={STATUS_VARIANT[dto.status]} data-testid="messaging-status">
              {t.status[dto.status]}
            </Badge>
            {dto.status === 'broken' && <span className="text-destructive-text">{t.brokenText}</span>}
          </p>
          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm font-medium">{t.provider}</legend>
            <RadioGroup
              value={provider}
              onValueChange={(v) => form.setValue('provider', v as MessagingProvider, { shouldDirty: true })}
              className="grid gap-3 md:grid-cols-2"
            >
              {MESSAGING_PROVIDERS.map((p) => (
                <div
                  key={p}
                  className="relative flex items-center gap-3 rounded-lg border p-4 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-brand-soft/60"
                >
                  <RadioGroupItem value={p} id={`messaging-provider-${p}`} className="relative z-10" />
                  <Label
                    htmlFor={`messaging-provider-${p}`}
                    className="after:absolute after:inset-0 after:content-['']"
                  >
                    {t.providers[p]}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
          {KEY_FIELDS[provider].map(({ name, label, secret }) => (
            <FormField
              key={`${provider}-${name}`}
              label={label}
              hint={keyHint(secret, keeps)}
              error={errors[name]?.message}
            >
              {(field) => (
                <Input
                  {...field}
                  {...form.register(name)}
                  type={secret ? 'password' : 'text'}
                  autoComplete={secret ? 'new-password' : 'off'}
                  spellCheck={false}
                  placeholder={name === 'accountSid' ? 'AC…' : undefined}
                />
              )}
            </FormField>
          ))}
          <FormField label={t.sender} hint={t.senderHint} error={errors.sender?.message}>
            {(field) => (
              <Input {...field} {...form.register('sender')} autoComplete="off" spellCheck={false} />
            )}
          </FormField>
          {WHATSAPP_PROVIDERS.includes(provider) && (
            <FormField
              label={t.whatsappSender}
              hint={t.whatsappSenderHint}
              error={errors.whatsappSender?.message}
            >
              {(field) => (
                <Input
                  {...field}
                  {...form.register('whatsappSender')}
                  type="tel"
                  autoComplete="off"
                  inputMode="tel"
                />
              )}
            </FormField>
          )}
        </CardContent>
        <CardFooter className="flex-wrap justify-end gap-3 border-t pt-6">
          {connected && (
            <Button
              variant="link"
              className="mr-auto h-auto px-0 text-destructive-text"
              onClick={() => setConfirming(true)}
            >
              {t.disconnect}
            </Button>
          )}
          <PendingButton type="submit" pending={save.isPending} disabled={!isDirty} pendingLabel={t.saving}>
            {t.save}
          </PendingButton>
        </CardFooter>
      </form>
      {dto.status !== 'missing' && <TestMessage />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.disconnectTitle}
        description={t.disconnectText}
        keepLabel={t.keep}
        confirmLabel={t.confirmDisconnect}
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </>
  );
}

/** 'Testbericht sturen': one real message from the saved sender to a mobile number. */
function TestMessage() {
  const form = useForm<MessagingTestBody, unknown, MessagingTestBody>({
    defaultValues: { phone: '' },
    resolver: testResolver,
  });
  const [result, setResult] = useState<SendResult>(null);
  const send = useSendTestMessage({
    onSuccess: ({ message }) => setResult({ ok: true, text: message }),
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['phone']);
      const text = errorMessage(error, t.testFailed);
      setResult({ ok: false, text });
      toast({ variant: 'destructive', title: t.testFailed, description: text });
    },
  });
  return (
    <form
      noValidate
      className="grid gap-3 border-t px-6 pt-6"
      onSubmit={form.handleSubmit((body) => {
        setResult(null);
        send.mutate(body);
      })}
    >
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          className="min-w-56 flex-1"
          label={t.testPhone}
          hint={t.testPhoneHint}
          error={form.formState.errors.phone?.message}
        >
          {(field) => (
            <Input {...field} {...form.register('phone')} type="tel" inputMode="tel" autoComplete="tel" />
          )}
        </FormField>
        <PendingButton
          type="submit"
          variant="outline"
          pending={send.isPending}
          pendingLabel={t.testing}
          icon={<Send aria-hidden="true" />}
          className="mb-6"
        >
          {t.test}
        </PendingButton>
      </div>
      <SendResultStatus result={result} />
    </form>
  );
}
