import type { CustomerListItem } from '@contracts/customers';
import { nl } from '@contracts/messages';
import { formatCents } from '@core/index';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { dayText } from '../lib/customer-text';
import { CustomerContact } from './customer-contact';
import { CustomerNameLink } from './customer-name-link';
import { BlockedBadge, CustomerTags } from './customer-tags';

const t = nl.customersUi;

/**
 * The customer list on wide screens (phones get CustomerCards): the name links to the card; the tags
 * sit under it, so the figures keep their columns beside the sidebar without scrolling sideways.
 */
export function CustomersTable({
  customers,
  timeZone,
  contactAllowed,
}: {
  customers: readonly CustomerListItem[];
  timeZone: string;
  /** Without `customers.contact` the server sends no e-mail or phone: the column is left out. */
  contactAllowed: boolean;
}) {
  return (
    // The figures' headings may wrap (two short lines), so every column fits beside the sidebar.
    <Table label={t.tableRegion} className="min-w-[52rem] [&_th]:h-auto [&_th]:py-2 [&_th]:whitespace-normal">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t.columns.name}</TableHead>
          {contactAllowed && <TableHead>{t.columns.contact}</TableHead>}
          <TableHead className="text-right">{t.columns.visits}</TableHead>
          <TableHead className="text-right">{t.columns.noShows}</TableHead>
          <TableHead>{t.columns.lastVisit}</TableHead>
          <TableHead>{t.columns.nextVisit}</TableHead>
          <TableHead className="text-right">{t.columns.totalPaid}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {customers.map((c) => (
          <TableRow key={c.id}>
            <TableCell className="max-w-64 min-w-40 font-medium">
              <div className="grid justify-items-start gap-1">
                <CustomerNameLink id={c.id} name={c.name} className="text-foreground" />
                {c.blocked && <BlockedBadge />}
                <CustomerTags tags={c.tags} label={t.columns.tags} />
              </div>
            </TableCell>
            {contactAllowed && (
              <TableCell className="max-w-60 min-w-48">
                <CustomerContact email={c.email} phone={c.phone} contactAllowed />
              </TableCell>
            )}
            <TableCell className="text-right tabular-nums">{c.visits}</TableCell>
            <TableCell className="text-right tabular-nums">{c.noShows}</TableCell>
            <TableCell className="whitespace-nowrap">{dayText(c.lastVisitAt, timeZone)}</TableCell>
            <TableCell className="whitespace-nowrap">{dayText(c.nextVisitAt, timeZone)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatCents(c.totalPaidCents)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
