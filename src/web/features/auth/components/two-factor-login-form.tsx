import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { twoFactorLoginBody, type TwoFactorLoginBody } from '@contracts/two-factor';
import { FormField } from '@web/components/form-field';
import { FormAlert } from '@web/components/form-messages';
import { OneTimeCodeInput } from '@web/components/one-time-code-input';
import { errorMessage, hasErrorCode } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { AuthSubmitButton } from './auth-submit-button';

/**
 * The second step of a sign-in (docs/PRODUCT.md#two-step-sign-in): a code of the app or a recovery
 * code. A wrong code is said under the field; a pending sign-in past its five minutes goes back to
 * the password (`onExpired`).
 */
export function TwoFactorLoginForm({
  onSuccess,
  onExpired,
}: {
  onSuccess: (user: PublicUser) => void;
  onExpired: () => void;
}) {
  const [problem, setProblem] = useState<string>();
  const form = useForm<TwoFactorLoginBody>({
    resolver: contractResolver(twoFactorLoginBody, (v) => v),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;

  const mutation = useLoginTwoFactor({
    onSuccess,
    onError: (error) => {
      if (hasErrorCode(error, 'UNAUTHORIZED')) return onExpired();
      if (hasErrorCode(error, 'INVALID_CODE')) {
        form.setError('code', {
          type: 'server',
          message: errorMessage(error, nl.twoFactor.wrongCodeOrRecovery),
        });
        form.setFocus('code');
        return;
      }
      if (applyServerFieldErrors(error, form.setError, ['code']).length) return;
      setProblem(errorMessage(error, nl.auth.loginFailed));
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((body) => {
        setProblem(undefined);
        mutation.mutate(body);
      })}
    >
      <FormAlert message={problem} />
      <FormField label={nl.twoFactor.codeOrRecovery} error={errors.code?.message}>
        {(field) => <OneTimeCodeInput {...field} {...form.register('code')} autoFocus />}
      </FormField>
      <AuthSubmitButton pending={mutation.isPending}>{nl.twoFactor.loginButton}</AuthSubmitButton>
    </form>
  );
}
