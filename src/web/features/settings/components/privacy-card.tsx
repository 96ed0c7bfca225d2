import { Download, ShieldCheck, UserX } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { customerEraseBody } from '@contracts/privacy';
import { paymentKeysBody } from '@contracts/settings';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Separator } from '@web/components/ui/separator';
import { toast } from '@web/components/ui/use-toast';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { customerExportUrl } from '@web/lib/customer-export';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useUnsavedChangesGuard } from '@web/lib/unsaved-changes';
import { useEraseCustomer } from '../api/erase-customer';
import { useUpdatePaymentKeys } from '../api/update-payment-keys';

const t = nl.privacy.card;

/**
 * 'Privacy' (docs/PRODUCT.md#privacy): the retention period (saved through PATCH /api/user/settings,
 * empty keeps everything) and a customer's data by their address: downloaded as JSON, or erased after
 * a confirmation that says what happens.
 */
export function PrivacyCard({ user }: { user: PublicUser }) {
  return (
    <Card>
      <SettingsCardHeader icon={ShieldCheck} title={t.title} description={t.description} />
      <CardContent className="grid gap-6">
        <RetentionForm user={user} />
        <Separator />
        <CustomerForm />
      </CardContent>
    </Card>
  );
}

interface RetentionValues {
  retentionMonths: string;
}
const toRetention = (v: RetentionValues) => ({
  retentionMonths: v.retentionMonths.trim() === '' ? null : Number(v.retentionMonths),
});
const retentionValues = (user: PublicUser): RetentionValues => ({
  retentionMonths: user.retentionMonths === null ? '' : String(user.retentionMonths),
});

function RetentionForm({ user }: { user: PublicUser }) {
  const form = useForm({
    defaultValues: retentionValues(user),
    resolver: contractResolver(paymentKeysBody, toRetention),
  });
  useUnsavedChangesGuard(form.formState.isDirty);
  const save = useUpdatePaymentKeys({
    onSuccess: (saved) => {
      form.reset(retentionValues(saved));
      toast(
        saved.retentionMonths === null
          ? { title: t.retentionKept, description: t.retentionKeptText }
          : {
              title: t.retentionSaved,
              description: fill(t.retentionSavedText, { months: saved.retentionMonths }),
            },
      );
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, ['retentionMonths']).length) return;
      toast({ variant: 'destructive', title: t.retentionFailed, description: describeError(error) });
    },
  });
  return (
    <form
      noValidate
      aria-labelledby="privacy-retention"
      className="grid gap-3"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <h3 id="privacy-retention" className="text-sm font-medium">
        {t.retentionTitle}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          label={t.retentionLabel}
          className="w-full max-w-56"
          error={form.formState.errors.retentionMonths?.message}
        >
          {(field) => (
            <Input
              {...field}
              {...form.register('retentionMonths')}
              type="number"
              inputMode="numeric"
              min={1}
              max={120}
              placeholder={t.retentionPlaceholder}
            />
          )}
        </FormField>
        <PendingButton type="submit" pending={save.isPending} pendingLabel={t.saving}>
          {t.save}
        </PendingButton>
      </div>
      <p className="text-sm text-muted-foreground">{t.retentionHint}</p>
    </form>
  );
}

/** Saves the export through a link the browser downloads itself (with the session cookie). */
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

function CustomerForm() {
  const form = useForm<{ email: string }>({
    defaultValues: { email: '' },
    resolver: contractResolver(customerEraseBody, (v) => v),
  });
  const [confirming, setConfirming] = useState<string | null>(null);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const erase = useEraseCustomer({
    onSuccess: ({ changed, cancelled }) => {
      setConfirming(null);
      form.reset();
      toast(
        changed === 0
          ? { title: t.nothingErased, description: t.nothingErasedText }
          : { title: t.erased, description: fill(t.erasedText, { changed, cancelled }) },
      );
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: t.eraseFailed, description: describeError(error) }),
  });
  return (
    <form
      noValidate
      aria-labelledby="privacy-customer"
      className="grid gap-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <h3 id="privacy-customer" className="text-sm font-medium">
        {t.customerTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{t.customerText}</p>
      <FormField label={t.emailLabel} className="max-w-md" error={form.formState.errors.email?.message}>
        {(field) => <Input {...field} {...form.register('email')} type="email" autoComplete="off" />}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          variant="outline"
          onClick={form.handleSubmit(({ email }) => download(customerExportUrl(email)))}
        >
          <Download aria-hidden="true" />
          {t.export}
        </Button>
        <Button
          ref={eraseButton}
          type="button"
          variant="outline"
          className="text-destructive-text"
          onClick={form.handleSubmit(({ email }) => setConfirming(email))}
        >
          <UserX aria-hidden="true" />
          {t.erase}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={fill(t.confirmTitle, { email: confirming ?? '' })}
        description={t.confirmText}
        note={t.confirmNote}
        keepLabel={t.keep}
        confirmLabel={t.confirmErase}
        pending={erase.isPending}
        onConfirm={() => confirming && erase.mutate({ email: confirming })}
        // Opened by a button, not a trigger: focus goes back to it by hand.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          eraseButton.current?.focus();
        }}
      />
    </form>
  );
}
