import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { TemplateDto } from '@contracts/templates';
import { nl } from '@contracts/messages';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useCategories } from '@web/features/categories/api/get-categories';
import { useEvent } from '@web/features/events/api/get-event';
import { useEventFields } from '@web/features/events/api/get-event-fields';
import { EventForm } from '@web/features/events/components/event-form';
import { FormSkeleton } from '@web/features/events/components/form-skeleton';
import { NewEventWebhooks } from '@web/features/events/components/new-event-webhooks';
import { defaultEventValues, eventToValues } from '@web/features/events/lib/event-form-model';
import { useMessaging } from '@web/features/settings/api/messaging';
import { useTemplates } from '@web/features/templates/api/get-templates';
import { SaveAsTemplateAction } from '@web/features/templates/components/save-as-template-dialog';
import { TemplatePickerDialog } from '@web/features/templates/components/template-picker-dialog';
import { useWebhooks } from '@web/features/webhooks/api/get-webhooks';
import { WebhooksManager } from '@web/features/webhooks/components/webhooks-manager';
import { createTemplateWebhooks } from '@web/features/webhooks/lib/template-webhooks';
import { fill } from '@web/lib/fill-message';
import { scheduleFromTemplate } from '@web/lib/schedule-form';
import { useDocumentTitle } from '@web/lib/use-document-title';

/**
 * /events/new creates, /events/:id/edit edits (docs/PRODUCT.md#event-form): the mode follows the presence of an id.
 * The page composes the event form with what other features own: categories, templates (the picker,
 * "Opslaan als template"), webhooks and the SMS provider the 'Sms en WhatsApp' section offers.
 */
export default function EventFormPage() {
  const { id } = useParams<{ id?: string }>();
  useDocumentTitle(id ? nl.pages.editEvent : nl.pages.newEvent);
  // Keyed by id: going from one event to another starts a fresh form.
  return id ? <EditEvent key={id} id={id} /> : <NewEvent />;
}

function NewEvent() {
  const templates = useTemplates();
  const categories = useCategories();
  const messaging = useMessaging();
  // undefined until the owner chose in the picker (null: from scratch).
  const [template, setTemplate] = useState<TemplateDto | null>();
  // Wait for the templates so their dialog opens before the owner starts typing; without them, start blank.
  if (templates.isPending) return <FormSkeleton />;
  const list = templates.data ?? [];
  const webhooks = template?.webhooksConfig ?? [];

  const pick = (chosen: TemplateDto) => {
    setTemplate(chosen);
    toast({
      title: nl.eventForm.templateApplied,
      description: fill(nl.eventForm.templateAppliedText, { name: chosen.templateName }),
    });
  };

  return (
    <>
      {/* A chosen template prefills a fresh form: the picker opens before anything can be typed. */}
      <EventForm
        key={template?.id ?? 'blank'}
        initial={() =>
          template ? { ...defaultEventValues(), ...scheduleFromTemplate(template) } : defaultEventValues()
        }
        categories={categories}
        webhooks={<NewEventWebhooks webhooks={webhooks} />}
        textProvider={messaging.data}
        headerActions={(getValues) => <SaveAsTemplateAction getSchedule={getValues} webhooks={webhooks} />}
        // The template's webhooks are created once the event exists (docs/PRODUCT.md#event-form).
        onCreated={(event) => createTemplateWebhooks(event.id, webhooks)}
      />
      <TemplatePickerDialog
        open={template === undefined && list.length > 0}
        templates={list}
        onScratch={() => setTemplate(null)}
        onPick={pick}
      />
    </>
  );
}

function EditEvent({ id }: { id: string }) {
  const event = useEvent(id);
  const fields = useEventFields(id);
  const categories = useCategories();
  const webhooks = useWebhooks(id);
  const messaging = useMessaging();
  // Once loaded the form stays: a failed background refresh must not throw away what is being typed.
  if (event.data && fields.data) {
    const [loadedEvent, loadedFields] = [event.data, fields.data];
    // A saved event's webhooks go into a template made from it.
    const templateWebhooks = (webhooks.data ?? []).map(({ name, url }) => ({ name, url }));
    return (
      <EventForm
        eventId={id}
        initial={() => eventToValues(loadedEvent, loadedFields)}
        categories={categories}
        webhooks={<WebhooksManager eventId={id} />}
        textProvider={messaging.data}
        headerActions={(getValues) => (
          <SaveAsTemplateAction getSchedule={getValues} webhooks={templateWebhooks} />
        )}
      />
    );
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
