/**
 * The Dutch public holidays of a year (issue 17: the owner picks which ones close the business).
 * Pure arithmetic on 'yyyy-MM-dd' strings like time.ts, so no local time zone can shift a date.
 * Core knows each holiday by a stable key; the Dutch names are texts of contracts/messages.ts.
 *
 * Today's rules are applied to every year: Koningsdag on 27 April (26 April when the 27th is a
 * Sunday) and Bevrijdingsdag every year, as the calendars owners plan with list them.
 */
import { addDays, compareDates, weekdayOf } from './time';

/** Every holiday key, in the order of the year when the movable feasts do not interfere. */
export const HOLIDAY_KEYS = [
  'nieuwjaarsdag',
  'goedeVrijdag',
  'eerstePaasdag',
  'tweedePaasdag',
  'koningsdag',
  'bevrijdingsdag',
  'hemelvaartsdag',
  'eerstePinksterdag',
  'tweedePinksterdag',
  'eersteKerstdag',
  'tweedeKerstdag',
] as const;
export type HolidayKey = (typeof HOLIDAY_KEYS)[number];

export interface Holiday {
  /** 'yyyy-MM-dd'. */
  date: string;
  key: HolidayKey;
}

/** The Gregorian calendar's first full year up to the last year a 'yyyy-MM-dd' date can hold. */
export const HOLIDAY_MIN_YEAR = 1583;
export const HOLIDAY_MAX_YEAR = 9999;

function isHolidayYear(year: number): boolean {
  return Number.isInteger(year) && year >= HOLIDAY_MIN_YEAR && year <= HOLIDAY_MAX_YEAR;
}

/**
 * Easter Sunday of a Gregorian year by the anonymous algorithm (Meeus/Jones/Butcher): always
 * between 22 March and 25 April. Throws outside 1583–9999: callers check the year first.
 */
export function easterSunday(year: number): string {
  if (!isHolidayYear(year)) throw new RangeError(`easterSunday: year out of range: ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  const month = Math.floor(n / 31);
  const day = (n % 31) + 1;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/**
 * The eleven Dutch public holidays of `year`, sorted by date; [] for a year outside 1583–9999 or
 * not an integer. Two may share a date: when Easter is on 27 March, Hemelvaartsdag is 5 May, so
 * Bevrijdingsdag (listed first) and Hemelvaartsdag fall together (2005, 2016, 2157).
 */
export function dutchHolidays(year: number): Holiday[] {
  if (!isHolidayYear(year)) return [];
  const easter = easterSunday(year);
  const april27 = `${year}-04-27`;
  const dates: Record<HolidayKey, string> = {
    nieuwjaarsdag: `${year}-01-01`,
    goedeVrijdag: addDays(easter, -2),
    eerstePaasdag: easter,
    tweedePaasdag: addDays(easter, 1),
    koningsdag: weekdayOf(april27) === 0 ? `${year}-04-26` : april27,
    bevrijdingsdag: `${year}-05-05`,
    hemelvaartsdag: addDays(easter, 39),
    eerstePinksterdag: addDays(easter, 49),
    tweedePinksterdag: addDays(easter, 50),
    eersteKerstdag: `${year}-12-25`,
    tweedeKerstdag: `${year}-12-26`,
  };
  // Array.prototype.sort is stable: a shared date keeps the order of HOLIDAY_KEYS.
  return HOLIDAY_KEYS.map((key) => ({ date: dates[key], key })).sort((x, y) => compareDates(x.date, y.date));
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
