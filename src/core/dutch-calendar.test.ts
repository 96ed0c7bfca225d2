import { format } from 'date-fns';
import { nl } from 'date-fns/locale';
import { describe, expect, it } from 'vitest';
import {
  dutchWeekday,
  formatDutchDayMonth,
  formatDutchMonth,
  formatDutchWeekdayDayMonth,
  formatLongDutchDate,
  formatShortDutchDate,
  instantParts,
} from './dutch-calendar';
import { addDays } from './time';

const localNoon = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
};

describe('Dutch calendar words (Intl)', () => {
  it('reads like the date-fns nl patterns it replaces, for every day of two years', () => {
    for (let i = 0; i < 731; i++) {
      const date = addDays('2026-01-01', i);
      expect(formatLongDutchDate(date)).toBe(format(localNoon(date), 'EEEE d MMMM yyyy', { locale: nl }));
      expect(formatDutchMonth(date.slice(0, 7))).toBe(format(localNoon(date), 'LLLL yyyy', { locale: nl }));
      expect(formatDutchWeekdayDayMonth(date)).toBe(format(localNoon(date), 'EEEE d MMMM', { locale: nl }));
      expect(formatDutchDayMonth(date)).toBe(format(localNoon(date), 'd MMM', { locale: nl }));
      expect(formatShortDutchDate(date)).toBe(format(localNoon(date), 'd MMM yyyy', { locale: nl }));
      expect(dutchWeekday(date)).toEqual({
        short: format(localNoon(date), 'EEEEEE', { locale: nl }),
        long: format(localNoon(date), 'EEEE', { locale: nl }),
      });
    }
  });

  it('keeps the calendar date whatever the zone, and returns invalid input unchanged', () => {
    expect(formatLongDutchDate('2026-03-29')).toBe('zondag 29 maart 2026');
    expect(formatLongDutchDate('2026-10-25')).toBe('zondag 25 oktober 2026');
    expect(formatLongDutchDate('2026-02-29')).toBe('2026-02-29');
    expect(formatDutchMonth('2026-13')).toBe('2026-13');
    expect(formatShortDutchDate('')).toBe('');
    expect(formatDutchDayMonth('nope')).toBe('nope');
  });

  it('reads an instant in a given zone, across the DST change', () => {
    expect(instantParts(new Date('2026-03-29T00:59:00Z'), 'Europe/Amsterdam')).toEqual({
      date: '2026-03-29',
      time: '01:59',
    });
    expect(instantParts(new Date('2026-03-29T01:00:00Z'), 'Europe/Amsterdam')).toEqual({
      date: '2026-03-29',
      time: '03:00',
    });
    expect(instantParts(new Date('2026-12-31T23:30:00Z'), 'Europe/Amsterdam')).toEqual({
      date: '2027-01-01',
      time: '00:30',
    });
  });
});
