import { nl } from '@contracts/messages';
import type { ClaimWaitlistBody, WaitlistClaimed } from '@contracts/public-waitlist';
import { freeTimesFor } from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow, WaitlistEntryRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sha256 } from '../../lib/crypto';
import { byCustomer } from '../activity/activity.repo';
import { bookingHistoryRepo } from '../bookings/booking-history.repo';
import { bookingsRepo } from '../bookings/bookings.repo';
import { issueManagementToken } from '../bookings/management-token';
import { eventsRepo } from '../events/events.repo';
import type { BookingNotifier } from '../notifications/booking-notifier';
import { customerSplit, splitAmounts } from '../payments/deposit-split';
import { paymentError, type OwnerAccounts } from '../payments/payment-account';
import { HOLD_MINUTES } from '../payments/payment-holds';
import { paymentsRepo } from '../payments/payments.repo';
import type { PublicBookingService } from '../public/public-booking.service';
import { checkedCustomer, managementUrl, refuseUnwelcome, toPublicBooking } from '../public/booking-draft';
import type { PublicEventRow } from '../public/availability-input';
import { tellWaitlist } from './waitlist-events';
import { daySlots, type WaitlistDeps } from './waitlist-offers';
import { waitlistRepo } from './waitlist.repo';

const w = nl.waitlist;
const MINUTE_MS = 60_000;

export interface WaitlistClaimDeps extends WaitlistDeps {
  notifier: BookingNotifier;
  publicBooking: PublicBookingService;
  /** The owners' payment accounts: a paid service's claim becomes a payment hold. */
  accounts?: OwnerAccounts;
}

const gone = () => new AppError('CONFLICT', w.notAvailable);

/**
 * Taking a place from the waitlist (POST /api/public/waitlist/{token}/claim,
 * docs/PRODUCT.md#waitlist). Every booking rule runs as for a booking on the booking page: the
 * service's questions, the blocked customers, the policy, the payment. A time's offer turns its
 * held place into the booking (or, for a paid service, into a payment hold paid like any other);
 * a day's entry books a free time like anyone, so the first of them to book wins it.
 */
