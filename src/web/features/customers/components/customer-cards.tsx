import type { CustomerListItem } from '@contracts/customers';
import { nl } from '@contracts/messages';
import { formatCents } from '@core/index';
import { dayText } from '../lib/customer-text';
import { CustomerContact } from './customer-contact';
import { CustomerNameLink } from './customer-name-link';
import { BlockedBadge, CustomerTags } from './customer-tags';

const t = nl.customersUi;

/** Phone layout of the customer list: one card per customer, the same facts as the table. */
export function CustomerCards({
  customers,
  timeZone,
  contactAllowed,
}: {
  customers: readonly CustomerListItem[];
  timeZone: string;
  contactAllowed: boolean;
}) {
  return (
    // grid-cols-1 (minmax(0, 1fr)) at every level, so a long name or address cannot push the card wider.
    <ul aria-label={t.listLabel} className="grid grid-cols-1 gap-3">
      {customers.map((c) => (
        <li key={c.id} className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <CustomerNameLink id={c.id} name={c.name} className="min-w-0 font-semibold" />
            {c.blocked && <BlockedBadge />}
          </div>
          {contactAllowed && <CustomerContact email={c.email} phone={c.phone} contactAllowed />}
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
            <Fact label={t.columns.visits} value={String(c.visits)} />
            <Fact label={t.columns.noShows} value={String(c.noShows)} />
            <Fact label={t.columns.lastVisit} value={dayText(c.lastVisitAt, timeZone)} />
            <Fact label={t.columns.nextVisit} value={dayText(c.nextVisitAt, timeZone)} />
            <Fact label={t.columns.totalPaid} value={formatCents(c.totalPaidCents)} />
          </dl>
          <CustomerTags tags={c.tags} label={t.columns.tags} />
        </li>
      ))}
    </ul>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate tabular-nums">{value}</dd>
    </div>
  );
}
