import Stripe from 'stripe';

/**
 * Thin client of the card-payment provider (Stripe), per owner: every owner takes payments on their
 * own account with their own secret key. Services see only these few calls and plain data, so the
 * rules do not depend on the SDK's types; `STRIPE_API_BASE` points the SDK at a local fake in tests.
 */

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface PaymentIntentInfo {
  id: string;
  status: IntentStatus;
  /** Smallest currency unit (cents). */
  amount: number;
  /** Lower-case ISO code, as the provider answers it. */
  currency: string;
  metadata: Record<string, string>;
  clientSecret: string | null;
  /**
   * Why the last attempt failed, with the method it used (`card`, `ideal`, `bancontact`…); null when
   * no attempt failed. A bank (redirect) payment that failed or was cancelled at the bank leaves the
   * intent in `requires_payment_method` with this set.
   */
  lastPaymentError: { code: string | null; methodType: string | null } | null;
}

/** The payment events the app subscribes to for each owner (their webhook endpoint). */
export const WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
] as const;

/** A verified webhook event: only what the app needs, never the object's state (it is retrieved). */
export interface WebhookEventInfo {
  id: string;
  type: string;
  /** The `object` of `data.object` (e.g. `payment_intent`) and its id. */
  objectType: string | null;
  objectId: string | null;
}

/** Stripe's default and our tolerance: a signature older than this (seconds) is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface CreateIntentParams {
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/**
 * Why a provider call failed: `auth` (the owner's key is wrong), `not_found`, `refused` (the
 * provider understood and said no) or `unavailable` (network, provider outage, rate limit).
 */
export type ProviderFailure = 'auth' | 'not_found' | 'refused' | 'unavailable';

export class PaymentProviderError extends Error {
  constructor(
    readonly kind: ProviderFailure,
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentAccount {
  /** Opens the account with the key (GET /v1/account): proves the secret key works before it is stored. */
  verify(): Promise<{ id: string }>;
  createIntent(params: CreateIntentParams, idempotencyKey: string): Promise<PaymentIntentInfo>;
  retrieveIntent(id: string): Promise<PaymentIntentInfo>;
  cancelIntent(id: string, idempotencyKey: string): Promise<PaymentIntentInfo>;
  /**
   * Refunds the whole intent, or `amountCents` of it; the idempotency key makes retries refund
   * exactly once.
   */
  refund(intentId: string, idempotencyKey: string, amountCents?: number): Promise<{ id: string }>;
  /** What was refunded of the intent so far (refunds that did not fail), in cents. */
  refundedCents(intentId: string): Promise<number>;
  /** A webhook endpoint on the account; its signing secret is only given here, at creation. */
  createWebhookEndpoint(url: string): Promise<{ id: string; secret: string }>;
  deleteWebhookEndpoint(id: string): Promise<void>;
}

export interface PaymentGateway {
  account(secretKey: string): PaymentAccount;
  /**
   * Checks a webhook delivery's `Stripe-Signature` over the raw body with the endpoint's secret
   * (HMAC-SHA256, at most WEBHOOK_TOLERANCE_SECONDS old at `receivedAt`); null when it does not hold.
   */
  verifyWebhook(
    rawBody: Buffer,
    signature: string,
    secret: string,
    receivedAt: Date,
  ): WebhookEventInfo | null;
}

function toInfo(pi: Stripe.PaymentIntent): PaymentIntentInfo {
  return {
    id: pi.id,
    status: pi.status as IntentStatus,
    amount: pi.amount,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
    clientSecret: pi.client_secret ?? null,
    lastPaymentError: pi.last_payment_error
      ? {
          code: pi.last_payment_error.code ?? null,
          methodType: pi.last_payment_error.payment_method?.type ?? null,
        }
      : null,
  };
}

function toProviderError(err: unknown): PaymentProviderError {
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode ?? 0;
    let kind: ProviderFailure = 'refused';
    if (
      err instanceof Stripe.errors.StripeAuthenticationError ||
      err instanceof Stripe.errors.StripePermissionError
    )
      kind = 'auth';
    else if (status === 404 || err.code === 'resource_missing') kind = 'not_found';
    else if (
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeRateLimitError ||
      err instanceof Stripe.errors.StripeAPIError ||
      status >= 500
    )
      kind = 'unavailable';
    return new PaymentProviderError(kind, err.message, err.code);
  }
  return new PaymentProviderError('unavailable', err instanceof Error ? err.message : String(err));
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toProviderError(err);
  }
}

export function createStripeGateway(opts: { apiBase?: string; timeoutMs?: number } = {}): PaymentGateway {
  const base = opts.apiBase ? new URL(opts.apiBase) : undefined;
  const connection = {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
    // The SDK retries connection errors and 5xx answers, reusing the idempotency key of POSTs.
    maxNetworkRetries: 2,
    timeout: opts.timeoutMs ?? 10_000,
    telemetry: false,
  };
  return {
    account(secretKey) {
      const stripe = new Stripe(secretKey, connection);
      return {
        verify: () => call(async () => ({ id: (await stripe.accounts.retrieveCurrent()).id })),
        createIntent: ({ amount, currency, metadata }, idempotencyKey) =>
          call(async () =>
            toInfo(
              await stripe.paymentIntents.create(
                { amount, currency, metadata, automatic_payment_methods: { enabled: true } },
                { idempotencyKey },
              ),
            ),
          ),
        retrieveIntent: (id) => call(async () => toInfo(await stripe.paymentIntents.retrieve(id))),
        cancelIntent: (id, idempotencyKey) =>
          call(async () => toInfo(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey }))),
        refund: (intentId, idempotencyKey, amountCents) =>
          call(async () => ({
            id: (
              await stripe.refunds.create(
                { payment_intent: intentId, ...(amountCents !== undefined && { amount: amountCents }) },
                { idempotencyKey },
              )
            ).id,
          })),
        refundedCents: (intentId) =>
          call(async () => {
            let total = 0;
            for await (const r of stripe.refunds.list({ payment_intent: intentId, limit: 100 }))
              if (r.status !== 'failed' && r.status !== 'canceled') total += r.amount;
            return total;
          }),
        createWebhookEndpoint: (url) =>
          call(async () => {
            const endpoint = await stripe.webhookEndpoints.create({
              url,
              enabled_events: [...WEBHOOK_EVENTS],
              description: 'Appointment bookings: confirms payments whose customer did not return',
            });
            if (!endpoint.secret)
              throw new PaymentProviderError('refused', 'webhook endpoint without secret');
            return { id: endpoint.id, secret: endpoint.secret };
          }),
        deleteWebhookEndpoint: (id) =>
          call(async () => {
            await stripe.webhookEndpoints.del(id);
          }),
      };
    },
    verifyWebhook(rawBody, signature, secret, receivedAt) {
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          rawBody,
          signature,
          secret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAt.getTime(),
        );
      } catch {
        return null; // a wrong or missing signature, a replay, or a body that is not JSON
      }
      const object = (event.data?.object ?? {}) as { object?: unknown; id?: unknown };
      return {
        id: event.id,
        type: event.type,
        objectType: typeof object.object === 'string' ? object.object : null,
        objectId: typeof object.id === 'string' ? object.id : null,
      };
    },
  };
}
