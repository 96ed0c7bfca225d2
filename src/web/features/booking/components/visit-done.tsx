import { CalendarCheck2 } from 'lucide-react';
import { Link } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { CreatedVisit } from '@contracts/public-visits';
import { formatMoney } from '@core/money';
import { buttonVariants } from '@web/components/ui/button';
import { fill } from '@web/lib/fill-message';
import { DetailsList, segmentItems, type DetailItem } from './details-list';
import { ManageLinkCard } from './manage-link-card';
import { StatusPanel } from './status-panel';

const v = nl.visits;

/** The visit is booked: its segments, totals and the one-time management link. */
export function VisitDone({
  visit,
  backPath,
  embed,
  salonPrice,
  choosing,
}: {
  /** The services (by id) that offer a choice of people: their segments name the person. */
  choosing: ReadonlySet<string>;
  visit: CreatedVisit;
  /** The price to pay at the salon (the services' listed prices), formatted; null: none. */
  salonPrice: string | null;
  /** The business page, where the customer came from (docs/PRODUCT.md#good-endings). */
  backPath: string;
  embed: boolean;
}) {
  const { totals } = visit;
  const items: DetailItem[] = [
    ...segmentItems(visit.segments, (id) => choosing.has(id)),
    { label: v.totalTime, value: fill(nl.wizard.minutes, { count: totals.durationMinutes }) },
    ...(Number(totals.price) > 0
      ? [{ label: v.totalPrice, value: formatMoney(totals.price, totals.currency) }]
      : salonPrice
        ? [{ label: v.totalPrice, value: salonPrice }]
        : []),
  ];
  return (
    <div className="space-y-6">
      <StatusPanel icon={CalendarCheck2} tone="success" title={v.doneTitle} focusTitle>
        {v.doneText}
      </StatusPanel>
      <DetailsList items={items} />
      <ManageLinkCard url={visit.managementUrl} newTab={embed} />
      <div className="flex justify-center">
        <Link
          href={backPath}
          className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full sm:w-auto' })}
        >
          {v.toServices}
        </Link>
      </div>
    </div>
  );
}
