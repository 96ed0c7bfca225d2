/**
 * The form step's 'Stuur mij een herinnering per sms' (docs/PRODUCT.md#text-messages): ticked, the
 * customer's phone answer must be a number a text can reach, by core's rule, the one the server
 * applies (booking-draft textConsentOf), with the server's Dutch words.
 */
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicBookingBody, PublicField } from '@contracts/public-booking';
import { deriveCustomer, keepFieldAnswers } from '@core/customer';
import { mobileNumberProblem } from '@core/mobile-phone';

/** The key of the consent's message among the form step's errors (and the server's field name). */
export const TEXT_CONSENT = 'textConsent' satisfies keyof PublicBookingBody;

/** Why the ticked consent cannot be kept with these answers, or undefined when it can. */
export function textConsentError(
  fields: readonly PublicField[],
  answers: Record<string, string>,
): string | undefined {
  const { phone } = deriveCustomer(fields, keepFieldAnswers(fields, answers));
  if (!phone) return nl.booking.textConsentNeedsPhone;
  return mobileNumberProblem(phone) ? nl.booking.textConsentNotMobile : undefined;
}
