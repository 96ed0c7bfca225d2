import { nl } from '@contracts/messages';
import type { PublicBookingBody } from '@contracts/public-booking';
import type { CreatedSeriesBooking } from '@contracts/public-series';
import { isValidDate, slotInterval } from '@core/index';
import { PG_UNIQUE_VIOLATION, pgErrorCode, type Db } from '../../db/client';
import type { BookingRow, EventRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import { issueManagementToken } from '../bookings/management-token';
import type { PaymentIntentInfo } from '../../integrations/stripe/stripe-gateway';
import { bookingsRepo } from '../bookings/bookings.repo';
import { bookingBuffers } from '../bookings/slot-rules';
import { checkedCustomer, managementUrl, toPublicBooking } from '../public/booking-draft';
import { customerSplit, heldCents, splitAmounts } from './deposit-split';
import { provider, type OwnerAccounts } from './payment-account';
import type { Settlement } from './paid-settlement';
import { paymentsRepo } from './payments.repo';

const m = nl.payments;
// Provider ids only: the id goes into a URL path of the provider's API.
const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PaidConfirmDeps {
  db: Db;
  box: SecretBox;
  accounts: OwnerAccounts;
  settlement: Settlement;
  appUrl: string;
  now: () => Date;
}

type PaidBody = PublicBookingBody & { stripePaymentIntentId: string };

/**
 * The intent must be for exactly this event and slot: the client's word counts for nothing. Its
 * amount is checked against the hold (`checkAmount`), which stored what this customer had to pay.
 */
function checkIntent(intent: PaymentIntentInfo, event: EventRow, body: PaidBody) {
  const md = intent.metadata;
  const matches =
    intent.currency === event.currency.toLowerCase() &&
    md.eventId === event.id &&
    md.bookingDate === body.bookingDate &&
    md.bookingTime === body.bookingTime;
  if (!matches) throw new AppError('PAYMENT_FAILED', m.intentMismatch);
  if (intent.status !== 'succeeded' && intent.status !== 'processing')
    throw new AppError('PAYMENT_FAILED', m.notCompleted);
}

function checkAmount(intent: PaymentIntentInfo, cents: number) {
  if (intent.amount !== cents) throw new AppError('PAYMENT_FAILED', m.intentMismatch);
}

/**
 * What the hold asked the provider for: its own amount, and for a paid series the shares of its
 * later occurrences too (each stores its own; one payment of the sum).
 */
async function paidCents(db: Db, row: BookingRow, event: EventRow): Promise<number> {
  const own = heldCents(row, event);
  if (!row.seriesId) return own;
  const followers = await paymentsRepo.paidFollowers(db, row.id);
  return followers.reduce((sum, later) => sum + heldCents(later, event), own);
}

export function createPaidConfirm({ db, box, accounts, settlement, appUrl, now }: PaidConfirmDeps) {
  /** The hold this intent pays for: by intent id, or by the hold id in its metadata if the id was never stored. */
  async function holdOf(intent: PaymentIntentInfo, eventId: string): Promise<BookingRow | undefined> {
    const byIntent = await paymentsRepo.findByIntent(db, intent.id);
    if (byIntent) {
      if (byIntent.eventId !== eventId) throw new AppError('PAYMENT_FAILED', m.intentMismatch);
      return byIntent;
    }
    const holdId = intent.metadata.bookingId;
    if (!holdId || !UUID.test(holdId)) return undefined;
    const hold = await paymentsRepo.findById(db, holdId);
    if (!hold || hold.eventId !== eventId || hold.stripePaymentIntentId) return undefined;
    await paymentsRepo.setIntent(db, hold.id, intent.id);
    return paymentsRepo.findByIntent(db, intent.id);
  }

  /**
   * The hold is gone (e.g. deleted by the owner) but the customer paid for this slot: record the
   * payment as a released hold, so the usual settlement confirms it if the slot is free and refunds
   * it otherwise. Its new management token can be shown, as nobody has seen it yet.
   */
  async function recreateHold(event: EventRow, timeZone: string, body: PaidBody, intent: PaymentIntentInfo) {
    if (!isValidDate(body.bookingDate)) throw badRequest(nl.booking.invalidDate);
    const customer = await checkedCustomer(db, event.id, body);
    // Nothing stored says what was asked: the same rule as at the hold decides what was due now.
    const split = await customerSplit(db, event, customer.customerEmail, now(), body.seats ?? 1);
    checkAmount(intent, split.payNowCents);
    const { start, end } = slotInterval(body.bookingDate, body.bookingTime, event.durationMinutes, timeZone);
    const { token, ...sealed } = issueManagementToken(box);
    const at = now();
    try {
      const row = await bookingsRepo.insert(db, {
        eventId: event.id,
        // The settlement below finds it a free agenda of the service, or refunds; it was paid for,
        // so a choice the service no longer offers is not refused here.
        ...(body.agendaId && event.agendaIds.includes(body.agendaId)
          ? { agendaId: body.agendaId, agendaChosen: true }
          : { agendaId: event.agendaIds[0]!, agendaChosen: false }),
        ...customer,
        bookingDate: body.bookingDate,
        bookingTime: body.bookingTime,
        seats: body.seats ?? 1,
        startsAt: new Date(start),
        endsAt: new Date(end),
        ...bookingBuffers(event),
        status: 'cancelled',
        paymentStatus: 'pending',
        ...splitAmounts(split),
        holdExpiresAt: at,
        stripePaymentIntentId: intent.id,
        ...sealed,
        createdAt: at,
        updatedAt: at,
      });
      return { row, token };
    } catch (err) {
      // A parallel retry recorded it first (one intent, one booking): continue with that row.
      const row =
        pgErrorCode(err) === PG_UNIQUE_VIOLATION ? await paymentsRepo.findByIntent(db, intent.id) : undefined;
      if (!row) throw err;
      return { row, token: null };
    }
  }

  /** POST /api/public/bookings with an intent: the booking stands only on a verified payment. */
  return async function confirmPaid(
    { event, timeZone }: { event: EventRow; timeZone: string },
    body: PaidBody,
  ): Promise<CreatedSeriesBooking> {
    if (!INTENT_ID.test(body.stripePaymentIntentId)) throw new AppError('PAYMENT_FAILED', m.intentNotFound);
    const { account } = await accounts.ofOwner(event.userId, 'settle');
    const intent = await provider(() => account.retrieveIntent(body.stripePaymentIntentId));
    checkIntent(intent, event, body);
    let row = await holdOf(intent, event.id);
    let token: string | null = null;
    if (row) checkAmount(intent, await paidCents(db, row, event));
    // A visit's (or a series') hold is all its segments, which one booking's body cannot tell again.
    else if (intent.metadata.visitId || intent.metadata.seriesId || !event.requiresPayment)
      throw new AppError('PAYMENT_FAILED', m.intentNotFound);
    else ({ row, token } = await recreateHold(event, timeZone, body, intent));
    const { booking } = await settlement.settle(row, intent, account);
    // A paid series answers as the unpaid one does: every occurrence in order.
    const followers = booking.seriesId ? await paymentsRepo.paidFollowers(db, booking.id) : [];
    return {
      booking: toPublicBooking(booking),
      managementToken: token,
      managementUrl: token ? managementUrl(appUrl, token) : null,
      ...(followers.length ? { series: [booking, ...followers].map(toPublicBooking) } : {}),
    };
  };
}
