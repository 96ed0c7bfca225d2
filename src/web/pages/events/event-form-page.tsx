import { Link, useParams } from 'wouter';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { useEvent } from '@web/features/events/api/get-event';
import { useEventFields } from '@web/features/events/api/get-event-fields';
import { EventForm } from '@web/features/events/components/event-form';
import { FormSkeleton } from '@web/features/events/components/form-skeleton';
import { LoadError } from '@web/components/load-error';
import { defaultEventValues, eventToValues } from '@web/features/events/lib/event-form-model';
import { useTemplates } from '@web/features/templates/api/get-templates';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** /events/new creates, /events/:id/edit edits (spec §2.6): the mode follows the presence of an id. */
export default function EventFormPage() {
  const { id } = useParams<{ id?: string }>();
  useDocumentTitle(id ? nl.pages.editEvent : nl.pages.newEvent);
  // Keyed by id: going from one event to another starts a fresh form.
  return id ? <EditEvent key={id} id={id} /> : <NewEvent />;
}

function NewEvent() {
  const templates = useTemplates();
  // Wait for the templates so their dialog opens before the owner starts typing; without them, start blank.
  if (templates.isPending) return <FormSkeleton />;
  return <EventForm initial={defaultEventValues} templates={templates.data ?? []} />;
}

function EditEvent({ id }: { id: string }) {
  const event = useEvent(id);
  const fields = useEventFields(id);
  // Once loaded the form stays: a failed background refresh must not throw away what is being typed.
  if (event.data && fields.data) {
    const [loadedEvent, loadedFields] = [event.data, fields.data];
    return <EventForm eventId={id} initial={() => eventToValues(loadedEvent, loadedFields)} />;
  }
  if (event.isError || fields.isError) {
    return (
      <LoadError
        error={event.error ?? fields.error}
        notFoundTitle={nl.eventRules.eventNotFound}
        onRetry={() => void Promise.all([event.refetch(), fields.refetch()])}
        action={
          <Button asChild>
            <Link href="/events">{nl.eventForm.back}</Link>
          </Button>
        }
      />
    );
  }
  return <FormSkeleton />;
}