export function createWaitlistClaim(deps: WaitlistClaimDeps) {
  const { db, jobs, box, notifier, now } = deps;

  /** The booking's customer: the answers', else the one who waited. */
  async function customerOf(found: PublicEventRow, entry: WaitlistEntryRow, body: ClaimWaitlistBody) {
    const answered = await checkedCustomer(
      db,
      found.event.id,
      {
        eventId: found.event.id,
        bookingDate: entry.waitDate,
        bookingTime: entry.offerTime ?? entry.waitTime ?? '',
        customFieldResponses: body.answers,
        customerName: entry.customerName,
      },
      found.fields,
    );
    const customer = {
      ...answered,
      customerEmail: answered.customerEmail ?? entry.customerEmail,
      customerPhone: answered.customerPhone ?? entry.customerPhone,
    };
    await refuseUnwelcome(db, found.event.userId, customer, {
      policy: Boolean(found.event.policyText),
      accepted: body.acceptedPolicy,
    });
    return customer;
  }

  /** The entry claimed, in the caller's transaction, with its webhook and activity entry. */
  async function markClaimed(tx: Db, entry: WaitlistEntryRow, bookingId: string, at: Date) {
    const claimed = await waitlistRepo.update(tx, entry.id, {
      status: 'claimed',
      bookingId,
      offerBookingId: null,
      updatedAt: at,
    });
    await tellWaitlist(tx, jobs, { kind: 'waitlist.claimed', entry: claimed, by: byCustomer(entry.ownerId), at });
  }

  /** The offer's hold, locked, while it is still the live hold of this offer at `at`. */
  async function liveHold(tx: Db, entry: WaitlistEntryRow, at: Date): Promise<BookingRow> {
    const locked = await waitlistRepo.lock(tx, entry.id);
    if (locked?.status !== 'offered' || !locked.offerBookingId || !locked.offerExpiresAt) throw gone();
    if (locked.offerExpiresAt.getTime() <= at.getTime()) throw gone();
    const hold = await waitlistRepo.lockOfferHold(tx, locked.offerBookingId, at);
    if (!hold) throw gone();
    return hold;
  }

  async function claimOffer(found: PublicEventRow, entry: WaitlistEntryRow, body: ClaimWaitlistBody) {
    const { event } = found;
    const customer = await customerOf(found, entry, body);
    const at = now();
    const split = event.requiresPayment
      ? await customerSplit(db, event, customer.customerEmail, at, entry.seats)
      : null;
    const { token, ...sealed } = issueManagementToken(box);
    const answer = (row: BookingRow, pay?: { clientSecret: string; expiresAt: string }) => ({
      booking: toPublicBooking(row),
      managementToken: token,
      managementUrl: managementUrl(deps.appUrl, token),
      ...pay,
    });
    if (!split || split.payNowCents === 0) {
      const row = await db.transaction(async (tx) => {
        const hold = await liveHold(tx, entry, at);
        const confirmed = await bookingsRepo.update(
          tx,
          hold.id,
          { ...customer, ...sealed, ...(split && splitAmounts(split)), status: 'confirmed', holdExpiresAt: null },
          at,
        );
        await bookingHistoryRepo.insertWithMessages(tx, await notifier.createdChange(tx, confirmed));
        await markClaimed(tx, entry, hold.id, at);
        return confirmed;
      });
      return answer(row);
    }
    // A paid service: the held place becomes a payment hold of HOLD_MINUTES, paid like any other
    // (POST /api/public/bookings with the intent confirms it). The intent is asked first: without
    // it nobody could pay, and the place stays held for this offer meanwhile.
    if (!deps.accounts) throw new AppError('PAYMENTS_UNAVAILABLE', nl.bookingUnavailable.title);
    const { account } = await deps.accounts.ofOwner(event.userId);
    const holdId = entry.offerBookingId;
    if (!holdId) throw gone();
    let intent: { id: string; clientSecret: string | null };
    try {
      intent = await account.createIntent(
        {
          amount: split.payNowCents,
          currency: event.currency.toLowerCase(),
          metadata: {
            eventId: event.id,
            bookingDate: entry.waitDate,
            bookingTime: entry.offerTime ?? '',
            bookingId: holdId,
          },
        },
        `hold-${holdId}`,
      );
    } catch (err) {
      throw paymentError(err, nl.payments.providerRefused);
    }
    if (!intent.clientSecret) throw new AppError('PAYMENT_FAILED', nl.payments.providerRefused);
    const expiresAt = new Date(at.getTime() + HOLD_MINUTES * MINUTE_MS);
    const row = await db.transaction(async (tx) => {
      const hold = await liveHold(tx, entry, at);
      const held = await bookingsRepo.update(
        tx,
        hold.id,
        {
          ...customer,
          ...sealed,
          ...splitAmounts(split),
          paymentStatus: 'pending',
          holdExpiresAt: expiresAt,
          // 'Meer tijd' counts the hold's longest time from here.
          createdAt: at,
        },
        at,
      );
      await paymentsRepo.setIntent(tx, hold.id, intent.id);
      await markClaimed(tx, entry, hold.id, at);
      return held;
    });
    return answer(row, { clientSecret: intent.clientSecret, expiresAt: expiresAt.toISOString() });
  }

  /** A day's entry books a time free for its places: the chosen one, else the first. */
  async function claimDay(found: PublicEventRow, entry: WaitlistEntryRow, body: ClaimWaitlistBody) {
    const free = freeTimesFor(await daySlots(db, found, entry.waitDate, now()), entry.seats);
    const time = body.time ?? free[0];
    if (!time || !free.includes(time)) throw gone();
    if (found.event.requiresPayment) throw new AppError('CONFLICT', w.payOnBookingPage);
    const customer = await customerOf(found, entry, body);
    let created;
    try {
      created = await deps.publicBooking.create({
        eventId: found.event.id,
        bookingDate: entry.waitDate,
        bookingTime: time,
        customFieldResponses: body.answers,
        customerName: customer.customerName,
        seats: entry.seats,
        acceptedPolicy: body.acceptedPolicy,
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'SLOT_TAKEN') throw gone();
      throw err;
    }
    const at = now();
    await db.transaction(async (tx) => {
      const locked = await waitlistRepo.lock(tx, entry.id);
      if (locked?.status === 'waiting') await markClaimed(tx, locked, created.booking.id, at);
    });
    return { ...created, managementToken: created.managementToken!, managementUrl: created.managementUrl! };
  }

  return {
    async claim(token: string, body: ClaimWaitlistBody): Promise<WaitlistClaimed> {
      const entry = await waitlistRepo.findByTokenHash(db, sha256(token));
      if (!entry) throw new AppError('NOT_FOUND', w.entryNotFound);
      const found = await eventsRepo.findPublic(db, { id: entry.eventId });
      if (!found) throw new AppError('NOT_FOUND', nl.booking.eventNotFound);
      if (entry.status === 'offered') return claimOffer(found, entry, body);
      if (entry.status === 'waiting' && !entry.waitTime) return claimDay(found, entry, body);
      throw gone();
    },
  };
}
export type WaitlistClaim = ReturnType<typeof createWaitlistClaim>;
