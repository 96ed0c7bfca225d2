import { nl } from '@contracts/messages';
import { NotAvailablePage } from '@web/components/not-available';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function TemplateEditPage() {
  useDocumentTitle(nl.pages.editTemplate);
  return <NotAvailablePage title={nl.pages.editTemplate} description={nl.pages.templateEditText} />;
}
