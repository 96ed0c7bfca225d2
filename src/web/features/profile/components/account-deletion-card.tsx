import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  accountDeletionBody,
  type AccountDeletionBody,
  type AccountDeletionSummary,
} from '@contracts/account-deletion';
import { nl } from '@contracts/messages';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { useDeleteAccount } from '../api/delete-account';
import { useDeletionSummary } from '../api/get-deletion-summary';

const t = nl.accountDeletion;
const counted = (count: number, forms: { one: string; other: string }) =>
  fill(count === 1 ? forms.one : forms.other, { count });

/** What goes, in the words of docs/PRODUCT.md#account-deletion: counts first, then what customers notice. */
function DeletionWarning({ summary }: { summary: AccountDeletionSummary }) {
  const items = [
    counted(summary.services, t.services),
    counted(summary.bookings, t.bookings),
    ...(summary.templates ? [counted(summary.templates, t.templates)] : []),
    counted(summary.agendas, t.agendas),
    t.everythingElse,
  ];
  return (
    <div className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
        {t.warningTitle}
      </p>
      <ul className="ml-6 list-disc space-y-1">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        {summary.futureBookings
          ? fill(summary.futureBookings === 1 ? t.future.one : t.future.other, {
              count: summary.futureBookings,
              mailed: summary.customersMailed,
            })
          : t.noFuture}
      </p>
      {summary.paidFutureBookings > 0 && (
        <p className="font-medium">{counted(summary.paidFutureBookings, t.paid)}</p>
      )}
      {summary.googleConnected && <p>{t.google}</p>}
      <p className="font-medium">{t.irreversible}</p>
    </div>
  );
}

/**
 * Profiel → 'Account verwijderen' (docs/PRODUCT.md#account-deletion): the warning with the counts,
 * the password, and a confirmation before anything is sent. `onDeleted` ends the session (the page
 * owns that: it is the auth feature's cache).
 */
export function AccountDeletionCard({ username, onDeleted }: { username: string; onDeleted: () => void }) {
  const summary = useDeletionSummary();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<AccountDeletionBody>({
    resolver: contractResolver(accountDeletionBody, (v) => v),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  const mutation = useDeleteAccount({
    onSuccess: () => {
      setConfirming(false);
      onDeleted();
    },
    onError: (error) => {
      setConfirming(false);
      const shown = applyServerFieldErrors(error, form.setError, ['password']);
      if (shown.length) form.setFocus('password');
      else
        toast({
          variant: 'destructive',
          title: nl.errors.genericTitle,
          description: errorMessage(error, t.failed),
        });
    },
  });

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive-text">{t.title}</CardTitle>
        <CardDescription>{t.text}</CardDescription>
      </CardHeader>
      <form noValidate className="contents" onSubmit={form.handleSubmit(() => setConfirming(true))}>
        <CardContent className="grid gap-5">
          {summary.isPending ? (
            <div aria-busy="true" aria-label={t.warningTitle} className="grid gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-3/5" />
            </div>
          ) : summary.isError ? (
            <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
          ) : (
            <DeletionWarning summary={summary.data} />
          )}
          {/* Lets password managers offer this account's password. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <FormField label={t.password} hint={t.passwordHint} error={errors.password?.message}>
            {(field) => (
              <Input
                {...field}
                {...form.register('password')}
                type="password"
                autoComplete="current-password"
                className="sm:max-w-sm"
              />
            )}
          </FormField>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" variant="destructive" disabled={mutation.isPending || !summary.data}>
            {t.submit}
          </Button>
        </CardFooter>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.confirmTitle}
        description={t.confirmText}
        keepLabel={t.keep}
        confirmLabel={mutation.isPending ? t.pending : t.confirm}
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate({ password: form.getValues('password') })}
      />
    </Card>
  );
}
