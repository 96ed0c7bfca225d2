import { nl } from '@contracts/messages';
import { formatShortDutchDate, isValidDate, type DateRangeType } from '@core/index';
import { fill } from '@web/lib/fill-message';

const t = nl.eventsUi;

/**
 * An event's dates in one line, on its card and on the dashboard. Range: 'start - end'; specific:
 * '{n} specifieke datum(s)' (n = distinct valid dates); otherwise, or without dates, 'Geen datums'.
 */
export function dateSummary(event: {
  dateRangeType: DateRangeType | string;
  dateRangeStart?: string | null;
  dateRangeEnd?: string | null;
  specificDates?: string[] | null;
}): string {
  if (event.dateRangeType === 'range') {
    const { dateRangeStart: start, dateRangeEnd: end } = event;
    if (!isValidDate(start) || !isValidDate(end)) return t.noDates;
    return `${formatShortDutchDate(start)} - ${formatShortDutchDate(end)}`;
  }
  if (event.dateRangeType === 'ongoing') {
    const { dateRangeStart: start } = event;
    return isValidDate(start) ? fill(t.ongoingFrom, { date: formatShortDutchDate(start) }) : t.noDates;
  }
  if (event.dateRangeType === 'specific') {
    const n = new Set((event.specificDates ?? []).filter((d) => isValidDate(d))).size;
    return n > 0 ? fill(t.specificDatesCount, { n }) : t.noDates;
  }
  return t.noDates;
}
