import { formatLongDutchDate, seriesDates } from '@core/index';
import { nlPublicSeries } from '@contracts/messages-public-series';
import type { SeriesRequest } from '@contracts/public-series';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import { claimIn, claimIsFree, guardOverlap } from '../bookings/slot-rules';
import type { PublicEventRow } from './availability-input';
import { draftBooking, type BookingRequest } from './booking-draft';

const s = nlPublicSeries.publicSeries;

type Draft = Awaited<ReturnType<typeof draftBooking>>;

/** Every occurrence of a customer's series, drafted and found free; its dates in order. */
export interface SeriesDraft {
  dates: string[];
  drafts: Draft[];
  /** The refusal of one date, named, as the customer picked only the first. */
  refused: (date: string) => AppError;
}

/**
 * A customer's series (docs/PRODUCT.md#series): the same time every week, as many times as the
 * service's seriesOptions offer, all or nothing. Every date is judged with a single booking's rules
 * (checkSlot through draftBooking, then whether its agendas are free); one date refused refuses the
 * whole with the date named. Shared by the unpaid series and the paid series' hold.
 */
export async function draftSeries(
  db: Db,
  box: SecretBox,
  found: PublicEventRow,
  body: BookingRequest,
  series: SeriesRequest,
  at: Date,
): Promise<SeriesDraft> {
  const { event, timeZone } = found;
  if (!event.seriesOptions.includes(series.count)) throw badRequest(s.notOffered, { series: s.notOffered });
  const dates = seriesDates(body.bookingDate, series.every, { count: series.count });
  const refused = (date: string) =>
    new AppError(
      'SLOT_TAKEN',
      s.dateRefused.replace('{date}', formatLongDutchDate(date)).replace('{time}', body.bookingTime),
    );
  const drafts: Draft[] = [];
  for (const [k, date] of dates.entries()) {
    try {
      const draft = await draftBooking(db, box, event, timeZone, { ...body, bookingDate: date }, at, found);
      if (!(await claimIsFree(db, draft.claim, at))) throw new AppError('SLOT_TAKEN', s.dateRefused);
      drafts.push(draft);
    } catch (err) {
      // The first date's own refusal says it best (and the answers' errors come from it); a later
      // date is named, since the customer picked only the first.
      if (k === 0 || !(err instanceof AppError)) throw err;
      throw refused(date);
    }
  }
  return { dates, drafts, refused };
}

/**
 * Writes every drafted occurrence in one transaction, or none: `write` stores one occurrence (its
 * values with the agendas found free); a date taken meanwhile refuses the whole with that date.
 */
export function writeSeries(
  db: Db,
  draft: SeriesDraft,
  at: Date,
  write: (
    w: Db,
    values: Draft['values'] & { agendaId: string; extraAgendaIds: string[] },
    k: number,
  ) => Promise<BookingRow>,
): Promise<BookingRow[]> {
  return guardOverlap(() =>
    db.transaction(async (tx) => {
      const out: BookingRow[] = [];
      for (const [k, d] of draft.drafts.entries()) {
        try {
          const row = await guardOverlap(() =>
            claimIn(tx, d.claim, at, (w, agendaId, extraAgendaIds) =>
              write(w, { ...d.values, agendaId, extraAgendaIds }, k),
            ),
          );
          out.push(row);
        } catch (err) {
          if (err instanceof AppError && err.code === 'SLOT_TAKEN') throw draft.refused(draft.dates[k]!);
          throw err;
        }
      }
      return out;
    }),
  );
}
