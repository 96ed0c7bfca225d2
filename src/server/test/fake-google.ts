import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  ACCESS_ROLES,
  apiError,
  canWrite,
  createCalendars,
  createOAuth,
  json,
  notFound,
  type AccessRole,
  type Answer,
  type CalendarListEntry,
  type ExternalEventInput,
  type FakeCalendar,
  type GoogleEvent,
} from './fake-google-state';

/**
 * A fake Google for tests: a real HTTP server on loopback with real state, speaking Google's wire
 * formats for the calls the app makes. It serves both GOOGLE_OAUTH_BASE (`/o/oauth2/v2/auth` as an
 * instant consent screen, `/token`, `/revoke`) and GOOGLE_API_BASE (`/oauth2/v3/userinfo`,
 * Calendar v3 with sync tokens and push channels, Gmail send). As at Google, an account has one
 * authorization per app: consents with `include_granted_scopes` add to its scopes, and revoking any
 * token ends every token of that account. A read-only shared calendar refuses writes (403) and is
 * left out by calendarList's `minAccessRole=writer`. Test-only control methods do what the account
 * owner or Google itself would. State and OAuth/Calendar logic: fake-google-state.ts.
 */

export type {
  CalendarListEntry,
  EventTime,
  GoogleEvent,
  RevokedToken,
  TokenRequest,
} from './fake-google-state';

export interface FakeChannel {
  id: string;
  calendarId: string;
  accountEmail: string;
  address: string;
  token?: string;
  resourceId: string;
  resourceUri: string;
  /** ms since the epoch */
  expiration: number;
  params?: Record<string, string>;
  stopped: boolean;
}
export interface FakeNotification {
  channelId: string;
  address: string;
  state: 'sync' | 'exists';
  messageNumber: number;
  at: string;
  /** The receiver's HTTP status once delivered; `error` when delivery failed (ignored, as Google does after retries). */
  status?: number;
  error?: string;
}
export interface FakeSentMail {
  id: string;
  threadId: string;
  accountEmail: string;
  /** The decoded RFC 822 message. */
  raw: string;
  /** Its top-level headers, names lower-cased, folded lines joined (values not MIME-decoded). */
  headers: Record<string, string>;
  at: string;
}
export interface StartFakeGoogleOptions {
  clientId?: string;
  clientSecret?: string;
  /** Fixed port (the e2e runner); default 0, any free port. */
  port?: number;
  /** Serve the `/__control/*` routes (the e2e runner). */
  control?: boolean;
  /** When given, the consent screen refuses other redirect URIs. */
  redirectUris?: string[];
}

const DEFAULT_EMAIL = 'eigenaar@gmail.test';
const DAY_MS = 86_400_000;
const UNAUTHENTICATED = apiError(401, 'Request had invalid authentication credentials.', 'authError', {
  status: 'UNAUTHENTICATED',
});
const INSUFFICIENT_SCOPES = apiError(
  403,
  'Request had insufficient authentication scopes.',
  'insufficientPermissions',
  {
    status: 'PERMISSION_DENIED',
  },
);
/** What the OpenID userinfo endpoint needs one of. */
const USERINFO_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
];

