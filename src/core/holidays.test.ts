import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dutchHolidays,
  easterSunday,
  HOLIDAY_KEYS,
  HOLIDAY_MAX_YEAR,
  HOLIDAY_MIN_YEAR,
  type Holiday,
  type HolidayKey,
} from './holidays';
import { addDays, isValidDate, weekdayOf } from './time';

const anyYear = fc.integer({ min: HOLIDAY_MIN_YEAR, max: HOLIDAY_MAX_YEAR });

/** Easter Sundays from published tables (not from the algorithm under test). */
const KNOWN_EASTERS: Record<number, string> = {
  1583: '04-10',
  1818: '03-22', // the earliest possible date
  1900: '04-15',
  1943: '04-25', // the latest possible date
  1954: '04-18',
  2000: '04-23',
  2001: '04-15',
  2002: '03-31',
  2003: '04-20',
  2004: '04-11',
  2005: '03-27',
  2006: '04-16',
  2007: '04-08',
  2008: '03-23',
  2009: '04-12',
  2010: '04-04',
  2011: '04-24',
  2012: '04-08',
  2013: '03-31',
  2014: '04-20',
  2015: '04-05',
  2016: '03-27',
  2017: '04-16',
  2018: '04-01',
  2019: '04-21',
  2020: '04-12',
  2021: '04-04',
  2022: '04-17',
  2023: '04-09',
  2024: '03-31',
  2025: '04-20',
  2026: '04-05',
  2027: '03-28',
  2028: '04-16',
  2029: '04-01',
  2030: '04-21',
  2031: '04-13',
  2032: '03-28',
  2033: '04-17',
  2034: '04-09',
  2035: '03-25',
  2038: '04-25',
  2100: '03-28',
  2200: '04-06',
  2285: '03-22',
  3000: '04-13',
  4099: '04-19',
  9999: '03-28',
};

function dateOf(list: Holiday[], key: HolidayKey): string {
  const found = list.find((h) => h.key === key);
  if (!found) throw new Error(`missing ${key}`);
  return found.date;
}

