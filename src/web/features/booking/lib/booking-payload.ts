/** Turning the wizard's answers into the booking request and the stored summary, with the core rules. */
import type { CreatedBooking, PublicBookingBody, PublicEvent, PublicField } from '@contracts/public-booking';
import type { CreatedSeriesBooking, PublicSeriesBookingBody } from '@contracts/public-series';
import { deriveCustomer, keepFieldAnswers, nameFieldOf } from '@core/customer';
import { agendaNameOf, choosableAgendas } from './agenda-choice';
import type { BookingSummary, PendingBooking } from './booking-storage';
import { hasDue, paysOnline, type Split } from './payment-split';

/**
 * The form step's errors in a server refusal: the answers' come keyed 'customFieldResponses.<field
 * name>', the text-message consent's (a number that is not mobile) under its own name, the key the
 * form step shows it by (text-consent.ts TEXT_CONSENT).
 */
export function serverFieldErrors(fields: Record<string, string> | undefined): Record<string, string> {
  const prefix = 'customFieldResponses.';
  const TEXT_CONSENT = 'textConsent' satisfies keyof PublicBookingBody;
  return Object.fromEntries(
    Object.entries(fields ?? {})
      .filter(([key]) => key.startsWith(prefix) || key === TEXT_CONSENT)
      .map(([key, message]) => [key === TEXT_CONSENT ? key : key.slice(prefix.length), message]),
  );
}

export function bookingBody(
  event: PublicEvent,
  fields: readonly PublicField[],
  answers: Record<string, string>,
  date: string,
  time: string,
  agendaId: string | null,
  acceptedPolicy = false,
  /** The places of a class booking (docs/PRODUCT.md#classes); one is left out, the server's default. */
  seats = 1,
  /** Weekly times of a series (docs/PRODUCT.md#series); null: one booking. */
  series: number | null = null,
  /** 'Stuur mij een herinnering per sms' ticked (docs/PRODUCT.md#text-messages). */
  textConsent = false,
): PublicSeriesBookingBody {
  const responses = keepFieldAnswers(fields, answers);
  const customer = deriveCustomer(fields, responses);
  return {
    eventId: event.id,
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    bookingDate: date,
    bookingTime: time,
    customFieldResponses: responses,
    // Only a chosen person is sent: without one the server may use any agenda of the service.
    ...(agendaId ? { agendaId } : {}),
    // Only for a service with a policy (the review step does not send without the tick).
    ...(event.policyText && acceptedPolicy ? { acceptedPolicy: true } : {}),
    ...(seats > 1 ? { seats } : {}),
    // The same field on the free booking, the paid flow's payment intent and its confirmation.
    ...(series ? { series: { every: '1w' as const, count: series } } : {}),
    // Only when the service asks (the form step shows the choice then); left out it is a no.
    ...(event.textChannel && textConsent ? { textConsent: true } : {}),
  };
}

export function pendingBooking(
  event: PublicEvent,
  fields: readonly PublicField[],
  body: PublicSeriesBookingBody,
  startPath: string,
  bookingPath: string,
  split: Split | null = null,
): PendingBooking {
  return {
    booking: body,
    eventTitle: event.title,
    // What is paid online now: the deposit or the price (docs/PRODUCT.md#deposits).
    paymentAmount: !event.requiresPayment
      ? null
      : split
        ? paysOnline(split)
          ? split.payNow
          : null
        : event.paymentAmount,
    dueLater: split && hasDue(split) ? split.dueLater : null,
    currency: event.currency,
    durationMinutes: event.durationMinutes,
    nameField: nameFieldOf(fields)?.fieldName ?? null,
    startPath,
    themeColor: event.themeColor,
    timeZone: event.timeZone,
    business: event.business,
    bookingPath,
    agendas: choosableAgendas(event),
    textChannel: event.textChannel,
  };
}

/** What the success page shows; the management link is in it because it is shown only this once. */
export function bookingSummary(
  pending: PendingBooking,
  created: CreatedBooking | CreatedSeriesBooking,
): BookingSummary {
  const { booking } = created;
  return {
    eventTitle: pending.eventTitle,
    date: booking.bookingDate,
    time: booking.bookingTime,
    durationMinutes: pending.durationMinutes,
    name: booking.customerName || pending.booking.customerName || null,
    email: booking.customerEmail,
    phone: booking.customerPhone,
    // A visit's answer is its first segment: the visit's own amounts are the pending ones.
    paidAmount: pending.visit
      ? pending.paymentAmount
      : booking.paymentStatus !== 'not_required'
        ? (booking.amountPaid ?? pending.paymentAmount)
        : null,
    // Left to pay at the appointment: the rest after a deposit, or the price when nothing was paid online.
    dueAmount: pending.visit
      ? (pending.dueLater ?? null)
      : booking.amountDue && Number(booking.amountDue) > 0
        ? booking.amountDue
        : (pending.dueLater ?? null),
    currency: pending.currency,
    responses: booking.customFieldResponses,
    nameField: pending.nameField,
    managementUrl: created.managementUrl ?? pending.managementUrl ?? null,
    startPath: pending.startPath,
    themeColor: pending.themeColor,
    timeZone: pending.timeZone,
    business: pending.business,
    // The agenda the booking got (the chosen one, or the one the server took for "Geen voorkeur").
    agendaName: agendaNameOf({ agendas: pending.agendas ?? [] }, booking.agendaId),
    seats: booking.seats,
    // A redirect method the bank still processes: booked now, paid later (docs/PRODUCT.md#paid-flow).
    paymentPending: booking.status === 'confirmed' && booking.paymentStatus === 'pending',
    requested: booking.status === 'requested',
    // docs/PRODUCT.md#text-messages: 'U krijgt ook een sms.' when the customer asked and it was kept.
    ...(booking.textConsent && pending.textChannel ? { textChannel: pending.textChannel } : {}),
    // docs/PRODUCT.md#series: every date booked, listed on the success page.
    ...('series' in created && created.series
      ? { series: created.series.map((b) => ({ date: b.bookingDate, time: b.bookingTime })) }
      : {}),
  };
}
