import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordBody } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { passwordRepeat } from '@web/lib/password-repeat';
import { useChangePassword } from '../api/change-password';

/** The contract's body plus the repetition only the form asks. */
const passwordFormSchema = passwordBody
  .extend(passwordRepeat.shape)
  .refine(passwordRepeat.check, passwordRepeat.issue);

type PasswordFormValues = z.infer<typeof passwordFormSchema>;
const emptyValues: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm({ username }: { username: string }) {
  const form = useForm<PasswordFormValues>({
    resolver: contractResolver(passwordFormSchema, (v) => v),
    defaultValues: emptyValues,
  });
  const { errors } = form.formState;

  const mutation = useChangePassword({
    onSuccess: () => {
      form.reset(emptyValues);
      toast({ title: nl.profile.passwordChanged, description: nl.profile.passwordChangedText });
    },
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword']);
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(error, nl.errors.passwordChangeFailed),
      });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{nl.profile.passwordTitle}</CardTitle>
        <CardDescription>{nl.profile.passwordText}</CardDescription>
      </CardHeader>
      <form
        noValidate
        className="contents"
        onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
          mutation.mutate({ currentPassword, newPassword }),
        )}
      >
        <CardContent className="grid gap-5">
          {/* Lets password managers tie the new password to this account. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <FormField label={nl.profile.currentPassword} error={errors.currentPassword?.message}>
            {(field) => (
              <Input
                {...field}
                {...form.register('currentPassword')}
                type="password"
                autoComplete="current-password"
              />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label={nl.profile.newPassword} error={errors.newPassword?.message}>
              {(field) => (
                <Input
                  {...field}
                  {...form.register('newPassword')}
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </FormField>
            <FormField label={nl.profile.confirmPassword} error={errors.confirmPassword?.message}>
              {(field) => (
                <Input
                  {...field}
                  {...form.register('confirmPassword')}
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </FormField>
          </div>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <PendingButton type="submit" pending={mutation.isPending} pendingLabel={nl.auth.pending}>
            {nl.profile.changePassword}
          </PendingButton>
        </CardFooter>
      </form>
    </Card>
  );
}
