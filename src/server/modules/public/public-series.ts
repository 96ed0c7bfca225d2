import { formatLongDutchDate, seriesDates } from '@core/index';
import { nlPublicSeries } from '@contracts/messages-public-series';
import type { CreatedSeriesBooking, PublicSeriesBookingBody } from '@contracts/public-series';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import { bookingsRepo } from '../bookings/bookings.repo';
import { claimIn, claimIsFree, guardOverlap } from '../bookings/slot-rules';
import type { BookingNotifier, NewBooking } from '../notifications/booking-notifier';
import { atSalonAmounts } from '../payments/deposit-split';
import type { PublicEventRow } from './availability-input';
import { draftBooking, managementUrl, toPublicBooking } from './booking-draft';

const s = nlPublicSeries.publicSeries;

/**
 * A customer's series (docs/PRODUCT.md#series): the same time every week, as many times as the
 * service's seriesOptions offer, all or nothing. Every date is judged with a single booking's rules
 * (checkSlot through draftBooking, then whether its agendas are free); one date refused refuses the
 * whole with the date named, and the dates are written in one transaction under one seriesId. The
 * first occurrence's confirmation lists every date; each has its own manage link and reminders.
 */
export async function bookPublicSeries(
  db: Db,
  deps: { box: SecretBox; notifier: BookingNotifier; appUrl: string },
  found: PublicEventRow,
  body: PublicSeriesBookingBody & { series: { every: '1w'; count: number } },
  at: Date,
): Promise<CreatedSeriesBooking> {
  const { event, timeZone } = found;
  if (!event.seriesOptions.includes(body.series.count))
    throw badRequest(s.notOffered, { series: s.notOffered });
  if (event.requiresPayment) throw badRequest(s.notPaidOnline, { series: s.notPaidOnline });
  const dates = seriesDates(body.bookingDate, body.series.every, { count: body.series.count });
  const refused = (date: string) =>
    new AppError(
      'SLOT_TAKEN',
      s.dateRefused.replace('{date}', formatLongDutchDate(date)).replace('{time}', body.bookingTime),
    );
  const drafts: Awaited<ReturnType<typeof draftBooking>>[] = [];
  for (const [k, date] of dates.entries()) {
    try {
      const draft = await draftBooking(
        db,
        deps.box,
        event,
        timeZone,
        { ...body, bookingDate: date },
        at,
        found,
      );
      if (!(await claimIsFree(db, draft.claim, at))) throw new AppError('SLOT_TAKEN', s.dateRefused);
      drafts.push(draft);
    } catch (err) {
      // The first date's own refusal says it best (and the answers' errors come from it); a later
      // date is named, since the customer picked only the first.
      if (k === 0 || !(err instanceof AppError)) throw err;
      throw refused(date);
    }
  }
  const seriesId = crypto.randomUUID();
  const amounts = atSalonAmounts(event, body.seats ?? 1);
  const rows = await guardOverlap(() =>
    db.transaction(async (tx) => {
      const out: BookingRow[] = [];
      for (const [k, draft] of drafts.entries()) {
        const write = async (w: Db, agendaId: string, extraAgendaIds: string[]) => {
          const booking: NewBooking = {
            ...draft.values,
            id: crypto.randomUUID(),
            agendaId,
            extraAgendaIds,
            seriesId,
            status: 'confirmed',
            paymentStatus: 'not_required',
            ...amounts,
          };
          const change = await deps.notifier.createdChange(w, booking, {
            context: found,
            laterOccurrence: k > 0,
          });
          return bookingsRepo.insertWithChange(w, booking, change);
        };
        try {
          out.push(await guardOverlap(() => claimIn(tx, draft.claim, at, write)));
        } catch (err) {
          if (err instanceof AppError && err.code === 'SLOT_TAKEN') throw refused(dates[k]!);
          throw err;
        }
      }
      return out;
    }),
  );
  const token = drafts[0]!.token;
  return {
    booking: toPublicBooking(rows[0]!),
    managementToken: token,
    managementUrl: managementUrl(deps.appUrl, token),
    series: rows.map(toPublicBooking),
  };
}
