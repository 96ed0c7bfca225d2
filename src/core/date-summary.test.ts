import { describe, expect, it } from 'vitest';
import { dateSummary, formatShortDutchDate } from './date-summary';
import { formatLongDutchDate } from './dutch-calendar';

describe('dateSummary', () => {
  it("range: 'start - end' in Dutch short form", () => {
    expect(
      dateSummary({ dateRangeType: 'range', dateRangeStart: '2026-12-01', dateRangeEnd: '2026-12-31' }),
    ).toBe('1 dec. 2026 - 31 dec. 2026');
    expect(
      dateSummary({ dateRangeType: 'range', dateRangeStart: '2026-05-07', dateRangeEnd: '2026-06-01' }),
    ).toBe('7 mei 2026 - 1 jun. 2026');
  });

  it("specific: '{n} specifieke datum(s)'", () => {
    expect(
      dateSummary({ dateRangeType: 'specific', specificDates: ['2026-12-01', '2026-12-03', '2026-12-05'] }),
    ).toBe('3 specifieke datum(s)');
    expect(dateSummary({ dateRangeType: 'specific', specificDates: ['2026-12-01'] })).toBe(
      '1 specifieke datum(s)',
    );
    expect(
      dateSummary({ dateRangeType: 'specific', specificDates: ['2026-12-01', '2026-12-01', 'bad'] }),
    ).toBe('1 specifieke datum(s)');
  });

  it("otherwise 'Geen datums'", () => {
    expect(dateSummary({ dateRangeType: 'range', dateRangeStart: '2026-12-01', dateRangeEnd: null })).toBe(
      'Geen datums',
    );
    expect(dateSummary({ dateRangeType: 'range', dateRangeStart: null, dateRangeEnd: '2026-12-01' })).toBe(
      'Geen datums',
    );
    expect(dateSummary({ dateRangeType: 'range' })).toBe('Geen datums');
    expect(dateSummary({ dateRangeType: 'specific', specificDates: [] })).toBe('Geen datums');
    expect(dateSummary({ dateRangeType: 'specific', specificDates: null })).toBe('Geen datums');
    expect(dateSummary({ dateRangeType: 'other' })).toBe('Geen datums');
  });
});

describe('Dutch date formats', () => {
  it('formats long and short dates', () => {
    expect(formatLongDutchDate('2026-12-07')).toBe('maandag 7 december 2026');
    expect(formatLongDutchDate('2026-03-29')).toBe('zondag 29 maart 2026');
    expect(formatLongDutchDate('2026-10-25')).toBe('zondag 25 oktober 2026');
    expect(formatShortDutchDate('2026-01-01')).toBe('1 jan. 2026');
    expect(formatShortDutchDate('2026-03-15')).toBe('15 mrt. 2026');
  });

  it('returns invalid input unchanged instead of throwing', () => {
    expect(formatLongDutchDate('2026-02-29')).toBe('2026-02-29');
    expect(formatShortDutchDate('')).toBe('');
  });
});
