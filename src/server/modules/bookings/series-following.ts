import { addDays, daysBetween } from '@core/index';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { BookingRow, EventRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { ActingMember, BookingNotifier, ChangedBy } from '../notifications/booking-notifier';
import { bookingsRepo } from './bookings.repo';
import {
  agendaCandidates,
  bookingBuffers,
  checkSlot,
  claimIn,
  classClaimOf,
  dayLimitOf,
  extraCandidates,
  guardOverlap,
  type SlotRequest,
} from './slot-rules';

const m = nl.series;

/** Who changes "Deze en alle volgende": the owner (a member) or the customer by the manage link. */
export interface FollowingActor {
  by: ChangedBy;
  member?: ActingMember;
  /** The owner's cancel tells the customer only when asked; the customer's own always does. */
  notifyCustomer?: boolean;
  /** The agendas the member sees (a medewerker's own); null: every one. */
  sees?: (agendaId: string) => boolean;
  /**
   * Whether cancelling this occurrence refunds it (a customer's timely cancel of a paid series with
   * automatic refunds): marked in the cancel's transaction; the caller asks the provider after it.
   */
  refunds?: (occurrence: BookingRow) => boolean;
}

/**
 * "Deze en alle volgende" of an appointment series (docs/PRODUCT.md#series): the booking and every
 * later live occurrence of its series, cancelled or moved together in one transaction. A move keeps
 * the series' rhythm: each occurrence goes the same number of days and to the same new time as the
 * booking named. Shared by the owner's and the manage link's changes.
 */
export function createSeriesFollowing(db: Db, opts: { notifier: BookingNotifier; now: () => Date }) {
  const { now } = opts;

  async function following(booking: BookingRow, actor: FollowingActor) {
    if (!booking.seriesId) throw badRequest(m.notASeries);
    if (booking.status === 'cancelled') throw new AppError('CONFLICT', nl.ownerBookings.cancelledCannotEdit);
    const rows = await bookingsRepo.seriesOccurrences(db, booking.seriesId, booking.startsAt);
    return rows.filter((r) => !actor.sees || actor.sees(r.agendaId));
  }

  return {
    /**
     * Cancels the booking and every later occurrence of its series; the booking as it is now, and
     * the occurrences this cancel marked for a refund (`actor.refunds`).
     */
    async cancel(booking: BookingRow, actor: FollowingActor): Promise<BookingRow> {
      return (await this.cancelAll(booking, actor)).booking;
    },
    async cancelAll(
      booking: BookingRow,
      actor: FollowingActor,
    ): Promise<{ booking: BookingRow; refunding: BookingRow[] }> {
      const rows = await following(booking, actor);
      const at = now();
      const done = await db.transaction(async (tx) => {
        const out: BookingRow[] = [];
        for (const occurrence of rows) {
          // Conditional like a single cancel: of two cancels at once one commits, so once refunded.
          const refund = actor.refunds?.(occurrence) ?? false;
          const row = await bookingsRepo.cancelLive(
            tx,
            occurrence.id,
            at,
            refund ? { refundStatus: 'pending', refundError: null } : {},
          );
          if (!row) continue;
          if (occurrence.status === 'confirmed')
            await opts.notifier.cancelled(tx, row, actor.by, {
              notifyCustomer: actor.by !== 'owner' || actor.notifyCustomer,
              member: actor.member,
            });
          out.push(row);
        }
        return out;
      });
      return {
        booking: done.find((r) => r.id === booking.id) ?? booking,
        refunding: done.filter((r) => r.refundStatus === 'pending'),
      };
    },

    /**
     * Moves the booking to `date` and `time` and every later occurrence by the same number of days
     * to the same time. Each new slot is checked like a single move: the owner's (`owner`) overrules
     * closures, hours and the daily limit; the customer's keeps them (`rules`: what the public event
     * read knows of closures and the agendas' own hours), the daily limit counted under the day's
     * lock as for one booking. One refused date refuses the whole.
     */
    async move(
      booking: BookingRow,
      event: EventRow,
      to: { date: string; time: string },
      actor: FollowingActor & {
        timeZone: string;
        owner: boolean;
        rules?: Pick<SlotRequest, 'hasClosures' | 'limits'>;
      },
    ): Promise<BookingRow> {
      const rows = await following(booking, actor);
      const shift = daysBetween(booking.bookingDate, to.date);
      const at = now();
      const planned: Array<{
        occurrence: BookingRow;
        date: string;
        startsAt: Date;
        endsAt: Date;
        agendaIds: readonly string[];
        extraGroups: ReadonlyArray<readonly string[]>;
      }> = [];
      for (const occurrence of rows) {
        const date = addDays(occurrence.bookingDate, shift);
        const checked = await checkSlot(
          db,
          {
            event,
            timeZone: actor.timeZone,
            date,
            time: to.time,
            agendaIds: agendaCandidates(event, null, { agendaId: occurrence.agendaId, chosen: true }),
            extraGroups: extraCandidates(event, occurrence.extraAgendaIds),
            owner: actor.owner,
            ...actor.rules,
          },
          at,
        );
        planned.push({ occurrence, date, ...checked });
      }
      // The occurrences being moved never block each other's new times.
      const exceptId = rows.map((r) => r.id);
      const moved = await guardOverlap(() =>
        db.transaction(async (tx) => {
          const out: BookingRow[] = [];
          for (const p of planned) {
            const claim = {
              startsAt: p.startsAt,
              endsAt: p.endsAt,
              buffers: bookingBuffers(p.occurrence),
              agendaIds: p.agendaIds,
              extraGroups: p.extraGroups,
              exceptId,
              dayLimit: actor.owner ? undefined : dayLimitOf(event, p.date),
              classOf: classClaimOf(event, p.occurrence.seats),
            };
            out.push(
              await claimIn(tx, claim, at, async (w, agendaId, extraAgendaIds) => {
                const before = await bookingsRepo.lockSlot(w, p.occurrence.id);
                const row = await bookingsRepo.update(
                  w,
                  p.occurrence.id,
                  {
                    bookingDate: p.date,
                    bookingTime: to.time,
                    startsAt: p.startsAt,
                    endsAt: p.endsAt,
                    agendaId,
                    extraAgendaIds,
                  },
                  at,
                );
                if (p.occurrence.status === 'confirmed')
                  await opts.notifier.rescheduled(w, row, actor.by, before, actor.member);
                return row;
              }),
            );
          }
          return out;
        }),
      );
      return moved.find((r) => r.id === booking.id) ?? booking;
    },
  };
}
export type SeriesFollowing = ReturnType<typeof createSeriesFollowing>;
