import { Construction } from 'lucide-react';
import { nl } from '@contracts/messages';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** An honest placeholder for an owner page whose content is not built yet: no sample data, no fake numbers. */
export function NotAvailablePage({ title, description }: { title: string; description?: string }) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={Construction}
        title={nl.pages.notAvailableTitle}
        description={nl.pages.notAvailableText}
      />
    </div>
  );
}
