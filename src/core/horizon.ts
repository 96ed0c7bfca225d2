/**
 * The booking horizon (docs/PRODUCT.md#booking-rules), on its own: the booking page's first step
 * needs it to know its last month, without loading the rest of the booking rules.
 */
import { addDays, dateToEpochDay } from './time';

/** The last date a customer may book with a horizon of `days`, counted from the owner's today. */
export function horizonLastDate(today: string, days: number | null | undefined): string | null {
  return days == null || dateToEpochDay(today) === null ? null : addDays(today, days);
}
