/**
 * Phone input rules: the user picks a country (default NL) and types digits; the stored value is
 * '+' + calling code + digits, e.g. '+31612345678', or '' when nothing was typed.
 */
import { COUNTRIES, DEFAULT_COUNTRY, findCountry, type Country } from './countries';

export const MIN_PHONE_DIGITS = 8;
export const MAX_PHONE_DIGITS = 15;

// These countries keep the leading 0 in international format (e.g. Italian landlines +39 06 ...).
const KEEPS_LEADING_ZERO = new Set(['IT']);

const STORED_PHONE_RE = /^\+\d{1,3}\d{8,15}$/;

/** Strips everything but digits as the user types and caps the length at 15 digits. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, MAX_PHONE_DIGITS);
}

export function isValidPhoneDigits(digits: string): boolean {
  return /^\d{8,15}$/.test(digits);
}

/**
 * '+' + calling code + national digits. People in NL (and most of Europe) type their national
 * number with the trunk prefix 0 ('0612345678'), which is not dialled after the country code,
 * so one leading 0 is dropped: '+31612345678'. It is only dropped while at least 8 digits remain,
 * so every number that passed isValidPhoneDigits also passes isValidStoredPhone.
 * Unknown country codes fall back to NL.
 */
export function toStoredPhone(countryCode: string, input: string): string {
  let digits = digitsOnly(input);
  if (digits === '') return '';
  const country = findCountry(countryCode) ?? (findCountry(DEFAULT_COUNTRY) as Country);
  if (
    !KEEPS_LEADING_ZERO.has(country.code) &&
    digits.startsWith('0') &&
    digits.length - 1 >= MIN_PHONE_DIGITS
  ) {
    digits = digits.slice(1);
  }
  return `+${country.callingCode}${digits}`;
}

/** '+' followed by a 1-3 digit calling code and 8-15 digits. */
export function isValidStoredPhone(value: string): boolean {
  if (!STORED_PHONE_RE.test(value)) return false;
  const split = splitStoredPhone(value);
  // With a known calling code the national part itself must be 8-15 digits.
  return split.known ? isValidPhoneDigits(split.digits) : true;
}

/**
 * Best-effort inverse of toStoredPhone for editing a stored number: the longest known calling code
 * that prefixes it picks the country (first listed wins on shared codes). Values without a known
 * code, or without '+', come back as the default country with all their digits.
 */
export function splitStoredPhone(value: string): { country: string; digits: string; known: boolean } {
  const trimmed = value.trim();
  if (!trimmed.startsWith('+'))
    return { country: DEFAULT_COUNTRY, digits: digitsOnly(trimmed), known: false };
  const all = trimmed.slice(1).replace(/\D/g, '');
  let best: Country | undefined;
  for (const c of COUNTRIES) {
    if (all.startsWith(c.callingCode) && (!best || c.callingCode.length > best.callingCode.length)) best = c;
  }
  if (!best) return { country: DEFAULT_COUNTRY, digits: all.slice(0, MAX_PHONE_DIGITS), known: false };
  return { country: best.code, digits: all.slice(best.callingCode.length), known: true };
}
