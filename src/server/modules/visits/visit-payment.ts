import { nl } from '@contracts/messages';
import type { PaymentQuote } from '@contracts/public-booking';
import type { CreateVisitBody, VisitPaymentCreated, VisitQuoteBody } from '@contracts/public-visits';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../http/app-error';
import { paymentError, type OwnerAccounts } from '../payments/payment-account';
import { HOLD_MINUTES } from '../payments/payment-holds';
import { paymentsRepo } from '../payments/payments.repo';
import { visitAmounts, visitQuote } from './visit-amounts';
import { visitServices } from './visit-services';
import { draftVisit, visitAnswer, writeVisit, type VisitWriteDeps } from './visit-write';

const m = nl.payments;
const MINUTE_MS = 60_000;

export interface VisitPaymentDeps extends VisitWriteDeps {
  db: Db;
  accounts: OwnerAccounts;
}

/**
 * A visit paid online (docs/PRODUCT.md#visits): held and paid as one booking of a paid service is
 * (payment-holds.ts), with one payment of what its paid services ask now. The first segment holds
 * the intent and the amounts; the later ones follow its hold in the database (migration 0029), and
 * its confirmation is the paid booking's (POST /api/public/bookings with the first segment's body).
 */
export function createVisitPayment({ db, accounts, ...deps }: VisitPaymentDeps) {
  const { now } = deps;
  return {
    /** What this customer pays for the visit online now and at the salon, for the review step. */
    async quote(body: VisitQuoteBody): Promise<PaymentQuote> {
      const services = await visitServices(db, body.services);
      const events = services.map((s) => s.found.event);
      const amounts = await visitAmounts(db, events, body.customerEmail ?? null, now());
      return visitQuote(amounts, events[0]!.currency);
    },

    /**
     * Holds every segment first (pending rows the exclusion constraint guards, all or none), then
     * asks the owner's account for one intent over the visit's amount due now. The hold and the
     * intent name each other, so the payment can always be traced back to its visit.
     */
    async createIntent(body: CreateVisitBody): Promise<VisitPaymentCreated> {
      const draft = await draftVisit(db, deps, body);
      const first = draft.services[0]!.found.event;
      if (!draft.services.some((s) => s.found.event.requiresPayment)) throw badRequest(m.notRequired);
      const { account } = await accounts.ofOwner(first.userId);
      // A returning customer of "new customers only" deposits books without paying (POST /api/public/visits).
      if (draft.amounts.payNowCents === 0) throw badRequest(m.notRequired);
      const holdExpiresAt = new Date(draft.at.getTime() + HOLD_MINUTES * MINUTE_MS);
      const written = await writeVisit(db, deps, draft, { holdExpiresAt });
      const hold = written.rows[0]!;
      let intent: { id: string; clientSecret: string };
      try {
        const created = await account.createIntent(
          {
            amount: draft.amounts.payNowCents,
            currency: first.currency.toLowerCase(),
            metadata: {
              eventId: first.id,
              bookingDate: hold.bookingDate,
              bookingTime: hold.bookingTime,
              bookingId: hold.id,
              visitId: written.visitId,
            },
          },
          `hold-${hold.id}`,
        );
        if (!created.clientSecret) throw new AppError('PAYMENT_FAILED', m.providerRefused);
        intent = { id: created.id, clientSecret: created.clientSecret };
      } catch (err) {
        // Without an intent nobody can pay for this visit: give every segment's place back at once.
        await paymentsRepo.deleteVisitHold(db, written.visitId);
        throw paymentError(err, m.providerRefused);
      }
      await paymentsRepo.setIntent(db, hold.id, intent.id);
      return {
        ...(await visitAnswer(db, deps, draft, written)),
        clientSecret: intent.clientSecret,
        expiresAt: holdExpiresAt.toISOString(),
      };
    },
  };
}
export type VisitPayment = ReturnType<typeof createVisitPayment>;
