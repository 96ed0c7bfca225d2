import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { profileBody, type PublicUser } from '@contracts/auth';
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
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';

type ProfileInput = z.input<typeof profileBody>;
type ProfileOutput = z.output<typeof profileBody>;

export function ProfileForm({ user }: { user: PublicUser }) {
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: contractResolver(profileBody, (v) => v),
    defaultValues: { email: user.email ?? '' },
  });
  const { errors, isDirty } = form.formState;

  const mutation = useUpdateProfile({
    onSuccess: (updated) => {
      form.reset({ email: updated.email ?? '' });
      toast({ title: nl.profile.updated, description: nl.profile.updatedText });
    },
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['email']);
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: nl.errors.profileUpdateFailed,
      });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{nl.profile.accountTitle}</CardTitle>
        <CardDescription>{nl.profile.accountText}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="contents">
        <CardContent className="grid gap-5">
          <FormField label={nl.profile.username} hint={nl.profile.usernameHint}>
            {(field) => <Input {...field} value={user.username} readOnly autoComplete="username" />}
          </FormField>
          <FormField label={nl.profile.email} hint={nl.profile.emailHint} error={errors.email?.message}>
            {(field) => <Input {...field} {...form.register('email')} type="email" autoComplete="email" />}
          </FormField>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <PendingButton
            type="submit"
            pending={mutation.isPending}
            disabled={!isDirty}
            pendingLabel={nl.auth.pending}
          >
            {nl.profile.save}
          </PendingButton>
        </CardFooter>
      </form>
    </Card>
  );
}
