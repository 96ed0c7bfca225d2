import { describe, expect, it } from 'vitest';
import type { SchedulableEvent } from '@core/index';
import { bookableDates, nextBookableDate } from './test-today';

const day = { enabled: true, startTime: '09:00', endTime: '17:00' };
const weekdaysOnly: SchedulableEvent['workingDays'] = {
  '0': { ...day, enabled: false },
  '1': day,
  '2': day,
  '3': day,
  '4': day,
  '5': day,
  '6': { ...day, enabled: false },
};
const range = (start: string, end: string, workingDays = weekdaysOnly): SchedulableEvent => ({
  workingDays,
  dateRangeType: 'range',
  dateRangeStart: start,
  dateRangeEnd: end,
  durationMinutes: 30,
});

describe('the dates a test books', () => {
  it('takes the next day the event allows strictly after today, skipping closed weekdays', () => {
    // Sunday 2026-11-22 and Monday 2026-11-23: the next weekday is Monday and Tuesday.
    expect(nextBookableDate(range('2026-11-01', '2026-12-31'), { after: '2026-11-21' })).toBe('2026-11-23');
    expect(nextBookableDate(range('2026-11-01', '2026-12-31'), { after: '2026-11-23' })).toBe('2026-11-24');
    // Friday: the weekend is skipped.
    expect(bookableDates(range('2026-11-01', '2026-12-31'), 2, { after: '2026-11-27' })).toEqual([
      '2026-11-30',
      '2026-12-01',
    ]);
  });

  it('stays inside the range and the specific dates, across a year end', () => {
    expect(bookableDates(range('2027-12-30', '2028-01-10'), 3, { after: '2027-12-29' })).toEqual([
      '2027-12-30',
      '2027-12-31',
      '2028-01-03',
    ]);
    const specific: SchedulableEvent = {
      workingDays: weekdaysOnly,
      dateRangeType: 'specific',
      specificDates: ['2028-02-29', '2028-02-26', '2028-02-28'],
      durationMinutes: 30,
    };
    expect(bookableDates(specific, 2, { after: '2028-02-27' })).toEqual(['2028-02-28', '2028-02-29']); // the 26th is a Saturday
  });

  it('refuses to invent a date the event does not offer', () => {
    expect(() => bookableDates(range('2027-03-22', '2027-03-26'), 2, { after: '2027-03-25' })).toThrow(
      /allows 1 dates after 2027-03-25, the test needs 2/,
    );
  });
});
