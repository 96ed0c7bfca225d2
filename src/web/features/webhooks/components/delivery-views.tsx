import type { WebhookDeliveryDto } from '@contracts/notifications';
import { nl } from '@contracts/messages';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { DeliveryBooking, DeliveryResponse, DeliveryStatusCell, DeliveryTime } from './delivery-parts';

const t = nl.webhooksUi;

interface ViewProps {
  deliveries: readonly WebhookDeliveryDto[];
  /** Accessible name of the table or list. */
  label: string;
}

/** Wide screens: one compact row per delivery. */
export function DeliveriesTable({ deliveries, label }: ViewProps) {
  const head = 'h-9 px-3';
  const cell = 'px-3 py-2.5 align-top';
  return (
    <Table label={label} className="text-sm">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className={head}>{t.deliveryTime}</TableHead>
          <TableHead className={head}>{t.deliveryBooking}</TableHead>
          <TableHead className={head}>{t.deliveryStatus}</TableHead>
          <TableHead className={`${head} text-right`}>{t.deliveryAttempts}</TableHead>
          <TableHead className={head}>{t.deliveryResponse}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {deliveries.map((d) => (
          <TableRow key={d.id}>
            <TableCell className={cell}>
              <DeliveryTime delivery={d} />
            </TableCell>
            <TableCell className={`${cell} max-w-56`}>
              <DeliveryBooking delivery={d} />
            </TableCell>
            <TableCell className={cell}>
              <DeliveryStatusCell delivery={d} />
            </TableCell>
            <TableCell className={`${cell} text-right tabular-nums`}>{d.attempts}</TableCell>
            <TableCell className={`${cell} max-w-64`}>
              <DeliveryResponse delivery={d} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: one small card per delivery, the same fields as the table with visible labels. */
export function DeliveriesList({ deliveries, label }: ViewProps) {
  return (
    <ul aria-label={label} className="grid gap-2">
      {deliveries.map((d) => (
        <li key={d.id} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
          <div className="flex items-start justify-between gap-3">
            <DeliveryBooking delivery={d} />
            <DeliveryStatusCell delivery={d} className="shrink-0 justify-items-end text-right" />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
            <dt className="text-muted-foreground">{t.deliveryTime}</dt>
            <dd>
              <DeliveryTime delivery={d} />
            </dd>
            <dt className="text-muted-foreground">{t.deliveryAttempts}</dt>
            <dd className="tabular-nums">{d.attempts}</dd>
            <dt className="text-muted-foreground">{t.deliveryResponse}</dt>
            <dd>
              <DeliveryResponse delivery={d} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
