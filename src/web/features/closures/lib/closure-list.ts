/** Pure helpers of the Sluitingsdagen card: how a closure reads, and which holidays the picker adds. */
import type { ClosureDto, HolidayDto } from '@contracts/closures';
import { nl } from '@contracts/messages';
import {
  closureCovers,
  daysBetween,
  dutchWeekday,
  formatDutchDayMonth,
  formatShortDutchDate,
} from '@core/index';
import type { ClosureBody } from '../api/create-closure';

const withWeekday = (date: string, text: string) => `${dutchWeekday(date).short} ${text}`;

/**
 * 'vr 25 dec. 2026' for one day, 'ma 6 jul. – vr 24 jul. 2026' within a year,
 * 'ma 28 dec. 2026 – vr 1 jan. 2027' across one; a yearly one without weekday or year, as it
 * recurs: '24 dec. – 26 dec., elk jaar'.
 */
export function closureDates({
  startDate,
  endDate,
  yearly,
}: Pick<ClosureDto, 'startDate' | 'endDate' | 'yearly'>): string {
  if (yearly) {
    const days =
      startDate === endDate
        ? formatDutchDayMonth(startDate)
        : `${formatDutchDayMonth(startDate)} – ${formatDutchDayMonth(endDate)}`;
    return `${days}, ${nl.closuresUi.yearlyShown}`;
  }
  const end = withWeekday(endDate, formatShortDutchDate(endDate));
  if (startDate === endDate) return end;
  const sameYear = startDate.slice(0, 4) === endDate.slice(0, 4);
  const start = withWeekday(
    startDate,
    sameYear ? formatDutchDayMonth(startDate) : formatShortDutchDate(startDate),
  );
  return `${start} – ${end}`;
}

/** How many days the closure spans, both ends included. */
export const closureDays = ({ startDate, endDate }: Pick<ClosureDto, 'startDate' | 'endDate'>) =>
  daysBetween(startDate, endDate) + 1;

/** Over: its last day is before today (the owner's today); a yearly one comes back, so never. */
export const isPastClosure = (closure: Pick<ClosureDto, 'endDate' | 'yearly'>, today: string) =>
  !closure.yearly && closure.endDate < today;

/** Closed on `today` (core's rule, so a yearly one this year too). */
export const isCurrentClosure = (
  closure: Pick<ClosureDto, 'startDate' | 'endDate' | 'yearly'>,
  today: string,
) => closureCovers(closure, today);

/**
 * Already closed for the whole business as a one-day closure of the holiday's date (the picker's own
 * kind), or by a yearly closure that comes back on it.
 */
export const holidayAlreadyClosed = (holiday: HolidayDto, closures: readonly ClosureDto[]) =>
  closures.some(
    (c) =>
      c.agendaId === null &&
      ((c.startDate === holiday.date && c.endDate === holiday.date) ||
        (c.yearly && closureCovers(c, holiday.date))),
  );

/**
 * The closures the picker adds for the ticked holidays: one day each, for the whole business,
 * labelled with the holiday's name; in date order, holidays already closed that way left out.
 */
export function holidayClosures(
  holidays: readonly HolidayDto[],
  chosen: ReadonlySet<string>,
  closures: readonly ClosureDto[],
): ClosureBody[] {
  return holidays
    .filter((h) => chosen.has(h.date) && !holidayAlreadyClosed(h, closures))
    .map((h) => ({ startDate: h.date, endDate: h.date, label: h.name, agendaId: null, yearly: false }));
}
