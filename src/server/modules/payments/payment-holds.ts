import { nl } from '@contracts/messages';
import type {
  CreatePaymentIntentBody,
  PaymentIntentCreated,
  PaymentQuote,
  PaymentQuoteBody,
  StripePublicKey,
} from '@contracts/public-booking';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { bookingsRepo } from '../bookings/bookings.repo';
import { takeSlot } from '../bookings/slot-rules';
import { eventsRepo } from '../events/events.repo';
import { draftBooking, managementUrl } from '../public/booking-draft';
import { customerSplit, splitAmounts } from './deposit-split';
import { paymentError, type OwnerAccounts } from './payment-account';
import { paymentsRepo } from './payments.repo';

const m = nl.payments;

/** docs/PRODUCT.md#payments: a slot is held this long while the customer pays; then it is free again. */
export const HOLD_MINUTES = 15;

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

  return {
    /**
     * What this customer pays online now and later (docs/PRODUCT.md#deposits), for the wizard's
     * review step; it says no more about the e-mail address than the amounts.
     */
    async quote(eventId: string, body: PaymentQuoteBody): Promise<PaymentQuote> {
      const { event } = await paidEvent(eventId);
      if (!event.requiresPayment) throw badRequest(m.notRequired);
      const split = await customerSplit(db, event, body.customerEmail ?? null, now());
      const { amountPaid, amountDue } = splitAmounts(split);
      return { payNow: amountPaid, dueLater: amountDue, currency: event.currency };
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
    async createIntent(body: CreatePaymentIntentBody): Promise<PaymentIntentCreated> {
      const { event, timeZone } = await paidEvent(body.eventId);
      if (!event.requiresPayment) throw badRequest(m.notRequired);
      const { account } = await accounts.ofOwner(event.userId);
      const at = now();
      const { token, values, claim } = await draftBooking(db, box, event, timeZone, body, at);
      const split = await customerSplit(db, event, values.customerEmail, at);
      // A returning customer of a "new customers only" deposit books without paying (POST /api/public/bookings).
      if (split.payNowCents === 0) throw badRequest(m.notRequired);
      const amount = split.payNowCents;
      const holdExpiresAt = new Date(at.getTime() + HOLD_MINUTES * 60_000);
      const hold = await takeSlot(db, claim, at, (tx, agendaId) =>
        bookingsRepo.insert(tx, {
          ...values,
          agendaId,
          status: 'pending',
          paymentStatus: 'pending',
          ...splitAmounts(split),
          holdExpiresAt,
        }),
      );
      let intent: { id: string; clientSecret: string };
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
            },
          },
          `hold-${hold.id}`,
        );
        if (!created.clientSecret) throw new AppError('PAYMENT_FAILED', m.providerRefused);
        intent = { id: created.id, clientSecret: created.clientSecret };
      } catch (err) {
        // Without an intent nobody can pay for this hold: give the slot back at once.
        await paymentsRepo.deleteHold(db, hold.id);
        throw paymentError(err, m.providerRefused);
      }
      await paymentsRepo.setIntent(db, hold.id, intent.id);
      return {
        clientSecret: intent.clientSecret,
        managementToken: token,
        managementUrl: managementUrl(appUrl, token),
        expiresAt: holdExpiresAt.toISOString(),
      };
    },
  };
}
