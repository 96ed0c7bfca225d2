/**
 * The series part of the new-booking dialog's values (docs/PRODUCT.md#series) and the requests made
 * of them: pure, so the dialog and its tests share them.
 */
import type { SeriesEvery } from '@contracts/enums';
import { seriesCheckBody, type SeriesCheckBody, type SeriesOccurrenceDto } from '@contracts/series';

export const SERIES_ENDS = ['count', 'until'] as const;

/** The new-booking dialog's series fields (docs/PRODUCT.md#series); off, the dialog books one date. */
export interface SeriesValues {
  repeat: boolean;
  every: SeriesEvery;
  /** The series ends after `count` dates or on `until`. */
  end: (typeof SERIES_ENDS)[number];
  count: string;
  until: string;
}

export const seriesDefaults: SeriesValues = {
  repeat: false,
  every: '1w',
  end: 'count',
  count: '8',
  until: '',
};

/** The check's request from the form, or null while it is not a complete series yet. */
export function seriesCheckOf(
  v: SeriesValues & { eventId: string; agendaId: string; bookingDate: string; bookingTime: string },
): SeriesCheckBody | null {
  if (!v.repeat) return null;
  const body = {
    eventId: v.eventId,
    agendaId: v.agendaId || undefined,
    date: v.bookingDate,
    time: v.bookingTime,
    every: v.every,
    ...seriesEndOf(v),
  };
  return seriesCheckBody.safeParse(body).success ? body : null;
}

/** Count or until, as the contract takes them ('' is left out so the contract names it missing). */
export function seriesEndOf(v: SeriesValues): { count?: number; until?: string } {
  if (v.end === 'count') return v.count.trim() ? { count: Number(v.count) } : {};
  return v.until ? { until: v.until } : {};
}

/** The planned dates the series books without: every date not free, unless the owner keeps it. */
export function skippedDates(occurrences: readonly SeriesOccurrenceDto[], kept: ReadonlySet<string>) {
  return occurrences.filter((o) => !o.free && !kept.has(o.planned)).map((o) => o.planned);
}
