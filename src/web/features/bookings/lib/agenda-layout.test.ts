import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingSpan,
  DEFAULT_WINDOW,
  hourMarks,
  offsetPercent,
  placeBookings,
  spanPercent,
  timeWindow,
} from './agenda-layout';

const at = (bookingTime: string, durationMinutes = 30, id = bookingTime) => ({
  id,
  bookingTime,
  durationMinutes,
});

describe('bookingSpan', () => {
  it('reads the start and adds the duration, clipped at midnight', () => {
    expect(bookingSpan(at('09:30', 45))).toEqual({ start: 570, end: 615 });
    expect(bookingSpan(at('23:30', 60))).toEqual({ start: 1410, end: 1440 });
    expect(bookingSpan(at('10:00', 0))).toEqual({ start: 600, end: 601 });
    expect(bookingSpan(at('9:00'))).toBeNull();
  });
});

describe('placeBookings', () => {
  it('gives bookings that do not overlap the full width, touching ones included', () => {
    const placed = placeBookings([at('10:00'), at('09:00', 60), at('10:30')]);
    expect(placed.map((p) => [p.item.id, p.lane, p.lanes])).toEqual([
      ['09:00', 0, 1],
      ['10:00', 0, 1],
      ['10:30', 0, 1],
    ]);
  });

  it('puts overlapping bookings side by side and reuses a lane once it is free', () => {
    // A cancelled 10:00 and the new 10:00 in its slot, then 10:15 while both still run, then 10:30.
    const placed = placeBookings([
      at('10:00', 30, 'cancelled'),
      at('10:00', 60, 'new'),
      at('10:15', 30, 'third'),
      at('10:30', 30, 'fourth'),
      at('12:00', 30, 'alone'),
    ]);
    const byId = Object.fromEntries(placed.map((p) => [p.item.id, [p.lane, p.lanes]]));
    expect(byId).toEqual({
      new: [0, 3], // longer first at the same start
      cancelled: [1, 3],
      third: [2, 3],
      fourth: [1, 3], // 'cancelled' ended at 10:30
      alone: [0, 1],
    });
  });

  it('leaves out times that do not parse', () => {
    expect(placeBookings([at('10:00'), at('25:00')]).map((p) => p.item.id)).toEqual(['10:00']);
  });

  it('never lets two bookings of one lane overlap, and keeps every lane inside its group', () => {
    const booking = fc.record({
      start: fc.integer({ min: 0, max: 1439 }),
      duration: fc.integer({ min: 1, max: 240 }),
    });
    fc.assert(
      fc.property(fc.array(booking, { maxLength: 25 }), (raw) => {
        const items = raw.map((r, i) => ({
          id: String(i),
          bookingTime: `${String(Math.floor(r.start / 60)).padStart(2, '0')}:${String(r.start % 60).padStart(2, '0')}`,
          durationMinutes: r.duration,
        }));
        const placed = placeBookings(items);
        expect(placed).toHaveLength(items.length);
        for (const a of placed) {
          expect(a.lane).toBeLessThan(a.lanes);
          for (const b of placed) {
            if (a === b) continue;
            const overlap = a.start < b.end && b.start < a.end;
            if (overlap) {
              expect(a.lane).not.toBe(b.lane);
              expect(a.lanes).toBe(b.lanes); // one group shares one width
            }
          }
        }
      }),
    );
  });
});

describe('timeWindow / hourMarks', () => {
  it('shows the salon day when the bookings fit in it', () => {
    expect(timeWindow([at('10:00'), at('16:30', 30)])).toEqual(DEFAULT_WINDOW);
    expect(timeWindow([])).toEqual({ start: 480, end: 1080 });
  });

  it('widens to the whole hours around earlier and later bookings', () => {
    expect(timeWindow([at('07:15'), at('18:10', 30)])).toEqual({ start: 420, end: 1140 });
    expect(timeWindow([at('23:30', 60)])).toEqual({ start: 480, end: 1440 });
  });

  it('marks each hour from the start up to the end', () => {
    expect(hourMarks({ start: 480, end: 720 })).toEqual([480, 540, 600, 660]);
  });
});

describe('offsetPercent / spanPercent', () => {
  const hours = { start: 480, end: 1080 }; // 10 hours
  it('turns minutes into a share of the window, clamped to it', () => {
    expect(offsetPercent(480, hours)).toBe(0);
    expect(offsetPercent(780, hours)).toBe(50);
    expect(offsetPercent(1080, hours)).toBe(100);
    expect(offsetPercent(300, hours)).toBe(0);
    expect(offsetPercent(1300, hours)).toBe(100);
    expect(spanPercent({ start: 540, end: 570 }, hours)).toEqual({ top: 10, height: 5 });
  });
});
