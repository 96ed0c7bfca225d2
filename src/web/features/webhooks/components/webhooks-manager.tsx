import { Webhook } from 'lucide-react';
import { useState } from 'react';
import type { WebhookDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';
import { fill } from '@web/lib/fill-message';
import { useDialogTarget } from '@web/lib/use-dialog-target';
import { errorMessage } from '@web/lib/api-client';
import { WebhookAddForm } from '@web/components/webhook-add-form';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { WebhookRow } from './webhook-row';

const t = nl.webhooksUi;
const fail = (error: unknown, fallback: string) =>
  toast({
    variant: 'destructive',
    title: nl.errors.genericTitle,
    description: errorMessage(error, fallback),
  });

/** Tab "Webhooks" of a saved event: list, add, edit one at a time, toggle and delete. */
export function WebhooksManager({ eventId }: { eventId: string }) {
  const webhooks = useWebhooks(eventId);
  const [editingId, setEditingId] = useState<string | null>(null);
  const deleting = useDialogTarget<WebhookDto>();

  const create = useCreateWebhook({
    onSuccess: () => toast({ title: t.created }),
    onError: (error) => fail(error, t.createFailed),
  });
  const update = useUpdateWebhook({ onError: (error) => fail(error, t.updateFailed) });
  const remove = useDeleteWebhook({
    onSuccess: () => {
      deleting.onOpenChange(false);
      toast({ title: t.deleted });
    },
    onError: (error) => fail(error, t.deleteFailed),
  });

  return (
    <SectionCard title={t.title} description={t.text}>
      <div className="grid gap-6">
        <p className="rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">{t.secretHint}</p>
        {webhooks.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">{nl.layout.loading}</span>
            <Skeleton className="h-20 w-full" />
          </div>
        ) : webhooks.isError ? (
          <InlineError message={nl.clientErrors.loadFailed} />
        ) : webhooks.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            <Webhook aria-hidden="true" className="size-5" />
            {t.empty}
          </div>
        ) : (
          <ul className="grid gap-3">
            {webhooks.data.map((w) => (
              <WebhookRow
                key={w.id}
                webhook={w}
                editing={editingId === w.id}
                locked={editingId !== null && editingId !== w.id}
                saving={update.isPending && update.variables?.id === w.id}
                onEdit={() => setEditingId(w.id)}
                onCancel={() => setEditingId(null)}
                onSave={(body) => update.mutate({ id: w.id, body }, { onSuccess: () => setEditingId(null) })}
                onToggle={(isActive) => update.mutate({ id: w.id, body: { isActive } })}
                onTriggers={(triggers) => update.mutate({ id: w.id, body: { triggers } })}
                onDelete={() => deleting.show(w)}
              />
            ))}
          </ul>
        )}

        <WebhookAddForm
          pending={create.isPending}
          onAdd={(body) =>
            create.mutateAsync({ eventId, body }).then(
              () => true,
              () => false, // the mutation's onError has told the owner
            )
          }
        />
      </div>

      <ConfirmDialog
        open={deleting.open}
        onOpenChange={deleting.onOpenChange}
        title={t.deleteTitle}
        description={fill(t.deleteText, { name: deleting.target?.name ?? '' })}
        pending={remove.isPending}
        onConfirm={() => deleting.target && remove.mutate({ id: deleting.target.id, eventId })}
      />
    </SectionCard>
  );
}
