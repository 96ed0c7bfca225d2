/**
 * The fake card-payment provider for the browser journeys, started by playwright.config.ts on a
 * fixed port (`FAKE_STRIPE_PORT`): the same stateful fake the server tests use
 * (src/server/test/fake-stripe.ts), behind a small front door that
 *  - forwards every Stripe API call of the app server unchanged (the server's checks of status,
 *    amount, currency and metadata run against real state), and
 *  - adds `/__control/*`: what Stripe itself, the customer's bank or Stripe.js in the browser would
 *    do (open an account, confirm a payment with a card, look at intents and refunds).
 *
 * Run: node --import tsx e2e/support/fake-stripe-server.ts
 */
import http from 'node:http';
// Test infrastructure shares the server tests' fake on purpose: one fake, one wire format.
import { intentIdOf, parseForm, startFakeStripe, type FakeIntent } from '../../src/server/test/fake-stripe';
import { DECLINE_MESSAGE, TEST_CARDS } from './stripe-test-cards';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 4917);
const fake = await startFakeStripe();

type Answer = { status: number; body: unknown };
const json = (status: number, body: unknown): Answer => ({ status, body });
const stripeError = (status: number, error: Record<string, string>): Answer => json(status, { error });

/** What Stripe.js gets back from a confirm: the intent as the browser may see it. */
const browserIntent = (intent: FakeIntent) => ({
  id: intent.id,
  object: 'payment_intent',
  amount: intent.amount,
  currency: intent.currency,
  status: intent.status,
  client_secret: intent.client_secret,
  livemode: false,
});

function intentOrNull(id: string): FakeIntent | null {
  try {
    return fake.intent(id);
  } catch {
    return null;
  }
}

/**
 * POST /__control/intents/{id}/confirm, form-encoded like Stripe.js sends it: `client_secret` and
 * `payment_method_data[card][number]`. The client secret must belong to the intent, as at Stripe.
 */
function confirm(id: string, raw: string): Answer {
  const form = parseForm(raw);
  const intent = intentOrNull(id);
  if (
    !intent ||
    typeof form.client_secret !== 'string' ||
    intentIdOf(form.client_secret) !== id ||
    form.client_secret !== intent.client_secret
  ) {
    return stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such payment_intent: '${id}'`,
    });
  }
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
    });
  }
  const pm = typeof form.payment_method_data === 'object' ? form.payment_method_data : {};
  const card =
    typeof pm.card === 'object' && typeof pm.card.number === 'string'
      ? pm.card.number.replace(/\D/g, '')
      : '';
  if (card === TEST_CARDS.declined) {
    return stripeError(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: DECLINE_MESSAGE,
    });
  }
  fake.setStatus(id, 'succeeded');
  const paid = browserIntent(fake.intent(id));
  // The 3-D Secure card: Stripe.js leaves for the bank's page, which returns to the return_url.
  return json(
    200,
    card === TEST_CARDS.redirect ? { ...paid, next_action: { type: 'redirect_to_url' } } : paid,
  );
}

function control(method: string, path: string, raw: string): Answer {
  if (method === 'GET' && path === '/__control/health') return json(200, { ok: true });
  if (method === 'POST' && path === '/__control/accounts') {
    const secretKey = fake.newAccount();
    return json(201, { secretKey, publicKey: `pk_test_${secretKey.slice('sk_test_'.length)}` });
  }
  let m = /^\/__control\/intents\/([^/]+)$/.exec(path);
  if (m && method === 'GET') {
    const intent = intentOrNull(m[1]!);
    return intent
      ? json(200, { ...intent, refunds: fake.refundCount(intent.id) })
      : json(404, { error: 'no such intent' });
  }
  m = /^\/__control\/intents\/([^/]+)\/confirm$/.exec(path);
  if (m && method === 'POST') return confirm(m[1]!, raw);
  m = /^\/__control\/intents\/([^/]+)\/status$/.exec(path);
  if (m && method === 'POST') {
    if (!intentOrNull(m[1]!)) return json(404, { error: 'no such intent' });
    fake.setStatus(m[1]!, JSON.parse(raw || '{}').status);
    return json(200, fake.intent(m[1]!));
  }
  return json(404, { error: `no control route ${method} ${path}` });
}

/** Everything that is not a control call is the app server talking to "Stripe": passed on as is. */
async function forward(req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse) {
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'content-type', 'idempotency-key', 'stripe-version', 'user-agent']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await fetch(`${fake.url}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(raw),
  });
  res.writeHead(answer.status, {
    'content-type': answer.headers.get('content-type') ?? 'application/json',
    'request-id': answer.headers.get('request-id') ?? '',
  });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    const path = (req.url ?? '/').split('?')[0]!;
    if (!path.startsWith('/__control/')) {
      forward(req, raw, res).catch((err: unknown) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
      });
      return;
    }
    const answer = control(req.method ?? 'GET', path, raw.toString('utf8'));
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
});

server.listen(port, '127.0.0.1', () => {
  console.log(`fake Stripe on http://127.0.0.1:${port}`);
});

const stop = () => {
  server.close();
  server.closeAllConnections();
  void fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
