import { CalendarCheck, CalendarX2, Euro, Gauge, UserX } from 'lucide-react';
import type { AnalyticsDto } from '@contracts/insights';
import { nl } from '@contracts/messages';
import { formatEuro, formatLongDutchDate, formatShortDutchDate } from '@core/index';
import { EmptyState } from '@web/components/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { LoadError } from '@web/components/load-error';
import { StatCard } from '@web/components/stat-card';
import { fill } from '@web/lib/fill-message';
import { hourRange, noShowCaption, perDayPoints, perHourPoints } from '../lib/chart-data';
import { useAnalytics } from '../api/get-analytics';
import { ChartCard } from './chart-card';
import { RankedBars } from './ranked-bars';

const t = nl.analyticsUi;
type Period = AnalyticsDto['period'];

/** Everything shown for one statistics period (one tab). */
export function PeriodPanel({ period }: { period: Period }) {
  const analytics = useAnalytics(period);
  const data = analytics.data;
  if (analytics.isError && !data)
    return <LoadError error={analytics.error} onRetry={() => void analytics.refetch()} />;

  const singleDay = period === 'today' || period === 'yesterday';
  const empty = data && data.bookings === 0 && data.cancellations === 0;
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy={!data}>
      {!data ? (
        <p role="status" className="sr-only">
          {t.loading}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {singleDay
            ? formatLongDutchDate(data.from)
            : fill(t.range, { from: formatShortDutchDate(data.from), to: formatShortDutchDate(data.to) })}
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        <StatCard
          label={t.bookings}
          value={data?.bookings}
          caption={t.bookingsCaption}
          icon={CalendarCheck}
        />
        <StatCard
          label={t.cancellations}
          value={data?.cancellations}
          caption={t.cancellationsCaption}
          icon={CalendarX2}
        />
        <StatCard
          label={t.revenue}
          value={data ? formatEuro(data.revenue) : undefined}
          caption={t.revenueCaption}
          icon={Euro}
        />
        <StatCard
          label={t.occupancy}
          value={data ? `${data.occupancy.percentage}%` : undefined}
          caption={
            data
              ? fill(t.occupancyCaption, { booked: data.occupancy.booked, total: data.occupancy.totalSlots })
              : undefined
          }
          icon={Gauge}
        />
        <StatCard
          label={nl.noShows.statTitle}
          value={data?.noShows.count}
          caption={data ? noShowCaption(data.noShows) : undefined}
          icon={UserX}
        />
      </dl>
      {!data ? (
        <Skeleton className="h-80 w-full rounded-xl" />
      ) : empty ? (
        <EmptyState icon={CalendarX2} title={t.empty} description={t.emptyText} />
      ) : (
        <PeriodDetails data={data} singleDay={singleDay} />
      )}
    </div>
  );
}

function PeriodDetails({ data, singleDay }: { data: AnalyticsDto; singleDay: boolean }) {
  return (
    <>
      {singleDay ? (
        <ChartCard title={t.perHour} points={perHourPoints(data.byHour)} />
      ) : (
        <ChartCard title={t.perDay} points={perDayPoints(data)} />
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <RankedBars
          title={t.busiestDays}
          limit={7}
          items={data.byWeekday.map((d) => ({
            key: String(d.weekday),
            label: t.weekdays[d.weekday] ?? '',
            count: d.count,
          }))}
        />
        <RankedBars
          title={t.busiestHours}
          items={data.byHour.map((h) => ({ key: String(h.hour), label: hourRange(h.hour), count: h.count }))}
        />
        <RankedBars
          title={t.topEvents}
          items={data.topEvents.map((e) => ({ key: e.eventId, label: e.title, count: e.count }))}
        />
      </div>
    </>
  );
}
