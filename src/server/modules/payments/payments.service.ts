import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import type { PaymentGateway } from '../../integrations/stripe/stripe-gateway';
import { ownerAccounts } from './payment-account';
import { createPaymentHolds } from './payment-holds';
import { createPaidConfirm } from './paid-confirm';
import { createPaymentWebhooks } from './payment-webhooks';
import { createSettlement, type OnConfirmed, type OnPaid } from './paid-settlement';
import { createReconciler } from './reconcile-payments';
import { createRefunds } from './refunds';
import { createIntentSettler } from './settle-from-intent';

export interface PaymentsDeps {
  gateway: PaymentGateway;
  box: SecretBox;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Plans the confirmation e-mails and webhooks of a paid booking, in its confirming transaction. */
  onConfirmed: OnConfirmed;
  /** Plans the `booking.paid` webhooks when a confirmed booking's processing payment succeeds. */
  onPaid: OnPaid;
}

/** Card payments on the owner's own account (docs/PRODUCT.md#payments). */
export function createPaymentsService(db: Db, deps: PaymentsDeps) {
  const { now } = deps;
  const accounts = ownerAccounts(db, deps.gateway, deps.box, now);
  const settlement = createSettlement({
    db,
    now,
    log: deps.log,
    onConfirmed: deps.onConfirmed,
    onPaid: deps.onPaid,
  });
  const holds = createPaymentHolds({ db, box: deps.box, accounts, appUrl: deps.appUrl, now });
  return {
    /** The owners' own payment accounts, for the visits' payment (visits/visit-payment.ts). */
    accounts,
    publicKey: holds.publicKey,
    createIntent: holds.createIntent,
    quote: holds.quote,
    releaseHold: holds.release,
    extendHold: holds.extend,
    confirm: createPaidConfirm({ db, box: deps.box, accounts, settlement, appUrl: deps.appUrl, now }),
    /** For the job runner: settle every payment the browser did not report. */
    reconcilePayments: createReconciler({ db, accounts, settlement, log: deps.log }),
    /** The provider's webhook per owner: its endpoint (made when keys are saved) and its deliveries. */
    webhooks: createPaymentWebhooks({
      db,
      box: deps.box,
      gateway: deps.gateway,
      accounts,
      settler: createIntentSettler({ db, settlement, log: deps.log }),
      appUrl: deps.appUrl,
      log: deps.log,
      now,
    }),
    /** Refunds of cancelled paid bookings; `retryOpen` runs with the reconciliation. */
    refunds: createRefunds({ db, accounts, now, log: deps.log }),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
