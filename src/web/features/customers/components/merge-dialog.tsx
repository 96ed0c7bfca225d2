import { ArrowLeft, UserRound } from 'lucide-react';
import { useState } from 'react';
import type { CustomerDetail } from '@contracts/customers';
import { nl } from '@contracts/messages';
import { LoadError } from '@web/components/load-error';
import { PendingButton } from '@web/components/pending-button';
import { SearchInput } from '@web/components/search-input';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useCustomer } from '../api/get-customer';
import { useCustomers } from '../api/get-customers';
import { useMergeCustomers } from '../api/merge-customers';
import type { OtherCustomer } from './customer-form-dialog';

const t = nl.customersUi;

/**
 * 'Samenvoegen': pick the other customer by search (or arrive with one, from an edit's 409), see
 * what moves over (their bookings, notes and tags), then confirm. `customer` keeps everything.
 */
export function MergeDialog({
  customer,
  other,
  open,
  onOpenChange,
}: {
  customer: CustomerDetail;
  /** The customer picked beforehand (the address an edit found taken). */
  other: OtherCustomer | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        {open && (
          <MergeSteps
            key={other?.customerId ?? 'search'}
            customer={customer}
            initialOtherId={other?.customerId ?? null}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function MergeSteps({
  customer,
  initialOtherId,
  onDone,
}: {
  customer: CustomerDetail;
  initialOtherId: string | null;
  onDone: () => void;
}) {
  const [otherId, setOtherId] = useState<string | null>(initialOtherId);
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{fill(t.mergeTitle, { name: customer.name })}</DialogTitle>
        <DialogDescription>{fill(t.mergeText, { name: customer.name })}</DialogDescription>
      </DialogHeader>
      {otherId ? (
        <Preview customer={customer} otherId={otherId} onBack={() => setOtherId(null)} onDone={onDone} />
      ) : (
        <Search customerId={customer.id} onPick={setOtherId} onCancel={onDone} />
      )}
    </div>
  );
}

function Search({
  customerId,
  onPick,
  onCancel,
}: {
  customerId: string;
  onPick: (id: string) => void;
  onCancel: () => void;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const found = useCustomers({ q: q || undefined, sort: 'name' }, q !== '');
  const others = (found.data?.pages[0]?.customers ?? []).filter((c) => c.id !== customerId).slice(0, 8);
  return (
    <>
      <SearchInput
        label={t.mergeSearch}
        placeholder={t.searchPlaceholder}
        value={search}
        onChange={setSearch}
      />
      {q !== '' && (
        <div aria-live="polite" aria-busy={found.isFetching}>
          {found.isError ? (
            <LoadError error={found.error} onRetry={() => void found.refetch()} />
          ) : found.data && others.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t.mergeNoResults}</p>
          ) : (
            <ul aria-label={t.mergeSearch} className="grid gap-1.5">
              {others.map((c) => (
                <li key={c.id}>
                  <Button
                    type="button"
                    variant="outline"
                    className="h-auto w-full justify-start py-2 text-left"
                    aria-label={fill(t.mergePick, { name: c.name })}
                    onClick={() => onPick(c.id)}
                  >
                    <UserRound aria-hidden="true" />
                    <span className="grid min-w-0">
                      <span className="truncate font-medium">{c.name}</span>
                      {(c.email || c.phone) && (
                        <span className="truncate text-xs text-muted-foreground">{c.email ?? c.phone}</span>
                      )}
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t.cancel}
        </Button>
      </DialogFooter>
    </>
  );
}

function Preview({
  customer,
  otherId,
  onBack,
  onDone,
}: {
  customer: CustomerDetail;
  otherId: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const other = useCustomer(otherId);
  const merge = useMergeCustomers({
    onSuccess: (card) => {
      toast({
        title: t.merged,
        description: fill(t.mergedText, { other: other.data?.name ?? '', name: card.name }),
      });
      onDone();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: t.mergeFailed, description: describeError(error) }),
  });
  const o = other.data;
  return (
    <>
      {other.isError ? (
        <LoadError error={other.error} onRetry={() => void other.refetch()} />
      ) : !o ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">{t.loading}</span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : (
        <section
          aria-labelledby="merge-preview"
          className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm"
        >
          <h3 id="merge-preview" className="font-semibold">
            {fill(t.mergePreviewTitle, { name: customer.name })}
          </h3>
          <p className="font-medium break-words">{o.name}</p>
          <ul className="grid gap-1">
            <li>{fill(t.mergeBookings, { count: o.bookings.length })}</li>
            <li>{fill(t.mergeNotes, { count: o.notes.length })}</li>
            <li className="break-words">
              {o.tags.length ? fill(t.mergeTags, { tags: o.tags.join(', ') }) : t.mergeNoTags}
            </li>
          </ul>
          <p className="text-muted-foreground">{t.mergeNote}</p>
        </section>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack} disabled={merge.isPending}>
          <ArrowLeft aria-hidden="true" />
          {t.mergeBack}
        </Button>
        <PendingButton
          type="button"
          variant="destructive"
          pending={merge.isPending}
          pendingLabel={t.merging}
          disabled={!o}
          onClick={() => merge.mutate({ id: customer.id, otherId })}
        >
          {t.mergeConfirm}
        </PendingButton>
      </DialogFooter>
    </>
  );
}
