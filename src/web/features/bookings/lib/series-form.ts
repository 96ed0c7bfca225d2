/**
 * The series part of the new-booking dialog's values (docs/PRODUCT.md#series) and the requests made
 * of them: pure, so the dialog and its tests share them.
 */
import type { SeriesEvery } from '@contracts/enums';
import { seriesCheckBody, type SeriesCheckBody, type SeriesOccurrenceDto } from '@contracts/series';
import { isValidDate, parseTime, seriesDates } from '@core/index';

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

/** Where the owner moves one date of the series ('Verplaatsen'), as typed; keyed by its planned date. */
export interface SeriesMoveDraft {
  date: string;
  time: string;
}
export type SeriesMoveDrafts = ReadonlyMap<string, SeriesMoveDraft>;

type SeriesForm = SeriesValues & {
  eventId: string;
  agendaId: string;
  bookingDate: string;
  bookingTime: string;
};

/** The check's request from the form, or null while it is not a complete series yet. */
export function seriesCheckOf(v: SeriesForm, drafts: SeriesMoveDrafts = new Map()): SeriesCheckBody | null {
  if (!v.repeat) return null;
  const body: SeriesCheckBody = {
    eventId: v.eventId,
    agendaId: v.agendaId || undefined,
    date: v.bookingDate,
    time: v.bookingTime,
    every: v.every,
    ...seriesEndOf(v),
  };
  if (!seriesCheckBody.safeParse(body).success) return null;
  const moves = seriesMovesOf(v, drafts);
  return moves.length ? { ...body, moves } : body;
}

/**
 * The moves the check and the booking send: only a draft that is complete (a real date and time),
 * that goes somewhere else than its planned date and time, and whose date the series still has (a
 * changed first date or count leaves a draft behind; the server would refuse it).
 */
export function seriesMovesOf(v: SeriesForm, drafts: SeriesMoveDrafts) {
  if (!drafts.size) return [];
  const end = seriesEndOf(v);
  const planned = new Set(
    end.count !== undefined
      ? seriesDates(v.bookingDate, v.every, { count: end.count })
      : end.until !== undefined
        ? seriesDates(v.bookingDate, v.every, { until: end.until })
        : [],
  );
  return [...drafts]
    .filter(
      ([from, d]) =>
        planned.has(from) &&
        isValidDate(d.date) &&
        parseTime(d.time) !== null &&
        (d.date !== from || d.time !== v.bookingTime),
    )
    .map(([from, d]) => ({ from, date: d.date, time: d.time }));
}

/** 'Verplaatsen' opens a draft at the date's own place; 'Niet verplaatsen' (null) takes it back. */
export function withMoveDraft(
  drafts: SeriesMoveDrafts,
  planned: string,
  draft: SeriesMoveDraft | null,
): SeriesMoveDrafts {
  const next = new Map(drafts);
  if (draft) next.set(planned, draft);
  else next.delete(planned);
  return next;
}

/**
 * The first date of a series made from an existing booking ('Herhalen' in its details): one period
 * after the booking, so the booking itself is not booked a second time.
 */
export function seriesStartAfter(date: string, every: SeriesEvery): string {
  return seriesDates(date, every, { count: 2 })[1] ?? date;
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
