import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loginBody, type PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { needsSecondStep, useLogin } from '../api/login';
import { AuthSubmitButton } from './auth-submit-button';

type LoginInput = z.input<typeof loginBody>;
type LoginOutput = z.output<typeof loginBody>;

export function LoginForm({
  onSuccess,
  onSecondStep,
}: {
  onSuccess: (user: PublicUser) => void;
  /** The password was right and the member uses two-step sign-in: its code comes next. */
  onSecondStep: () => void;
}) {
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: contractResolver(loginBody, (v) => v),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const loginMutation = useLogin({
    onSuccess: (answer) => (needsSecondStep(answer) ? onSecondStep() : onSuccess(answer)),
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['username', 'password']);
      toast({ variant: 'destructive', title: nl.auth.loginFailed, description: describeError(error) });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}
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
          <Input {...field} {...form.register('password')} type="password" autoComplete="current-password" />
        )}
      </FormField>
      <AuthSubmitButton pending={loginMutation.isPending}>{nl.auth.loginButton}</AuthSubmitButton>
    </form>
  );
}
