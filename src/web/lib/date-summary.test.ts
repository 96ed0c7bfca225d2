import { describe, expect, it } from 'vitest';
import { dateSummary } from './date-summary';

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
