/**
 * Where a booking sits on the agenda's time grid. Pure: minutes since midnight from the booking's
 * wall-clock start ('HH:mm' in the owner's zone, as stored) and its duration, so the grid never
 * depends on the viewer's zone or on a DST shift within the day.
 */
import { MINUTES_PER_DAY, parseTime } from '@core/index';

export interface Timed {
  bookingTime: string;
  durationMinutes: number;
}

/** A booking on the grid: start and end in minutes since midnight, and its lane among overlapping ones. */
export interface Placed<T> {
  item: T;
  start: number;
  end: number;
  /** 0-based lane within its group of overlapping bookings. */
  lane: number;
  /** How many lanes that group needs: the booking is 1/lanes wide. */
  lanes: number;
}

/** The hours the grid shows at least: a salon day. Bookings outside it widen the window. */
export const DEFAULT_WINDOW = { start: 8 * 60, end: 18 * 60 } as const;

export interface TimeWindow {
  start: number;
  end: number;
}

/** Start and end minutes of a booking, clipped at midnight; null for a time that does not parse. */
export function bookingSpan(b: Timed): { start: number; end: number } | null {
  const start = parseTime(b.bookingTime);
  if (start === null) return null;
  // At least a sliver, so a zero-minute entry is still visible and clickable.
  return { start, end: Math.min(start + Math.max(b.durationMinutes, 1), MINUTES_PER_DAY) };
}

/**
 * Places bookings side by side where they overlap (a cancelled booking and the new one in its slot,
 * or two agendas in one week column): each group of transitively overlapping bookings shares its
 * width among as many lanes as it needs at once; a booking takes the first lane free at its start.
 * Ordered by start, longer first; unparseable times are left out.
 */
export function placeBookings<T extends Timed>(items: readonly T[]): Placed<T>[] {
  const spans = items
    .map((item) => ({ item, span: bookingSpan(item) }))
    .filter((x): x is { item: T; span: { start: number; end: number } } => x.span !== null)
    .sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);

  const placed: Placed<T>[] = [];
  let group: Placed<T>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const p of group) p.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const { item, span } of spans) {
    if (span.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= span.start);
    if (lane === -1) lane = laneEnds.push(span.end) - 1;
    else laneEnds[lane] = span.end;
    const p: Placed<T> = { item, start: span.start, end: span.end, lane, lanes: 1 };
    group.push(p);
    placed.push(p);
    groupEnd = Math.max(groupEnd, span.end);
  }
  closeGroup();
  return placed;
}

/**
 * The whole hours the grid shows: the default salon day, widened to the hour before the earliest
 * booking and the hour after the latest end.
 */
export function timeWindow(items: readonly Timed[], base: TimeWindow = DEFAULT_WINDOW): TimeWindow {
  let { start, end } = base;
  for (const item of items) {
    const span = bookingSpan(item);
    if (!span) continue;
    start = Math.min(start, Math.floor(span.start / 60) * 60);
    end = Math.max(end, Math.ceil(span.end / 60) * 60);
  }
  return { start, end: Math.min(end, MINUTES_PER_DAY) };
}

/** The hours on the axis: the window's starts of hours. */
export function hourMarks(window: TimeWindow): number[] {
  const marks: number[] = [];
  for (let m = Math.ceil(window.start / 60) * 60; m < window.end; m += 60) marks.push(m);
  return marks;
}

/** A minute of the day as a percentage from the window's top (clamped to the window). */
export function offsetPercent(minutes: number, window: TimeWindow): number {
  const clamped = Math.min(Math.max(minutes, window.start), window.end);
  return ((clamped - window.start) / (window.end - window.start)) * 100;
}

/** Top and height of a span in the window, in percent of its height. */
export function spanPercent(span: { start: number; end: number }, window: TimeWindow) {
  const top = offsetPercent(span.start, window);
  return { top, height: offsetPercent(span.end, window) - top };
}
