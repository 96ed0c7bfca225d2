/**
 * Whether a stored phone number ('+31612345678', core/phone.ts `toStoredPhone`) can receive a text
 * message: an SMS or WhatsApp to a landline is paid for and never arrives. For the countries whose
 * mobile ranges are known here the number must be in one of them; elsewhere any valid stored number
 * passes (the provider is the last judge). Used by the owner's test message and, later, by the
 * booking form's "sms-herinnering" field, so both refuse the same numbers.
 */
import { isValidStoredPhone, splitStoredPhone } from './phone';

/** Why a number cannot receive a text: not a phone number at all, or a number that is not mobile. */
export type MobileProblem = 'invalid' | 'notMobile';

/**
 * National mobile ranges (after the calling code, without the trunk 0) and their lengths, for the
 * countries most customers of a Dutch business come from. NL: 06 (9 digits; 097 is machine-to-machine
 * and 085/088 are not mobile); BE: 046–049; DE: 015–017; FR: 06/07; GB: 07; LU: 6x1.
 */
const MOBILE_RANGES: Readonly<Record<string, { prefix: RegExp; lengths: readonly number[] }>> = {
  NL: { prefix: /^6[1-9]/, lengths: [9] },
  BE: { prefix: /^4[6-9]/, lengths: [9] },
  DE: { prefix: /^1[5-7]/, lengths: [10, 11] },
  FR: { prefix: /^[67]/, lengths: [9] },
  GB: { prefix: /^7[1-9]/, lengths: [10] },
  LU: { prefix: /^6[2-9]1/, lengths: [9] },
};

/** null when `stored` can receive a text message, else why not. */
export function mobileNumberProblem(stored: string): MobileProblem | null {
  if (!isValidStoredPhone(stored)) return 'invalid';
  const split = splitStoredPhone(stored);
  const range = split.known ? MOBILE_RANGES[split.country] : undefined;
  if (!range) return null;
  return range.prefix.test(split.digits) && range.lengths.includes(split.digits.length) ? null : 'notMobile';
}

/** Whether `stored` is a number a text message can be sent to (mobileNumberProblem without the reason). */
export const isMobileNumber = (stored: string): boolean => mobileNumberProblem(stored) === null;
