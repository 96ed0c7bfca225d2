import { nl } from '@contracts/messages';
import { answersLeavingApp, formatMoney, formatPhone, otherAnswers } from '@core/index';
import type { BookingRow } from '../../db/schema';

const l = nl.dataOut.feedLines;
const fill = (text: string, value: string) => text.replace('{value}', value);

/** The booking's day in the app's agenda view, of its own agenda: where the owner sees all of it. */
export const ownerBookingUrl = (appUrl: string, booking: Pick<BookingRow, 'bookingDate' | 'agendaId'>) =>
  `${appUrl}/bookings?${new URLSearchParams({ weergave: 'dag', datum: booking.bookingDate, agenda: booking.agendaId })}`;

/**
 * What a booking's entry in a calendar outside the app says (the owner's calendar feed and Google
 * Calendar): its agenda, the customer's e-mail and phone, what is left to pay and a link to the
 * booking in the app. The customer's other answers only when the owner turned that on, and never
 * those of sensitive fields (docs/PRODUCT.md#sensitive-answers); the name, e-mail and phone answers
 * are never repeated.
 */
export function calendarEntryLines(
  booking: Pick<
    BookingRow,
    | 'customerName'
    | 'customerEmail'
    | 'customerPhone'
    | 'customFieldResponses'
    | 'paymentStatus'
    | 'amountDue'
    | 'bookingDate'
    | 'agendaId'
  >,
  opts: {
    agendaName: string | null;
    currency: string;
    appUrl: string;
    showAnswers: boolean;
    /** The names of the event's sensitive fields. */
    sensitiveFields: readonly string[];
  },
): string[] {
  const shared = answersLeavingApp(
    otherAnswers(booking.customFieldResponses, booking),
    opts.sensitiveFields,
    { to: 'calendar', showAnswers: opts.showAnswers },
  );
  const answers = Object.entries(shared).map(([name, value]) => `${name}: ${value}`);
  return [
    opts.agendaName ? fill(l.agenda, opts.agendaName) : null,
    booking.customerEmail ? fill(l.email, booking.customerEmail) : null,
    booking.customerPhone ? fill(l.phone, formatPhone(booking.customerPhone)) : null,
    ...answers,
    booking.paymentStatus === 'pending' ? l.paymentPending : null,
    booking.amountDue && Number(booking.amountDue) > 0
      ? fill(l.due, formatMoney(booking.amountDue, opts.currency))
      : null,
    fill(l.open, ownerBookingUrl(opts.appUrl, booking)),
  ].filter((line): line is string => line !== null);
}
