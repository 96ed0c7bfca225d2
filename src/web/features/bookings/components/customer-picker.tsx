import { Ban, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { CustomerListItem } from '@contracts/customers';
import { nl } from '@contracts/messages';
import { formatShortDutchDate, instantParts } from '@core/index';
import { formatPhone } from '@core/phone';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import { MIN_CUSTOMER_QUERY, useCustomerSearch } from '../api/search-customers';
import { useDebouncedValue } from '@web/lib/use-debounced-value';

const t = nl.manualBookings;

/**
 * The customer picked: one found by the search, or one known from a booking (its 'Herhalen'), which
 * brings the record's id and the booking's details but not the record's figures.
 */
export type PickedCustomer = Pick<CustomerListItem, 'id' | 'name' | 'email' | 'phone'> &
  Partial<Pick<CustomerListItem, 'lastVisitAt' | 'blocked'>>;
/** The list shows the best few; more means typing on. */
const SHOWN = 8;

/**
 * 'Bestaande klant zoeken' (docs/PRODUCT.md#customers): an APG editable combobox with list
 * autocomplete and the active option in `aria-activedescendant`, so focus stays in the text box.
 * A picked customer replaces the box with a summary and 'Andere klant', which brings the box back.
 * The dialog's Escape leaves an open list to this box (new-booking-dialog's onEscapeKeyDown).
 */
export function CustomerPicker({
  picked,
  error,
  timeZone,
  onPick,
  onClear,
}: {
  picked: PickedCustomer | null;
  /** The server's word on the pick (a customer removed meanwhile). */
  error?: string;
  timeZone: string;
  onPick: (customer: CustomerListItem) => void;
  onClear: () => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(text.trim(), 250);
  const search = useCustomerSearch(q);
  const searching = text.trim().length >= MIN_CUSTOMER_QUERY;
  const results = searching && search.data ? search.data.customers.slice(0, SHOWN) : [];
  const more = Boolean(search.data && (search.data.nextCursor || search.data.customers.length > SHOWN));
  const expanded = open && results.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  // Focus follows the pick: to 'Andere klant' once picked, back to the box once cleared.
  const wasPicked = useRef(Boolean(picked));
  useEffect(() => {
    if (wasPicked.current === Boolean(picked)) return;
    wasPicked.current = Boolean(picked);
    (picked ? clearRef.current : inputRef.current)?.focus();
  }, [picked]);

  if (picked) {
    return (
      <div
        role="group"
        aria-labelledby={`${id}-picked`}
        className="grid gap-2 rounded-md border bg-muted/40 p-3"
      >
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:justify-between">
          <div id={`${id}-summary`} className="grid min-w-0 flex-1 gap-0.5">
            <p id={`${id}-picked`} className="text-xs text-muted-foreground">
              {t.customerPicked}
            </p>
            <CustomerLines customer={picked} timeZone={timeZone} />
          </div>
          <Button
            ref={clearRef}
            type="button"
            variant="outline"
            size="sm"
            aria-describedby={`${id}-summary`}
            onClick={() => {
              setText('');
              setOpen(false);
              onClear();
            }}
          >
            {t.customerClear}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">{t.customerPickedHint}</p>
        {error && <p className="text-sm font-medium text-destructive-text">{error}</p>}
      </div>
    );
  }

  const choose = (i: number) => {
    const customer = results[i];
    if (!customer) return;
    setOpen(false);
    setActive(-1);
    onPick(customer);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!results.length) return;
      e.preventDefault();
      const last = results.length - 1;
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : last);
        return;
      }
      setActive((i) => (e.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (e.key === 'Enter') {
      // Enter in the search never saves the booking half filled in.
      e.preventDefault();
      if (expanded && active >= 0) choose(active);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const status = !searching
    ? t.customerSearchHint
    : search.isError
      ? fill(t.customerSearchFailed, { reason: describeError(search.error) })
      : search.isPending || search.isPlaceholderData || q !== text.trim()
        ? t.customerSearching
        : results.length === 0
          ? t.customerNoResults
          : `${fill(t.customerFound, { count: results.length })}${more ? ` ${t.customerMore}` : ''}`;

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-input`}>{t.customerSearch}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-status`}
          placeholder={t.customerSearchPlaceholder}
          className="pl-9"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={t.customerSearch}
        hidden={!expanded}
        className="max-h-72 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-sm"
      >
        {results.map((c, i) => (
          <li
            key={c.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keep focus in the box while clicking an option.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(i)}
            onMouseMove={() => setActive(i)}
            className={cn(
              'grid cursor-pointer gap-0.5 rounded-sm px-2 py-1.5',
              i === active && 'bg-accent text-accent-foreground',
            )}
          >
            <CustomerLines customer={c} timeZone={timeZone} />
          </li>
        ))}
      </ul>
      <p id={`${id}-status`} role="status" className="text-xs text-muted-foreground">
        {status}
      </p>
    </div>
  );
}

/** Name (with 'Geblokkeerd'), then e-mail, phone and last visit: enough to tell two namesakes apart. */
function CustomerLines({ customer, timeZone }: { customer: PickedCustomer; timeZone: string }) {
  // Unknown (undefined) for a customer brought by a booking: nothing is said about the visits.
  const visit =
    customer.lastVisitAt === undefined
      ? null
      : customer.lastVisitAt
        ? fill(t.customerLastVisit, {
            date: formatShortDutchDate(instantParts(new Date(customer.lastVisitAt), timeZone).date),
          })
        : t.customerNoVisit;
  const facts = [customer.email, customer.phone && formatPhone(customer.phone), visit].filter(Boolean);
  return (
    <>
      <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
        <span className="min-w-0 break-words">{customer.name}</span>
        {customer.blocked && (
          <Badge variant="outline" className="border-destructive-text/40 text-destructive-text">
            <Ban aria-hidden="true" />
            {t.customerBlocked}
          </Badge>
        )}
      </span>
      {/* Each fact whole on its line: a narrow list breaks between them. */}
      <span className="flex flex-wrap gap-x-1 text-xs text-muted-foreground">
        {facts.map((fact, i) => (
          <span key={i} className="min-w-0 break-words">
            {i > 0 && '· '}
            {fact}
          </span>
        ))}
      </span>
    </>
  );
}
