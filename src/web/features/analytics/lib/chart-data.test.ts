import { describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { hourRange, noShowCaption, perDayPoints, perHourPoints } from './chart-data';

describe('statistics chart data', () => {
  it('has a point for every day of the period, zero where nothing was booked', () => {
    const points = perDayPoints({
      from: '2026-02-26',
      to: '2026-03-02',
      perDay: [{ date: '2026-02-28', count: 3 }],
    });
    expect(points.map((p) => [p.key, p.count])).toEqual([
      ['2026-02-26', 0],
      ['2026-02-27', 0],
      ['2026-02-28', 3],
      ['2026-03-01', 0],
      ['2026-03-02', 0],
    ]);
    expect(points[2]?.label).toBe('28 feb.');
    expect(points[2]?.fullLabel).toBe('zaterdag 28 februari');
  });

  it('spans at least 08:00-17:00 and widens to include early or late bookings', () => {
    expect(perHourPoints([]).map((p) => p.label)[0]).toBe('08:00');
    expect(perHourPoints([]).at(-1)?.label).toBe('17:00');
    const wide = perHourPoints([
      { hour: 7, count: 1 },
      { hour: 20, count: 2 },
    ]);
    expect(wide[0]).toMatchObject({ label: '07:00', count: 1 });
    expect(wide.at(-1)).toMatchObject({ label: '20:00', count: 2, fullLabel: '20:00 - 21:00' });
    expect(hourRange(23)).toBe('23:00 - 00:00');
  });
});

describe('noShowCaption', () => {
  it('writes the rate the Dutch way and says when nothing has started', () => {
    expect(noShowCaption({ count: 1, started: 3, rate: 1 / 3 })).toBe(
      '33,3% van de afspraken die al begonnen zijn',
    );
    expect(noShowCaption({ count: 1, started: 2, rate: 0.5 })).toBe(
      '50% van de afspraken die al begonnen zijn',
    );
    expect(noShowCaption({ count: 0, started: 0, rate: null })).toBe(nl.noShows.statNone);
  });
});
