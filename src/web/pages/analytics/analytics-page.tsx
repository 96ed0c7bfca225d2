import { nl } from '@contracts/messages';
import { NotAvailablePage } from '@web/components/not-available';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function AnalyticsPage() {
  useDocumentTitle(nl.nav.analytics);
  return <NotAvailablePage title={nl.nav.analytics} description={nl.pages.analyticsText} />;
}
