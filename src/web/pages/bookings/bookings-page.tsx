import { nl } from '@contracts/messages';
import { NotAvailablePage } from '@web/components/not-available';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function BookingsPage() {
  useDocumentTitle(nl.nav.bookings);
  return <NotAvailablePage title={nl.nav.bookings} description={nl.pages.bookingsText} />;
}
