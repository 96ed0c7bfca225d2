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
}

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
  createIntent(params: CreateIntentParams, idempotencyKey: string): Promise<PaymentIntentInfo>;
  retrieveIntent(id: string): Promise<PaymentIntentInfo>;
  cancelIntent(id: string, idempotencyKey: string): Promise<PaymentIntentInfo>;
  /** Refunds the whole intent; the idempotency key makes retries refund exactly once. */
  refund(intentId: string, idempotencyKey: string): Promise<{ id: string }>;
}

export interface PaymentGateway {
  account(secretKey: string): PaymentAccount;
}

function toInfo(pi: Stripe.PaymentIntent): PaymentIntentInfo {
  return {
    id: pi.id,
    status: pi.status as IntentStatus,
    amount: pi.amount,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
    clientSecret: pi.client_secret ?? null,
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
        refund: (intentId, idempotencyKey) =>
          call(async () => ({
            id: (await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey })).id,
          })),
      };
    },
  };
}
