import { BellPlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { EmailTemplateDto } from '@contracts/email-templates';
import { nl } from '@contracts/messages';
import type { EmailValues } from '@core/index';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { fill } from '@web/lib/fill-message';
import { describeError } from '@web/lib/api-client';
import { useCreateEmailTemplate } from '../api/create-email-template';
import { useDeleteEmailTemplate } from '../api/delete-email-template';
import { defaultReminderBody } from '../lib/editor-form';
import { TemplateEditor } from './template-editor';

const t = nl.emailTemplatesUi;
const messages = {
  saved: t.reminderSaved,
  createFailed: t.reminderCreateFailed,
  updateFailed: t.reminderUpdateFailed,
};

/** '24 uur van tevoren', '1 dag van tevoren', '2 dagen van tevoren'. */
export function timingText(timing: EmailTemplateDto['reminderTiming']): string {
  if (!timing) return '';
  if (timing.unit === 'hours') return fill(t.timingHours, { value: timing.value });
  return timing.value === 1 ? t.timingOneDay : fill(t.timingDays, { value: timing.value });
}

/** Several reminders, each its own card with its own timing (docs/PRODUCT.md#email-templates-page). */
export function RemindersPanel({
  reminders,
  sample,
}: {
  reminders: readonly EmailTemplateDto[];
  sample: EmailValues;
}) {
  const [removing, setRemoving] = useState<{ reminder: EmailTemplateDto; n: number } | null>(null);
  const [open, setOpen] = useState(false);
  const add = useCreateEmailTemplate({
    onSuccess: () => toast({ title: t.reminderAdded }),
    onError: (error) =>
      toast({ variant: 'destructive', title: t.reminderCreateFailed, description: describeError(error) }),
  });
  const remove = useDeleteEmailTemplate({
    onSuccess: () => {
      setOpen(false);
      toast({ title: t.reminderDeleted });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: t.reminderDeleteFailed, description: describeError(error) }),
  });

  const addButton = (
    <PendingButton
      onClick={() => add.mutate(defaultReminderBody())}
      pending={add.isPending}
      pendingLabel={t.adding}
      icon={<BellPlus aria-hidden="true" />}
    >
      {t.addReminder}
    </PendingButton>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{t.remindersTitle}</h2>
          <p className="text-sm text-muted-foreground">{t.remindersText}</p>
        </div>
        {reminders.length > 0 && addButton}
      </div>
      {reminders.length === 0 ? (
        <EmptyState
          icon={BellPlus}
          title={t.noReminders}
          description={t.noRemindersText}
          action={addButton}
        />
      ) : (
        reminders.map((reminder, index) => {
          const n = index + 1;
          return (
            <Card key={reminder.id} className="gap-5">
              <CardHeader className="flex-row flex-wrap items-center gap-3">
                <CardTitle as="h3">{fill(t.reminderN, { n })}</CardTitle>
                <Badge variant="soft">{timingText(reminder.reminderTiming)}</Badge>
                {!reminder.isActive && <Badge variant="outline">{t.inactive}</Badge>}
              </CardHeader>
              <CardContent>
                <TemplateEditor
                  type="reminder"
                  template={reminder}
                  sample={sample}
                  messages={messages}
                  actions={
                    <Button
                      variant="ghost"
                      className="text-destructive-text hover:bg-destructive/10 hover:text-destructive-text"
                      aria-label={fill(t.deleteReminderOf, { n })}
                      onClick={() => {
                        setRemoving({ reminder, n });
                        setOpen(true);
                      }}
                    >
                      <Trash2 aria-hidden="true" />
                      {t.deleteReminder}
                    </Button>
                  }
                />
              </CardContent>
            </Card>
          );
        })
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t.deleteReminderTitle}
        description={fill(t.deleteReminderText, {
          timing: timingText(removing?.reminder.reminderTiming ?? null),
        })}
        keepLabel={t.cancel}
        confirmLabel={t.confirmDelete}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.reminder.id)}
      />
    </div>
  );
}
