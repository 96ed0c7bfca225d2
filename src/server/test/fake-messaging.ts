import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Fake text-message providers for tests (docs/PRODUCT.md#messaging): real HTTP servers on loopback
 * that keep state (accounts, and every message received with its status) and speak the wire format
 * of Twilio and MessageBird for the calls the app makes. Test-only control, both as methods (vitest)
 * and as `/__control/*` routes (for a browser test's server process):
 *   GET  /__control/health                 → { ok: true }
 *   POST /__control/accounts               → keys the fake accepts ({ accountSid, authToken } or { accessKey })
 *   GET  /__control/messages               → every message received, oldest first
 *   POST /__control/fail-next { mode }     → the next API call answers 500 or 429, never answers ('timeout'),
 *                                            or does its work and then never answers ('accept-then-timeout')
 *   POST /__control/messages/{id}/status { status } → the message's status as the provider would change it
 *   POST /__control/messages/{id}/report { status } → that, and the provider's report sent to the message's
 *                                            status address (Twilio: a signed form post; MessageBird: a GET)
 */

export interface FakeTextMessage {
  id: string;
  /** The account (Twilio SID) or access key the message was sent under. */
  account: string;
  to: string;
  from: string;
  body: string;
  /** Where the provider would report status changes (Twilio StatusCallback, MessageBird reportUrl). */
  statusUrl: string | null;
  reference: string | null;
  status: string;
}

/**
 * How the next API call fails: an HTTP status the provider may answer, no answer at all, or the call
 * done (a message taken) without an answer, as when the connection drops after the provider acted.
 */
export type FakeFailure = 500 | 429 | 'timeout' | 'accept-then-timeout';
const FAILURES: readonly unknown[] = [500, 429, 'timeout', 'accept-then-timeout'];

type Answer = { status: number; body: unknown };
type Request = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** The loopback server with its control routes, around one provider's `api` routes. */
async function startFake(
  name: string,
  api: (req: Request) => Answer,
  newAccount: () => Record<string, string>,
  messages: FakeTextMessage[],
  port: number,
  report: (message: FakeTextMessage) => Promise<number>,
) {
  let failNext: FakeFailure | null = null;
  const requests: { method: string; path: string }[] = [];

  async function control(req: Request): Promise<Answer> {
    if (req.method === 'GET' && req.path === '/__control/health') return { status: 200, body: { ok: true } };
    if (req.method === 'POST' && req.path === '/__control/accounts')
      return { status: 201, body: newAccount() };
    if (req.method === 'GET' && req.path === '/__control/messages') return { status: 200, body: messages };
    if (req.method === 'POST' && req.path === '/__control/fail-next') {
      const { mode } = JSON.parse(req.body || '{}') as { mode?: FakeFailure };
      if (!FAILURES.includes(mode)) return { status: 400, body: { error: 'mode' } };
      failNext = mode!;
      return { status: 200, body: { ok: true } };
    }
    const m = /^\/__control\/messages\/([^/]+)\/(status|report)$/.exec(req.path);
    const message = m && messages.find((x) => x.id === m[1]);
    if (req.method === 'POST' && message) {
      message.status = (JSON.parse(req.body || '{}') as { status?: string }).status ?? message.status;
      if (m[2] === 'report') return { status: 200, body: { answered: await report(message) } };
      return { status: 200, body: message };
    }
    return { status: 404, body: { error: 'unknown control route' } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      let answer: Answer;
      if (request.path.startsWith('/__control/')) answer = await control(request);
      else {
        requests.push({ method: request.method, path: request.path });
        const failure = failNext;
        failNext = null;
        // Never answered: the client's deadline must end the call (closed with the server).
        if (failure === 'timeout') return;
        // Taken (a message stored) and then no answer: the client's retry must find it, not send again.
        if (failure === 'accept-then-timeout') return void api(request);
        answer =
          failure === 500
            ? {
                status: 500,
                body: { message: `${name} internal error`, errors: [{ description: 'Internal error' }] },
              }
            : failure === 429
              ? {
                  status: 429,
                  body: { message: 'Too Many Requests', errors: [{ description: 'Too many requests' }] },
                }
              : api(request);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    /** Every message received, oldest first (copies). */
    messages: () => messages.map((x) => ({ ...x })),
    /** The next API call fails this way (control routes are never failed). */
    failNext(mode: FakeFailure) {
      failNext = mode;
    },
    /** The provider changes a message's status (delivered, failed…). */
    setStatus(id: string, status: string) {
      const message = messages.find((x) => x.id === id);
      if (!message) throw new Error(`${name}: no message ${id}`);
      message.status = status;
    },
    /**
     * The provider changes a message's status and reports it to the message's status address, as it
     * would (Twilio: a signed form post; MessageBird: a GET); answers the app's HTTP status.
     */
    async deliverStatus(id: string, status: string): Promise<number> {
      const message = messages.find((x) => x.id === id);
      if (!message) throw new Error(`${name}: no message ${id}`);
      message.status = status;
      return report(message);
    },
    /** The API calls received (method and path), oldest first. */
    requests: () => requests.map((r) => ({ ...r })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const E164 = /^\+[1-9]\d{7,14}$/;
const ALPHANUMERIC = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

/** Twilio's REST API for accounts and messages (HTTP Basic: Account SID and Auth Token). */
export async function startFakeTwilio(opts: { port?: number } = {}) {
  const accounts = new Map<string, string>();
  const messages: FakeTextMessage[] = [];
  /** Numbers Twilio refuses as it does one that cannot get a text (error 21211). */
  const refused = new Set<string>();
  const newAccount = () => {
    const accountSid = `AC${hex(16)}`;
    const authToken = hex(16);
    accounts.set(accountSid, authToken);
    return { accountSid, authToken };
  };
  const error = (status: number, code: number, message: string): Answer => ({
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  });
  /** The account the request's Basic credentials open, if they do. */
  const accountOf = (req: Request) => {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!basic) return null;
    const [sid, token] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return sid && accounts.get(sid) === token ? sid : null;
  };

  const api = (req: Request): Answer => {
    const m = /^\/2010-04-01\/Accounts\/([^/]+?)(\.json|\/Messages\.json)$/.exec(req.path);
    if (!m) return error(404, 20404, 'The requested resource was not found');
    const sid = accountOf(req);
    if (!sid) return error(401, 20003, 'Authenticate');
    if (sid !== decodeURIComponent(m[1]!)) return error(403, 20003, 'Authenticate');
    if (req.method === 'GET' && m[2] === '.json')
      return { status: 200, body: { sid, friendly_name: 'Fake account', status: 'active', type: 'Trial' } };
    if (req.method === 'GET' && m[2] === '/Messages.json') {
      // The list Twilio filters by number and day sent. The day is only checked for its shape: the
      // fake's messages carry no clock shared with a test app's fixed one.
      const day = req.query.get('DateSent>');
      if (day !== null && !/^\d{4}-\d{2}-\d{2}$/.test(day)) return error(400, 20001, 'Invalid DateSent');
      const to = req.query.get('To');
      const found = messages.filter((x) => x.account === sid && (to === null || x.to === to));
      return {
        status: 200,
        body: {
          messages: [...found].reverse().map((x) => ({
            sid: x.id,
            account_sid: sid,
            to: x.to,
            from: x.from,
            body: x.body,
            status: x.status,
          })),
          page: 0,
          page_size: 50,
        },
      };
    }
    if (req.method === 'POST' && m[2] === '/Messages.json') {
      const form = new URLSearchParams(req.body);
      const [to, from, body] = [form.get('To') ?? '', form.get('From') ?? '', form.get('Body') ?? ''];
      const whatsapp = to.startsWith('whatsapp:');
      if (!E164.test(to.replace(/^whatsapp:/, '')) || refused.has(to.replace(/^whatsapp:/, '')))
        return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (
        whatsapp !== from.startsWith('whatsapp:') ||
        !(E164.test(from.replace(/^whatsapp:/, '')) || ALPHANUMERIC.test(from))
      )
        return error(
          400,
          21212,
          `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`,
        );
      if (!body) return error(400, 21602, 'Message body is required.');
      const message: FakeTextMessage = {
        id: `SM${hex(16)}`,
        account: sid,
        to,
        from,
        body,
        statusUrl: form.get('StatusCallback'),
        reference: null,
        status: 'queued',
      };
      messages.push(message);
      return {
        status: 201,
        body: {
          sid: message.id,
          account_sid: sid,
          to,
          from,
          body,
          status: message.status,
          num_segments: '1',
        },
      };
    }
    return error(405, 20004, 'Method not allowed');
  };

  /** Twilio's X-Twilio-Signature of a post to `url` (written here from Twilio's docs, not the app's code). */
  const sign = (accountSid: string, url: string, params: Record<string, string>) => {
    const token = accounts.get(accountSid);
    if (!token) throw new Error(`fake-twilio: no account ${accountSid}`);
    const data =
      url +
      Object.keys(params)
        .sort()
        .map((k) => k + params[k])
        .join('');
    return createHmac('sha1', token).update(data).digest('base64');
  };
  /** The status callback Twilio would post now for the message: its address, form and signature. */
  const statusCallback = (id: string, status = messages.find((x) => x.id === id)?.status ?? 'sent') => {
    const message = messages.find((x) => x.id === id);
    if (!message?.statusUrl) throw new Error(`fake-twilio: message ${id} has no status callback`);
    const form: Record<string, string> = {
      AccountSid: message.account,
      ApiVersion: '2010-04-01',
      From: message.from,
      MessageSid: message.id,
      MessageStatus: status,
      SmsSid: message.id,
      SmsStatus: status,
      To: message.to,
      ...(status === 'undelivered' || status === 'failed' ? { ErrorCode: '30003' } : {}),
    };
    return { url: message.statusUrl, form, signature: sign(message.account, message.statusUrl, form) };
  };
  const report = async (message: FakeTextMessage) => {
    const { url, form, signature } = statusCallback(message.id, message.status);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(form).toString(),
    });
    return res.status;
  };

  const fake = await startFake('fake-twilio', api, newAccount, messages, opts.port ?? 0, report);
  return {
    ...fake,
    newAccount,
    revoke: (sid: string) => void accounts.delete(sid),
    /** Messages to this number are refused from now on, as an invalid one is (400, code 21211). */
    refuse: (e164: string) => void refused.add(e164),
    sign,
    statusCallback,
  };
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

/** MessageBird's SMS REST API: balance and messages (`Authorization: AccessKey …`). */
export async function startFakeMessageBird(opts: { port?: number } = {}) {
  const keys = new Set<string>();
  const messages: FakeTextMessage[] = [];
  const newAccount = () => {
    const accessKey = `live_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
    keys.add(accessKey);
    return { accessKey };
  };
  const error = (
    status: number,
    code: number,
    description: string,
    parameter: string | null = null,
  ): Answer => ({
    status,
    body: { errors: [{ code, description, parameter }] },
  });

  const api = (req: Request): Answer => {
    const key = /^AccessKey (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!key || !keys.has(key)) return error(401, 2, 'Request not allowed (incorrect access_key)');
    if (req.method === 'GET' && req.path === '/balance')
      return { status: 200, body: { payment: 'prepaid', type: 'credits', amount: 42 } };
    if (req.method === 'GET' && req.path === '/messages') {
      const reference = req.query.get('reference');
      const items = messages.filter(
        (x) => x.account === key && (reference === null || x.reference === reference),
      );
      return {
        status: 200,
        body: {
          offset: 0,
          limit: 20,
          count: items.length,
          totalCount: items.length,
          items: items.map((x) => ({
            id: x.id,
            originator: x.from,
            body: x.body,
            reference: x.reference,
            recipients: {
              totalCount: 1,
              items: [{ recipient: Number(x.to.replace(/^\+/, '')), status: x.status }],
            },
          })),
        },
      };
    }
    if (req.method === 'POST' && req.path === '/messages') {
      let sent: {
        originator?: unknown;
        recipients?: unknown;
        body?: unknown;
        reportUrl?: unknown;
        reference?: unknown;
      };
      try {
        sent = JSON.parse(req.body) as typeof sent;
      } catch {
        return error(400, 9, 'Request body is not valid JSON');
      }
      const originator = typeof sent.originator === 'string' ? sent.originator : '';
      if (!(E164.test(`+${originator.replace(/^\+/, '')}`) || ALPHANUMERIC.test(originator)))
        return error(422, 9, 'originator is invalid', 'originator');
      const recipients = Array.isArray(sent.recipients) ? sent.recipients.map(String) : [];
      if (recipients.length !== 1 || !/^[1-9]\d{7,14}$/.test(recipients[0]!))
        return error(422, 9, 'no (correct) recipients found', 'recipients');
      if (typeof sent.body !== 'string' || !sent.body) return error(422, 9, 'body is required', 'body');
      const message: FakeTextMessage = {
        id: hex(16),
        account: key,
        to: `+${recipients[0]}`,
        from: originator,
        body: sent.body,
        statusUrl: typeof sent.reportUrl === 'string' ? sent.reportUrl : null,
        reference: typeof sent.reference === 'string' ? sent.reference : null,
        status: 'sent',
      };
      messages.push(message);
      return {
        status: 201,
        body: {
          id: message.id,
          originator,
          body: message.body,
          reference: message.reference,
          recipients: {
            totalCount: 1,
            totalSentCount: 1,
            items: [{ recipient: Number(recipients[0]), status: 'sent' }],
          },
        },
      };
    }
    return error(404, 20, 'Not found');
  };

  /** The delivery report MessageBird would send now for the message: a GET of its reportUrl. */
  const reportUrl = (id: string, status = messages.find((x) => x.id === id)?.status ?? 'sent') => {
    const message = messages.find((x) => x.id === id);
    if (!message?.statusUrl) throw new Error(`fake-messagebird: message ${id} has no reportUrl`);
    const url = new URL(message.statusUrl);
    url.searchParams.set('id', message.id);
    url.searchParams.set('reference', message.reference ?? '');
    url.searchParams.set('recipient', message.to.replace(/^\+/, ''));
    url.searchParams.set('status', status);
    url.searchParams.set('statusDatetime', new Date().toISOString());
    return url.toString();
  };
  const report = async (message: FakeTextMessage) =>
    (await fetch(reportUrl(message.id, message.status))).status;

  const fake = await startFake('fake-messagebird', api, newAccount, messages, opts.port ?? 0, report);
  return { ...fake, newAccount, revoke: (key: string) => void keys.delete(key), reportUrl };
}
export type FakeMessageBird = Awaited<ReturnType<typeof startFakeMessageBird>>;
