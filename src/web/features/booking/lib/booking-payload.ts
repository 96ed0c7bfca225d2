/** Turning the wizard's answers into the booking request and the stored summary, with the core rules. */
import { nlPublic as nl } from '@contracts/messages-public';
import type { CreatedBooking, PublicBookingBody, PublicEvent, PublicField } from '@contracts/public-booking';
import { deriveCustomer, keepFieldAnswers, validateAnswers, type FieldProblem } from '@core/customer';
import type { BookingSummary, PendingBooking } from './booking-storage';

/**
 * The same messages as the contract's `fieldProblemMessage`, without importing that module: its
 * zod/mini schemas would add ~12 KB gzip to the booking page for four strings.
 */
const problemMessage: Record<FieldProblem, string> = {
  required: nl.booking.required,
  email: nl.booking.invalidEmail,
  phone: nl.booking.invalidPhone,
  tooLong: nl.booking.answerTooLong,
};

/** Dutch message per field name; empty when the answers are acceptable (same rules as the server). */
export function answerErrors(
  fields: readonly PublicField[],
  answers: Record<string, string>,
): Record<string, string> {
  const problems = validateAnswers(fields, answers);
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [field, problemMessage[problem]]),
  );
}

/** Server field errors come keyed 'customFieldResponses.<field name>'. */
export function serverFieldErrors(fields: Record<string, string> | undefined): Record<string, string> {
  const prefix = 'customFieldResponses.';
  return Object.fromEntries(
    Object.entries(fields ?? {})
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}

/** The field the customer's name comes from (spec §5: the first required text or e-mail field). */
export const nameFieldOf = (fields: readonly PublicField[]) =>
  [...fields]
    .sort((a, b) => a.order - b.order)
    .find((f) => f.isRequired && (f.fieldType === 'text' || f.fieldType === 'email'))?.fieldName ?? null;

export function bookingBody(
  event: PublicEvent,
  fields: readonly PublicField[],
  answers: Record<string, string>,
  date: string,
  time: string,
): PublicBookingBody {
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
  };
}

export function pendingBooking(
  event: PublicEvent,
  fields: readonly PublicField[],
  body: PublicBookingBody,
  startPath: string,
  bookingPath: string,
): PendingBooking {
  return {
    booking: body,
    eventTitle: event.title,
    paymentAmount: event.requiresPayment ? event.paymentAmount : null,
    durationMinutes: event.durationMinutes,
    nameField: nameFieldOf(fields),
    startPath,
    themeColor: event.themeColor,
    bookingPath,
  };
}

/** What the success page shows; the management link is in it because it is shown only this once. */
export function bookingSummary(pending: PendingBooking, created: CreatedBooking): BookingSummary {
  const { booking } = created;
  return {
    eventTitle: pending.eventTitle,
    date: booking.bookingDate,
    time: booking.bookingTime,
    durationMinutes: pending.durationMinutes,
    name: booking.customerName || pending.booking.customerName || null,
    email: booking.customerEmail,
    phone: booking.customerPhone,
    paidAmount: booking.paymentStatus !== 'not_required' ? pending.paymentAmount : null,
    responses: booking.customFieldResponses,
    nameField: pending.nameField,
    managementUrl: created.managementUrl ?? pending.managementUrl ?? null,
    startPath: pending.startPath,
    themeColor: pending.themeColor,
  };
}
