import { CircleAlert, CircleCheck, CreditCard } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { paymentKeysBody, type PaymentKeysBody } from '@contracts/settings';
import { FormField } from '@web/components/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { Card, CardContent, CardFooter } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { cn } from '@web/lib/utils';
import { useUpdatePaymentKeys } from '../api/update-payment-keys';
import { SettingsCardHeader } from '@web/components/settings-card-header';

const t = nl.settingsUi;

interface Values {
  publicKey: string;
  secretKey: string;
}

const toValues = (user: PublicUser): Values => ({ publicKey: user.stripePublicKey ?? '', secretKey: '' });
/** The form's names for the contract's keys. */
const FIELD_OF: Record<string, keyof Values> = { stripePublicKey: 'publicKey', stripeSecretKey: 'secretKey' };
const toField = (path: string) => FIELD_OF[path] ?? path;
const resolver = contractResolver<Values, PaymentKeysBody>(
  paymentKeysBody,
  (v) => ({ stripePublicKey: v.publicKey.trim(), stripeSecretKey: v.secretKey.trim() }),
  toField,
);

/** Whether the saved keys work (checked with Stripe when saved; a refusal since then marks them broken). */
function KeysStatus({ status }: { status: PublicUser['paymentKeysStatus'] }) {
  const k = nl.paymentKeys;
  if (status === 'ok')
    return (
      <p className="flex items-center gap-2 text-sm">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
        {k.statusOk}
      </p>
    );
  return (
    <p
      className={cn(
        'flex gap-2 rounded-lg border p-3 text-sm',
        status === 'broken' && 'border-destructive/40 bg-destructive/5',
      )}
    >
      <CircleAlert
        aria-hidden="true"
        className={cn('mt-0.5 size-4 shrink-0', status === 'broken' && 'text-destructive-text')}
      />
      {status === 'broken' ? k.statusBroken : k.statusMissing}
    </p>
  );
}

/** Card-payment keys (docs/PRODUCT.md#settings): the secret key is never shown or prefilled, only whether it is set. */
export function PaymentKeysCard({ user }: { user: PublicUser }) {
  const form = useForm<Values, unknown, PaymentKeysBody>({ defaultValues: toValues(user), resolver });
  const { errors, isDirty } = form.formState;

  const onError = (error: Error) => {
    applyServerFieldErrors(error, form.setError, toField);
    toast({ variant: 'destructive', title: t.saveFailed, description: describeError(error) });
  };
  const save = useUpdatePaymentKeys({
    onSuccess: (updated) => {
      form.reset(toValues(updated));
      toast({ title: t.saved, description: t.savedText });
    },
    onError,
  });
  const removeSecret = useUpdatePaymentKeys({
    onSuccess: () => toast({ title: t.secretRemoved }),
    onError,
  });
  const status = user.stripeSecretKeySet ? t.secretSet : t.secretNotSet;

  return (
    <Card>
      <SettingsCardHeader icon={CreditCard} title={t.paymentTitle} description={t.paymentText} />
      <form noValidate className="contents" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
        <CardContent className="grid gap-5">
          <KeysStatus status={user.paymentKeysStatus} />
          <FormField label={t.publicKey} hint={t.publicKeyHint} error={errors.publicKey?.message}>
            {(field) => (
              <Input
                {...field}
                {...form.register('publicKey')}
                autoComplete="off"
                spellCheck={false}
                placeholder="pk_"
              />
            )}
          </FormField>
          <FormField
            label={
              <>
                {t.secretKey}
                <Badge variant={user.stripeSecretKeySet ? 'soft' : 'outline'} className="font-normal">
                  {status}
                </Badge>
              </>
            }
            hint={t.secretKeyHint}
            error={errors.secretKey?.message}
          >
            {(field) => (
              <Input
                {...field}
                {...form.register('secretKey')}
                type="password"
                autoComplete="new-password"
                spellCheck={false}
                placeholder="sk_"
              />
            )}
          </FormField>
        </CardContent>
        <CardFooter className="flex-wrap justify-end gap-3 border-t pt-6">
          {user.stripeSecretKeySet && (
            <Button
              variant="link"
              className="mr-auto h-auto px-0 text-destructive-text"
              disabled={removeSecret.isPending}
              onClick={() => removeSecret.mutate({ stripeSecretKey: null })}
            >
              {t.removeSecret}
            </Button>
          )}
          <PendingButton type="submit" pending={save.isPending} disabled={!isDirty} pendingLabel={t.saving}>
            {t.save}
          </PendingButton>
        </CardFooter>
      </form>
    </Card>
  );
}
