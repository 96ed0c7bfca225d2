import { nl } from '@contracts/messages';
import { NotAvailablePage } from '@web/components/not-available';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function EventsPage() {
  useDocumentTitle(nl.nav.events);
  return <NotAvailablePage title={nl.nav.events} description={nl.pages.eventsText} />;
}
