import { Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { WebhookDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { WebhookFields, webhookResolver, type WebhookValues } from '@web/components/webhook-fields';
import { fill } from '@web/lib/fill-message';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookSecret } from './webhook-secret';
import { WebhookTriggers } from './webhook-triggers';

const t = nl.webhooksUi;

/** One webhook: read view with active switch and secret, or the inline editor while `editing`. */
export function WebhookRow({
  webhook,
  editing,
  locked,
  saving,
  onEdit,
  onCancel,
  onSave,
  onToggle,
  onTriggers,
  onDelete,
}: {
  webhook: WebhookDto;
  editing: boolean;
  /** Another webhook is being edited: edit and delete stay disabled (docs/PRODUCT.md#event-form). */
  locked: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (body: { name: string; url: string }) => void;
  onToggle: (isActive: boolean) => void;
  onTriggers: (triggers: WebhookDto['triggers']) => void;
  onDelete: () => void;
}) {
  const id = useId();
  const form = useForm<WebhookValues, unknown, { name: string; url: string }>({
    defaultValues: { name: webhook.name, url: webhook.url },
    resolver: webhookResolver,
  });
  const [name, url] = useWatch({ control: form.control, name: ['name', 'url'] });
  const canSave = name.trim() !== '' && url.trim() !== '' && !saving;
  const save = form.handleSubmit(({ name, url }) => {
    if (canSave) onSave({ name, url });
  });

  if (editing) {
    return (
      <li className="grid gap-3 rounded-lg border border-primary/40 bg-brand-soft/30 p-4">
        <div
          className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]"
          // Enter saves this webhook instead of submitting the surrounding event form.
          onKeyDown={(e) => {
            if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
              e.preventDefault();
              void save();
            } else if (e.key === 'Escape') onCancel();
          }}
        >
          <WebhookFields form={form} autoFocus />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" onClick={onCancel} disabled={saving}>
            {t.cancel}
          </Button>
          <PendingButton size="sm" onClick={() => void save()} pending={saving} disabled={!canSave}>
            {t.save}
          </PendingButton>
        </div>
      </li>
    );
  }

  return (
    <li className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <span className="font-medium">{webhook.name}</span>
          <span className="truncate font-mono text-xs text-muted-foreground">{webhook.url}</span>
        </div>
        <div className="flex items-center gap-1">
          <div className="mr-2 flex items-center gap-2">
            <Switch
              id={`${id}-active`}
              aria-label={fill(t.activeOf, { name: webhook.name })}
              checked={webhook.isActive}
              onCheckedChange={onToggle}
            />
            <Label htmlFor={`${id}-active`} className="font-normal text-muted-foreground">
              {t.active}
            </Label>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={fill(t.edit, { name: webhook.name })}
            disabled={locked}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={fill(t.delete, { name: webhook.name })}
            disabled={locked}
            onClick={onDelete}
            className="text-destructive-text hover:text-destructive-text"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <WebhookTriggers
        name={webhook.name}
        triggers={webhook.triggers}
        disabled={saving}
        onChange={onTriggers}
      />
      <WebhookSecret name={webhook.name} secret={webhook.secret} />
      <WebhookDeliveries webhookId={webhook.id} name={webhook.name} />
    </li>
  );
}
