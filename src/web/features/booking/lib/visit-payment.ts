/**
 * A visit with a service paid online (docs/PRODUCT.md#visits): what the review says is paid now and
 * later, and the pending booking the shared paid flow (use-start-payment.ts, the payment step, the
 * result pages) works from. The server confirms the held visit through its first segment, exactly as
 * one paid booking (POST /api/public/bookings with that segment's body and the payment intent).
 * Loaded with the visit wizard only.
 */
import type { PaymentQuote, PublicBookingBody, PublicEvent, PublicField } from '@contracts/public-booking';
import type { CreateVisitBody } from '@contracts/public-visits';
import { nameFieldOf } from '@core/customer';
import { visitTitle } from '@core/visit';
import type { PendingBooking } from './booking-storage';
import { hasDue, paysOnline } from './payment-split';
import { basketTotals, sharedAgendas } from './visit-basket';

/** Whether the visit may ask an online payment: any of its services is paid online. */
export const visitHasPayment = (events: ReadonlyArray<Pick<PublicEvent, 'requiresPayment'>>): boolean =>
  events.some((e) => e.requiresPayment);

/** The first segment's booking body: what confirms the held visit once it is paid. */
export function firstSegmentBody(body: CreateVisitBody): PublicBookingBody {
  const [first] = body.services;
  if (!first) throw new Error('A visit has at least one service');
  const agendaId = first.agendaId ?? body.agendaId;
  return {
    eventId: first.eventId,
    bookingDate: body.date,
    bookingTime: body.time,
    customerName: body.customerName,
    customerEmail: body.customerEmail,
    customerPhone: body.customerPhone,
    customFieldResponses: body.answers,
    ...(agendaId ? { agendaId } : {}),
    ...(body.acceptedPolicy ? { acceptedPolicy: true } : {}),
    ...(body.textConsent ? { textConsent: true } : {}),
  };
}

/**
 * The pending booking of a paid visit: the first segment's body, the services' titles, the visit's
 * total minutes and what the quote asks now and leaves for the salon (the whole visit's amounts,
 * `visit` set so the summary keeps them instead of the first segment's). 'Opnieuw proberen' after a
 * failed payment leads back to the visit wizard (`bookingPath`), 'back' to the business page.
 */
export function visitPendingBooking(
  events: readonly PublicEvent[],
  fields: readonly PublicField[],
  body: CreateVisitBody,
  quote: PaymentQuote,
  paths: { startPath: string; bookingPath: string },
): PendingBooking {
  const first = events[0]!;
  return {
    booking: firstSegmentBody(body),
    eventTitle: visitTitle(events.map((e) => e.title)),
    paymentAmount: paysOnline(quote) ? quote.payNow : null,
    dueLater: hasDue(quote) ? quote.dueLater : null,
    currency: quote.currency,
    durationMinutes: basketTotals(events).durationMinutes,
    nameField: nameFieldOf(fields)?.fieldName ?? null,
    startPath: paths.startPath,
    themeColor: first.themeColor,
    timeZone: first.timeZone,
    business: first.business,
    bookingPath: paths.bookingPath,
    // The person is named only when the customer chose one for the whole visit: without a
    // preference each segment may be with someone else, and the summary names one booking's.
    agendas: body.agendaId ? sharedAgendas(events) : [],
    visit: true,
  };
}

/**
 * The event the payment step draws with: the first paid service (its currency is the visit's, the
 * server refuses a mix) with the visit's title and the amount paid now, in the first service's
 * colour (the page's).
 */
export function visitPaymentEvent(
  events: readonly PublicEvent[],
  pending: Pick<PendingBooking, 'paymentAmount' | 'currency'>,
): PublicEvent {
  const paid = events.find((e) => e.requiresPayment) ?? events[0]!;
  return {
    ...paid,
    title: visitTitle(events.map((e) => e.title)),
    paymentAmount: pending.paymentAmount,
    currency: pending.currency ?? paid.currency,
    themeColor: events[0]!.themeColor,
  };
}
