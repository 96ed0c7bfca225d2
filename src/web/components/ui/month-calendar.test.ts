import { describe, expect, it } from 'vitest';
import { addMonths, formatMonthLabel, monthOf } from './month-calendar';

describe('month-calendar helpers', () => {
  it('adds months across year boundaries', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-05', 12)).toBe('2027-05');
    expect(addMonths('2026-05', -17)).toBe('2024-12');
  });

  it('names months in Dutch and takes the month of a date', () => {
    expect(formatMonthLabel('2026-03')).toBe('maart 2026');
    expect(monthOf('2026-03-29')).toBe('2026-03');
  });
});
