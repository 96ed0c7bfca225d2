import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake card-payment provider for tests: a real HTTP server on loopback that keeps real state and
 * speaks the Stripe wire format the SDK uses (form-encoded bodies with `metadata[key]`, bearer
 * secret keys, JSON answers and Stripe-shaped errors, `Idempotency-Key` replays). Only the calls
 * the app makes exist. Test-only control methods change what a customer or the provider would.
 */

export type FakeIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  client_secret: string;
  created: number;
  currency: string;
  latest_charge: string | null;
  /** Why the last attempt failed (a declined card, a bank payment that failed or was cancelled). */
  last_payment_error: FakeLastPaymentError | null;
  livemode: false;
  metadata: Record<string, string>;
  /** What the customer must do next: for a bank (redirect) method, go to the bank's page. */
  next_action: FakeNextAction | null;
  payment_method_types: string[];
  status: FakeIntentStatus;
}

/** The redirect payment methods the fake offers beside the card (for EUR, as Stripe does in NL/BE). */
export type FakeRedirectMethod = 'ideal' | 'bancontact';

export interface FakeNextAction {
  type: 'redirect_to_url';
  redirect_to_url: { url: string; return_url: string | null };
}

export interface FakeLastPaymentError {
  type: 'invalid_request_error' | 'card_error';
  code: string;
  message: string;
  payment_method: { id: string; object: 'payment_method'; type: string };
}

/** The events a Stripe webhook endpoint can be told about; the fake sends only these. */
export type FakeEventType =
  | 'payment_intent.succeeded'
  | 'payment_intent.processing'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'payment_intent.requires_action';

export interface FakeWebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Record<string, string>;
  /** Only in the answer to the create call, as at Stripe. */
  secret?: string;
  status: 'enabled';
  url: string;
}

/** A signed delivery, as Stripe would POST it to the endpoint's URL. */
export interface FakeDelivery {
  url: string;
  payload: string;
  headers: Record<string, string>;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

type Answer = { status: number; body: unknown };
type Form = { [key: string]: string | Form };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const seconds = () => Math.floor(Date.now() / 1000);
const CANCELLABLE: FakeIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
];
const MIN_AMOUNT = 50; // Stripe's minimum charge in cents for EUR/USD
const MAX_ENDPOINTS = 16; // Stripe's limit of webhook endpoints per account and mode

/** `a=1&metadata[k]=v&x[y][z]=w` → nested objects, the way Stripe reads form bodies. */
export function parseForm(body: string): Form {
  const out: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = typeof next === 'object' ? next : (node[part] = {});
    }
    node[path.at(-1)!] = value;
  }
  return out;
}

const error = (
  status: number,
  type: string,
  message: string,
  extra: Record<string, string> = {},
): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});

