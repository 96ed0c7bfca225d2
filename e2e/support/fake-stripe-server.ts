/**
 * The fake card-payment provider for the browser journeys, started by playwright.config.ts on a
 * fixed port (`FAKE_STRIPE_PORT`): the same stateful fake the server tests use
 * (src/server/test/fake-stripe.ts), behind a small front door that
 *  - forwards every Stripe API call of the app server unchanged (the server's checks of status,
 *    amount, currency and metadata run against real state), and
 *  - adds `/__control/*`: what Stripe itself, the customer's bank or Stripe.js in the browser would
 *    do (open an account, read an intent as the browser may, confirm a payment with a card or a bank
 *    method, look at intents and refunds), and
 *  - serves `/__bank/{intent}`: the page of the customer's bank for iDEAL | Wero and Bancontact,
 *    whose buttons settle the intent on the shared fake (approve, fail, cancel, leave processing)
 *    and send the browser back to the intent's return_url the way Stripe does.
 *
 * Run: node --import tsx e2e/support/fake-stripe-server.ts
 */
import http from 'node:http';
// Test infrastructure shares the server tests' fake on purpose: one fake, one wire format.
import {
  intentIdOf,
  parseForm,
  startFakeStripe,
  type FakeIntent,
  type FakeRedirectMethod,
} from '../../src/server/test/fake-stripe';
import { DECLINE_MESSAGE, TEST_CARDS } from './stripe-test-cards';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 4917);
/** Where the browser reaches this front door (the bank's pages live here). */
const publicUrl = `http://127.0.0.1:${port}`;
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
  payment_method_types: intent.payment_method_types,
  next_action: intent.next_action,
});

const REDIRECT_METHODS: readonly string[] = ['ideal', 'bancontact'] satisfies FakeRedirectMethod[];
const isRedirectMethod = (type: string): type is FakeRedirectMethod => REDIRECT_METHODS.includes(type);
const missingIntent = (id: string) =>
  stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such payment_intent: '${id}'`,
  });

/**
 * GET /__control/intents/{id}/browser?client_secret=…: the intent as Stripe.js reads it with the
 * publishable key (what the Payment Element needs to offer the intent's payment methods).
 */
function browserRead(id: string, clientSecret: string | null): Answer {
  const intent = intentOrNull(id);
  if (!intent || clientSecret !== intent.client_secret) return missingIntent(id);
  return json(200, browserIntent(intent));
}

/**
 * A bank method chosen in the Payment Element: the intent now waits for the bank, and Stripe.js
 * sends the browser to the bank's page (ours, below), which knows the return_url from the intent.
 */
function confirmRedirect(intent: FakeIntent, method: FakeRedirectMethod, returnUrl: string): Answer {
  if (!intent.payment_method_types.includes(method)) {
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_invalid_parameter',
      message: `The payment method type provided: ${method} is invalid. This PaymentIntent's allowed types are: ${intent.payment_method_types.join(', ')}.`,
    });
  }
  if (!URL.canParse(returnUrl)) {
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: 'A return_url must be provided when confirming a PaymentIntent with a redirect method.',
    });
  }
  try {
    const waiting = fake.startRedirect(intent.id, method, {
      returnUrl,
      bankUrl: `${publicUrl}/__bank/${intent.id}?method=${method}`,
    });
    return json(200, browserIntent(waiting));
  } catch {
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
    });
  }
}

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
  if (typeof pm.type === 'string' && isRedirectMethod(pm.type))
    return confirmRedirect(intent, pm.type, typeof form.return_url === 'string' ? form.return_url : '');
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

