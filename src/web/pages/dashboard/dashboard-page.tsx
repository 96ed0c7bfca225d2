import { nl } from '@contracts/messages';
import { NotAvailablePage } from '@web/components/not-available';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function DashboardPage() {
  useDocumentTitle(nl.nav.dashboard);
  return <NotAvailablePage title={nl.nav.dashboard} description={nl.pages.dashboardText} />;
}
