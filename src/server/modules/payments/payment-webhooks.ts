import type { FastifyBaseLogger } from 'fastify';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { BookingRow, UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import {
  PaymentProviderError,
  WEBHOOK_EVENTS,
  type PaymentAccount,
  type PaymentGateway,
  type PaymentIntentInfo,
} from '../../integrations/stripe/stripe-gateway';
import { usersRepo } from '../users/users.repo';
import type { OwnerAccounts } from './payment-account';
import { openSecret } from './payment-keys';
import { paymentsRepo } from './payments.repo';
import { emptyReport } from './reconcile-payments';
import { isUnsettled, type IntentSettler } from './settle-from-intent';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HANDLED = new Set<string>(WEBHOOK_EVENTS);

/** Where the provider calls us about one owner's payments; the path names the owner whose secret signs. */
export const webhookPath = (ownerId: string) => `/api/payments/webhook/${ownerId}`;

export interface PaymentWebhooksDeps {
  db: Db;
  box: SecretBox;
  gateway: PaymentGateway;
  accounts: OwnerAccounts;
  settler: IntentSettler;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * The provider's webhook per owner (docs/architecture/payments.md): a payment the customer made
 * at their bank is confirmed within seconds, without the customer's browser coming back. The
 * reconciliation stays the safety net for everything a webhook misses (no https APP_URL, the endpoint
 * could not be created, a delivery lost).
 */
export function createPaymentWebhooks(deps: PaymentWebhooksDeps) {
  const { db, box, gateway, accounts, settler, log, now } = deps;
  // The provider only calls public https addresses; a plain-http APP_URL (development, tests, e2e)
  // gets no endpoint and relies on the reconciliation alone.
  const enabled = deps.appUrl.startsWith('https://');

  async function deleteEndpoint(account: PaymentAccount | null, endpointId: string, ownerId: string) {
    if (!account) return;
    try {
      await account.deleteWebhookEndpoint(endpointId);
    } catch (err) {
      // Already deleted in the dashboard, or the old key no longer works: nothing we can do about it.
      log.warn({ err, ownerId, endpointId }, 'deleting the old payment webhook endpoint failed');
    }
  }

  /** The booking the intent pays for: by its id, or by the hold id in its metadata if the id was never stored. */
  async function bookingOf(ownerId: string, intent: PaymentIntentInfo): Promise<BookingRow | undefined> {
    const byIntent = await paymentsRepo.findByIntent(db, intent.id);
    if (byIntent) return byIntent.ownerId === ownerId ? byIntent : undefined;
    const holdId = intent.metadata.bookingId;
    if (!holdId || !UUID.test(holdId)) return undefined;
    const hold = await paymentsRepo.findById(db, holdId);
    if (!hold || hold.ownerId !== ownerId || hold.stripePaymentIntentId) return undefined;
    await paymentsRepo.setIntent(db, hold.id, intent.id);
    return paymentsRepo.findByIntent(db, intent.id);
  }

  return {
    /**
     * After the owner's keys were saved: a new secret key (or saving the same one again) gets a new
     * endpoint on its account, which replaces ours on the old one; removed keys remove it; keys that
     * have none yet (APP_URL became https, an earlier attempt failed) get one. A failure is logged and
     * never fails the save: the reconciliation confirms payments without it, only later.
     */
    async keysSaved(before: UserRow, after: UserRow): Promise<UserRow> {
      const keyChanged = before.stripeSecretKey !== after.stripeSecretKey;
      if (!keyChanged && (!after.stripeSecretKey || after.stripeWebhookEndpointId || !enabled)) return after;
      let created: { id: string; secret: string } | null = null;
      const account = enabled ? accounts.fromCipher(after.stripeSecretKey) : null;
      if (account) {
        try {
          created = await account.createWebhookEndpoint(`${deps.appUrl}${webhookPath(after.id)}`);
        } catch (err) {
          log.warn({ err, ownerId: after.id }, 'creating the payment webhook endpoint failed');
        }
      }
      const old = before.stripeWebhookEndpointId;
      // Written before the old one is deleted, so no delivery finds neither secret stored.
      const row =
        (await usersRepo.update(db, after.id, {
          stripeWebhookEndpointId: created?.id ?? null,
          stripeWebhookSecret: created ? box.encrypt(created.secret) : null,
        })) ?? after;
      // The old endpoint lives on the account of the key it was made with.
      if (old && old !== created?.id)
        await deleteEndpoint(accounts.fromCipher(before.stripeSecretKey), old, after.id);
      return row;
    },

    /**
     * One delivery: the signature over the raw body must hold under this owner's endpoint secret
     * (else 400, and nothing is read from the body). The event only says which intent changed: its
     * state is retrieved from the provider with the owner's key and settled the way the
     * reconciliation does. Event types we do not handle are acknowledged and ignored.
     */
    async receive(
      ownerId: string,
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true }> {
      const owner = UUID.test(ownerId) ? await usersRepo.findById(db, ownerId) : undefined;
      // Null when sealed under another APP_SECRET: deliveries fail until the keys are saved again.
      const secret = openSecret(owner?.stripeWebhookSecret ?? null, box);
      // The signature's age is measured against the real time: the provider signs with its real
      // time, whatever clock the app's rules run on.
      const event =
        owner && secret && signature ? gateway.verifyWebhook(rawBody, signature, secret, new Date()) : null;
      if (!owner || !event) throw new AppError('BAD_REQUEST', nl.paymentWebhook.badSignature);
      if (!HANDLED.has(event.type) || event.objectType !== 'payment_intent' || !event.objectId)
        return { received: true };
      const account = accounts.fromCipher(owner.stripeSecretKey, owner.id);
      if (!account) return { received: true };
      let intent: PaymentIntentInfo;
      try {
        intent = await account.retrieveIntent(event.objectId);
      } catch (err) {
        // Unreachable now: a 4xx makes the provider deliver again later (so does the reconciliation).
        if (err instanceof PaymentProviderError && err.kind === 'unavailable')
          throw new AppError('PAYMENT_FAILED', nl.payments.providerUnavailable);
        log.warn({ err, ownerId, event: event.id }, 'payment webhook names an intent the key cannot read');
        return { received: true };
      }
      const row = await bookingOf(owner.id, intent);
      if (row && isUnsettled(row)) await settler.settleRow(row, { account, intent }, now(), emptyReport());
      return { received: true };
    },
  };
}
export type PaymentWebhooks = ReturnType<typeof createPaymentWebhooks>;
