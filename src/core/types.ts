/**
 * Shapes shared by the server (JSON columns, API payloads) and the web app.
 * Dates are 'yyyy-MM-dd' strings and times 'HH:mm' strings: they are wall-clock values in the
 * owner's time zone, so keeping them as strings avoids accidental time-zone conversion.
 */

/** Weekday keys '0'..'6'; '0' is Sunday to match JavaScript's getUTCDay(). */
export type WeekdayKey = '0' | '1' | '2' | '3' | '4' | '5' | '6';

export type WorkingDay = { enabled: boolean; startTime: string; endTime: string };

/** Keyed by weekday '0'..'6'; a missing key means the day is disabled. */
export type WorkingDays = Record<string, WorkingDay>;

export type Pause = { start: string; end: string };

/** Keyed by weekday '0'..'6'; a missing key means no pauses that day. */
export type DailyPauseTimes = Record<string, Pause[]>;

/**
 * 'range': start to end; 'specific': listed dates; 'ongoing' ('Doorlopend'): from a start date with
 * no end, limited only by the booking horizon (docs/PRODUCT.md#event-form).
 */
export const DATE_RANGE_TYPES = ['range', 'specific', 'ongoing'] as const;
export type DateRangeType = (typeof DATE_RANGE_TYPES)[number];

/**
 * Guard against absurd ranges (e.g. a typo'd year 2206) exploding into millions of days: the most
 * days a range (or an ongoing service) is enumerated for. Here, not in availability.ts, so the booking
 * page's first step can know it without loading the slot rules.
 */
export const MAX_RANGE_DAYS = 3 * 366;

/** This service on one date: closed, or these hours instead of the weekday's (docs/PRODUCT.md#booking-rules). */
export type DateOverride =
  { date: string; closed: true } | { date: string; closed?: false; startTime: string; endTime: string };

/** The subset of an event the scheduling rules need. */
export type SchedulableEvent = {
  workingDays: WorkingDays;
  dateRangeType: DateRangeType;
  dateRangeStart?: string | null;
  dateRangeEnd?: string | null;
  specificDates?: string[] | null;
  dailyPauseTimes?: DailyPauseTimes | null;
  durationMinutes: number;
  /** The grid step from the day's start; null or left out: the duration (the spec's grid). */
  slotIntervalMinutes?: number | null;
  /** The buffers around a booking: without an interval they lengthen the grid's step. */
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  dateOverrides?: readonly DateOverride[] | null;
};

/** Inclusive date interval. */
export type DateRange = { from: string; to: string };
