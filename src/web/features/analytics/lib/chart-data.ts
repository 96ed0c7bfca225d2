import type { AnalyticsDto } from '@contracts/insights';
import { nl } from '@contracts/messages';
import {
  addDays,
  compareDates,
  formatDutchDayMonth,
  formatDutchWeekdayDayMonth,
  formatTime,
} from '@core/index';
import { fill } from '@web/lib/fill-message';

export interface ChartPoint {
  key: string;
  /** Short label under the bar. */
  label: string;
  /** Full label for the tooltip and the screen-reader table. */
  fullLabel: string;
  count: number;
}

/** Every day of the period, also the ones without bookings (the server only sends days with bookings). */
export function perDayPoints(data: Pick<AnalyticsDto, 'from' | 'to' | 'perDay'>): ChartPoint[] {
  const counts = new Map(data.perDay.map((d) => [d.date, d.count]));
  const points: ChartPoint[] = [];
  for (
    let date = data.from;
    compareDates(date, data.to) <= 0 && points.length < 62;
    date = addDays(date, 1)
  ) {
    points.push({
      key: date,
      label: formatDutchDayMonth(date),
      fullLabel: formatDutchWeekdayDayMonth(date),
      count: counts.get(date) ?? 0,
    });
  }
  return points;
}

/** Hour by hour over a working day (at least 08:00-18:00, wider when bookings fall outside it). */
export function perHourPoints(byHour: AnalyticsDto['byHour']): ChartPoint[] {
  const counts = new Map(byHour.map((h) => [h.hour, h.count]));
  const hours = byHour.map((h) => h.hour);
  const first = Math.min(8, ...hours);
  const last = Math.max(17, ...hours);
  const points: ChartPoint[] = [];
  for (let hour = first; hour <= last; hour++) {
    const label = formatTime(hour * 60);
    points.push({ key: String(hour), label, fullLabel: hourRange(hour), count: counts.get(hour) ?? 0 });
  }
  return points;
}

/** '09:00 - 10:00'. */
export const hourRange = (hour: number) =>
  fill(nl.analyticsUi.hourRange, { from: formatTime(hour * 60), to: formatTime(((hour + 1) % 24) * 60) });

const percent = new Intl.NumberFormat('nl-NL', { style: 'percent', maximumFractionDigits: 1 });

/** The no-show rate's caption: "33,3% van de afspraken die al begonnen zijn" (Dutch decimal comma). */
export function noShowCaption(noShows: AnalyticsDto['noShows']): string {
  if (noShows.rate === null) return nl.noShows.statNone;
  return fill(nl.noShows.statText, { rate: percent.format(noShows.rate) });
}
