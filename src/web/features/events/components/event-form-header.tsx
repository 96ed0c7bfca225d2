import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { nl } from '@contracts/messages';
import { PageHeader } from '@web/components/page-header';

/** Back link, page title and the actions (e.g. "Opslaan als template") of the event form. */
export function EventFormHeader({ isEdit, actions }: { isEdit: boolean; actions?: ReactNode }) {
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
        title={isEdit ? nl.pages.editEvent : nl.pages.newEvent}
        description={nl.pages.eventFormText}
        actions={actions}
      />
    </div>
  );
}
