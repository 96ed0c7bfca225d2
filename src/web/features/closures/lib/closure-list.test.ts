import { describe, expect, it } from 'vitest';
import type { ClosureDto } from '@contracts/closures';
import { closureDates, closureDays, holidayClosures, isCurrentClosure, isPastClosure } from './closure-list';
import { endAfterStartChange } from './closure-form';

const closure = (
  startDate: string,
  endDate: string,
  agendaId: string | null = null,
  yearly = false,
): ClosureDto => ({
  id: `${startDate}-${endDate}`,
  startDate,
  endDate,
  label: 'Vakantie',
  agendaId,
  yearly,
});

describe('closureDates', () => {
  it('names one day, a range within a year and one across a year end in Dutch', () => {
    expect(closureDates(closure('2026-12-25', '2026-12-25'))).toBe('vr 25 dec. 2026');
    expect(closureDates(closure('2026-07-06', '2026-07-24'))).toBe('ma 6 jul. – vr 24 jul. 2026');
    expect(closureDates(closure('2026-12-28', '2027-01-01'))).toBe('ma 28 dec. 2026 – vr 1 jan. 2027');
  });
  it('counts both ends', () => {
    expect(closureDays(closure('2026-12-25', '2026-12-25'))).toBe(1);
    expect(closureDays(closure('2026-02-27', '2026-03-02'))).toBe(4);
  });
  it('names a yearly closure by day and month only, saying elk jaar', () => {
    expect(closureDates(closure('2026-12-24', '2026-12-26', null, true))).toBe('24 dec. – 26 dec., elk jaar');
    expect(closureDates(closure('2026-12-31', '2026-12-31', null, true))).toBe('31 dec., elk jaar');
  });
});

describe('past and current', () => {
  it('is past only after its last day, current from its first to its last', () => {
    const c = closure('2026-07-06', '2026-07-24');
    expect(isPastClosure(c, '2026-07-24')).toBe(false);
    expect(isPastClosure(c, '2026-07-25')).toBe(true);
    expect(isCurrentClosure(c, '2026-07-05')).toBe(false);
    expect(isCurrentClosure(c, '2026-07-06')).toBe(true);
    expect(isCurrentClosure(c, '2026-07-24')).toBe(true);
  });
  it('never passes a yearly closure, and is current again on its dates in a later year', () => {
    const c = closure('2026-12-24', '2026-12-26', null, true);
    expect(isPastClosure(c, '2030-01-10')).toBe(false);
    expect(isCurrentClosure(c, '2028-12-25')).toBe(true);
    expect(isCurrentClosure(c, '2028-12-27')).toBe(false);
  });
});

describe('holidayClosures', () => {
  const holidays = [
    { date: '2027-04-27', name: 'Koningsdag' },
    { date: '2027-12-25', name: 'Eerste Kerstdag' },
    { date: '2027-12-26', name: 'Tweede Kerstdag' },
  ];
  it('adds the ticked holidays as one-day closures of the whole business, named after them', () => {
    expect(holidayClosures(holidays, new Set(['2027-12-26', '2027-04-27']), [])).toEqual([
      { startDate: '2027-04-27', endDate: '2027-04-27', label: 'Koningsdag', agendaId: null, yearly: false },
      {
        startDate: '2027-12-26',
        endDate: '2027-12-26',
        label: 'Tweede Kerstdag',
        agendaId: null,
        yearly: false,
      },
    ]);
  });
  it('skips a holiday already closed on its own for the whole business, not one closed for an agenda or in a range', () => {
    const existing = [
      closure('2027-12-25', '2027-12-25'),
      closure('2027-12-26', '2027-12-26', 'agenda-1'),
      closure('2027-04-20', '2027-04-30'),
    ];
    const all = new Set(holidays.map((h) => h.date));
    expect(holidayClosures(holidays, all, existing).map((c) => c.label)).toEqual([
      'Koningsdag',
      'Tweede Kerstdag',
    ]);
  });
  it('skips a holiday a yearly closure of an earlier year already closes', () => {
    const existing = [closure('2026-12-24', '2026-12-26', null, true)];
    const all = new Set(holidays.map((h) => h.date));
    expect(holidayClosures(holidays, all, existing).map((c) => c.label)).toEqual(['Koningsdag']);
  });
});

describe('endAfterStartChange', () => {
  it('follows the first day while the end is unset or before it, else keeps the end', () => {
    expect(endAfterStartChange('2027-07-06', '')).toBe('2027-07-06');
    expect(endAfterStartChange('2027-07-06', '2027-07-01')).toBe('2027-07-06');
    expect(endAfterStartChange('2027-07-06', '2027-07-24')).toBe('2027-07-24');
    expect(endAfterStartChange('', '2027-07-24')).toBe('2027-07-24');
  });
});
