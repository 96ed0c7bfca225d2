import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_DURATION,
  DEFAULT_PAUSE,
  defaultWorkingDays,
  DURATIONS,
  WEEKDAYS_MONDAY_FIRST,
} from './durations';

describe('form constants', () => {
  it('lists durations and currencies', () => {
    expect(DURATIONS).toEqual([15, 30, 45, 60, 90, 120]);
    expect(DEFAULT_DURATION).toBe(30);
    expect(CURRENCIES).toEqual(['EUR', 'USD', 'GBP']);
    expect(DEFAULT_CURRENCY).toBe('EUR');
    expect(DEFAULT_PAUSE).toEqual({ start: '12:00', end: '13:00' });
  });

  it('defaults to Monday-Friday 09:00-17:00 and returns a fresh object each time', () => {
    const days = defaultWorkingDays();
    expect(days).toEqual({
      '0': { enabled: false, startTime: '09:00', endTime: '17:00' },
      '1': { enabled: true, startTime: '09:00', endTime: '17:00' },
      '2': { enabled: true, startTime: '09:00', endTime: '17:00' },
      '3': { enabled: true, startTime: '09:00', endTime: '17:00' },
      '4': { enabled: true, startTime: '09:00', endTime: '17:00' },
      '5': { enabled: true, startTime: '09:00', endTime: '17:00' },
      '6': { enabled: false, startTime: '09:00', endTime: '17:00' },
    });
    (days['1'] as { enabled: boolean }).enabled = false;
    expect(defaultWorkingDays()['1']?.enabled).toBe(true);
  });

  it('orders weekdays Monday first with Dutch labels', () => {
    expect(WEEKDAYS_MONDAY_FIRST.map((d) => d.key)).toEqual(['1', '2', '3', '4', '5', '6', '0']);
    expect(WEEKDAYS_MONDAY_FIRST.map((d) => d.label)).toEqual([
      'Maandag',
      'Dinsdag',
      'Woensdag',
      'Donderdag',
      'Vrijdag',
      'Zaterdag',
      'Zondag',
    ]);
  });
});
