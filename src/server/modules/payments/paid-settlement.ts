import type { FastifyBaseLogger } from 'fastify';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { PaymentAccount, PaymentIntentInfo } from '../../integrations/stripe/stripe-gateway';
import {
  classClaimOf,
  agendaCandidates,
  bookingBuffers,
  dayLimitOf,
  takeSlot,
  extraCandidates,
} from '../bookings/slot-rules';
import { eventsRepo } from '../events/events.repo';
import { paymentsRepo } from './payments.repo';

const m = nl.payments;

/**
 * Runs inside the transaction that confirms a paid booking, once per booking (the notifier plans
 * its confirmation e-mails and webhooks there, so they commit with the confirmation).
 */
export type OnConfirmed = (
  tx: Db,
  booking: BookingRow,
  opts?: { laterSegment?: boolean; laterOccurrence?: boolean },
) => Promise<void>;
/** Runs inside the transaction that marks a confirmed booking's still-processing payment as paid. */
export type OnPaid = (tx: Db, booking: BookingRow) => Promise<void>;

export interface SettlementDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  onConfirmed: OnConfirmed;
  onPaid: OnPaid;
}

export interface Settled {
  booking: BookingRow;
  /** True when this call confirmed it (and ran onConfirmed); false for a repeat. */
  confirmedNow: boolean;
}

/** Open: the payment is not settled, so the row may still become a confirmed booking. */
const isOpen = (row: BookingRow) =>
  row.paymentStatus === 'pending' &&
  (row.status === 'pending' || (row.status === 'cancelled' && row.holdExpiresAt !== null));

/**
 * Turns a hold whose intent succeeded (or is processing) into a confirmed booking: one shared path
 * for the customer's confirm request and for the reconciliation, so both decide the same way and
 * either may run first or twice.
 */
export function createSettlement({ db, now, log, onConfirmed, onPaid }: SettlementDeps) {
  /**
   * A confirmed booking whose processing payment has now succeeded, once: undefined when it was
   * already marked (a repeat, or the other path first).
   */
  function markPaid(id: string) {
    return db.transaction(async (tx) => {
      const booking = await paymentsRepo.markPaid(tx, id, now());
      if (booking) await onPaid(tx, booking);
      // A paid series' later occurrences were paid with it (migration 0035): each tells its own.
      if (booking?.seriesId)
        for (const later of await paymentsRepo.paidFollowers(tx, booking.id))
          if (later.paymentStatus === 'paid' && later.status === 'confirmed') await onPaid(tx, later);
      return booking;
    });
  }

  /** The payment cannot get its slot: give the money back exactly once (idempotency key per intent). */
  async function refund(row: BookingRow, intent: PaymentIntentInfo, account: PaymentAccount): Promise<never> {
    try {
      await account.refund(intent.id, `refund-${intent.id}`);
    } catch (err) {
      // E.g. a still-processing payment cannot be refunded yet: keep the hold open, the
      // reconciliation retries with the same key.
      log.warn({ err, bookingId: row.id, intent: intent.id }, 'refund failed, will retry');
      await paymentsRepo.releaseHold(db, row.id, now());
      throw new AppError('PAYMENT_REFUNDED', m.refunded);
    }
    await paymentsRepo.closeHold(db, row.id, now());
    log.info({ bookingId: row.id, intent: intent.id }, 'slot lost after payment; refunded');
    throw new AppError('PAYMENT_REFUNDED', m.refunded);
  }

  async function settle(
    row: BookingRow,
    intent: PaymentIntentInfo,
    account: PaymentAccount,
    depth = 0,
  ): Promise<Settled> {
    const paymentStatus = intent.status === 'succeeded' ? 'paid' : 'pending';
    if (row.status === 'confirmed') {
      const booking =
        paymentStatus === 'paid' && row.paymentStatus === 'pending' ? ((await markPaid(row.id)) ?? row) : row;
      return { booking, confirmedNow: false };
    }
    if (!isOpen(row)) {
      // Paid and later cancelled by the customer or owner: that is not this request's to undo.
      if (row.paymentStatus === 'paid') throw new AppError('CONFLICT', nl.booking.cancelledCannotChange);
      return refund(row, intent, account); // closed after a refund: repeating it is a no-op
    }
    let confirmed: BookingRow | undefined;
    try {
      // A released hold's agenda may have been taken meanwhile: without a chosen person, another
      // agenda of the service will do.
      const event = (await eventsRepo.withOwner(db, row.eventId))?.event;
      const agendaIds = event
        ? agendaCandidates(event, null, { agendaId: row.agendaId, chosen: row.agendaChosen })
        : [row.agendaId];
      const claim = {
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        buffers: bookingBuffers(row),
        agendaIds,
        extraGroups: event
          ? extraCandidates(event, row.extraAgendaIds)
          : row.extraAgendaIds.map((id) => [id]),
        exceptId: row.id,
        // The hold counted towards the day; once released, another booking may have taken its place.
        dayLimit: event ? dayLimitOf(event, row.bookingDate) : undefined,
        classOf: event ? classClaimOf(event, row.seats) : undefined,
      };
      confirmed = await takeSlot(db, claim, now(), async (tx, agendaId, extraAgendaIds) => {
        const place = { agendaId, extraAgendaIds };
        const booking = await paymentsRepo.confirmOpenHold(tx, row.id, place, paymentStatus, now());
        if (!booking) return booking;
        await onConfirmed(tx, booking);
        // A visit's later segments were confirmed with it (migration 0029), or their places were
        // taken and this transaction fails as SLOT_TAKEN: refunded below, nothing of it stored.
        if (booking.visitId)
          for (const later of await paymentsRepo.laterSegments(tx, booking.visitId))
            await onConfirmed(tx, later, { laterSegment: true });
        // A paid series' later occurrences likewise (migration 0035); each is a booking of its own
        // from now on, whose messages the first one's confirmation lists.
        if (booking.seriesId)
          for (const later of await paymentsRepo.paidFollowers(tx, booking.id))
            await onConfirmed(tx, later, { laterOccurrence: true });
        return booking;
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'SLOT_TAKEN') return refund(row, intent, account);
      throw err;
    }
    if (!confirmed) {
      // Another request or the reconciliation settled it meanwhile: answer what that decided.
      const current = await paymentsRepo.findById(db, row.id);
      if (!current || depth > 0) return refund(row, intent, account);
      return settle(current, intent, account, depth + 1);
    }
    return { booking: confirmed, confirmedNow: true };
  }

  return { settle, markPaid };
}
export type Settlement = ReturnType<typeof createSettlement>;
