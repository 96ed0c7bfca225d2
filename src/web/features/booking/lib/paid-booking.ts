/** The last step of a paid booking, shared by the payment step and the return page (docs/PRODUCT.md#paid-flow). */
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicBooking } from '@contracts/public-booking';
import { isApiError } from '@web/lib/api-client';
import { createBooking } from '../api/create-booking';
import { releasePaymentHold } from '../api/payment-holds';
import { bookingSummary } from './booking-payload';
import { bookingStorage, type PendingBooking } from './booking-storage';
import { forgetPayment } from './held-payment';

/** The booking page was embedded: the result pages stay embeddable too. */
const inEmbed = (pending: PendingBooking | null) =>
  !!pending && /[?&]embed=true(&|$)/.test(pending.bookingPath);

export const successPath = (pending: PendingBooking | null) =>
  inEmbed(pending) ? '/payment/success?embed=true' : '/payment/success';
export const failurePath = (pending: PendingBooking | null) =>
  inEmbed(pending) ? '/payment/failure?embed=true' : '/payment/failure';

/**
 * After a succeeded (or processing) payment: POST the pending booking with the payment intent id;
 * the server confirms it only once it verified the payment. The summary (with the paid amount and
 * the management link that came with the payment intent) is kept for the success page.
 */
export async function createPaidBooking(pending: PendingBooking, paymentIntentId: string): Promise<void> {
  const created = await createBooking({ ...pending.booking, stripePaymentIntentId: paymentIntentId });
  bookingStorage.saveSummary(bookingSummary(pending, created));
  bookingStorage.clearPending();
  forgetPayment(pending.booking.eventId);
}

/**
 * What the failure page says when the paid booking could not be made: a lost slot whose payment is
 * refunded (409 PAYMENT_REFUNDED) says so in the server's words; anything else is the spec's message.
 */
export function paidBookingFailure(error: unknown): string {
  return (
    (isApiError(error) && error.code === 'PAYMENT_REFUNDED' && error.serverMessage) || nl.booking.bookFailed
  );
}

/** The management token at the end of a management link ('…/booking/manage/{token}'). */
export const tokenOfManagementUrl = (url: string | null | undefined) =>
  url?.split('/').filter(Boolean).pop() ?? null;

/**
 * After a failed payment the held slot is given back at once (through the hold's own token), so
 * 'Opnieuw proberen' can offer the same time again instead of after the 15-minute hold.
 * Safe even if money moved after all: the server then confirms the released hold when the slot is
 * still free, and refunds otherwise. Best effort: an unreleased hold simply expires.
 * Only an unpaid hold is given back, never a booking: a second payment window of the same payment
 * (an embed's 'Betaalvenster opnieuw openen', a reload) fails at the provider once the first one
 * paid, and that must not cancel the appointment the first one booked: the server refuses that.
 */
export async function releaseHold(token: string | null, pending: PendingBooking | null): Promise<void> {
  if (pending) forgetPayment(pending.booking.eventId);
  if (token) await releasePaymentHold(token).catch(() => undefined);
}

/**
 * docs/PRODUCT.md#embed-payment: where a page that did not see the payment itself goes, by the
 * booking's state on the server — confirmed: the confirmation (its summary kept for that page);
 * cancelled (failed or abandoned, the hold given back): the failure; still held: nowhere (null).
 */
export function resultOfBooking(booking: PublicBooking, pending: PendingBooking): string | null {
  if (booking.status === 'confirmed') {
    bookingStorage.saveSummary(
      bookingSummary(pending, { booking, managementToken: null, managementUrl: null }),
    );
    bookingStorage.clearPending();
    forgetPayment(pending.booking.eventId);
    return successPath(pending);
  }
  if (booking.status === 'cancelled') {
    forgetPayment(pending.booking.eventId);
    bookingStorage.saveFailure(nl.paymentPages.paymentFailed, pending.bookingPath);
    return failurePath(pending);
  }
  return null;
}
