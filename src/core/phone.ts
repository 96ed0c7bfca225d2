/**
 * Phone input rules: the user picks a country (default NL) and types the number; the stored value is
 * '+' + calling code + digits, e.g. '+31612345678', or '' when nothing was typed. A number typed
 * with its own country code ('+44 7700 900123', '0044 7700 900123') keeps that code whatever country
 * is picked. People read numbers as formatPhone writes them ('06 12345678', '+44 7700 900123').
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

/**
 * What the phone input keeps while the user types: digits, and a leading '+' (or '00') that says
 * the number carries its own country code; at most 15 digits after that prefix.
 */
export function typedPhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits.slice(0, MAX_PHONE_DIGITS)}`;
  if (digits.startsWith('00')) return `00${digits.slice(2, 2 + MAX_PHONE_DIGITS)}`;
  return digits.slice(0, MAX_PHONE_DIGITS);
}

/**
 * The digits after the international prefix when the number is written with one ('+44 …',
 * '0044 …'), else null. '(0)', the trunk prefix people put after the code ('+31 (0)6 …'), is not
 * dialled and left out.
 */
function internationalDigits(input: string): string | null {
  const value = input.trim().replace(/\(\s*0\s*\)/g, '');
  if (value.startsWith('+')) return value.slice(1).replace(/\D/g, '');
  const digits = value.replace(/\D/g, '');
  return digits.startsWith('00') ? digits.slice(2) : null;
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
  const international = internationalDigits(input);
  if (international !== null) return international === '' ? '' : storedInternational(international);
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

/**
 * '+' + the digits of a number written with its country code. A national trunk 0 typed after a
 * known code ('+31 06 1234 5678') is dropped like toStoredPhone drops it.
 */
function storedInternational(digits: string): string {
  const split = splitStoredPhone(`+${digits}`);
  if (
    split.known &&
    !KEEPS_LEADING_ZERO.has(split.country) &&
    split.digits.startsWith('0') &&
    split.digits.length - 1 >= MIN_PHONE_DIGITS
  ) {
    return `+${digits.slice(0, digits.length - split.digits.length)}${split.digits.slice(1)}`;
  }
  return `+${digits}`;
}

/**
 * The country picker and number after the user typed a number with its own country code: the
 * picker follows the code ('+44 7700 900123' -> GB, '7700900123'), keeping the picked country when
 * it shares that code (CA for +1). Anything else is left as typed.
 */
export function pickedPhone(country: string, typed: string): { country: string; digits: string } {
  if (internationalDigits(typed) === null) return { country, digits: typed };
  const split = splitStoredPhone(toStoredPhone(country, typed));
  if (!split.known) return { country, digits: typed };
  const same = findCountry(country)?.callingCode === findCountry(split.country)?.callingCode;
  return { country: same ? country : split.country, digits: split.digits };
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

// Dutch area codes of two digits after the 0 (010, 020, ... 079), and the 3-digit service numbers
// (085, 088 ...); every other geographic code has three digits after the 0 (0111, 0570 ...).
const NL_TWO_DIGIT_AREAS = new Set([
  '10',
  '13',
  '15',
  '20',
  '23',
  '24',
  '26',
  '30',
  '33',
  '35',
  '36',
  '38',
  '40',
  '43',
  '45',
  '46',
  '50',
  '53',
  '55',
  '58',
  '70',
  '71',
  '72',
  '73',
  '74',
  '75',
  '76',
  '77',
  '78',
  '79',
  '82',
  '84',
  '85',
  '87',
  '88',
  '91',
  '97',
]);

/** Splits digits into groups of the given sizes; the last group takes what is left. */
function group(digits: string, sizes: readonly number[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts[parts.length - 1] += digits.slice(at);
  return parts.join(' ');
}

/** Threes, ending in one or two fours so no group is shorter than three: 8 -> 4 4, 10 -> 3 3 4. */
function genericGroups(digits: string): string {
  const n = digits.length;
  if (n <= 4) return digits;
  const fours = n % 3 === 0 ? 0 : n % 3 === 1 ? 1 : 2;
  const threes = (n - fours * 4) / 3;
  return group(digits, [...Array<number>(threes).fill(3), ...Array<number>(fours).fill(4)]);
}

function dutchNational(national: string): string | null {
  if (national.length !== 9) return null;
  if (national.startsWith('6')) return `0${group(national, [1, 8])}`;
  if (/^(800|900|906|909)/.test(national)) return `0${group(national, [3, 6])}`;
  if (NL_TWO_DIGIT_AREAS.has(national.slice(0, 2))) return `0${group(national, [2, 7])}`;
  return `0${group(national, [3, 6])}`;
}

/** The national part written the way people there group it, for the countries customers come from most. */
function foreignNational(country: string, national: string): string {
  const n = national.length;
  switch (country) {
    case 'BE':
      if (n === 9) return group(national, [3, 2, 2, 2]);
      if (n === 8)
        return /^[2349]/.test(national) ? group(national, [1, 3, 2, 2]) : group(national, [2, 2, 2, 2]);
      break;
    case 'FR':
      if (n === 9) return group(national, [1, 2, 2, 2, 2]);
      break;
    case 'GB':
      if (n === 10) return national.startsWith('2') ? group(national, [2, 4, 4]) : group(national, [4, 6]);
      break;
    case 'DE':
      if (/^1[5-7]/.test(national)) return group(national, [3, n - 3]);
      break;
    case 'US':
      if (n === 10) return group(national, [3, 3, 4]);
      break;
  }
  return genericGroups(national);
}

/**
 * A stored number as people read it: Dutch numbers the Dutch way ('06 12345678', '020 1234567'),
 * others with their country code ('+44 7700 900123', '+32 470 12 34 56'). Anything that is not a
 * stored number (older free text) comes back as it is; '' stays ''.
 */
export function formatPhone(value: string): string {
  if (!isValidStoredPhone(value)) return value;
  const split = splitStoredPhone(value);
  if (!split.known) return value;
  const country = findCountry(split.country) as Country;
  if (country.callingCode === '31') {
    const dutch = dutchNational(split.digits);
    if (dutch) return dutch;
  }
  return `+${country.callingCode} ${foreignNational(country.code, split.digits)}`;
}

/**
 * What a search for a phone number also looks for in stored numbers: people type '0612…' or
 * '06 12 34' for '+31612…', and '0044…' for '+44…'. Empty when the query is not a (partial) number;
 * NL is the country of a national number, as on the booking page.
 */
export function phoneSearchVariants(query: string): string[] {
  const q = query.trim();
  if (!/^[+\d][\d\s()./-]*$/.test(q)) return [];
  const digits = q.replace(/\D/g, '');
  if (digits.length < 3) return [];
  if (q.startsWith('+')) return [`+${digits}`];
  if (digits.startsWith('00')) return [`+${digits.slice(2)}`];
  if (digits.startsWith('0')) return [`+31${digits.slice(1)}`, digits];
  return [digits];
}
