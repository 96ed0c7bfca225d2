import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { inviteBody, type InviteBody, type InviteResponse, type InviteValues } from '@contracts/team';
import type { MemberRole } from '@core/permissions';
import { CopyField } from '@web/components/copy-field';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver, messageAt } from '@web/lib/form-errors';
import { useInvite } from '../api/team';
import { MemberAgendasField, RoleField } from './team-fields';

const t = nl.team.card;

/**
 * Invites someone: name, address, role (only those the member may give) and agendas. The answer's
 * link is shown to copy, so it can be passed on by hand when the mail did not go out.
 */
export function TeamInviteForm({ roles }: { roles: readonly MemberRole[] }) {
  const [sent, setSent] = useState<InviteResponse | null>(null);
  const defaults: InviteBody = { name: '', email: '', role: roles.at(-1) ?? 'medewerker', agendaIds: [] };
  const form = useForm<InviteBody, unknown, InviteValues>({
    resolver: contractResolver(inviteBody, (v) => v),
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const invite = useInvite({
    onSuccess: (answer) => {
      setSent(answer);
      form.reset(defaults);
      toast(
        answer.mailSent
          ? { title: t.inviteSent, description: t.invitedText }
          : { variant: 'destructive', title: t.mailFailed, description: t.mailFailedText },
      );
    },
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['name', 'email', 'role', 'agendaIds']);
      toast({
        variant: 'destructive',
        title: t.inviteFailed,
        description: errorMessage(error, t.inviteFailed),
      });
    },
  });

  return (
    <section aria-labelledby="team-invite-title" className="grid gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <h3 id="team-invite-title" className="font-medium">
          {t.inviteTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{t.inviteText}</p>
      </div>
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((body) => {
          if (!invite.isPending) invite.mutate(body);
        })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t.name} error={errors.name?.message}>
            {(field) => <Input {...field} {...form.register('name')} autoComplete="off" maxLength={100} />}
          </FormField>
          <FormField label={t.email} error={errors.email?.message}>
            {(field) => <Input {...field} {...form.register('email')} type="email" autoComplete="off" />}
          </FormField>
        </div>
        <Controller
          control={form.control}
          name="role"
          render={({ field, fieldState }) => (
            <RoleField
              roles={roles}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="agendaIds"
          render={({ field }) => (
            <MemberAgendasField
              value={field.value ?? []}
              onChange={field.onChange}
              error={messageAt(errors, 'agendaIds')}
            />
          )}
        />
        <div>
          <PendingButton type="submit" pending={invite.isPending} pendingLabel={t.inviting}>
            {t.invite}
          </PendingButton>
        </div>
      </form>
      {sent && (
        <div className="grid gap-2" role="status">
          <p className="text-sm">{sent.mailSent ? t.invitedText : t.mailFailedText}</p>
          <CopyField
            label={t.linkLabel}
            copyLabel={t.copyLink}
            value={sent.inviteUrl}
            copied={{ title: t.copied, text: t.copiedText }}
          />
        </div>
      )}
    </section>
  );
}
