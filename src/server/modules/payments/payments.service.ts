import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import type { PaymentGateway } from '../../integrations/stripe/stripe-gateway';
import { ownerAccounts } from './payment-account';
import { createPaymentHolds } from './payment-holds';
import { createPaidConfirm } from './paid-confirm';
import { createSettlement, type OnConfirmed } from './paid-settlement';
import { createReconciler } from './reconcile-payments';

export interface PaymentsDeps {
  gateway: PaymentGateway;
  box: SecretBox;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Plans the confirmation e-mails and webhooks of a paid booking, in its confirming transaction. */
  onConfirmed: OnConfirmed;
}

/** Card payments on the owner's own account (docs/PRODUCT.md#payments). */
export function createPaymentsService(db: Db, deps: PaymentsDeps) {
  const { now } = deps;
  const accounts = ownerAccounts(db, deps.gateway, deps.box);
  const settlement = createSettlement({ db, now, log: deps.log, onConfirmed: deps.onConfirmed });
  const holds = createPaymentHolds({ db, box: deps.box, accounts, appUrl: deps.appUrl, now });
  return {
    publicKey: holds.publicKey,
    createIntent: holds.createIntent,
    confirm: createPaidConfirm({ db, box: deps.box, accounts, settlement, appUrl: deps.appUrl, now }),
    /** For the job runner: settle every payment the browser did not report. */
    reconcilePayments: createReconciler({ db, accounts, settlement, log: deps.log }),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
