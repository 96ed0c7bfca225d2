import { nl } from '@contracts/messages';
import { nlPublicSeries } from '@contracts/messages-public-series';
import type { HoldExtended, StripePublicKey } from '@contracts/public-booking';
import type {
  SeriesPaymentIntentBody,
  SeriesPaymentIntentCreated,
  SeriesPaymentQuote,
  SeriesPaymentQuoteBody,
  SeriesRequest,
} from '@contracts/public-series';
import type { PaymentSplit } from '@core/index';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { sha256 } from '../../lib/crypto';
import { bookingsRepo } from '../bookings/bookings.repo';
import { takeSlot } from '../bookings/slot-rules';
import { eventsRepo } from '../events/events.repo';
import type { PublicEventRow } from '../public/availability-input';
import { draftBooking, managementUrl, toPublicBooking } from '../public/booking-draft';
import { draftSeries, writeSeries } from '../public/series-draft';
import { customerSplit, splitAmounts } from './deposit-split';
import { paymentError, type OwnerAccounts } from './payment-account';
import { paymentsRepo } from './payments.repo';

const m = nl.payments;
const sr = nlPublicSeries.publicSeries;

type Account = Awaited<ReturnType<OwnerAccounts['ofOwner']>>['account'];

/** `times` bookings of one split: a series paid in one payment. */
const timesOf = (split: PaymentSplit, times: number): PaymentSplit => ({
  ...split,
  payNowCents: split.payNowCents * times,
  dueLaterCents: split.dueLaterCents * times,
});

/** docs/PRODUCT.md#payments: a slot is held this long while the customer pays; then it is free again. */
export const HOLD_MINUTES = 15;
/**
 * 'Meer tijd' (WCAG 2.2.1) holds the slot for HOLD_MINUTES from then on, but never longer than this
 * since the hold was taken: past it the slot goes back to other customers.
 */
export const HOLD_MAX_MINUTES = 60;
const MINUTE_MS = 60_000;

export interface PaymentHoldsDeps {
  db: Db;
  box: SecretBox;
  accounts: OwnerAccounts;
  appUrl: string;
  now: () => Date;
}

