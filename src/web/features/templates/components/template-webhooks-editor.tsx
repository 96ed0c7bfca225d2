import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { InlineError, SectionCard } from '@web/features/events/components/section-card';
import type { FieldErrors } from '@web/features/events/lib/form-errors';
import { fill } from '@web/features/events/lib/fill-message';
import { newKey } from '@web/features/events/lib/schedule-form';
import type { WebhookConfigValue } from '../lib/template-form-model';

const w = nl.webhooksUi;

/** Tab "Webhooks" of a template: the name + url pairs copied onto events started from it. */
export function TemplateWebhooksEditor({
  value,
  onChange,
  errors,
}: {
  value: WebhookConfigValue[];
  onChange: (value: WebhookConfigValue[]) => void;
  /** Relative to webhooksConfig: '0.url', ... */
  errors: FieldErrors;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  // Spec §5: adding needs both a name and a url.
  const canAdd = name.trim() !== '' && url.trim() !== '';
  const add = () => {
    if (!canAdd) return;
    onChange([...value, { key: newKey(), name: name.trim(), url: url.trim() }]);
    setName('');
    setUrl('');
  };

  return (
    <SectionCard title={w.title} description={nl.templatesUi.webhooksText}>
      <div className="grid gap-6">
        {value.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            {nl.templatesUi.noWebhooks}
          </p>
        ) : (
          <ul className="grid gap-2">
            {value.map((hook, i) => {
              const error = errors[`${i}.url`] ?? errors[`${i}.name`] ?? errors[String(i)];
              return (
                <li key={hook.key} className="grid gap-1 rounded-lg border px-4 py-3">
                  <div className="flex items-center justify-between gap-3">
                    <div className="grid min-w-0 gap-0.5">
                      <span className="font-medium">{hook.name}</span>
                      <span className="truncate font-mono text-xs text-muted-foreground">{hook.url}</span>
                    </div>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={fill(nl.templatesUi.removeWebhook, { name: hook.name })}
                      onClick={() => onChange(value.filter((h) => h.key !== hook.key))}
                      className="text-destructive-text hover:bg-destructive/10 hover:text-destructive-text"
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  <InlineError message={error} />
                </li>
              );
            })}
          </ul>
        )}
        <fieldset className="grid gap-3 rounded-lg border p-4">
          <legend className="px-1 text-sm font-medium">{w.addHeading}</legend>
          <div
            className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-end"
            // Enter adds the webhook instead of submitting the template form.
            onKeyDown={(e) => {
              if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
                e.preventDefault();
                add();
              }
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-name`}>{w.name}</Label>
              <Input
                id={`${id}-name`}
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder={w.namePlaceholder}
                maxLength={100}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-url`}>{w.url}</Label>
              <Input
                id={`${id}-url`}
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder={w.urlPlaceholder}
                maxLength={2000}
              />
            </div>
            <Button variant="outline" onClick={add} disabled={!canAdd}>
              <Plus aria-hidden="true" />
              {w.add}
            </Button>
          </div>
        </fieldset>
      </div>
    </SectionCard>
  );
}
