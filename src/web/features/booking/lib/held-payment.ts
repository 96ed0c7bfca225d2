/**
 * A started payment kept in this browser's localStorage per event (docs/PRODUCT.md#local-storage):
 * a customer who closed the tab while paying is offered that payment again on the booking page
 * while its hold lasts, instead of finding their own time taken. The first step's code only asks
 * whether there is one (wizard-state.ts `hasKeptPayment`); the rest is here.
 */
import { releasePaymentHold } from '../api/payment-holds';
import { HELD_PAYMENT_KEY, type PaymentSession } from './wizard-state';

/** The payment this browser started for the event, while its hold lasts; a lapsed one is dropped. */
export function keptPayment(eventId: string): PaymentSession | null {
  try {
    const kept = JSON.parse(localStorage.getItem(HELD_PAYMENT_KEY + eventId)!) as PaymentSession | null;
    if (kept && Date.parse(kept.expiresAt) > Date.now()) return kept;
  } catch {
    // No storage, or not ours to read.
  }
  forgetPayment(eventId);
  return null;
}

export function keepPayment(payment: PaymentSession): void {
  try {
    localStorage.setItem(HELD_PAYMENT_KEY + payment.pending.booking.eventId, JSON.stringify(payment));
  } catch {
    // No storage (private mode, a blocked third-party frame): nothing to offer again later.
  }
}

export function forgetPayment(eventId: string): void {
  try {
    localStorage.removeItem(HELD_PAYMENT_KEY + eventId);
  } catch {
    // No storage: nothing was kept.
  }
}

/** Releases in flight: a new hold of the same time waits for them, or it would find the slot still held. */
let releasing: Promise<unknown> = Promise.resolve();

/**
 * The customer leaves the payment step (back in the wizard, another time): the hold is given back at
 * once (best effort: one that is not simply lapses) and no longer offered.
 */
export function releasePayment(payment: Pick<PaymentSession, 'managementToken' | 'pending'>): Promise<void> {
  forgetPayment(payment.pending.booking.eventId);
  const done = releasePaymentHold(payment.managementToken).catch(() => undefined);
  releasing = Promise.all([releasing, done]);
  return done;
}

/** Before a new hold: the earlier releases are through, and a payment still kept for the event is given back. */
export async function beforeNewHold(eventId: string): Promise<void> {
  const kept = keptPayment(eventId);
  if (kept) void releasePayment(kept);
  await releasing;
}
