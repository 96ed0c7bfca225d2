import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordResetBody } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { passwordRepeat } from '@web/lib/password-repeat';
import { useResetPassword } from '../api/reset-password';
import { AuthSubmitButton } from './auth-submit-button';

/** The contract's body plus the repetition only the form asks. */
const resetFormSchema = passwordResetBody
  .extend(passwordRepeat.shape)
  .refine(passwordRepeat.check, passwordRepeat.issue);
type ResetFormValues = z.infer<typeof resetFormSchema>;

/** Sets the new password of a reset link; `onInvalid`: the link expired or was used meanwhile. */
export function ResetPasswordForm({
  token,
  onDone,
  onInvalid,
}: {
  token: string;
  onDone: () => void;
  onInvalid: () => void;
}) {
  const form = useForm<ResetFormValues>({
    resolver: contractResolver(resetFormSchema, (v) => v),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useResetPassword({
    onSuccess: onDone,
    onError: (error) => {
      if (hasErrorCode(error, 'NOT_FOUND')) return onInvalid();
      applyServerFieldErrors(error, form.setError, ['newPassword']);
      toast({
        variant: 'destructive',
        title: nl.passwordReset.resetFailed,
        description: errorMessage(error, nl.errors.passwordChangeFailed),
      });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit(({ newPassword }) => mutation.mutate({ token, newPassword }))}
    >
      <FormField label={nl.passwordReset.newPassword} error={errors.newPassword?.message}>
        {(field) => (
          <Input
            {...field}
            {...form.register('newPassword')}
            type="password"
            autoComplete="new-password"
            autoFocus
          />
        )}
      </FormField>
      <FormField label={nl.passwordReset.confirmPassword} error={errors.confirmPassword?.message}>
        {(field) => (
          <Input
            {...field}
            {...form.register('confirmPassword')}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      <AuthSubmitButton pending={mutation.isPending}>{nl.passwordReset.save}</AuthSubmitButton>
    </form>
  );
}
