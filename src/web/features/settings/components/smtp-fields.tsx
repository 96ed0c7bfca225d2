import { Controller, type UseFormReturn } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import type { EmailFormValues } from '../lib/email-form';

const t = nl.settingsUi;

/** Host, port (587 by default), username, password (blank keeps the stored one) and secure. */
export function SmtpFields({
  form,
  passwordSet,
}: {
  form: UseFormReturn<EmailFormValues>;
  passwordSet: boolean;
}) {
  const { errors } = form.formState;
  return (
    <fieldset className="grid gap-5 rounded-lg border p-4 sm:p-5">
      <legend className="px-1 text-sm font-medium">{t.smtpTitle}</legend>
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <FormField label={t.smtpHost} error={errors.host?.message}>
          {(field) => (
            <Input
              {...field}
              {...form.register('host')}
              placeholder={t.smtpHostPlaceholder}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField label={t.smtpPort} error={errors.port?.message}>
          {(field) => <Input {...field} {...form.register('port')} inputMode="numeric" autoComplete="off" />}
        </FormField>
      </div>
      <p className="-mt-3 text-xs text-muted-foreground">{t.smtpPortHint}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t.smtpUsername} error={errors.username?.message}>
          {(field) => (
            <Input {...field} {...form.register('username')} autoComplete="off" spellCheck={false} />
          )}
        </FormField>
        <FormField
          label={t.smtpPassword}
          hint={passwordSet ? t.smtpPasswordKeep : t.smtpPasswordNone}
          error={errors.password?.message}
        >
          {(field) => (
            <Input {...field} {...form.register('password')} type="password" autoComplete="new-password" />
          )}
        </FormField>
      </div>
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor="smtp-secure">{t.smtpSecure}</Label>
          <p id="smtp-secure-hint" className="text-xs text-muted-foreground">
            {t.smtpSecureHint}
          </p>
        </div>
        <Controller
          control={form.control}
          name="secure"
          render={({ field }) => (
            <Switch
              id="smtp-secure"
              aria-describedby="smtp-secure-hint"
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </div>
    </fieldset>
  );
}
