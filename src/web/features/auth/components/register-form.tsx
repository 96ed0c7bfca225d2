import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { registerBody, type PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { useRegister } from '../api/register';
import { AuthSubmitButton } from './auth-submit-button';

type RegisterInput = z.input<typeof registerBody>;
type RegisterOutput = z.output<typeof registerBody>;

export function RegisterForm({ onSuccess }: { onSuccess: (user: PublicUser) => void }) {
  const form = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: contractResolver(registerBody, (v) => v),
    defaultValues: { username: '', password: '', email: '' },
  });
  const { errors } = form.formState;

  const registerMutation = useRegister({
    onSuccess: (user) => onSuccess(user),
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['username', 'password', 'email']);
      toast({ variant: 'destructive', title: nl.auth.registerFailed, description: describeError(error) });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => registerMutation.mutate(values))}
    >
      <FormField label={nl.auth.username} error={errors.username?.message}>
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
      <FormField label={nl.auth.password} error={errors.password?.message}>
        {(field) => (
          <Input {...field} {...form.register('password')} type="password" autoComplete="new-password" />
        )}
      </FormField>
      <FormField
        label={nl.auth.email}
        hint={nl.passwordReset.registerEmailHint}
        error={errors.email?.message}
      >
        {(field) => <Input {...field} {...form.register('email')} type="email" autoComplete="email" />}
      </FormField>
      <AuthSubmitButton pending={registerMutation.isPending}>{nl.auth.registerButton}</AuthSubmitButton>
    </form>
  );
}
