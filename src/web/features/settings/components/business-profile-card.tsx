import { ExternalLink, ImageOff, Store, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  businessProfileBody,
  LOGO_MAX_BYTES,
  type BusinessProfileBody,
  type BusinessProfileChange,
  type BusinessProfileDto,
} from '@contracts/business-profile';
import { nl } from '@contracts/messages';
import { imageTypeOf } from '@core/image-type';
import { formatPhone } from '@core/phone';
import { CopyField } from '@web/components/copy-field';
import { FormField } from '@web/components/form-field';
import { LoadError } from '@web/components/load-error';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Button, buttonVariants } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { Card, CardContent, CardFooter } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Separator } from '@web/components/ui/separator';
import { Skeleton } from '@web/components/ui/skeleton';
import { SpinnerIcon } from '@web/components/ui/spinner-icon';
import { toast } from '@web/components/ui/use-toast';
import { describeError, isApiError } from '@web/lib/api-client';
import { useBusinessProfile } from '@web/lib/business-profile';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { useUnsavedChangesGuard } from '@web/lib/unsaved-changes';
import { useDeleteLogo } from '../api/delete-logo';
import { useUpdateBusinessProfile } from '../api/update-business-profile';
import { useUploadLogo } from '../api/upload-logo';

const t = nl.businessProfile;

type FormValues = Required<{ [K in keyof BusinessProfileBody]: string }>;
const FIELDS = ['name', 'address', 'phone', 'website', 'privacyUrl', 'publicSlug'] as const;

/** The fields whose value differs from the saved one. */
const pickChanged = (values: FormValues, saved: FormValues): Partial<FormValues> =>
  Object.fromEntries(FIELDS.filter((k) => values[k] !== saved[k]).map((k) => [k, values[k]]));

const toFormValues = (p: BusinessProfileDto): FormValues => ({
  name: p.name ?? '',
  address: p.address ?? '',
  phone: formatPhone(p.phone ?? ''),
  website: p.website ?? '',
  privacyUrl: p.privacyUrl ?? '',
  publicSlug: p.publicSlug,
});

/**
 * Instellingen → 'Bedrijfsprofiel' (docs/PRODUCT.md#business-profile): the business behind the
 * public pages, the address of its page with all services, and its logo.
 */
export function BusinessProfileCard() {
  const profile = useBusinessProfile();
  return (
    <Card id="business-profile">
      <SettingsCardHeader icon={Store} title={t.title} description={t.text} />
      {profile.data ? (
        <BusinessProfileForm profile={profile.data} />
      ) : profile.isError ? (
        <CardContent>
          <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
        </CardContent>
      ) : (
        <CardContent role="status" aria-live="polite" className="grid gap-4">
          <span className="sr-only">{t.loading}</span>
          <Skeleton className="h-16 w-40" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </CardContent>
      )}
    </Card>
  );
}

function BusinessProfileForm({ profile }: { profile: BusinessProfileDto }) {
  // The saved profile fills the form once; a background refresh never overwrites what is being typed.
  // Only what changed is sent and checked: a public address made from an old username (e.g. one
  // cut after a hyphen) does not block saving a phone number.
  const saved = useRef(toFormValues(profile));
  const changes = (v: FormValues) => pickChanged(v, saved.current);
  const form = useForm<FormValues, unknown, BusinessProfileChange>({
    resolver: contractResolver(businessProfileBody, changes),
    defaultValues: saved.current,
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty);

  const save = useUpdateBusinessProfile({
    onSuccess: (savedProfile) => {
      saved.current = toFormValues(savedProfile);
      form.reset(saved.current);
      toast({ title: t.saved, description: t.savedText });
    },
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, FIELDS);
      toast({ variant: 'destructive', title: t.saveFailed, description: describeError(error) });
    },
  });

  return (
    <form noValidate className="contents" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <CardContent className="grid gap-5">
        <LogoField logoUrl={profile.logoUrl} />
        <Separator />
        <FormField label={t.name} hint={t.nameHint} error={errors.name?.message}>
          {(field) => <Input {...field} {...form.register('name')} autoComplete="organization" />}
        </FormField>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField label={t.phone} error={errors.phone?.message}>
            {(field) => <Input {...field} {...form.register('phone')} type="tel" autoComplete="tel" />}
          </FormField>
          <FormField label={t.website} error={errors.website?.message}>
            {(field) => (
              <Input
                {...field}
                {...form.register('website')}
                type="url"
                inputMode="url"
                placeholder={t.websitePlaceholder}
              />
            )}
          </FormField>
        </div>
        <FormField label={t.address} hint={t.addressHint} error={errors.address?.message}>
          {(field) => <Input {...field} {...form.register('address')} autoComplete="street-address" />}
        </FormField>
        <FormField label={t.privacyUrl} hint={t.privacyUrlHint} error={errors.privacyUrl?.message}>
          {(field) => (
            <Input
              {...field}
              {...form.register('privacyUrl')}
              type="url"
              inputMode="url"
              placeholder={t.websitePlaceholder}
            />
          )}
        </FormField>
        <Separator />
        <FormField label={t.publicSlug} hint={t.publicSlugHint} error={errors.publicSlug?.message}>
          {(field) => (
            <Input
              {...field}
              {...form.register('publicSlug')}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              className="font-mono"
            />
          )}
        </FormField>
        <PublicAddress url={profile.publicUrl} />
      </CardContent>
      <CardFooter className="justify-end border-t pt-6">
        <PendingButton type="submit" pending={save.isPending} disabled={!isDirty} pendingLabel={t.saving}>
          {t.save}
        </PendingButton>
      </CardFooter>
    </form>
  );
}