function post(address: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = address.startsWith('https:') ? https : http;
    const req = client.request(
      address,
      { method: 'POST', headers: { ...headers, 'content-length': '0' }, agent: false, timeout: 5_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

function headersOf(message: string): Record<string, string> {
  const head = message.split(/\r?\n\r?\n/)[0] ?? '';
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const m = /^([^:\s]+):\s*(.*)$/.exec(line);
    if (m && !(m[1]!.toLowerCase() in out)) out[m[1]!.toLowerCase()] = m[2]!;
  }
  return out;
}

export async function startFakeGoogle(opts: StartFakeGoogleOptions = {}) {
  const oauth = createOAuth({
    clientId: opts.clientId ?? 'fake-client-id',
    clientSecret: opts.clientSecret ?? 'fake-client-secret',
    redirectUris: opts.redirectUris,
  });
  const calendars = createCalendars((calendarId) => changed(calendarId));
  const channels = new Map<string, FakeChannel & { messages: number; queue: Promise<void> }>();
  const resourceIds = new Map<string, string>(); // per calendar, as at Google
  const notifications: FakeNotification[] = [];
  const mail: FakeSentMail[] = [];
  const inFlight = new Set<Promise<void>>();
  let accountEmail = DEFAULT_EMAIL;
  let stopped = false;
  let base = '';

  // --- push channels ------------------------------------------------------------------------

  function notify(ch: FakeChannel & { messages: number; queue: Promise<void> }, state: 'sync' | 'exists') {
    if (stopped) return;
    ch.messages += 1;
    const record: FakeNotification = {
      channelId: ch.id,
      address: ch.address,
      state,
      messageNumber: ch.messages,
      at: new Date().toISOString(),
    };
    notifications.push(record);
    const headers: Record<string, string> = {
      'user-agent': 'APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)',
      'x-goog-channel-id': ch.id,
      ...(ch.token !== undefined && { 'x-goog-channel-token': ch.token }),
      'x-goog-channel-expiration': new Date(ch.expiration).toUTCString(),
      'x-goog-resource-id': ch.resourceId,
      'x-goog-resource-uri': ch.resourceUri,
      'x-goog-resource-state': state,
      'x-goog-message-number': String(ch.messages),
    };
    // One channel's messages arrive in order; failures are recorded and otherwise ignored.
    const run = ch.queue
      .then(() => post(ch.address, headers))
      .then(
        (status) => void (record.status = status),
        (err: unknown) => void (record.error = err instanceof Error ? err.message : String(err)),
      );
    ch.queue = run;
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  function changed(calendarId: string) {
    for (const ch of channels.values()) {
      if (ch.calendarId === calendarId && !ch.stopped && ch.expiration > Date.now()) notify(ch, 'exists');
    }
  }

  function watch(cal: FakeCalendar, body: Record<string, unknown>): Answer {
    const { id, type, address, token, expiration, params } = body;
    if (typeof id !== 'string' || !id) return apiError(400, 'Required: id', 'required');
    if (type !== 'web_hook' && type !== 'webhook') return apiError(400, `Invalid value for: type`, 'invalid');
    if (typeof address !== 'string' || !/^https?:\/\//.test(address))
      return apiError(400, `Invalid value for: address`, 'invalid');
    if (channels.has(id)) return apiError(400, `Channel id ${id} not unique`, 'channelIdNotUnique');
    const now = Date.now();
    const requested = Number(expiration);
    const resourceId = resourceIds.get(cal.entry.id) ?? randomBytes(14).toString('base64url');
    resourceIds.set(cal.entry.id, resourceId);
    const ch = {
      id,
      calendarId: cal.entry.id,
      accountEmail: cal.owner,
      address,
      ...(typeof token === 'string' && { token }),
      resourceId,
      resourceUri: `${base}/calendar/v3/calendars/${encodeURIComponent(cal.entry.id)}/events?alt=json`,
      expiration:
        expiration !== undefined && requested > now
          ? Math.min(requested, now + 30 * DAY_MS)
          : now + 7 * DAY_MS,
      ...(params !== null && typeof params === 'object' ? { params: params as Record<string, string> } : {}),
      stopped: false,
      messages: 0,
      queue: Promise.resolve(),
    };
    channels.set(id, ch);
    const answer = {
      kind: 'api#channel',
      id,
      resourceId,
      resourceUri: ch.resourceUri,
      ...(ch.token !== undefined && { token: ch.token }),
      expiration: String(ch.expiration),
    };
    return { ...json(200, answer), after: () => notify(ch, 'sync') };
  }

  function stopChannel(email: string, body: Record<string, unknown>): Answer {
    const ch = channels.get(String(body.id));
    if (!ch || ch.stopped || ch.resourceId !== body.resourceId || ch.accountEmail !== email) {
      return apiError(404, `Channel '${String(body.id)}' not found for project '0'`, 'notFound');
    }
    ch.stopped = true;
    return { status: 204 };
  }

  // --- Gmail --------------------------------------------------------------------------------

  function send(email: string, body: Record<string, unknown>): Answer {
    const raw = body.raw;
    if (typeof raw !== 'string' || !raw) {
      return apiError(
        400,
        "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
        'invalidArgument',
        { status: 'INVALID_ARGUMENT' },
      );
    }
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(raw))
      return apiError(400, "Invalid value at 'message.raw' (TYPE_BYTES), Base64 decoding failed", 'invalid', {
        status: 'INVALID_ARGUMENT',
      });
    const message = Buffer.from(raw, 'base64url').toString('utf8');
    const headers = headersOf(message);
    if (!headers.to && !headers.cc && !headers.bcc)
      return apiError(400, 'Recipient address required', 'invalidArgument', { status: 'INVALID_ARGUMENT' });
    const id = randomBytes(8).toString('hex');
    mail.push({ id, threadId: id, accountEmail: email, raw: message, headers, at: new Date().toISOString() });
    return json(200, { id, threadId: id, labelIds: ['SENT'] });
  }

  function gmail(email: string, method: string, rest: string[], body: Record<string, unknown>): Answer {
    const [user, ...path] = rest;
    if (user !== 'me' && user !== email)
      return apiError(403, `Delegation denied for ${email}`, 'forbidden', { status: 'PERMISSION_DENIED' });
    const route = `${method} ${path.join('/')}`;
    if (route === 'POST messages/send') return send(email, body);
    if (route === 'GET profile') {
      const count = mail.filter((m) => m.accountEmail === email).length;
      return json(200, {
        emailAddress: email,
        messagesTotal: count,
        threadsTotal: count,
        historyId: String(1000 + count),
      });
    }
    return notFound();
  }

  // --- Calendar -----------------------------------------------------------------------------

  function calendar(
    email: string,
    method: string,
    rest: string[],
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): Answer {
    const [first, calendarId, events, eventId, ...extra] = rest;
    if (
      first === 'users' &&
      calendarId === 'me' &&
      events === 'calendarList' &&
      !extra.length &&
      method === 'GET'
    ) {
      if (eventId === undefined) {
        const minAccessRole = query.get('minAccessRole');
        if (minAccessRole !== null && !ACCESS_ROLES.includes(minAccessRole as AccessRole))
          return apiError(400, 'Invalid value for: minAccessRole', 'invalidParameter');
        return json(200, {
          kind: 'calendar#calendarList',
          etag: `"${Date.now()}"`,
          items: calendars.calendarList(email, (minAccessRole as AccessRole | null) ?? undefined),
        });
      }
      const entry = calendars.calendarOf(email, eventId)?.entry;
      return entry ? json(200, entry) : notFound();
    }
    if (first === 'channels' && calendarId === 'stop' && events === undefined && method === 'POST')
      return stopChannel(email, body);
    if (first !== 'calendars' || !calendarId || events !== 'events' || extra.length) return notFound();
    const cal = calendars.calendarOf(email, calendarId);
    if (!cal) return notFound();
    const route = `${method} ${eventId === undefined ? '' : eventId === 'watch' ? 'watch' : ':id'}`;
    // A calendar shared read-only: reading works, any change is refused (for ever, whatever the retry).
    if (!canWrite(cal.entry.accessRole) && method !== 'GET' && route !== 'POST watch') {
      return apiError(403, 'You need to have writer access to this calendar.', 'requiredAccessLevel');
    }
    switch (route) {
      case 'GET ':
        return calendars.list(cal, query);
      case 'POST ':
        return calendars.insert(cal, body);
      case 'POST watch':
        return watch(cal, body);
      case 'GET :id':
        return calendars.get(cal, eventId!);
      case 'PATCH :id':
      case 'PUT :id':
        return calendars.update(cal, eventId!, body, method === 'PATCH');
      case 'DELETE :id':
        return calendars.cancel(cal, eventId!);
      default:
        return notFound();
    }
  }

  // --- control (e2e) ------------------------------------------------------------------------

  function control(method: string, path: string, body: Record<string, unknown>): Answer {
    const route = `${method} ${path.slice('/__control/'.length)}`;
    const simple: Record<string, () => void> = {
      'POST revoke-all': api.revokeAll,
      'POST deny-next-consent': api.denyNextConsent,
      'POST expire-access-tokens': api.expireAccessTokens,
      'POST invalidate-sync-tokens': api.invalidateSyncTokens,
      'POST account-email': () => api.setAccountEmail(String(body.email)),
    };
    try {
      if (simple[route]) {
        simple[route]();
        return json(200, { ok: true });
      }
      if (route === 'GET health') return json(200, { ok: true });
      if (route === 'GET state') return json(200, state());
      if (route === 'GET sent-mail') return json(200, api.sentMail());
      if (route === 'POST external-event') {
        const { calendarId, summary, start, end, transparency } = body as Record<string, string>;
        return json(
          201,
          api.addExternalEvent(calendarId ?? 'primary', {
            summary: summary ?? '',
            start: start ?? '',
            end: end ?? '',
            ...(transparency && { transparency: transparency as 'opaque' | 'transparent' }),
          }),
        );
      }
      if (route === 'POST delete-event')
        return json(200, api.deleteEventExternally(String(body.calendarId), String(body.eventId)));
    } catch (err) {
      return json(400, { error: err instanceof Error ? err.message : String(err) });
    }
    return json(404, { error: `no control route ${route}` });
  }

  function state() {
    const all = calendars
      .accounts()
      .flatMap((email) => calendars.calendarList(email).map((entry) => ({ ...entry, accountEmail: email })));
    return {
      accountEmail,
      calendars: all,
      events: Object.fromEntries(all.map((c) => [c.id, calendars.events(c.accountEmail, c.id)])),
      channels: api.channels(),
      sentMail: mail.length,
      notificationsSent: notifications.length,
      tokenRequests: oauth.tokenRequests(),
    };
  }

  // --- HTTP ---------------------------------------------------------------------------------

  function route(req: http.IncomingMessage, raw: string): Answer {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const isForm = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
    let body: Record<string, unknown> = {};
    if (raw && !isForm) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return apiError(400, 'Invalid JSON payload received.', 'parseError', { status: 'INVALID_ARGUMENT' });
      }
    }
    if (opts.control && path.startsWith('/__control/')) return control(method, path, body);
    if (method === 'GET' && path === '/o/oauth2/v2/auth')
      return oauth.authorize(url.searchParams, accountEmail);
    const form = isForm
      ? new URLSearchParams(raw)
      : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
    if (method === 'POST' && path === '/token') return oauth.token(form, req.headers.authorization);
    if (method === 'POST' && path === '/revoke')
      return oauth.revoke(form.get('token') ?? url.searchParams.get('token') ?? '');

    const grant = oauth.bearer(req.headers.authorization);
    if (!grant)
      return {
        ...UNAUTHENTICATED,
        headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      };
    const segments = path
      .split('/')
      .slice(1)
      .map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      });
    if (method === 'GET' && path === '/oauth2/v3/userinfo') {
      const scopes = grant.scope.split(' ');
      if (!scopes.some((s) => USERINFO_SCOPES.includes(s))) return INSUFFICIENT_SCOPES;
      const withEmail =
        scopes.includes('email') || scopes.includes('https://www.googleapis.com/auth/userinfo.email');
      return json(200, {
        sub: calendars.account(grant.email).sub,
        ...(withEmail && { email: grant.email, email_verified: true }),
      });
    }
    if (segments[0] === 'calendar' && segments[1] === 'v3')
      return calendar(grant.email, method, segments.slice(2), url.searchParams, body);
    if (segments[0] === 'gmail' && segments[1] === 'v1' && segments[2] === 'users')
      return gmail(grant.email, method, segments.slice(3), body);
    return notFound();
  }

  function write(res: http.ServerResponse, answer: Answer) {
    if (answer.after) res.once('finish', answer.after);
    if (answer.location !== undefined) {
      res.writeHead(answer.status, { ...answer.headers, location: answer.location }).end();
    } else if (answer.html !== undefined) {
      res
        .writeHead(answer.status, { ...answer.headers, 'content-type': 'text/html; charset=utf-8' })
        .end(answer.html);
    } else if (answer.body === undefined) {
      res.writeHead(answer.status, answer.headers).end();
    } else {
      res
        .writeHead(answer.status, { ...answer.headers, 'content-type': 'application/json; charset=UTF-8' })
        .end(JSON.stringify(answer.body));
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => write(res, route(req, Buffer.concat(chunks).toString('utf8'))));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  /** The owner of a calendar named in a control call (`primary`: the current account's). */
  const ownerOf = (calendarId: string) =>
    calendarId === 'primary' ? accountEmail : (calendars.ownerOf(calendarId) ?? accountEmail);

  const api = {
    /** Base URL for both GOOGLE_OAUTH_BASE and GOOGLE_API_BASE. */
    url: base,
    port,
    stop: async (): Promise<void> => {
      stopped = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.allSettled([...inFlight]);
    },
    /** The Google account that consents next (grants already made keep theirs). */
    setAccountEmail: (email: string): void => {
      accountEmail = email;
    },
    accountEmail: (): string => accountEmail,
    /** The next consent screen answers `error=access_denied` (one-shot). */
    denyNextConsent: (): void => oauth.denyNextConsent(),
    /** Every access token issued so far stops working; refresh tokens still do. */
    expireAccessTokens: (): void => oauth.expireAccessTokens(),
    /** The user removed the app's access in their Google account: every grant is revoked. */
    revokeAll: (): void => oauth.revokeAll(),
    /** Every sync token issued so far answers 410 fullSyncRequired. */
    invalidateSyncTokens: (): void => calendars.invalidateSyncTokens(),
    calendars: (email: string = accountEmail): CalendarListEntry[] => calendars.calendarList(email),
    /** All events of a calendar, cancelled ones included. `primary`: the current account's. */
    events: (calendarId: string): GoogleEvent[] => calendars.events(ownerOf(calendarId), calendarId),
    /** The owner adds an event in Google Calendar; start/end are ISO date-times. Notifies channels. */
    addExternalEvent: (calendarId: string, e: ExternalEventInput): GoogleEvent =>
      calendars.addExternal(ownerOf(calendarId), calendarId, e),
    /** The owner deletes an event in Google Calendar (status becomes cancelled). Notifies channels. */
    deleteEventExternally: (calendarId: string, eventId: string): GoogleEvent =>
      calendars.deleteExternal(ownerOf(calendarId), calendarId, eventId),
    channels: (): FakeChannel[] =>
      [...channels.values()].map(({ messages: _m, queue: _q, ...ch }) => structuredClone(ch)),
    notificationsSent: (): FakeNotification[] => notifications.map((n) => ({ ...n })),
    /** Resolves when every push notification sent so far has been delivered or has failed. */
    notificationsSettled: async (): Promise<void> => void (await Promise.allSettled([...inFlight])),
    sentMail: (): FakeSentMail[] => mail.map((m) => ({ ...m, headers: { ...m.headers } })),
    tokenRequests: () => oauth.tokenRequests(),
    revokedTokens: () => oauth.revokedTokens(),
  };
  return api;
}
export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
