import { DEFAULT_COUNTRY } from './countries';
import { formatPhone, isValidStoredPhone, toStoredPhone } from './phone';

/**
 * CSV the way Dutch Excel opens it (docs/PRODUCT.md#csv-export): `;` between cells (Dutch Excel's
 * list separator, as the decimal comma rules out `,`), CRLF between rows, quotes only where needed.
 */
export const CSV_SEPARATOR = ';';
/** The byte order mark that makes Excel read the file as UTF-8 instead of the Windows code page. */
export const CSV_BOM = '\uFEFF';

/**
 * One cell. A value a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return that Excel skips before one) gets a leading apostrophe (OWASP "CSV injection"); a value with
 * the separator, a quote or a line break is quoted with its quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Only a phone number written with its country code: '+', then digits, spaces, dashes, dots or brackets. */
const INTERNATIONAL_PHONE = /^\+[\d\s().\-/]+$/;

/**
 * A phone number as the spreadsheet shows it: as people read it (formatPhone), an international one
 * with '00' for the '+' ('0044 7700 900123'). A cell starting with '+' is a formula to a spreadsheet
 * (Excel turns '+31612345678' into the number 31612345678; quotes do not stop it), and the apostrophe
 * csvCell would put in front of it shows in the cell; '06 12345678' and '0044 …' are text as they
 * are, so no guard is needed. Any other value comes back unchanged.
 */
export function csvPhone(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  const stored = isValidStoredPhone(v)
    ? v
    : INTERNATIONAL_PHONE.test(v)
      ? toStoredPhone(DEFAULT_COUNTRY, v)
      : null;
  if (stored === null || !isValidStoredPhone(stored)) return value ?? '';
  const shown = formatPhone(stored);
  return shown.startsWith('+') ? `00${shown.slice(1)}` : shown;
}

export const csvRow = (cells: readonly (string | null | undefined)[]): string =>
  `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;

/** yyyy-MM-dd as Dutch Excel reads a date: 24-11-2026. */
export const csvDate = (isoDate: string): string => isoDate.split('-').reverse().join('-');

/** A decimal amount ("65.00") with the Dutch decimal comma ("65,00"); empty when there is none. */
export const csvAmount = (amount: string | null): string => (amount === null ? '' : amount.replace('.', ','));
