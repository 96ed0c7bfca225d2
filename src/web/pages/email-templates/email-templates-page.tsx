import { nl } from '@contracts/messages';
import { NotAvailablePage } from '@web/components/not-available';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function EmailTemplatesPage() {
  useDocumentTitle(nl.nav.emailTemplates);
  return <NotAvailablePage title={nl.nav.emailTemplates} description={nl.pages.emailTemplatesText} />;
}
