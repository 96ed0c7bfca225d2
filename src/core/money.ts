/**
 * Money as integer cents internally; amounts cross the API/DB as decimal strings ('12.50',
 * Postgres numeric(10,2)). Going through cents avoids binary floating-point surprises.
 */

/** numeric(10,2): at most 8 digits before the decimal point. */
export const MAX_INTEGER_DIGITS = 8;
export const MAX_CENTS = 10 ** (MAX_INTEGER_DIGITS + 2) - 1;

// A comma is accepted as decimal separator because Dutch users type '12,50'.
const AMOUNT_RE = /^(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * Strict: non-negative, at most 2 decimals and 8 integer digits, otherwise null.
 * Numbers are checked via their shortest decimal form, so 0.1 + 0.2 (0.30000000000000004) is rejected
 * rather than silently rounded.
 */
export function parseAmountToCents(input: string | number): number | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    input = String(input); // exponent forms ('1e-7', '1e+21') then fail the pattern, as they should
  }
  if (typeof input !== 'string') return null;
  const m = AMOUNT_RE.exec(input.trim());
  if (!m) return null;
  const integer = (m[1] ?? '').replace(/^0+(?=\d)/, '');
  if (integer.length > MAX_INTEGER_DIGITS) return null;
  const fraction = (m[2] ?? '').padEnd(2, '0');
  return Number(integer) * 100 + Number(fraction);
}

/** Integer cents -> '12.50' (the DB's numeric(10,2) text form). */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`centsToAmount: not an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Lenient conversion for display/aggregation: any finite amount rounded to whole cents
 * (half away from zero). toPrecision(15) removes binary noise first so 1.005 rounds to 101 cents.
 */
export function amountToCentsRounded(amount: string | number | null | undefined): number | null {
  if (amount === null || amount === undefined) return null;
  if (typeof amount === 'string' && amount.trim() === '') return null;
  const n = typeof amount === 'number' ? amount : Number(amount.trim().replace(',', '.'));
  if (!Number.isFinite(n)) return null;
  const scaled = Number((Math.abs(n) * 100).toPrecision(15));
  const cents = Math.round(scaled);
  return n < 0 && cents !== 0 ? -cents : cents;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** One Dutch currency formatter per currency, made once (building one per call is slow). */
function formatterFor(currency: string): Intl.NumberFormat {
  const code = /^[A-Z]{3}$/.test(currency.toUpperCase()) ? currency.toUpperCase() : 'EUR';
  let f = formatters.get(code);
  if (!f) {
    f = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: code, minimumFractionDigits: 2 });
    formatters.set(code, f);
  }
  return f;
}

/**
 * Cents in the Dutch way, in the event's currency: '€ 65,00', '€ 1.250,00', 'US$ 65,00', '£ 65,00'
 * (Intl puts a no-break space after the sign, so a price never wraps apart).
 */
export function formatCents(cents: number, currency = 'EUR'): string {
  return formatterFor(currency).format(cents / 100);
}

/** A decimal amount ('65.00') in the Dutch way; missing or unparsable amounts show as '€ 0,00'. */
export function formatMoney(amount: string | number | null | undefined, currency = 'EUR'): string {
  return formatCents(amountToCentsRounded(amount) ?? 0, currency);
}

/** The euro form of formatMoney, for amounts that are always in euro (revenue across events). */
export function formatEuro(amount: string | number | null | undefined): string {
  return formatMoney(amount, 'EUR');
}
