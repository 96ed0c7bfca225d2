import { randomBytes } from 'node:crypto';
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
  livemode: false;
  metadata: Record<string, string>;
  payment_method_types: string[];
  status: FakeIntentStatus;
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
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];

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
      latest_charge: null,
      livemode: false,
      metadata,
      payment_method_types: ['card'],
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
      });
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = typeof form.payment_intent === 'string' ? form.payment_intent : '';
      const intent = own(intentId);
      if (!intent) return missing('payment_intent', intentId);
      if (intent.status !== 'succeeded') return unexpected(intent, 'refund');
      if (refunds.some((r) => r.payment_intent === intent.id)) {
        return error(
          400,
          'invalid_request_error',
          `Charge ${intent.latest_charge} has already been refunded.`,
          { code: 'charge_already_refunded' },
        );
      }
      const refund: Refund = {
        id: id('re'),
        object: 'refund',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        created: seconds(),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
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
    if (method !== 'POST' || !idempotencyKey) return route(method, path, key, parseForm(raw));
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

  return {
    url: `http://127.0.0.1:${port}`,
    /** A fresh secret key the fake accepts (one account per key). */
    newAccount(): string {
      const key = `sk_test_${randomBytes(12).toString('hex')}`;
      accounts.add(key);
      return key;
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
      if (status === 'succeeded')
        Object.assign(intent, {
          amount_received: intent.amount,
          latest_charge: intent.latest_charge ?? id('ch'),
        });
    },
    refundCount: (intentId?: string) =>
      refunds.filter((r) => !intentId || r.payment_intent === intentId).length,
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
