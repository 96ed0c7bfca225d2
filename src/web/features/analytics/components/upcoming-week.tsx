import { CalendarClock, Euro } from 'lucide-react';
import type { AnalyticsDto } from '@contracts/insights';
import { nl } from '@contracts/messages';
import { formatEuro, formatShortDutchDate } from '@core/index';
import { StatCard } from '@web/components/stat-card';
import { fill } from '@web/lib/fill-message';

const t = nl.analyticsUi;

/**
 * 'Komende 7 dagen' (docs/PRODUCT.md#statistics): the spec's periods all look back; an owner
 * planning the week also wants what is coming, whatever period tab is open.
 */
export function UpcomingWeek({ upcoming }: { upcoming: AnalyticsDto['upcoming'] | undefined }) {
  return (
    <section aria-labelledby="analytics-upcoming">
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="analytics-upcoming" className="text-lg font-semibold">
          {t.upcomingLabel}
        </h2>
        {upcoming && (
          <p className="text-sm text-muted-foreground">
            {fill(t.range, {
              from: formatShortDutchDate(upcoming.from),
              to: formatShortDutchDate(upcoming.to),
            })}
          </p>
        )}
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <StatCard
          label={t.upcomingBookings}
          value={upcoming?.bookings}
          caption={t.upcomingBookingsCaption}
          icon={CalendarClock}
        />
        <StatCard
          label={t.upcomingRevenue}
          value={upcoming ? formatEuro(upcoming.expectedRevenue) : undefined}
          caption={t.upcomingRevenueCaption}
          icon={Euro}
        />
      </dl>
    </section>
  );
}