/** The saved address of the page with all services, to copy or open. */
function PublicAddress({ url }: { url: string }) {
  return (
    <CopyField
      label={t.publicUrl}
      copyLabel={t.copyPublicUrl}
      value={url}
      copied={{ title: t.copied, text: t.copiedText }}
    >
      <Button asChild variant="outline" className="shrink-0">
        <a href={url} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" />
          {t.openPublicUrl}
          <span className="sr-only"> {t.opensInNewTab}</span>
        </a>
      </Button>
    </CopyField>
  );
}

/**
 * The logo is saved as soon as it is chosen (it is not part of the form's save). The browser checks
 * size and kind with the server's own rule first (core imageTypeOf), so a wrong file is named at once.
 */
function LogoField({ logoUrl }: { logoUrl: string | null }) {
  const inputId = useId();
  const titleId = `${inputId}-title`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = (e: Error) => {
    const message = applyLogoError(e);
    setError(message);
    toast({ variant: 'destructive', title: t.logoFailed, description: message });
  };
  const upload = useUploadLogo({
    onSuccess: () => {
      setError(null);
      toast({ title: t.logoSaved, description: t.logoSavedText });
    },
    onError: failed,
  });
  const remove = useDeleteLogo({
    onSuccess: () => {
      setError(null);
      toast({ title: t.logoRemoved });
      // The button that was pressed is gone: focus goes to the file field once it is enabled again.
      refocus.current = true;
    },
    onError: failed,
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setError(t.logoTooLarge);
    const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
    if (!imageTypeOf(head)) return setError(t.logoInvalid);
    setError(null);
    upload.mutate(file);
  };
  const busy = upload.isPending || remove.isPending;
  const refocus = useRef(false);
  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    inputRef.current?.focus();
  }, [busy]);

  return (
    <div role="group" aria-labelledby={titleId} className="grid gap-2">
      <p id={titleId} className="text-sm leading-none font-medium">
        {t.logo}
      </p>
      <div className="flex items-start gap-4">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-white">
          {logoUrl ? (
            <img src={logoUrl} alt={t.logoPreview} className="size-full object-contain p-1" />
          ) : (
            <ImageOff aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
          {!logoUrl && <span className="sr-only">{t.logoNone}</span>}
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            {/* The browser's own file button speaks the browser's language; this one speaks Dutch. */}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={busy}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : hintId}
              onChange={(e) => void choose(e)}
              className="peer sr-only"
            />
            <label
              htmlFor={inputId}
              className={buttonVariants({
                variant: 'outline',
                className:
                  'cursor-pointer peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/40 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
              })}
            >
              <Upload aria-hidden="true" />
              {logoUrl ? t.logoReplace : t.logoChoose}
            </label>
            {logoUrl && (
              <Button
                type="button"
                variant="ghost"
                disabled={busy}
                aria-label={t.logoRemoveLabel}
                onClick={() => remove.mutate()}
              >
                <Trash2 aria-hidden="true" />
                {t.logoRemove}
              </Button>
            )}
          </div>
          {busy && (
            <p role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
              <SpinnerIcon className="size-3.5" />
              {upload.isPending ? t.logoUploading : t.saving}
            </p>
          )}
          {error ? (
            <p id={errorId} className="text-sm font-medium text-destructive-text">
              {error}
            </p>
          ) : (
            <p id={hintId} className="text-xs text-muted-foreground">
              {t.logoHint}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** The server's Dutch message for the logo (400 wrong kind, 413 too large), or the general one. */
function applyLogoError(error: Error): string {
  return (isApiError(error) && error.fields?.logo) || describeError(error);
}
