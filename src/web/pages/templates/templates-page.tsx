import { nl } from '@contracts/messages';
import { NotAvailablePage } from '@web/components/not-available';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function TemplatesPage() {
  useDocumentTitle(nl.nav.templates);
  return <NotAvailablePage title={nl.nav.templates} description={nl.pages.templatesText} />;
}