describe('easterSunday', () => {
  it.each(Object.entries(KNOWN_EASTERS))('Easter %s is on %s', (year, monthDay) => {
    expect(easterSunday(Number(year))).toBe(`${year}-${monthDay}`);
  });

  it('is always a Sunday between 22 March and 25 April', () => {
    fc.assert(
      fc.property(anyYear, (year) => {
        const easter = easterSunday(year);
        expect(isValidDate(easter)).toBe(true);
        expect(weekdayOf(easter)).toBe(0);
        expect(easter >= `${year}-03-22` && easter <= `${year}-04-25`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses years outside the Gregorian range it is defined for', () => {
    for (const year of [1582, 10_000, 2026.5, Number.NaN]) {
      expect(() => easterSunday(year)).toThrow(RangeError);
    }
  });
});

describe('dutchHolidays', () => {
  it('lists 2027 exactly, in date order', () => {
    expect(dutchHolidays(2027)).toEqual([
      { date: '2027-01-01', key: 'nieuwjaarsdag' },
      { date: '2027-03-26', key: 'goedeVrijdag' },
      { date: '2027-03-28', key: 'eerstePaasdag' },
      { date: '2027-03-29', key: 'tweedePaasdag' },
      { date: '2027-04-27', key: 'koningsdag' },
      { date: '2027-05-05', key: 'bevrijdingsdag' },
      { date: '2027-05-06', key: 'hemelvaartsdag' },
      { date: '2027-05-16', key: 'eerstePinksterdag' },
      { date: '2027-05-17', key: 'tweedePinksterdag' },
      { date: '2027-12-25', key: 'eersteKerstdag' },
      { date: '2027-12-26', key: 'tweedeKerstdag' },
    ]);
  });

  it('moves Koningsdag to 26 April when the 27th is a Sunday', () => {
    expect(weekdayOf('2025-04-27')).toBe(0);
    expect(dateOf(dutchHolidays(2025), 'koningsdag')).toBe('2025-04-26');
    expect(dateOf(dutchHolidays(2026), 'koningsdag')).toBe('2026-04-27');
    expect(dateOf(dutchHolidays(2014), 'koningsdag')).toBe('2014-04-26');
    expect(dateOf(dutchHolidays(2031), 'koningsdag')).toBe('2031-04-26');
  });

  it('puts Hemelvaartsdag before Bevrijdingsdag when Easter is early, and both on 5 May after Easter on 27 March', () => {
    const keys2008 = dutchHolidays(2008).map((h) => h.key);
    expect(dateOf(dutchHolidays(2008), 'hemelvaartsdag')).toBe('2008-05-01');
    expect(keys2008.indexOf('hemelvaartsdag')).toBeLessThan(keys2008.indexOf('bevrijdingsdag'));
    const list2016 = dutchHolidays(2016);
    expect(list2016.filter((h) => h.date === '2016-05-05')).toEqual([
      { date: '2016-05-05', key: 'bevrijdingsdag' },
      { date: '2016-05-05', key: 'hemelvaartsdag' },
    ]);
  });

  it('answers [] for a year it cannot compute', () => {
    for (const year of [1582, 0, -1, 10_000, 2026.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(dutchHolidays(year)).toEqual([]);
    }
    expect(dutchHolidays(HOLIDAY_MIN_YEAR)).toHaveLength(11);
    expect(dutchHolidays(HOLIDAY_MAX_YEAR)).toHaveLength(11);
  });

  it('gives every holiday once, sorted, in its year, on the right weekdays', () => {
    fc.assert(
      fc.property(anyYear, (year) => {
        const list = dutchHolidays(year);
        expect(list).toHaveLength(11);
        expect(new Set(list.map((h) => h.key))).toEqual(new Set(HOLIDAY_KEYS));
        for (const h of list) {
          expect(isValidDate(h.date)).toBe(true);
          expect(h.date.slice(0, 4)).toBe(String(year));
        }
        for (let i = 1; i < list.length; i++) {
          expect(list[i - 1]!.date <= list[i]!.date).toBe(true);
        }

        const easter = easterSunday(year);
        expect(dateOf(list, 'eerstePaasdag')).toBe(easter);
        expect(dateOf(list, 'goedeVrijdag')).toBe(addDays(easter, -2));
        expect(weekdayOf(dateOf(list, 'goedeVrijdag'))).toBe(5);
        expect(weekdayOf(dateOf(list, 'tweedePaasdag'))).toBe(1);
        expect(weekdayOf(dateOf(list, 'hemelvaartsdag'))).toBe(4);
        expect(weekdayOf(dateOf(list, 'eerstePinksterdag'))).toBe(0);
        expect(weekdayOf(dateOf(list, 'tweedePinksterdag'))).toBe(1);
        expect(dateOf(list, 'tweedePinksterdag')).toBe(addDays(easter, 50));

        const koningsdag = dateOf(list, 'koningsdag');
        expect(weekdayOf(koningsdag)).not.toBe(0);
        expect([`${year}-04-26`, `${year}-04-27`]).toContain(koningsdag);
        expect(koningsdag === `${year}-04-26`).toBe(weekdayOf(`${year}-04-27`) === 0);
      }),
      { numRuns: 1000 },
    );
  });

  it('has unique dates, except Bevrijdingsdag and Hemelvaartsdag on 5 May after Easter on 27 March', () => {
    fc.assert(
      fc.property(anyYear, (year) => {
        const dates = dutchHolidays(year).map((h) => h.date);
        const together = easterSunday(year) === `${year}-03-27`;
        expect(new Set(dates).size).toBe(together ? 10 : 11);
      }),
      { numRuns: 1000 },
    );
    // The years in 2000–2099 where it happens, so the exception above is really exercised.
    const years = Array.from({ length: 100 }, (_, i) => 2000 + i).filter(
      (y) => new Set(dutchHolidays(y).map((h) => h.date)).size === 10,
    );
    expect(years).toEqual([2005, 2016]);
  });
});
