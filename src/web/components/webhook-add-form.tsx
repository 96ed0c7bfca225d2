import { Plus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { PendingButton } from '@web/components/pending-button';
import { WebhookFields, webhookResolver, type WebhookValues } from './webhook-fields';

const t = nl.webhooksUi;

/**
 * The "add a webhook" row shared by a saved event's webhooks tab and a template's webhooks tab.
 * docs/PRODUCT.md#validation-webhooks: adding needs both a name and a url. `onAdd` resolves true when the fields may be cleared.
 */
export function WebhookAddForm({
  onAdd,
  pending = false,
  variant = 'default',
}: {
  onAdd: (hook: { name: string; url: string }) => boolean | Promise<boolean>;
  pending?: boolean;
  variant?: 'default' | 'outline';
}) {
  const form = useForm<WebhookValues, unknown, { name: string; url: string }>({
    defaultValues: { name: '', url: '' },
    resolver: webhookResolver,
  });
  const [name, url] = useWatch({ control: form.control, name: ['name', 'url'] });
  const canAdd = name.trim() !== '' && url.trim() !== '' && !pending;
  // Not a <form>: it sits inside the event and template forms, whose submit it must not trigger.
  const add = form.handleSubmit(async ({ name, url }) => {
    if (canAdd && (await onAdd({ name, url }))) form.reset();
  });

  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">{t.addHeading}</legend>
      <div
        className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-start"
        // Enter adds the webhook instead of submitting the surrounding form.
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
            e.preventDefault();
            void add();
          }
        }}
      >
        <WebhookFields form={form} withPlaceholders />
        <PendingButton
          variant={variant}
          onClick={() => void add()}
          pending={pending}
          disabled={!canAdd}
          icon={<Plus aria-hidden="true" />}
          className="sm:mt-5"
        >
          {t.add}
        </PendingButton>
      </div>
    </fieldset>
  );
}
