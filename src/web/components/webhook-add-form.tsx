import { LoaderCircle, Plus } from 'lucide-react';
import { useState } from 'react';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { WebhookFields } from '@web/components/webhook-fields';

const t = nl.webhooksUi;

/**
 * The "add a webhook" row shared by a saved event's webhooks tab and a template's webhooks tab.
 * Spec §5: adding needs both a name and a url. `onAdd` resolves true when the fields may be cleared.
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
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const canAdd = name.trim() !== '' && url.trim() !== '' && !pending;
  const add = async () => {
    if (!canAdd) return;
    if (await onAdd({ name: name.trim(), url: url.trim() })) {
      setName('');
      setUrl('');
    }
  };

  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">{t.addHeading}</legend>
      <div
        className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-end"
        // Enter adds the webhook instead of submitting the surrounding form.
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
            e.preventDefault();
            void add();
          }
        }}
      >
        <WebhookFields name={name} url={url} onName={setName} onUrl={setUrl} withPlaceholders />
        <Button variant={variant} onClick={() => void add()} disabled={!canAdd}>
          {pending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Plus aria-hidden="true" />
          )}
          {t.add}
        </Button>
      </div>
    </fieldset>
  );
}
