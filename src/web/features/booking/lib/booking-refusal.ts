/** Which part of the wizard a refused booking (or payment hold) goes back to, with the server's Dutch reason. */
import type { ErrorCode } from '@contracts/errors';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';

/** The parts of an ApiError the decision reads (lib/api-client). */
export interface RefusedAnswer {
  code: ErrorCode | undefined;
  serverMessage: string | undefined;
  fields: Record<string, string> | undefined;
}

export type BookingRefusal =
  /** The slot itself: taken, day full (SLOT_TAKEN), or refused by a rule on its date or time (notice, horizon, closed). */
  | { kind: 'slot'; message: string }
  /** The owner's cancellation policy was not accepted. */
  | { kind: 'policy'; message: string };

/**
 * A refusal the wizard answers by going back to a step, or null for the others (field answers, payment
 * set-up, network): SLOT_TAKEN and a 400 on `bookingDate`/`bookingTime` send the customer back to the
 * times with the message; a 400 on `acceptedPolicy` stops at the checkbox.
 */
export function bookingRefusal(error: RefusedAnswer): BookingRefusal | null {
  if (error.code === 'SLOT_TAKEN')
    return { kind: 'slot', message: error.serverMessage ?? nl.booking.slotTaken };
  if (error.code !== 'VALIDATION' && error.code !== 'BAD_REQUEST') return null;
  const fields = error.fields ?? {};
  if (fields.acceptedPolicy) return { kind: 'policy', message: fields.acceptedPolicy };
  const slot = fields.bookingTime ?? fields.bookingDate;
  if (slot) return { kind: 'slot', message: slot };
  return null;
}
