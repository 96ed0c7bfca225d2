import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { acceptInvitationBody } from '@contracts/team';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { describeError, hasErrorCode } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { passwordRepeat } from '@web/lib/password-repeat';
import { useAcceptInvitation } from '../api/invitation';
import { AuthSubmitButton } from './auth-submit-button';

/** The contract's body (register's username and password rules) plus the repetition only the form asks. */
const acceptFormSchema = acceptInvitationBody
  .extend(passwordRepeat.shape)
  .refine(
    (v) => passwordRepeat.check({ newPassword: v.password, confirmPassword: v.confirmPassword }),
    passwordRepeat.issue,
  );
type AcceptFormValues = z.input<typeof acceptFormSchema>;
type AcceptFormOutput = z.output<typeof acceptFormSchema>;

/** Chooses the new member's username and password; `onGone`: the link expired or was used meanwhile. */
export function AcceptInvitationForm({
  token,
  onDone,
  onGone,
}: {
  token: string;
  onDone: (user: PublicUser) => void;
  onGone: (expired: boolean) => void;
}) {
  const m = nl.team.page;
  const form = useForm<AcceptFormValues, unknown, AcceptFormOutput>({
    resolver: contractResolver(acceptFormSchema, (v) => v),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useAcceptInvitation({
    onSuccess: onDone,
    onError: (error) => {
      if (hasErrorCode(error, 'NOT_FOUND', 'GONE')) return onGone(hasErrorCode(error, 'GONE'));
      applyServerFieldErrors(error, form.setError, ['username', 'password']);
      toast({ variant: 'destructive', title: m.acceptFailed, description: describeError(error) });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit(({ username, password }) => {
        if (!mutation.isPending) mutation.mutate({ token, username, password });
      })}
    >
      <FormField label={m.username} error={errors.username?.message}>
        {(field) => (
          <Input
            {...field}
            {...form.register('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
          />
        )}
      </FormField>
      <FormField label={m.password} error={errors.password?.message}>
        {(field) => (
          <Input {...field} {...form.register('password')} type="password" autoComplete="new-password" />
        )}
      </FormField>
      <FormField label={m.confirmPassword} error={errors.confirmPassword?.message}>
        {(field) => (
          <Input
            {...field}
            {...form.register('confirmPassword')}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      <AuthSubmitButton pending={mutation.isPending}>{m.accept}</AuthSubmitButton>
    </form>
  );
}
