import { describe, expect, it } from 'vitest';
import type { SeriesOccurrenceDto } from '@contracts/series';
import {
  seriesCheckOf,
  seriesDefaults,
  seriesMovesOf,
  seriesStartAfter,
  skippedDates,
  withMoveDraft,
} from './series-form';

const form = {
  ...seriesDefaults,
  repeat: true,
  eventId: '7b1f7c3e-2d4a-4c1e-9a51-3f0e6b2d8c10',
  agendaId: '',
  bookingDate: '2026-03-03',
  bookingTime: '08:30',
};

const occurrence = (planned: string, free: boolean): SeriesOccurrenceDto => ({
  planned,
  date: planned,
  time: '08:30',
  moved: false,
  free,
  refusal: free ? null : 'taken',
  warnings: [],
});

describe('seriesCheckOf', () => {
  it('asks nothing while Herhalen is off', () => {
    expect(seriesCheckOf({ ...form, repeat: false })).toBeNull();
  });

  it('asks the check of a complete series, by count or by end date', () => {
    expect(seriesCheckOf(form)).toEqual({
      eventId: form.eventId,
      agendaId: undefined,
      date: '2026-03-03',
      time: '08:30',
      every: '1w',
      count: 8,
    });
    expect(seriesCheckOf({ ...form, every: 'month', end: 'until', until: '2026-06-30' })).toMatchObject({
      every: 'month',
      until: '2026-06-30',
    });
  });

  it('waits for what the contract refuses: a count of one, an end before the second date, no time', () => {
    expect(seriesCheckOf({ ...form, count: '1' })).toBeNull();
    expect(seriesCheckOf({ ...form, count: '' })).toBeNull();
    expect(seriesCheckOf({ ...form, end: 'until', until: '2026-03-05' })).toBeNull();
    expect(seriesCheckOf({ ...form, bookingTime: '' })).toBeNull();
  });
});

describe('skippedDates', () => {
  const list = [
    occurrence('2026-03-03', true),
    occurrence('2026-03-10', false),
    occurrence('2026-03-17', false),
  ];

  it('skips every date not free, unless the owner keeps it', () => {
    expect(skippedDates(list, new Set())).toEqual(['2026-03-10', '2026-03-17']);
    expect(skippedDates(list, new Set(['2026-03-17']))).toEqual(['2026-03-10']);
  });
});

describe('moves', () => {
  const none = new Map<string, { date: string; time: string }>();

  it('sends a complete move of a date of the series in the check', () => {
    const drafts = withMoveDraft(none, '2026-03-10', { date: '2026-03-11', time: '09:00' });
    expect(seriesCheckOf(form, drafts)).toMatchObject({
      moves: [{ from: '2026-03-10', date: '2026-03-11', time: '09:00' }],
    });
  });

  it('leaves out a draft still at its own place, half typed, or of a date the series no longer has', () => {
    const drafts = [
      ['2026-03-10', { date: '2026-03-10', time: '08:30' }],
      ['2026-03-17', { date: '2026-03-17', time: '' }],
      ['2026-03-24', { date: '', time: '09:00' }],
      ['2026-03-04', { date: '2026-03-05', time: '09:00' }],
    ] as const;
    const map = new Map(drafts.map(([k, v]) => [k, { ...v }]));
    expect(seriesMovesOf(form, map)).toEqual([]);
    expect(seriesCheckOf(form, map)).not.toHaveProperty('moves');
    // Only the time changed is a move too; so is a date of a series that ends on a date.
    const later = withMoveDraft(map, '2026-03-10', { date: '2026-03-10', time: '09:00' });
    expect(seriesMovesOf({ ...form, end: 'until', until: '2026-03-31' }, later)).toEqual([
      { from: '2026-03-10', date: '2026-03-10', time: '09:00' },
    ]);
    // A count of three no longer has the fourth date.
    const fourth = withMoveDraft(none, '2026-03-24', { date: '2026-03-25', time: '08:30' });
    expect(seriesMovesOf({ ...form, count: '3' }, fourth)).toEqual([]);
  });

  it('"Niet verplaatsen" takes the draft back', () => {
    const drafts = withMoveDraft(none, '2026-03-10', { date: '2026-03-11', time: '09:00' });
    expect(withMoveDraft(drafts, '2026-03-10', null).size).toBe(0);
    expect(drafts.size).toBe(1);
  });

  it('books a moved date that is free, skips one still not free', () => {
    const moved = { ...occurrence('2026-03-10', true), date: '2026-03-11', moved: true };
    const stillTaken = { ...occurrence('2026-03-17', false), date: '2026-03-18', moved: true };
    expect(skippedDates([moved, stillTaken], new Set())).toEqual(['2026-03-17']);
  });
});

describe('seriesStartAfter', () => {
  it('starts one period after the booking', () => {
    expect(seriesStartAfter('2026-03-03', '1w')).toBe('2026-03-10');
    expect(seriesStartAfter('2026-03-03', '3w')).toBe('2026-03-24');
    // The first Tuesday of March: the first Tuesday of April.
    expect(seriesStartAfter('2026-03-03', 'month')).toBe('2026-04-07');
  });
});
