import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { CreateEventBody, EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { todayInZone } from '@core/index';
import { FormFooter } from '@web/components/form-footer';
import { FormAlert } from '@web/components/form-messages';
import { FormTabsList } from '@web/components/form-tabs-list';
import { Tabs } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { useCurrentUser } from '@web/lib/current-user';
import { errorEntries } from '@web/lib/form-errors';
import { orderedErrors, reportInvalid, reportSaveFailure } from '@web/lib/report-errors';
import { useCreateEvent } from '../api/create-event';
import { useUpdateEvent } from '../api/update-event';
import {
  EVENT_TABS,
  eventFieldOf,
  eventResolver,
  eventTabOf,
  type EventFormValues,
  type EventTab,
} from '../lib/event-form-model';
import type { CategoryChoices } from './basis-tab';
import { EventFormHeader } from './event-form-header';
import { EventFormTabs } from './event-form-tabs';
import type { TextProvider } from './text-messages-section';
import { useUnsavedChangesGuard } from '@web/lib/unsaved-changes';

const t = nl.eventForm;

/**
 * The event form (docs/PRODUCT.md#event-form). Create without `eventId`, edit with it. `initial` is read once:
 * background refreshes of the loaded event never overwrite what the owner is typing. The page
 * composes what other features own: the category choices, the Webhooks tab, header actions such as
 * "Opslaan als template", and what follows a create (a template's webhooks).
 */
export function EventForm({
  eventId,
  initial,
  categories,
  webhooks,
  textProvider,
  headerActions,
  onCreated,
}: {
  eventId?: string;
  initial: () => EventFormValues;
  categories: CategoryChoices;
  webhooks: ReactNode;
  /** The owner's SMS provider (GET /api/messaging): the 'Sms en WhatsApp' section's choices. */
  textProvider: TextProvider | undefined;
  /** Header actions, given the form's current values when they act. */
  headerActions?: (getValues: () => EventFormValues) => ReactNode;
  /** Runs once a new event is stored, before the owner goes back to the overview. */
  onCreated?: (event: EventDto) => Promise<void>;
}) {
  const user = useCurrentUser();
  const today = todayInZone(new Date(), user.timeZone);
  const [, navigate] = useLocation();
  const [defaultValues] = useState(initial);
  const form = useForm<EventFormValues, unknown, CreateEventBody>({
    defaultValues,
    resolver: eventResolver,
    // The first error may sit on a tab that is not shown; reportInvalid opens that tab instead.
    shouldFocusError: false,
  });
  useUnsavedChangesGuard(form.formState.isDirty);
  const [tab, setTab] = useState<EventTab>('basis');
  const isEdit = eventId !== undefined;
  const tabs = { tabs: EVENT_TABS, tabOf: eventTabOf, setTab };

  const done = (title: string) => {
    toast({ title });
    navigate('/events');
  };
  const failed = (fallback: string) => (error: Error) =>
    reportSaveFailure(error, fallback, { ...tabs, setError: form.setError, toField: eventFieldOf });
  const create = useCreateEvent({
    onSuccess: async (event) => {
      await onCreated?.(event);
      done(t.created);
    },
    onError: failed(t.createFailed),
  });
  const save = useUpdateEvent({ onSuccess: () => done(t.updated), onError: failed(t.updateFailed) });
  const pending = create.isPending || save.isPending;

  const submit = form.handleSubmit(
    (body) => {
      if (pending) return;
      if (isEdit) save.mutate({ id: eventId, body });
      else create.mutate(body);
    },
    (errors) => reportInvalid(errors, tabs),
  );

  const errorTabs = new Set(
    orderedErrors(errorEntries(form.formState.errors), EVENT_TABS, eventTabOf).map((e) => e.tab),
  );

  return (
    <FormProvider {...form}>
      <div className="grid gap-6">
        <EventFormHeader isEdit={isEdit} actions={headerActions?.(form.getValues)} />
        <form noValidate onSubmit={submit} className="grid gap-6">
          <FormAlert message={form.formState.errors.root?.message} />
          <Tabs value={tab} onValueChange={(v) => setTab(v as EventTab)}>
            <FormTabsList tabs={EVENT_TABS} labels={t.tabs} errorTabs={errorTabs} />
            <EventFormTabs
              today={today}
              categories={categories}
              webhooks={webhooks}
              textProvider={textProvider}
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
      </div>
    </FormProvider>
  );
}
