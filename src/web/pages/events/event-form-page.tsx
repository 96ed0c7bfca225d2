import { useParams } from 'wouter';
import { nl } from '@contracts/messages';
import { NotAvailablePage } from '@web/components/not-available';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** /events/new creates, /events/:id/edit edits (spec §2.6): the mode follows the presence of an id. */
export default function EventFormPage() {
  const { id } = useParams<{ id?: string }>();
  const title = id ? nl.pages.editEvent : nl.pages.newEvent;
  useDocumentTitle(title);
  return <NotAvailablePage title={title} description={nl.pages.eventFormText} />;
}
