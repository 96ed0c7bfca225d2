import { CalendarCheck, CalendarDays } from 'lucide-react';
import type { AnalyticsDto } from '@contracts/insights';
import { nl } from '@contracts/messages';
import { StatCard } from '@web/components/stat-card';

const t = nl.analyticsUi;

/** docs/PRODUCT.md#statistics: the overview with total events and total bookings, whatever the period. */
export function AnalyticsOverview({ overview }: { overview: AnalyticsDto['overview'] | undefined }) {
  return (
    <section aria-labelledby="analytics-overview">
      <h2 id="analytics-overview" className="mb-3 text-lg font-semibold">
        {t.overviewLabel}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        <StatCard
          label={t.totalEvents}
          value={overview?.totalEvents}
          caption={t.totalEventsCaption}
          icon={CalendarDays}
        />
        <StatCard
          label={t.totalBookings}
          value={overview?.totalBookings}
          caption={t.totalBookingsCaption}
          icon={CalendarCheck}
        />
      </dl>
    </section>
  );
}