export async function startFakeStripe() {
  const accounts = new Set<string>();
  const intents = new Map<string, { account: string; intent: FakeIntent }>();
  const refunds: Refund[] = [];
  /** While set, every refund is refused with this error code (failRefunds). */
  let refundFailure: string | null = null;
  const refundedOf = (intentId: string) =>
    refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  const endpoints = new Map<string, { account: string; endpoint: FakeWebhookEndpoint; secret: string }>();
  /** Endpoints deleted through the API, for tests that check a replaced one is gone. */
  const deletedEndpoints: string[] = [];

  function newIntent(
    account: string,
    amount: number,
    currency: string,
    metadata: Record<string, string>,
    automatic: boolean,
  ): FakeIntent {
    const intentId = id('pi');
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      automatic_payment_methods: automatic ? { enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      created: seconds(),
      currency,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata,
      next_action: null,
      // Automatic payment methods offer what the account has switched on for the currency: the
      // fake account has iDEAL | Wero and Bancontact, which exist in EUR only.
      payment_method_types: automatic && currency === 'eur' ? ['card', 'ideal', 'bancontact'] : ['card'],
      status: 'requires_payment_method',
    };
    intents.set(intentId, { account, intent });
    return intent;
  }

  const missing = (what: string, key: string) =>
    error(404, 'invalid_request_error', `No such ${what}: '${key}'`, {
      code: 'resource_missing',
      param: 'id',
    });
  const unexpected = (intent: FakeIntent, action: string) =>
    error(
      400,
      'invalid_request_error',
      `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
      {
        code: 'payment_intent_unexpected_state',
      },
    );

  function route(method: string, path: string, account: string, form: Form): Answer {
    const own = (intentId: string) => {
      const found = intents.get(intentId);
      return found && found.account === account ? found.intent : undefined;
    };
    if (method === 'GET' && path === '/v1/account') {
      // What the app reads when it checks a key: the account the key opens.
      return {
        status: 200,
        body: {
          id: `acct_${account.slice(-16)}`,
          object: 'account',
          charges_enabled: true,
          country: 'NL',
          default_currency: 'eur',
          type: 'standard',
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      const currency = typeof form.currency === 'string' ? form.currency : '';
      if (!Number.isInteger(amount) || !currency)
        return error(400, 'invalid_request_error', 'Missing required param: amount or currency.', {
          param: 'amount',
        });
      if (amount < MIN_AMOUNT)
        return error(400, 'invalid_request_error', 'Amount must be at least €0.50 eur', {
          code: 'amount_too_small',
          param: 'amount',
        });
      const metadata = typeof form.metadata === 'object' ? (form.metadata as Record<string, string>) : {};
      const automatic =
        typeof form.automatic_payment_methods === 'object' &&
        form.automatic_payment_methods.enabled === 'true';
      return { status: 200, body: newIntent(account, amount, currency, metadata, automatic) };
    }
    let m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (m && method === 'GET') {
      const intent = own(m[1]!);
      return intent ? { status: 200, body: intent } : missing('payment_intent', m[1]!);
    }
    m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (m && method === 'POST') {
      const intent = own(m[1]!);
      if (!intent) return missing('payment_intent', m[1]!);
      if (!CANCELLABLE.includes(intent.status)) return unexpected(intent, 'cancel');
      Object.assign(intent, {
        status: 'canceled',
        canceled_at: seconds(),
        cancellation_reason: 'requested_by_customer',
        next_action: null,
      });
      return { status: 200, body: intent };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const intentId = typeof form.payment_intent === 'string' ? form.payment_intent : '';
      const data = refunds.filter((r) => r.payment_intent === intentId && own(intentId));
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      // The refund endpoint ran and refused: Stripe stores this answer under the idempotency key and
      // replays it for 24 hours, so a retry must ask under a new key.
      if (refundFailure)
        return error(400, 'invalid_request_error', `Refund refused: ${refundFailure}.`, {
          code: refundFailure,
        });
      const intentId = typeof form.payment_intent === 'string' ? form.payment_intent : '';
      const intent = own(intentId);
      if (!intent) return missing('payment_intent', intentId);
      if (intent.status !== 'succeeded') return unexpected(intent, 'refund');
      // Like Stripe: refunds of a charge add up to at most its amount; without `amount` the rest.
      const refunded = refundedOf(intent.id);
      if (refunded >= intent.amount) {
        return error(
          400,
          'invalid_request_error',
          `Charge ${intent.latest_charge} has already been refunded.`,
          { code: 'charge_already_refunded' },
        );
      }
      const asked = form.amount === undefined ? intent.amount - refunded : Number(form.amount);
      if (typeof form.amount === 'object' || !Number.isInteger(asked) || asked <= 0)
        return error(400, 'invalid_request_error', 'Invalid positive integer', { param: 'amount' });
      if (refunded + asked > intent.amount)
        return error(
          400,
          'invalid_request_error',
          `Refund amount (€${asked / 100}) is greater than unrefunded amount on charge (€${(intent.amount - refunded) / 100})`,
          { param: 'amount' },
        );
      const refund: Refund = {
        id: id('re'),
        object: 'refund',
        amount: asked,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        created: seconds(),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/webhook_endpoints') {
      const url = typeof form.url === 'string' ? form.url : '';
      const events = typeof form.enabled_events === 'object' ? Object.values(form.enabled_events) : [];
      if (!URL.canParse(url))
        return error(400, 'invalid_request_error', 'Invalid URL: URL must be publicly accessible.', {
          param: 'url',
        });
      if (!events.length || events.some((e) => typeof e !== 'string'))
        return error(400, 'invalid_request_error', 'Missing required param: enabled_events.', {
          param: 'enabled_events',
        });
      if ([...endpoints.values()].filter((e) => e.account === account).length >= MAX_ENDPOINTS)
        return error(
          400,
          'invalid_request_error',
          `You have reached the maximum of ${MAX_ENDPOINTS} test webhook endpoints.`,
        );
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      const endpoint: FakeWebhookEndpoint = {
        id: id('we'),
        object: 'webhook_endpoint',
        api_version: null,
        application: null,
        created: seconds(),
        description: typeof form.description === 'string' ? form.description : null,
        enabled_events: events as string[],
        livemode: false,
        metadata: typeof form.metadata === 'object' ? (form.metadata as Record<string, string>) : {},
        status: 'enabled',
        url,
      };
      endpoints.set(endpoint.id, { account, endpoint, secret });
      return { status: 200, body: { ...endpoint, secret } };
    }
    m = /^\/v1\/webhook_endpoints\/([^/]+)$/.exec(path);
    if (m && (method === 'GET' || method === 'DELETE')) {
      const found = endpoints.get(m[1]!);
      if (!found || found.account !== account) return missing('webhook_endpoint', m[1]!);
      if (method === 'GET') return { status: 200, body: found.endpoint };
      endpoints.delete(m[1]!);
      deletedEndpoints.push(m[1]!);
      return { status: 200, body: { id: m[1]!, object: 'webhook_endpoint', deleted: true } };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function handle(req: http.IncomingMessage, raw: string): Answer {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0]!;
    const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const idempotencyKey =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    requests.push({ method, path, idempotencyKey });
    if (!key || !accounts.has(key)) {
      return error(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${key ? `${key.slice(0, 8)}****${key.slice(-4)}` : '(none)'}`,
      );
    }
    // A GET carries its parameters in the query string (the SDK's list calls).
    const query = (req.url ?? '').split('?')[1] ?? '';
    if (method !== 'POST' || !idempotencyKey)
      return route(method, path, key, parseForm(method === 'GET' ? query : raw));
    // Stripe keeps the first answer per key and replays it; other parameters under a used key are refused.
    const slot = `${key}\n${idempotencyKey}`;
    const fingerprint = `${method} ${path} ${raw}`;
    const seen = idempotent.get(slot);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return error(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
        );
      }
      return seen.answer;
    }
    const answer = route(method, path, key, parseForm(raw));
    idempotent.set(slot, {
      fingerprint,
      answer: { status: answer.status, body: structuredClone(answer.body) },
    });
    return answer;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = handle(req, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function mustGet(intentId: string): FakeIntent {
    const found = intents.get(intentId);
    if (!found) throw new Error(`fake-stripe: no intent ${intentId}`);
    return found.intent;
  }

  /** The payment method a customer chose for an intent's current attempt. */
  const attempts = new Map<string, { type: string; id: string }>();

  /** An intent the customer is paying at their bank: only these can be settled by the bank controls. */
  function atBank(intentId: string): FakeIntent {
    const intent = mustGet(intentId);
    if (intent.status !== 'requires_action' || intent.next_action?.type !== 'redirect_to_url')
      throw new Error(`fake-stripe: ${intentId} is not waiting at a bank (status ${intent.status})`);
    return intent;
  }

  /** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint secret>`. */
  const signature = (secret: string, payload: string, timestamp: number) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

  function mustEndpoint(endpointId: string) {
    const found = endpoints.get(endpointId);
    if (!found) throw new Error(`fake-stripe: no webhook endpoint ${endpointId}`);
    return found;
  }

  /** The event Stripe would send this endpoint about the intent as it is now, signed (time: now, or the given one). */
  function delivery(
    endpointId: string,
    type: FakeEventType,
    intentId: string,
    timestamp = seconds(),
  ): FakeDelivery {
    const { account, endpoint, secret } = mustEndpoint(endpointId);
    if (!endpoint.enabled_events.includes(type) && !endpoint.enabled_events.includes('*'))
      throw new Error(`fake-stripe: endpoint ${endpointId} is not subscribed to ${type}`);
    const owned = intents.get(intentId);
    if (!owned || owned.account !== account)
      throw new Error(`fake-stripe: intent ${intentId} is not on the endpoint's account`);
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: seconds(),
      data: { object: structuredClone(owned.intent) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    // Stripe sends indented JSON: a receiver that re-serializes the body breaks the signature.
    const payload = JSON.stringify(event, null, 2);
    return {
      url: endpoint.url,
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature(secret, payload, timestamp),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    /** A fresh secret key the fake accepts (one account per key). */
    newAccount(): string {
      const key = `sk_test_${randomBytes(12).toString('hex')}`;
      accounts.add(key);
      return key;
    },
    /** The owner revokes or rolls the key in their dashboard: every call with it is a 401 from now on. */
    revoke(secretKey: string) {
      accounts.delete(secretKey);
    },
    /** An intent made directly on the account, not through the app. */
    createIntent(
      secretKey: string,
      params: { amount: number; currency: string; metadata: Record<string, string> },
    ): FakeIntent {
      return structuredClone(newIntent(secretKey, params.amount, params.currency, params.metadata, true));
    },
    intent: (intentId: string): FakeIntent => structuredClone(mustGet(intentId)),
    /** What the customer's browser and the bank would do: pay, start paying, or fail. */
    setStatus(intentId: string, status: FakeIntentStatus) {
      const intent = mustGet(intentId);
      intent.status = status;
      if (status !== 'requires_action') intent.next_action = null;
      if (status === 'succeeded')
        Object.assign(intent, {
          amount_received: intent.amount,
          latest_charge: intent.latest_charge ?? id('ch'),
        });
    },
    /**
     * The customer chose a bank (redirect) method and confirmed: the intent waits for the bank, and
     * Stripe.js would send the browser to `next_action.redirect_to_url.url`.
     */
    startRedirect(
      intentId: string,
      method: FakeRedirectMethod,
      opts: { returnUrl?: string; bankUrl?: string } = {},
    ): FakeIntent {
      const intent = mustGet(intentId);
      if (!intent.payment_method_types.includes(method))
        throw new Error(`fake-stripe: ${intentId} does not offer ${method} (${intent.currency})`);
      if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status))
        throw new Error(`fake-stripe: ${intentId} cannot be confirmed (status ${intent.status})`);
      attempts.set(intentId, { type: method, id: id('pm') });
      Object.assign(intent, {
        status: 'requires_action',
        last_payment_error: null,
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: {
            url: opts.bankUrl ?? `http://127.0.0.1:${port}/__bank/${intentId}`,
            return_url: opts.returnUrl ?? null,
          },
        },
      });
      return structuredClone(intent);
    },
    /** The customer approved the payment at their bank. */
    bankSucceeds(intentId: string): FakeIntent {
      const intent = atBank(intentId);
      Object.assign(intent, {
        status: 'succeeded',
        next_action: null,
        amount_received: intent.amount,
        latest_charge: id('py'),
      });
      return structuredClone(intent);
    },
    /**
     * The bank payment failed or the customer cancelled it at the bank: as at Stripe, the intent goes
     * back to `requires_payment_method` with the reason in `last_payment_error` (and the browser
     * returns with `redirect_status=failed`).
     */
    bankFails(intentId: string): FakeIntent {
      const intent = atBank(intentId);
      const attempt = attempts.get(intentId)!;
      Object.assign(intent, {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_intent_payment_attempt_failed',
          message:
            'The latest payment attempt of this PaymentIntent has failed or been canceled, and the attached payment method has been removed. You can try confirming again with a new payment method.',
          payment_method: { id: attempt.id, object: 'payment_method', type: attempt.type },
        },
      });
      return structuredClone(intent);
    },
    /**
     * The customer's card was declined on the payment step: the intent stays payable
     * (`requires_payment_method`) with the decline in `last_payment_error`, and the customer may
     * try another card.
     */
    cardDeclined(intentId: string): FakeIntent {
      const intent = mustGet(intentId);
      if (intent.status !== 'requires_payment_method')
        throw new Error(`fake-stripe: ${intentId} cannot be confirmed (status ${intent.status})`);
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
        payment_method: { id: id('pm'), object: 'payment_method', type: 'card' },
      };
      return structuredClone(intent);
    },
    /** The customer closed the bank's page without deciding: the intent simply keeps waiting. */
    bankAbandons(intentId: string): FakeIntent {
      return structuredClone(atBank(intentId));
    },
    /** The bank accepted the payment but has not settled it yet (Stripe: `processing`). */
    processing(intentId: string): FakeIntent {
      const intent = atBank(intentId);
      Object.assign(intent, { status: 'processing', next_action: null });
      return structuredClone(intent);
    },
    /** The webhook endpoints the account has now (without their secrets), oldest first. */
    webhookEndpoints: (secretKey: string): FakeWebhookEndpoint[] =>
      [...endpoints.values()].filter((e) => e.account === secretKey).map((e) => structuredClone(e.endpoint)),
    /** Ids of endpoints deleted through the API. */
    deletedEndpoints: () => [...deletedEndpoints],
    /** An endpoint's signing secret, as the owner could read it in their dashboard. */
    endpointSecret: (endpointId: string) => mustEndpoint(endpointId).secret,
    /** The signed delivery of an event about the intent (see `delivery`), to inject into an app. */
    webhookEvent: (
      endpointId: string,
      type: FakeEventType,
      intentId: string,
      opts: { timestamp?: number } = {},
    ) => delivery(endpointId, type, intentId, opts.timestamp),
    /** A `Stripe-Signature` header for any payload under the endpoint's secret (for forged or odd events). */
    sign: (endpointId: string, payload: string, timestamp = seconds()) =>
      signature(mustEndpoint(endpointId).secret, payload, timestamp),
    /**
     * Delivers an event as Stripe does: a POST of the signed JSON to the endpoint's URL path on
     * `targetBaseUrl` (the app under test on loopback, while the endpoint's URL names the public https
     * APP_URL). Answers the app's status and body.
     */
    async sendEvent(
      endpointId: string,
      type: FakeEventType,
      intentId: string,
      targetBaseUrl: string,
      opts: { timestamp?: number } = {},
    ): Promise<{ status: number; body: string }> {
      const { url, payload, headers } = delivery(endpointId, type, intentId, opts.timestamp);
      const res = await fetch(new URL(new URL(url).pathname, targetBaseUrl), {
        method: 'POST',
        headers,
        body: payload,
      });
      return { status: res.status, body: await res.text() };
    },
    /** Refuse every refund with Stripe error `code` (e.g. 'charge_disputed'), or accept them again (null). */
    failRefunds(code: string | null) {
      refundFailure = code;
    },
    refundCount: (intentId?: string) =>
      refunds.filter((r) => !intentId || r.payment_intent === intentId).length,
    /** The amounts (cents) refunded of an intent, in order. */
    refundAmounts: (intentId: string) =>
      refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount),
    requests: () => requests.map((r) => ({ ...r })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The intent id inside a client secret (`pi_..._secret_...`). */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
