import { describe, expect, it } from 'vitest';
import type { SeriesOccurrenceDto } from '@contracts/series';
import { seriesCheckOf, seriesDefaults, skippedDates } from './series-form';

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