export function createPaymentHolds({ db, box, accounts, appUrl, now }: PaymentHoldsDeps) {
  async function paidEvent(eventId: string) {
    const found = await eventsRepo.findPublic(db, { id: eventId });
    if (!found) throw notFound(nl.booking.eventNotFound);
    return found;
  }

  /** The booking behind a management token: the token is the hold's own secret. */
  async function heldBy(token: string) {
    const booking = await bookingsRepo.findByTokenHash(db, sha256(token));
    if (!booking) throw notFound(nl.booking.bookingNotFound);
    return booking;
  }

  /** Asks the owner's account for the hold's intent; without one the hold is given back at once. */
  async function intentFor(
    account: Account,
    hold: { id: string; bookingDate: string; bookingTime: string },
    event: PublicEventRow['event'],
    amount: number,
    giveBack: () => Promise<void>,
    extra: Record<string, string> = {},
  ): Promise<{ id: string; clientSecret: string }> {
    try {
      const created = await account.createIntent(
        {
          amount,
          currency: event.currency.toLowerCase(),
          metadata: {
            eventId: event.id,
            bookingDate: hold.bookingDate,
            bookingTime: hold.bookingTime,
            bookingId: hold.id,
            ...extra,
          },
        },
        `hold-${hold.id}`,
      );
      if (!created.clientSecret) throw new AppError('PAYMENT_FAILED', m.providerRefused);
      return { id: created.id, clientSecret: created.clientSecret };
    } catch (err) {
      await giveBack();
      throw paymentError(err, m.providerRefused);
    }
  }

  /**
   * A paid series (docs/PRODUCT.md#series): every occurrence held at once, all or nothing, each
   * with its own share of the money; the first one carries the hold's intent over the sum, and the
   * later ones name it (`paidById`) so the database makes them follow its hold (migration 0035).
   */
  async function holdSeries(
    found: PublicEventRow,
    body: Omit<SeriesPaymentIntentBody, 'series'>,
    series: SeriesRequest,
    account: Account,
  ): Promise<SeriesPaymentIntentCreated> {
    const { event } = found;
    const at = now();
    const draft = await draftSeries(db, box, found, body, series, at);
    const first = draft.drafts[0]!;
    const split = await customerSplit(db, event, first.values.customerEmail ?? null, at, first.values.seats);
    // A returning customer of a "new customers only" deposit books the series without paying.
    if (split.payNowCents === 0) throw badRequest(m.notRequired);
    const holdExpiresAt = new Date(at.getTime() + HOLD_MINUTES * MINUTE_MS);
    const seriesId = crypto.randomUUID();
    const leadId = crypto.randomUUID();
    const rows = await writeSeries(db, draft, at, (w, values, k) =>
      bookingsRepo.insert(w, {
        ...values,
        id: k === 0 ? leadId : crypto.randomUUID(),
        seriesId,
        paidById: k === 0 ? null : leadId,
        createdAt: at,
        status: 'pending',
        paymentStatus: 'pending',
        ...splitAmounts(split),
        holdExpiresAt,
      }),
    );
    const hold = rows[0]!;
    const intent = await intentFor(
      account,
      hold,
      event,
      split.payNowCents * rows.length,
      () => paymentsRepo.deleteSeriesHold(db, hold.id),
      { seriesId, occurrences: String(rows.length) },
    );
    await paymentsRepo.setIntent(db, hold.id, intent.id);
    return {
      clientSecret: intent.clientSecret,
      managementToken: first.token,
      managementUrl: managementUrl(appUrl, first.token),
      expiresAt: holdExpiresAt.toISOString(),
      series: rows.map(toPublicBooking),
    };
  }

  return {
    /**
     * What this customer pays online now and later (docs/PRODUCT.md#deposits), for the wizard's
     * review step; it says no more about the e-mail address than the amounts.
     */
    async quote(eventId: string, body: SeriesPaymentQuoteBody): Promise<SeriesPaymentQuote> {
      const { event } = await paidEvent(eventId);
      if (!event.requiresPayment) throw badRequest(m.notRequired);
      if (body.series && !event.seriesOptions.includes(body.series.count))
        throw badRequest(sr.notOffered, { series: sr.notOffered });
      const split = await customerSplit(db, event, body.customerEmail ?? null, now(), body.seats ?? 1);
      // A series is paid in one payment: every occurrence asks what one booking would, summed.
      const times = body.series?.count ?? 1;
      const { amountPaid, amountDue } = splitAmounts(timesOf(split, times));
      return {
        payNow: amountPaid,
        dueLater: amountDue,
        currency: event.currency,
        ...(body.series ? { occurrences: times } : {}),
      };
    },

    /** The publishable key for the payment form; only for a paid event whose owner set both keys. */
    async publicKey(eventId: string): Promise<StripePublicKey> {
      const { event } = await paidEvent(eventId);
      if (!event.requiresPayment) throw notFound(m.notRequired);
      try {
        return { publicKey: (await accounts.ofOwner(event.userId)).publicKey };
      } catch {
        throw notFound(m.notAvailable);
      }
    },

    /**
     * Holds the slot first (a pending booking the exclusion constraint guards), then asks the
     * owner's account for an intent over what this customer pays now (the price or the deposit,
     * stored on the hold with what is left to pay). The hold and the intent name each other, so a
     * payment can always be traced back to its slot.
     */
    async createIntent(input: SeriesPaymentIntentBody): Promise<SeriesPaymentIntentCreated> {
      const { series, ...body } = input;
      const found = await paidEvent(body.eventId);
      const { event, timeZone } = found;
      if (!event.requiresPayment) throw badRequest(m.notRequired);
      const { account } = await accounts.ofOwner(event.userId);
      if (series) return holdSeries(found, body, series, account);
      const at = now();
      const { token, values, claim } = await draftBooking(db, box, event, timeZone, body, at, found);
      const split = await customerSplit(db, event, values.customerEmail, at, values.seats);
      // A returning customer of a "new customers only" deposit books without paying (POST /api/public/bookings).
      if (split.payNowCents === 0) throw badRequest(m.notRequired);
      const amount = split.payNowCents;
      const holdExpiresAt = new Date(at.getTime() + HOLD_MINUTES * MINUTE_MS);
      const hold = await takeSlot(db, claim, at, (tx, agendaId, extraAgendaIds) =>
        bookingsRepo.insert(tx, {
          ...values,
          extraAgendaIds,
          // On the app's clock: the hold's longest time ('Meer tijd') counts from here.
          createdAt: at,
          agendaId,
          status: 'pending',
          paymentStatus: 'pending',
          ...splitAmounts(split),
          holdExpiresAt,
        }),
      );
      // Without an intent nobody can pay for this hold: give the slot back at once.
      const intent = await intentFor(account, hold, event, amount, () =>
        paymentsRepo.deleteHold(db, hold.id),
      );
      await paymentsRepo.setIntent(db, hold.id, intent.id);
      return {
        clientSecret: intent.clientSecret,
        managementToken: token,
        managementUrl: managementUrl(appUrl, token),
        expiresAt: holdExpiresAt.toISOString(),
      };
    },

    /**
     * The customer leaves the payment step (back in the wizard, another time, or the hold offered
     * again after the tab was closed and declined): the slot is free at once. Only an unpaid hold is
     * given back, never a booking; a repeated release, or one of a hold that lapsed, changes nothing.
     * The intent is cancelled by the reconciliation (`hold_expires_at` stays set to say so); money
     * that moves after all confirms the booking when the slot is still free, or is refunded.
     */
    async release(token: string): Promise<void> {
      const booking = await heldBy(token);
      if (booking.status === 'cancelled') return;
      if (booking.status !== 'pending' || !booking.holdExpiresAt)
        throw new AppError('CONFLICT', m.holdNotOpen);
      await paymentsRepo.releaseHold(db, booking.id, now());
    },

    /**
     * 'Meer tijd' (docs/PRODUCT.md#payments, WCAG 2.2.1): a live hold is held HOLD_MINUTES from now,
     * up to HOLD_MAX_MINUTES after it was taken; a hold that lapsed or was settled cannot be.
     */
    async extend(token: string): Promise<HoldExtended> {
      const booking = await heldBy(token);
      const at = now();
      if (booking.status !== 'pending' || !booking.holdExpiresAt)
        throw new AppError('CONFLICT', m.holdNotOpen);
      if (booking.holdExpiresAt.getTime() <= at.getTime()) throw new AppError('CONFLICT', m.holdExpired);
      const limit = booking.createdAt.getTime() + HOLD_MAX_MINUTES * MINUTE_MS;
      const until = Math.min(at.getTime() + HOLD_MINUTES * MINUTE_MS, limit);
      if (until <= booking.holdExpiresAt.getTime()) throw new AppError('CONFLICT', m.holdAtLimit);
      const row = await paymentsRepo.extendHold(db, booking.id, new Date(until), at);
      if (!row?.holdExpiresAt) throw new AppError('CONFLICT', m.holdExpired);
      return { expiresAt: row.holdExpiresAt.toISOString(), extendable: until < limit };
    },
  };
}