function control(method: string, path: string, query: URLSearchParams, raw: string): Answer {
  if (method === 'GET' && path === '/__control/health') return json(200, { ok: true });
  if (method === 'POST' && path === '/__control/accounts') {
    const secretKey = fake.newAccount();
    return json(201, { secretKey, publicKey: `pk_test_${secretKey.slice('sk_test_'.length)}` });
  }
  let m = /^\/__control\/intents\/([^/]+)$/.exec(path);
  if (m && method === 'GET') {
    const intent = intentOrNull(m[1]!);
    return intent
      ? json(200, {
          ...intent,
          refunds: fake.refundCount(intent.id),
          refundAmounts: fake.refundAmounts(intent.id),
        })
      : json(404, { error: 'no such intent' });
  }
  m = /^\/__control\/intents\/([^/]+)\/browser$/.exec(path);
  if (m && method === 'GET') return browserRead(m[1]!, query.get('client_secret'));
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

/** The bank's names for the methods, as on its page. */
const METHOD_NAMES: Record<FakeRedirectMethod, string> = { ideal: 'iDEAL | Wero', bancontact: 'Bancontact' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Page = { status: number; html?: string; location?: string };

/** The bank's page: what is paid, to whom, and the customer's choices. */
function bankPage(id: string, query: URLSearchParams): Page {
  const intent = intentOrNull(id);
  const method = query.get('method') ?? 'ideal';
  const name = isRedirectMethod(method) ? METHOD_NAMES[method] : 'Bank';
  if (!intent) return { status: 404, html: bankHtml(name, '<p>Deze betaling bestaat niet.</p>') };
  const amount = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: intent.currency }).format(
    intent.amount / 100,
  );
  if (intent.status !== 'requires_action')
    return { status: 409, html: bankHtml(name, '<p>Deze betaling is al afgerond.</p>') };
  const button = (decision: string, label: string) =>
    `<button type="submit" name="decision" value="${decision}">${escapeHtml(label)}</button>`;
  return {
    status: 200,
    html: bankHtml(
      name,
      `<p>Te betalen: <strong data-amount>${escapeHtml(amount)}</strong></p>
      <form method="post" action="/__bank/${encodeURIComponent(id)}?method=${encodeURIComponent(method)}">
        ${button('approve', 'Betaling goedkeuren')}
        ${button('fail', 'Betaling mislukt')}
        ${button('cancel', 'Annuleren')}
        ${button('processing', 'Nog in behandeling')}
      </form>`,
    ),
  };
}

function bankHtml(name: string, body: string) {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(name)} – testbank</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem auto;max-width:28rem;padding:0 1rem;color:#0f172a}
form{display:grid;gap:.75rem}button{font:inherit;padding:.75rem;border-radius:8px;border:1px solid #334155;background:#fff;color:#0f172a}</style>
</head><body><main><h1>${escapeHtml(name)}</h1>${body}</main></body></html>`;
}

/**
 * The customer's decision at the bank, settled on the shared fake the way Stripe reports it, then
 * back to the return_url with `payment_intent`, `payment_intent_client_secret` and
 * `redirect_status`: `succeeded`; `failed` for a failed or cancelled payment (the intent is back
 * to `requires_payment_method`, as at Stripe); `processing` while the bank has not paid yet.
 */
function bankDecision(id: string, raw: string): Page {
  const intent = intentOrNull(id);
  const returnUrl = intent?.next_action?.redirect_to_url.return_url;
  if (!intent || intent.status !== 'requires_action' || !returnUrl)
    return { status: 409, html: bankHtml('Bank', '<p>Deze betaling is al afgerond.</p>') };
  const decision = new URLSearchParams(raw).get('decision');
  let redirectStatus: string;
  if (decision === 'approve') {
    fake.bankSucceeds(id);
    redirectStatus = 'succeeded';
  } else if (decision === 'fail' || decision === 'cancel') {
    fake.bankFails(id);
    redirectStatus = 'failed';
  } else if (decision === 'processing') {
    fake.processing(id);
    redirectStatus = 'processing';
  } else {
    return { status: 400, html: bankHtml('Bank', '<p>Onbekende keuze.</p>') };
  }
  const back = new URL(returnUrl);
  back.searchParams.set('payment_intent', id);
  back.searchParams.set('payment_intent_client_secret', intent.client_secret);
  back.searchParams.set('redirect_status', redirectStatus);
  return { status: 303, location: back.toString() };
}

function sendPage(res: http.ServerResponse, page: Page) {
  if (page.location) {
    res.writeHead(page.status, { location: page.location });
    res.end();
    return;
  }
  res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page.html);
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', publicUrl);
    const path = url.pathname;
    const bank = /^\/__bank\/([^/]+)$/.exec(path);
    if (bank) {
      const id = decodeURIComponent(bank[1]!);
      sendPage(
        res,
        req.method === 'POST' ? bankDecision(id, raw.toString('utf8')) : bankPage(id, url.searchParams),
      );
      return;
    }
    if (!path.startsWith('/__control/')) {
      forward(req, raw, res).catch((err: unknown) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
      });
      return;
    }
    const answer = control(req.method ?? 'GET', path, url.searchParams, raw.toString('utf8'));
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
