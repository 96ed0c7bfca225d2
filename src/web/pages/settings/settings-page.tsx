import { nl } from '@contracts/messages';
import { NotAvailablePage } from '@web/components/not-available';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function SettingsPage() {
  useDocumentTitle(nl.nav.settings);
  return <NotAvailablePage title={nl.nav.settings} description={nl.pages.settingsText} />;
}
