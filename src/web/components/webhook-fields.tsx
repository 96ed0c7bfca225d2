import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { webhookBody } from '@contracts/events';
import { nl } from '@contracts/messages';
import { InlineError } from '@web/components/form-messages';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { contractResolver } from '@web/lib/form-errors';

const t = nl.webhooksUi;

export interface WebhookValues {
  name: string;
  url: string;
}

/** A webhook's name and url, checked by the contract the server checks them with (trimmed). */
export const webhookResolver = contractResolver<WebhookValues, z.output<typeof webhookBody>>(
  webhookBody,
  (v) => v,
);

/** The name and url inputs of a webhook form, for adding one and for editing one in place. */
export function WebhookFields({
  form,
  withPlaceholders = false,
  autoFocus = false,
}: {
  form: UseFormReturn<WebhookValues, unknown, z.output<typeof webhookBody>>;
  withPlaceholders?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{t.name}</Label>
        <Input
          id={`${id}-name`}
          {...form.register('name')}
          placeholder={withPlaceholders ? t.namePlaceholder : undefined}
          maxLength={100}
          autoFocus={autoFocus}
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
        />
        <InlineError id={`${id}-name-error`} message={errors.name?.message} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-url`}>{t.url}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          {...form.register('url')}
          placeholder={withPlaceholders ? t.urlPlaceholder : undefined}
          maxLength={2000}
          aria-invalid={!!errors.url}
          aria-describedby={errors.url ? `${id}-url-error` : undefined}
        />
        <InlineError id={`${id}-url-error`} message={errors.url?.message} />
      </div>
    </>
  );
}
