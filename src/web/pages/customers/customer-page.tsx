import { ArrowLeft, Ban, GitMerge, Pencil, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { nl } from '@contracts/messages';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PageSkeleton } from '@web/components/page-skeleton';
import { Button, buttonVariants } from '@web/components/ui/button';
import { useCustomer } from '@web/features/customers/api/get-customer';
import { BlockDialog, UnblockDialog } from '@web/features/customers/components/block-dialog';
import {
  CustomerFormDialog,
  type OtherCustomer,
} from '@web/features/customers/components/customer-form-dialog';
import {
  CustomerBookings,
  CustomerIntake,
  CustomerMessages,
} from '@web/features/customers/components/customer-history';
import { CustomerNotes } from '@web/features/customers/components/customer-notes';
import {
  BlockedNotice,
  CustomerDetails,
  CustomerFigures,
} from '@web/features/customers/components/customer-profile';
import { BlockedBadge } from '@web/features/customers/components/customer-tags';
import { MergeDialog } from '@web/features/customers/components/merge-dialog';
import { useCurrentUser } from '@web/lib/current-user';
import { CUSTOMERS_PATH } from '@web/lib/customer-paths';
import { useDocumentTitle } from '@web/lib/use-document-title';

const t = nl.customersUi;

type Open = 'edit' | 'merge' | 'block' | 'unblock' | null;

/**
 * A customer's card: details, figures, notes, every booking, the messages sent and the latest
 * intake. The actions are those the member's role has (docs/PRODUCT.md#roles): editing needs
 * `customers.contact`, merging and blocking `customers.manage`.
 */
export default function CustomerPage() {
  const { id = '' } = useParams<{ id: string }>();
  const user = useCurrentUser();
  const card = useCustomer(id);
  const c = card.data;
  useDocumentTitle(c?.name ?? t.title);
  const [open, setOpen] = useState<Open>(null);
  const [mergeWith, setMergeWith] = useState<OtherCustomer | null>(null);
  const allowed = user.allowedActions;
  const contactAllowed = allowed.includes('customers.contact');
  const manage = allowed.includes('customers.manage');
  const dialog = (which: Exclude<Open, null>) => ({
    open: open === which,
    onOpenChange: (next: boolean) => setOpen(next ? which : null),
  });

  const back = (
    <Link
      href={CUSTOMERS_PATH}
      className="flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t.backToList}
    </Link>
  );

  if (!c) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {back}
        {card.isError ? (
          <LoadError
            error={card.error}
            notFoundTitle={t.notFoundTitle}
            onRetry={() => void card.refetch()}
            action={
              <Link href={CUSTOMERS_PATH} className={buttonVariants({ variant: 'outline' })}>
                {t.backToList}
              </Link>
            }
          />
        ) : (
          <PageSkeleton />
        )}
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      {back}
      <PageHeader
        title={c.name}
        description={c.blocked ? <BlockedBadge /> : undefined}
        className="[&_h1]:break-words"
        actions={
          (contactAllowed || manage) && (
            <div role="group" aria-label={t.actions} className="flex flex-wrap gap-2">
              {contactAllowed && (
                <Button variant="outline" onClick={() => setOpen('edit')}>
                  <Pencil aria-hidden="true" />
                  {t.edit}
                </Button>
              )}
              {manage && (
                <Button
                  variant="outline"
                  onClick={() => {
                    setMergeWith(null);
                    setOpen('merge');
                  }}
                >
                  <GitMerge aria-hidden="true" />
                  {t.merge}
                </Button>
              )}
              {manage &&
                (c.blocked ? (
                  <Button variant="outline" onClick={() => setOpen('unblock')}>
                    <ShieldCheck aria-hidden="true" />
                    {t.unblock}
                  </Button>
                ) : (
                  <Button variant="outline" onClick={() => setOpen('block')}>
                    <Ban aria-hidden="true" />
                    {t.block}
                  </Button>
                ))}
            </div>
          )
        }
      />
      <BlockedNotice customer={c} timeZone={user.timeZone} />
      <CustomerFigures customer={c} timeZone={user.timeZone} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-6">
          <CustomerDetails customer={c} timeZone={user.timeZone} contactAllowed={contactAllowed} />
          <CustomerNotes customerId={c.id} notes={c.notes} timeZone={user.timeZone} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <CustomerBookings bookings={c.bookings} />
          <CustomerIntake intake={c.latestIntake} />
          <CustomerMessages messages={c.messages} timeZone={user.timeZone} />
        </div>
      </div>

      {contactAllowed && (
        <CustomerFormDialog
          customer={c}
          {...dialog('edit')}
          onMerge={
            manage
              ? (other) => {
                  setMergeWith(other);
                  setOpen('merge');
                }
              : undefined
          }
        />
      )}
      {manage && (
        <>
          <MergeDialog customer={c} other={mergeWith} {...dialog('merge')} />
          <BlockDialog customer={c} {...dialog('block')} />
          <UnblockDialog customer={c} {...dialog('unblock')} />
        </>
      )}
    </div>
  );
}
