import { useId, useState } from 'react';
import { WEBHOOK_TRIGGERS, type WebhookTrigger } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';

const t = nl.webhooksUi;

/**
 * What a webhook reports (event_webhooks.triggers, docs/PRODUCT.md#webhook-payload), saved at once
 * like the active switch. Unchecking the last one keeps it and says why: a webhook reports at least one
 * thing (the server refuses none too). Not disabled instead, which would read as switched off.
 */
export function WebhookTriggers({
  name,
  triggers,
  disabled,
  onChange,
}: {
  name: string;
  triggers: readonly WebhookTrigger[];
  disabled?: boolean;
  onChange: (triggers: WebhookTrigger[]) => void;
}) {
  const id = useId();
  const [needOne, setNeedOne] = useState(false);
  return (
    <fieldset
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
      aria-label={`${t.triggers} (${name})`}
    >
      <legend className="float-left mr-1 text-muted-foreground">{t.triggers}</legend>
      {WEBHOOK_TRIGGERS.map((trigger) => {
        const checked = triggers.includes(trigger);
        return (
          <div key={trigger} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${trigger}`}
              checked={checked}
              disabled={disabled}
              aria-describedby={needOne ? `${id}-need-one` : undefined}
              onCheckedChange={(next) => {
                const chosen = WEBHOOK_TRIGGERS.filter((x) =>
                  x === trigger ? next === true : triggers.includes(x),
                );
                setNeedOne(chosen.length === 0);
                if (chosen.length > 0) onChange(chosen);
              }}
            />
            <Label htmlFor={`${id}-${trigger}`} className="font-normal">
              {t.triggerLabels[trigger]}
            </Label>
          </div>
        );
      })}
      <p id={`${id}-need-one`} role="status" className="basis-full text-xs text-muted-foreground">
        {needOne ? t.triggerRequired : ''}
      </p>
    </fieldset>
  );
}
