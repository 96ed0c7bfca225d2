import { Trash2 } from 'lucide-react';
import { nl } from '@contracts/messages';
import { InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';
import { Button } from '@web/components/ui/button';
import { WebhookAddForm } from '@web/components/webhook-add-form';
import { fill } from '@web/lib/fill-message';
import { messageAt } from '@web/lib/form-errors';
import { newKey } from '@web/lib/schedule-form';
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
  /** The error tree of webhooksConfig: '0.url', ... */
  errors: unknown;
}) {
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
              const error =
                messageAt(errors, `${i}.url`) ??
                messageAt(errors, `${i}.name`) ??
                messageAt(errors, String(i));
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
        <WebhookAddForm
          variant="outline"
          onAdd={(hook) => {
            onChange([...value, { key: newKey(), ...hook }]);
            return true;
          }}
        />
      </div>
    </SectionCard>
  );
}
