import { ArrowLeft, Download, FileUp, Plus, SearchX, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { nl } from '@contracts/messages';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { LoadMoreFooter } from '@web/components/load-more-footer';
import { Button } from '@web/components/ui/button';
import { useCustomers } from '@web/features/customers/api/get-customers';
import { CustomerCards } from '@web/features/customers/components/customer-cards';
import { CustomerFormDialog } from '@web/features/customers/components/customer-form-dialog';
import { ImportDialog } from '@web/features/customers/components/import-dialog';
import { CustomersSkeleton } from '@web/features/customers/components/customers-skeleton';
import { CustomersTable } from '@web/features/customers/components/customers-table';
import {
  CustomersToolbar,
  NO_CUSTOMER_FILTERS,
  tagFilter,
  type CustomersToolbarValue,
} from '@web/features/customers/components/customers-toolbar';
import { apiPath } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/current-user';
import { customerPath } from '@web/lib/customer-paths';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useIsMobile } from '@web/lib/use-is-mobile';

const t = nl.customersUi;

/** 'Klanten', below Afspraken (docs/PRODUCT.md#customers): search, filter by tag, sort, page on. */
export default function CustomersPage() {
  useDocumentTitle(t.title);
  const user = useCurrentUser();
  const isMobile = useIsMobile();
  const [, navigate] = useLocation();
  const allowed = user.allowedActions;
  const contactAllowed = allowed.includes('customers.contact');
  const manage = allowed.includes('customers.manage');
  const [importing, setImporting] = useState(false);
  const [filters, setFilters] = useState<CustomersToolbarValue>(NO_CUSTOMER_FILTERS);
  const q = useDebouncedValue(filters.search.trim(), 300);
  const customers = useCustomers({ q: q || undefined, tag: tagFilter(filters.tag), sort: filters.sort });
  const [creating, setCreating] = useState(false);
  const items = customers.data?.pages.flatMap((p) => p.customers) ?? [];
  const tags = customers.data?.pages[0]?.tags ?? [];
  const filtering = filters.search.trim() !== '' || tagFilter(filters.tag) !== undefined;

  return (
    <div className="grid grid-cols-1 gap-6">
      <Link
        href="/bookings"
        className="flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t.backToBookings}
      </Link>
      <PageHeader
        title={t.title}
        description={t.text}
        actions={
          <div className="flex flex-wrap gap-2">
            {contactAllowed && (
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                {t.newCustomer}
              </Button>
            )}
            {manage && (
              <Button variant="outline" onClick={() => setImporting(true)}>
                <FileUp aria-hidden="true" />
                {t.import}
              </Button>
            )}
            {allowed.includes('export') && (
              // A plain link: the browser saves the file the server names (klanten-{date}.csv).
              <Button asChild variant="outline">
                <a href={apiPath('customers', 'export.csv')} download title={t.exportLabel}>
                  <Download aria-hidden="true" />
                  {t.export}
                </a>
              </Button>
            )}
          </div>
        }
      />
      <CustomersToolbar
        value={filters}
        onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
        tags={tags}
      />
      {customers.isPending ? (
        <CustomersSkeleton />
      ) : !customers.data ? (
        <LoadError error={customers.error} onRetry={() => void customers.refetch()} />
      ) : items.length === 0 ? (
        filtering ? (
          <EmptyState
            icon={SearchX}
            title={t.noMatches}
            description={t.noMatchesText}
            action={
              <Button variant="outline" onClick={() => setFilters(NO_CUSTOMER_FILTERS)}>
                {t.resetFilters}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={UsersRound} title={t.emptyTitle} description={t.emptyText} />
        )
      ) : (
        <div
          className="grid grid-cols-1 gap-4"
          aria-busy={customers.isFetching && !customers.isFetchingNextPage}
        >
          {isMobile ? (
            <CustomerCards customers={items} timeZone={user.timeZone} contactAllowed={contactAllowed} />
          ) : (
            <CustomersTable customers={items} timeZone={user.timeZone} contactAllowed={contactAllowed} />
          )}
          <LoadMoreFooter
            count={items.length}
            hasMore={customers.hasNextPage}
            loading={customers.isFetchingNextPage}
            onLoadMore={() => void customers.fetchNextPage()}
            texts={t}
          />
        </div>
      )}
      {manage && <ImportDialog open={importing} onOpenChange={setImporting} />}
      <CustomerFormDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(card) => navigate(customerPath(card.id))}
      />
    </div>
  );
}
