/**
 * Group classes in the booking wizard (docs/PRODUCT.md#classes): what a time says of its places,
 * how many places one booking may choose, and the price of several places. Only the class's lazy
 * chunks import this, so services of one place load none of it.
 */
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { amountToCentsRounded, centsToAmount, formatCents } from '@core/money';
import { fill } from '@web/lib/fill-message';
import type { Slot } from '../components/slot-grid';

const c = nl.classes;

/** 'Nog 3 plekken', 'Nog 1 plek', or 'Vol' for a time that takes nobody; nothing for other services. */
export function seatsNote(slot: Slot): string | undefined {
  if (slot.seatsLeft === undefined) return undefined;
  if (slot.busy || slot.seatsLeft <= 0) return c.full;
  return slot.seatsLeft === 1 ? c.seatLeft : fill(c.seatsLeft, { count: slot.seatsLeft });
}

/**
 * The most places this booking may take at the chosen time: the service's maximum per booking,
 * no more than are left there (unknown while the month loads: the maximum; the server checks).
 */
export function maxSeatsAt(maxSeatsPerBooking: number, seatsLeft: number | undefined): number {
  const left = seatsLeft === undefined ? maxSeatsPerBooking : seatsLeft;
  return Math.max(1, Math.min(maxSeatsPerBooking, left));
}

/** The places left at a time of the month's slots; undefined when the time is not among them. */
export function seatsLeftAt(
  days: ReadonlyArray<{ date: string; slots: readonly Slot[] }> | undefined,
  date: string | null,
  time: string | null,
): number | undefined {
  return days?.find((d) => d.date === date)?.slots.find((s) => s.time === time)?.seatsLeft;
}

/**
 * The price of `seats` places at `amount` each, as the server charges a class (per place times the
 * places): the total as a decimal string, and the review's line '2 × € 12,50 = € 25,00'. Null
 * without a price.
 */
export function classPrice(
  amount: string | null,
  currency: string,
  seats: number,
): { total: string; line: string } | null {
  const each = amountToCentsRounded(amount);
  if (!each || each <= 0) return null;
  return {
    total: centsToAmount(each * seats),
    line: fill(c.priceTimes, {
      count: seats,
      price: formatCents(each, currency),
      total: formatCents(each * seats, currency),
    }),
  };
}
