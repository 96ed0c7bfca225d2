import { ArrowLeft, LayoutTemplate } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { nl } from '@contracts/messages';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { SaveAsTemplateDialog } from '@web/features/templates/components/save-as-template-dialog';
import { getWebhooksQueryOptions } from '@web/features/webhooks/api/get-webhooks';
import type { EventFormValues } from '../lib/event-form-model';

/** Back link, page title and the "Opslaan als template" action of the event form. */
export function EventFormHeader({
  eventId,
  values,
  templateWebhooks,
}: {
  eventId?: string;
  values: EventFormValues;
  templateWebhooks: ReadonlyArray<{ name: string; url: string }>;
}) {
  const [saveTemplate, setSaveTemplate] = useState(false);
  // A saved event's webhooks go into the template too; a new event carries its template's webhooks.
  const saved = useQuery({ ...getWebhooksQueryOptions(eventId ?? ''), enabled: eventId !== undefined });
  const webhooks = eventId ? (saved.data ?? []) : templateWebhooks;
  const title = eventId ? nl.pages.editEvent : nl.pages.newEvent;

  return (
    <div className="grid gap-3">
      <Link
        href="/events"
        className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {nl.eventForm.back}
      </Link>
      <PageHeader
        title={title}
        description={nl.pages.eventFormText}
        actions={
          <Button variant="outline" onClick={() => setSaveTemplate(true)}>
            <LayoutTemplate aria-hidden="true" />
            {nl.eventForm.saveAsTemplate}
          </Button>
        }
      />
      <SaveAsTemplateDialog
        open={saveTemplate}
        onOpenChange={setSaveTemplate}
        schedule={values}
        webhooks={webhooks.map(({ name, url }) => ({ name, url }))}
      />
    </div>
  );
}
