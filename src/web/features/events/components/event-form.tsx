import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { TemplateDto } from '@contracts/templates';
import { nl } from '@contracts/messages';
import { todayInZone } from '@core/index';
import { Tabs } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { useCurrentUser } from '@web/lib/current-user';
import { useCreateEvent } from '../api/create-event';
import { useUpdateEvent } from '../api/update-event';
import { createTemplateWebhooks } from '../lib/template-webhooks';
import {
  EVENT_TABS,
  eventPayload,
  eventTabOf,
  validateEvent,
  type EventFormValues,
  type EventTab,
} from '../lib/event-form-model';
import { fill } from '@web/lib/fill-message';
import { orderedErrors, reportInvalid, reportSaveFailure } from '@web/lib/report-errors';
import { scheduleFromTemplate } from '@web/lib/schedule-form';
import { useFormValues } from '@web/lib/use-form-values';
import { EventFormHeader } from './event-form-header';
import { EventFormTabs } from './event-form-tabs';
import { FormTabsList } from '@web/components/form-tabs-list';
import { TemplatePickerDialog } from '@web/features/templates/components/template-picker-dialog';
import { FormFooter } from '@web/components/form-footer';
import { FormAlert } from '@web/components/form-messages';

const t = nl.eventForm;

/**
 * The event form (spec §2.6). Create without `eventId`, edit with it. `initial` is read once:
 * background refreshes of the loaded event never overwrite what the owner is typing.
 */
export function EventForm({
  eventId,
  initial,
  templates = [],
}: {
  eventId?: string;
  initial: () => EventFormValues;
  /** The owner's templates (create only); when there are any, a dialog offers them first. */
  templates?: readonly TemplateDto[];
}) {
  const user = useCurrentUser();
  const today = todayInZone(new Date(), user.timeZone);
  const [, navigate] = useLocation();
  const form = useFormValues(initial);
  const { values, errors, setErrors, update } = form;
  const [tab, setTab] = useState<EventTab>('basis');
  const [pickerDone, setPickerDone] = useState(false);
  // Webhooks of the chosen template; created once the new event exists (spec §2.6).
  const [templateWebhooks, setTemplateWebhooks] = useState<Array<{ name: string; url: string }>>([]);
  const isEdit = eventId !== undefined;
  const report = { tabs: EVENT_TABS, tabOf: eventTabOf, setErrors, setTab };

  const done = (title: string) => {
    toast({ title });
    navigate('/events');
  };
  const create = useCreateEvent({
    onSuccess: async (event) => {
      await createTemplateWebhooks(event.id, templateWebhooks);
      done(t.created);
    },
    onError: (error) => reportSaveFailure(error, t.createFailed, report),
  });
  const save = useUpdateEvent({
    onSuccess: () => done(t.updated),
    onError: (error) => reportSaveFailure(error, t.updateFailed, report),
  });
  const pending = create.isPending || save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending || reportInvalid(validateEvent(values), report)) return;
    setErrors({});
    const body = eventPayload(values);
    if (isEdit) save.mutate({ id: eventId, body });
    else create.mutate(body);
  };

  const pickTemplate = (template: TemplateDto) => {
    update(scheduleFromTemplate(template));
    setTemplateWebhooks(template.webhooksConfig);
    setPickerDone(true);
    toast({
      title: t.templateApplied,
      description: fill(t.templateAppliedText, { name: template.templateName }),
    });
  };

  const errorTabs = new Set(orderedErrors(errors, EVENT_TABS, eventTabOf).map((e) => e.tab));

  return (
    <div className="grid gap-6">
      <EventFormHeader eventId={eventId} values={values} templateWebhooks={templateWebhooks} />
      <form noValidate onSubmit={submit} className="grid gap-6">
        <FormAlert message={errors._} />
        <Tabs value={tab} onValueChange={(v) => setTab(v as EventTab)}>
          <FormTabsList tabs={EVENT_TABS} labels={t.tabs} errorTabs={errorTabs} />
          <EventFormTabs
            eventId={eventId}
            values={values}
            update={update}
            errors={errors}
            today={today}
            templateWebhooks={templateWebhooks}
          />
        </Tabs>
        <FormFooter
          cancelHref="/events"
          cancelLabel={t.cancel}
          submitLabel={isEdit ? t.save : t.create}
          pendingLabel={t.saving}
          pending={pending}
        />
      </form>
      {!isEdit && (
        <TemplatePickerDialog
          open={!pickerDone && templates.length > 0}
          templates={templates}
          onScratch={() => setPickerDone(true)}
          onPick={pickTemplate}
        />
      )}
    </div>
  );
}
