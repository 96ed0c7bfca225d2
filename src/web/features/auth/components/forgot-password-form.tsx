import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { passwordResetRequestBody } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthSubmitButton } from './auth-submit-button';

type ForgotInput = z.input<typeof passwordResetRequestBody>;
type ForgotOutput = z.output<typeof passwordResetRequestBody>;

/**
 * Asks for a reset link by username or e-mail address (docs/PRODUCT.md#password-reset). The answer is
 * the same whether or not the account exists, so the page says what happens if it does.
 */
export function ForgotPasswordForm() {
  const form = useForm<ForgotInput, unknown, ForgotOutput>({
    resolver: contractResolver(passwordResetRequestBody, (v) => v),
    defaultValues: { usernameOrEmail: '' },
  });
  const { errors } = form.formState;
  const mutation = useRequestPasswordReset({
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['usernameOrEmail']);
      toast({
        variant: 'destructive',
        title: nl.passwordReset.requestFailed,
        description: describeError(error),
      });
    },
  });

  if (mutation.isSuccess)
    return (
      <div role="status" className="flex gap-3 rounded-lg border bg-card p-4 text-sm">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="space-y-1">
          <p className="font-medium">{nl.passwordReset.sentTitle}</p>
          <p className="text-muted-foreground">{nl.passwordReset.sentText}</p>
        </div>
      </div>
    );

  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
      <FormField label={nl.passwordReset.usernameOrEmail} error={errors.usernameOrEmail?.message}>
        {(field) => (
          <Input
            {...field}
            {...form.register('usernameOrEmail')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
          />
        )}
      </FormField>
      <AuthSubmitButton pending={mutation.isPending}>{nl.passwordReset.send}</AuthSubmitButton>
    </form>
  );
}
