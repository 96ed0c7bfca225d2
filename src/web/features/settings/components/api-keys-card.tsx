import { KeyRound, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { PublicUser } from '@contracts/auth';
import {
  API_KEY_NAME_MAX,
  createApiKeyBody,
  type ApiKeyDto,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@contracts/api-keys';
import { API_KEY_ACCESS, type ApiKeyAccess } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { addDays, todayInZone, zonedDayToUtc } from '@core/index';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CopyField } from '@web/components/copy-field';
import { FormField } from '@web/components/form-field';
import { InlineError } from '@web/components/form-messages';
import { LoadError } from '@web/components/load-error';
import { PendingButton } from '@web/components/pending-button';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { describeError, errorMessage } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

const t = nl.apiKeys;
const ACCESS_LABEL: Record<ApiKeyAccess, string> = { read: t.accessRead, 'read-write': t.accessReadWrite };

/**
 * 'API-sleutels' (docs/PRODUCT.md#public-api): the keys of the business for the versioned API, made
 * and revoked by the eigenaar and the beheerders (`settings`). A new key is shown once, in the
 * dialog that made it; afterwards only its first characters are.
 */
export function ApiKeysCard({ user }: { user: PublicUser }) {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const revoke = useRevokeApiKey({
    onSuccess: () => {
      setRevoking(null);
      toast({ title: t.revoked });
    },
    onError: (error) => toast({ variant: 'destructive', title: t.failed, description: describeError(error) }),
  });
  const day = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium', timeZone: user.timeZone });
  const moment = new Intl.DateTimeFormat('nl-NL', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: user.timeZone,
  });
  const now = Date.now();

  return (
    <Card>
      <SettingsCardHeader icon={KeyRound} title={t.title} description={t.text} />
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          {t.docsHint}{' '}
          {/* A page of the server (drawn from the OpenAPI document), not of the app: a full load. */}
          <a href="/api/docs" className="font-medium text-primary underline-offset-4 hover:underline">
            {t.docsLink}
          </a>
        </p>
        {keys.isPending ? (
          <div role="status" aria-live="polite" className="grid gap-2">
            <span className="sr-only">{t.loading}</span>
            <Skeleton className="h-16 w-full" />
          </div>
        ) : keys.isError ? (
          <LoadError error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.empty}</p>
        ) : (
          <ul aria-label={t.list} className="grid divide-y rounded-lg border">
            {keys.data.map((key) => {
              const expired = key.expiresAt !== null && new Date(key.expiresAt).getTime() <= now;
              return (
                <li key={key.id} className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
                  <div className="grid min-w-0 gap-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="break-words">{key.name}</span>
                      <Badge variant="soft">{ACCESS_LABEL[key.access]}</Badge>
                      {expired && <Badge variant="outline">{t.expired}</Badge>}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {t.prefix} <code className="font-mono">{key.prefix}…</code>
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {fill(t.createdBy, { name: key.createdBy, date: day.format(new Date(key.createdAt)) })}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {key.lastUsedAt
                        ? fill(t.lastUsed, { date: moment.format(new Date(key.lastUsedAt)) })
                        : t.neverUsed}
                      {' · '}
                      {key.expiresAt
                        ? fill(t.expires, { date: moment.format(new Date(key.expiresAt)) })
                        : t.noExpiry}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={fill(t.revokeLabel, { name: key.name })}
                    onClick={() => setRevoking(key)}
                  >
                    {t.revoke}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <div>
          <Button onClick={() => setCreating(true)}>{t.create}</Button>
        </div>
      </CardContent>
      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
          {creating && <CreateApiKey timeZone={user.timeZone} onDone={() => setCreating(false)} />}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t.revokeTitle}
        description={fill(t.revokeText, { name: revoking?.name ?? '' })}
        keepLabel={t.cancel}
        confirmLabel={t.revokeConfirm}
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Card>
  );
}

interface CreateValues {
  name: string;
  access: ApiKeyAccess;
  /** A day (yyyy-MM-dd) the key works through, or '' for no expiry. */
  expiresAt: string;
}

/** The form, then the new key shown once (the dialog's second step). */
function CreateApiKey({ timeZone, onDone }: { timeZone: string; onDone: () => void }) {
  const id = useId();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // The key works through the chosen day on the business's clock: it stops at the next midnight.
  const toBody = (v: CreateValues): CreateApiKeyBody => ({
    name: v.name,
    access: v.access,
    expiresAt: v.expiresAt
      ? new Date(zonedDayToUtc(addDays(v.expiresAt, 1), timeZone)(0)).toISOString()
      : null,
  });
  const form = useForm<CreateValues, unknown, CreateApiKeyBody>({
    resolver: contractResolver(createApiKeyBody, toBody),
    defaultValues: { name: '', access: 'read', expiresAt: '' },
  });
  const { errors } = form.formState;
  const create = useCreateApiKey({
    onSuccess: (answer) => setCreated(answer),
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['name', 'access', 'expiresAt']);
      toast({ variant: 'destructive', title: t.failed, description: errorMessage(error, t.failed) });
    },
  });

  if (created)
    return (
      <>
        <DialogHeader>
          <DialogTitle>{t.createdTitle}</DialogTitle>
          <DialogDescription className="flex gap-2 text-foreground">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t.shownOnce}</span>
          </DialogDescription>
        </DialogHeader>
        <CopyField label={t.keyLabel} copyLabel={t.copy} value={created.key} copied={{ title: t.copied }} />
        <DialogFooter>
          <Button onClick={onDone}>{t.done}</Button>
        </DialogFooter>
      </>
    );

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((body) => {
        if (!create.isPending) create.mutate(body);
      })}
    >
      <DialogHeader>
        <DialogTitle>{t.createTitle}</DialogTitle>
        <DialogDescription>{t.text}</DialogDescription>
      </DialogHeader>
      <FormField label={t.name} error={errors.name?.message}>
        {(field) => (
          <Input
            {...field}
            {...form.register('name')}
            autoComplete="off"
            placeholder={t.namePlaceholder}
            maxLength={API_KEY_NAME_MAX}
          />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="access"
        render={({ field, fieldState }) => (
          <fieldset
            className="grid min-w-0 gap-3"
            aria-describedby={fieldState.error ? `${id}-access-error` : undefined}
          >
            <legend className="mb-2 text-sm leading-none font-medium">{t.access}</legend>
            <RadioGroup value={field.value} onValueChange={field.onChange} className="gap-2">
              {API_KEY_ACCESS.map((access) => (
                <div key={access} className="flex items-center gap-2.5">
                  <RadioGroupItem id={`${id}-${access}`} value={access} />
                  <Label htmlFor={`${id}-${access}`}>{ACCESS_LABEL[access]}</Label>
                </div>
              ))}
            </RadioGroup>
            <InlineError id={`${id}-access-error`} message={fieldState.error?.message} />
          </fieldset>
        )}
      />
      <FormField label={t.expiresAt} hint={t.expiresHint} error={errors.expiresAt?.message}>
        {(field) => (
          <Input
            {...field}
            {...form.register('expiresAt')}
            type="date"
            min={todayInZone(new Date(), timeZone)}
            className="w-fit"
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t.cancel}
        </Button>
        <PendingButton type="submit" pending={create.isPending} pendingLabel={t.submit}>
          {t.submit}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
