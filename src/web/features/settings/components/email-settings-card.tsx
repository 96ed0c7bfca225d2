import { Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import type { EmailSettingsDto } from '@contracts/settings';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Card, CardContent, CardFooter } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Separator } from '@web/components/ui/separator';
import { toast } from '@web/components/ui/use-toast';
import { fill } from '@web/lib/fill-message';
import { describeError, isApiError } from '@web/lib/api-client';
import { useSaveEmailSettings } from '../api/save-email-settings';
import { toBody, toFormValues, type EmailFormValues } from '../lib/email-form';
import { GmailBlock } from './gmail-block';
import { MailStatusAlert } from './mail-status-alert';
import { ProviderOptions, type EmailProvider } from './provider-options';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { SmtpFields } from './smtp-fields';
import { TestMail } from './test-mail';

const t = nl.settingsUi;

/** E-mail provider (saved as soon as it is chosen), from name, SMTP server and a test mail (docs/PRODUCT.md#settings). */
export function EmailSettingsCard({ settings, user }: { settings: EmailSettingsDto; user: PublicUser }) {
  const form = useForm<EmailFormValues>({ defaultValues: toFormValues(settings) });
  const { isDirty } = form.formState;
  // SMTP chosen before a server is known: shown, but only saved together with the server details.
  const [pending, setPending] = useState<EmailProvider | null>(null);
  const provider = pending ?? settings.provider;
  const hostRef = useRef<HTMLDivElement>(null);

  const showFieldErrors = (error: Error) => {
    if (!isApiError(error) || !error.fields) return;
    if (error.fields['smtp.host']) form.setError('host', { message: error.fields['smtp.host'] });
    if (error.fields['smtp.username']) form.setError('username', { message: error.fields['smtp.username'] });
    if (error.fields.fromName) form.setError('fromName', { message: error.fields.fromName });
  };
  const failed = (error: Error) => {
    showFieldErrors(error);
    toast({ variant: 'destructive', title: t.emailSaveFailed, description: describeError(error) });
  };

  const saveProvider = useSaveEmailSettings({
    onSuccess: (saved, body) => {
      setPending(null);
      // SMTP chosen with a server typed in: those fields were saved too.
      if (body.smtp) form.reset(toFormValues(saved));
      toast({
        title: t.providerSaved,
        description: fill(t.providerSavedText, { provider: t.providers[saved.provider] }),
      });
    },
    onError: (error) => {
      setPending(null);
      failed(error);
    },
  });
  const saveAll = useSaveEmailSettings({
    onSuccess: (saved) => {
      setPending(null);
      form.reset(toFormValues(saved));
      toast({ title: t.emailSaved, description: t.emailSavedText });
    },
    onError: failed,
  });

  const choose = (next: EmailProvider) => {
    if (next === provider) return;
    const hostKnown = Boolean(settings.smtp.host);
    if (next === 'smtp' && !hostKnown) {
      if (!form.getValues('host').trim()) {
        setPending('smtp');
        requestAnimationFrame(() => hostRef.current?.querySelector('input')?.focus());
        return;
      }
      setPending('smtp');
      saveProvider.mutate(toBody('smtp', form.getValues()));
      return;
    }
    setPending(next);
    saveProvider.mutate({ provider: next });
  };

  const busy = saveProvider.isPending || saveAll.isPending;
  const smtpUnsaved = provider === 'smtp' && settings.provider !== 'smtp';

  return (
    <Card>
      <SettingsCardHeader icon={Mail} title={t.emailTitle} description={t.emailText} />
      <form
        noValidate
        className="contents"
        onSubmit={form.handleSubmit((values) => saveAll.mutate(toBody(provider, values)))}
      >
        <CardContent className="grid gap-6">
          <MailStatusAlert headingLevel={3} />
          <ProviderOptions
            value={provider}
            onChange={choose}
            gmailConnected={settings.gmailConnected}
            disabled={busy}
          />
          <GmailBlock settings={settings} />
          <Separator />
          <FormField label={t.fromName} hint={t.fromNameHint} error={form.formState.errors.fromName?.message}>
            {(field) => (
              <Input {...field} {...form.register('fromName')} placeholder={t.fromNamePlaceholder} />
            )}
          </FormField>
          {provider === 'smtp' && (
            <div ref={hostRef} className="grid gap-3">
              {smtpUnsaved && (
                <p role="status" className="rounded-lg border border-primary/30 bg-brand-soft/60 p-3 text-sm">
                  {t.smtpPending}
                </p>
              )}
              <SmtpFields form={form} passwordSet={settings.smtp.passwordSet} />
            </div>
          )}
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-4 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
          <TestMail email={user.email} dirty={isDirty || smtpUnsaved} />
          <PendingButton
            type="submit"
            pending={saveAll.isPending}
            disabled={busy || (!isDirty && !smtpUnsaved)}
            pendingLabel={t.saving}
            className="sm:self-start"
          >
            {t.emailSave}
          </PendingButton>
        </CardFooter>
      </form>
    </Card>
  );
}
