import { createHash, randomBytes } from 'node:crypto';

/**
 * The state behind the fake Google (fake-google.ts): OAuth grants and tokens, and per-account
 * calendars with events, change sequence numbers, sync and page tokens. Pure in-memory logic that
 * answers in Google's wire format; the HTTP server, push channels and Gmail live in fake-google.ts.
 */

/** An event the owner adds in Google Calendar itself (test control); start/end are ISO date-times. */
export interface ExternalEventInput {
  summary: string;
  start: string;
  end: string;
  transparency?: 'opaque' | 'transparent';
  description?: string;
  location?: string;
}

/** One answer: JSON `body` (none: empty, e.g. 204), an HTML page, or a redirect to `location`. */
export interface Answer {
  status: number;
  body?: unknown;
  html?: string;
  location?: string;
  headers?: Record<string, string>;
  /** Runs once the answer has been written (e.g. the first push notification of a channel). */
  after?: () => void;
}

export const json = (status: number, body?: unknown): Answer => ({ status, body });

/** Google's JSON API error: `{error: {code, message, errors: [...], status?}}`. */
export function apiError(
  code: number,
  message: string,
  reason?: string,
  extra: { domain?: string; status?: string } = {},
): Answer {
  const errors = reason ? [{ domain: extra.domain ?? 'global', reason, message }] : undefined;
  return json(code, {
    error: { code, message, ...(errors && { errors }), ...(extra.status && { status: extra.status }) },
  });
}
export const notFound = () => apiError(404, 'Not Found', 'notFound');

const b64 = (bytes: number) => randomBytes(bytes).toString('base64');
const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';
/** Event ids as Google makes them: base32hex, lower case. */
export const eventId = () => [...randomBytes(26)].map((b) => BASE32HEX[b % 32]).join('');

// ---------------------------------------------------------------------------------------------
// OAuth 2

export interface TokenRequest {
  grantType: string;
  ok: boolean;
  error?: string;
  at: string;
}
export interface RevokedToken {
  token: string;
  type: 'access_token' | 'refresh_token';
  accountEmail: string;
  at: string;
}
interface Grant {
  clientId: string;
  email: string;
  scope: string;
  refreshToken: string;
  revoked: boolean;
}
interface AuthCode {
  redirectUri: string;
  scope: string;
  challenge: string | null;
  email: string;
  expiresAt: number;
  /** `include_granted_scopes=true`: the tokens also carry what the account granted this app before. */
  includeGranted: boolean;
  grant?: Grant;
}

const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TTL_S = 3599;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const errorPage = (status: number, error: string, detail: string): Answer => ({
  status,
  html: `<!doctype html><html lang="en"><title>Error ${status}: ${error}</title><h1>Access blocked: authorization error</h1><p>Error ${status}: ${error}</p><p>${detail.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p></html>`,
});
const invalidGrant = (description: string) =>
  json(400, { error: 'invalid_grant', error_description: description });

export function createOAuth(client: { clientId: string; clientSecret: string; redirectUris?: string[] }) {
  const codes = new Map<string, AuthCode>();
  const grants = new Map<string, Grant>(); // by refresh token
  const access = new Map<string, { grant: Grant; expiresAt: number }>();
  const requests: TokenRequest[] = [];
  const revoked: RevokedToken[] = [];
  let denyNext = false;
  const sameAuthorization = (g: Grant, email: string) => g.clientId === client.clientId && g.email === email;

  /** The consent screen, answered at once by the account that is "signed in" (`email`). */
  function authorize(q: URLSearchParams, email: string): Answer {
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== client.clientId)
      return errorPage(400, 'invalid_client', 'The OAuth client was not found.');
    if (
      !/^https?:\/\//.test(redirectUri) ||
      (client.redirectUris && !client.redirectUris.includes(redirectUri))
    ) {
      return errorPage(
        400,
        'redirect_uri_mismatch',
        `You can't sign in because this app sent an invalid request: ${redirectUri}`,
      );
    }
    if (q.get('response_type') !== 'code') return errorPage(400, 'invalid_request', 'Invalid response_type.');
    const scope = (q.get('scope') ?? '').trim();
    if (!scope) return errorPage(400, 'invalid_request', 'Missing required parameter: scope');
    const challenge = q.get('code_challenge');
    if (challenge && q.get('code_challenge_method') !== 'S256')
      return errorPage(400, 'invalid_request', 'Invalid code_challenge_method.');
    const back = new URL(redirectUri);
    if (denyNext) {
      denyNext = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/0A${randomBytes(30).toString('base64url')}`;
      codes.set(code, {
        redirectUri,
        scope,
        challenge,
        email,
        expiresAt: Date.now() + CODE_TTL_MS,
        includeGranted: q.get('include_granted_scopes') === 'true',
      });
      back.searchParams.set('code', code);
    }
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (back.searchParams.has('code')) back.searchParams.set('scope', scope);
    return { status: 302, location: back.toString() };
  }

  /** Client credentials from the body or HTTP Basic; an Answer when they are wrong. */
  function authenticate(form: URLSearchParams, authorization: string | undefined): Answer | undefined {
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (basic) {
      const [user = '', ...rest] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      const decode = (s: string) => {
        try {
          return decodeURIComponent(s.replace(/\+/g, ' '));
        } catch {
          return s;
        }
      };
      [id, secret] = [decode(user), decode(rest.join(':'))];
    }
    if (id !== client.clientId)
      return json(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    if (secret !== client.clientSecret)
      return json(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    return undefined;
  }

  function issue(grant: Grant) {
    const token = `ya29.${randomBytes(40).toString('base64url')}`;
    access.set(token, { grant, expiresAt: Date.now() + ACCESS_TTL_S * 1000 });
    return { access_token: token, expires_in: ACCESS_TTL_S, scope: grant.scope, token_type: 'Bearer' };
  }

  function redeem(form: URLSearchParams): Answer {
    const code = codes.get(form.get('code') ?? '');
    if (!code) return invalidGrant('Malformed auth code.');
    if (code.grant || code.expiresAt <= Date.now()) {
      // A replayed code also kills the grant it produced (RFC 6749 §4.1.2).
      if (code.grant) code.grant.revoked = true;
      return invalidGrant('Bad Request');
    }
    if (form.get('redirect_uri') !== code.redirectUri)
      return json(400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
    if (code.challenge) {
      const verifier = form.get('code_verifier');
      if (!verifier) return invalidGrant('Missing code verifier.');
      if (s256(verifier) !== code.challenge) return invalidGrant('Invalid code verifier.');
    }
    // Incremental authorization: the new tokens cover the scopes granted before as well.
    const earlier = code.includeGranted
      ? [...grants.values()].filter((g) => sameAuthorization(g, code.email) && !g.revoked).map((g) => g.scope)
      : [];
    const grant: Grant = {
      clientId: client.clientId,
      email: code.email,
      scope: [...new Set([code.scope, ...earlier].flatMap((s) => s.split(' ')))].join(' '),
      refreshToken: `1//0${randomBytes(48).toString('base64url')}`,
      revoked: false,
    };
    code.grant = grant;
    grants.set(grant.refreshToken, grant);
    return json(200, { ...issue(grant), refresh_token: grant.refreshToken });
  }

  function refresh(form: URLSearchParams): Answer {
    const grant = grants.get(form.get('refresh_token') ?? '');
    if (!grant) return invalidGrant('Bad Request');
    if (grant.revoked) return invalidGrant('Token has been expired or revoked.');
    return json(200, issue(grant));
  }

  /** POST /token. */
  function token(form: URLSearchParams, authorization: string | undefined): Answer {
    const grantType = form.get('grant_type') ?? '';
    const answer =
      authenticate(form, authorization) ??
      (grantType === 'authorization_code'
        ? redeem(form)
        : grantType === 'refresh_token'
          ? refresh(form)
          : json(400, {
              error: 'unsupported_grant_type',
              error_description: `Invalid grant_type: ${grantType}`,
            }));
    const error = answer.status === 200 ? undefined : String((answer.body as { error?: unknown }).error);
    requests.push({ grantType, ok: !error, ...(error && { error }), at: new Date().toISOString() });
    return {
      ...answer,
      headers: { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate', pragma: 'no-cache' },
    };
  }

  /**
   * POST /revoke: an access or refresh token. Google keeps one authorization per account and app,
   * whatever number of consents produced tokens for it: revoking any one token ends all of them
   * (every refresh token answers invalid_grant, every access token 401).
   */
  function revoke(tokenValue: string): Answer {
    const viaAccess = access.get(tokenValue);
    const grant =
      grants.get(tokenValue) ?? (viaAccess && viaAccess.expiresAt > Date.now() ? viaAccess.grant : undefined);
    if (!grant || grant.revoked)
      return json(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    for (const g of grants.values()) if (sameAuthorization(g, grant.email)) g.revoked = true;
    revoked.push({
      token: tokenValue,
      type: viaAccess ? 'access_token' : 'refresh_token',
      accountEmail: grant.email,
      at: new Date().toISOString(),
    });
    return json(200, {});
  }

  /** The grant behind `Authorization: Bearer …`, if that access token still works. */
  function bearer(authorization: string | undefined): Grant | undefined {
    const found = access.get(/^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '');
    return found && found.expiresAt > Date.now() && !found.grant.revoked ? found.grant : undefined;
  }

  return {
    authorize,
    token,
    revoke,
    bearer,
    denyNextConsent: () => void (denyNext = true),
    expireAccessTokens: () => access.forEach((t) => (t.expiresAt = 0)),
    revokeAll: () => grants.forEach((g) => (g.revoked = true)),
    tokenRequests: () => requests.map((r) => ({ ...r })),
    revokedTokens: () => revoked.map((r) => ({ ...r })),
  };
}

// ---------------------------------------------------------------------------------------------
// Calendar v3

export interface EventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}
export interface ExtendedProperties {
  private?: Record<string, string>;
  shared?: Record<string, string>;
}
export interface GoogleEvent {
  kind: 'calendar#event';
  etag: string;
  id: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  creator: { email: string; self: true };
  organizer: { email: string; self: true };
  start: EventTime;
  end: EventTime;
  transparency?: 'opaque' | 'transparent';
  extendedProperties?: ExtendedProperties;
  iCalUID: string;
  sequence: number;
  reminders: { useDefault: true };
  eventType: 'default';
}
export interface CalendarListEntry {
  kind: 'calendar#calendarListEntry';
  etag: string;
  id: string;
  summary: string;
  timeZone: string;
  accessRole: AccessRole;
  primary?: true;
}
/** Calendar access roles, weakest first (calendarList `minAccessRole` keeps this one and stronger). */
export const ACCESS_ROLES = [
  'freeBusyReader',
  'reader',
  'writerWithoutPrivateAccess',
  'writer',
  'owner',
] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];
/** Whether events of a calendar with this role may be created, changed or deleted. */
export const canWrite = (role: AccessRole) =>
  ACCESS_ROLES.indexOf(role) >= ACCESS_ROLES.indexOf('writerWithoutPrivateAccess');
interface Stored {
  event: GoogleEvent;
  seq: number; // change sequence: what sync tokens compare against
  startAt: number;
  endAt: number;
}
interface Calendar {
  entry: CalendarListEntry;
  owner: string;
  events: Map<string, Stored>;
}
interface Page {
  calendarId: string;
  ids: string[];
  offset: number;
  syncSeq: number;
}

const TZ = 'Europe/Amsterdam';
const SYNC_EXCLUSIVE = [
  'iCalUID',
  'orderBy',
  'privateExtendedProperty',
  'q',
  'sharedExtendedProperty',
  'timeMin',
  'timeMax',
  'updatedMin',
];
const STRING_FIELDS = ['summary', 'description', 'location'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** The zone's UTC offset in ms at instant `at`. Throws RangeError for an unknown zone. */
function offsetMs(tz: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (
    Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) -
    Math.floor(at / 1000) * 1000
  );
}
const zonedToEpoch = (local: string, tz: string) => {
  const wall = Date.parse(`${local}Z`);
  return wall - offsetMs(tz, wall - offsetMs(tz, wall));
};
/** Google answers date-times in the event's (or calendar's) zone: `2025-03-01T10:00:00+01:00`. */
function formatInZone(at: number, tz: string): string {
  const off = offsetMs(tz, at);
  const minutes = Math.abs(off) / 60_000;
  const suffix =
    off === 0 ? 'Z' : `${off < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  return `${new Date(at + off).toISOString().slice(0, 19)}${suffix}`;
}

/** Validates one of start/end as Google does and normalizes it. */
function eventTime(
  value: unknown,
  which: 'start' | 'end',
): { time: EventTime; at: number } | { error: Answer } {
  const fail = (message: string, reason = 'invalid') => ({ error: apiError(400, message, reason) });
  if (!value || typeof value !== 'object') return fail(`Missing ${which} time.`, 'required');
  const { dateTime, date, timeZone } = value as EventTime;
  try {
    if (timeZone !== undefined) offsetMs(timeZone, 0);
  } catch {
    return fail(`Invalid time zone definition for ${which} time.`);
  }
  if (typeof date === 'string' && dateTime === undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
      return fail(`Invalid ${which} date.`);
    return { time: { date }, at: zonedToEpoch(`${date}T00:00:00`, timeZone ?? TZ) };
  }
  if (typeof dateTime !== 'string') return fail(`Missing ${which} time.`, 'required');
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/i.test(dateTime);
  if (!hasOffset && !timeZone) return fail(`Missing time zone definition for ${which} time.`, 'required');
  const at = hasOffset ? Date.parse(dateTime) : zonedToEpoch(dateTime, timeZone!);
  if (Number.isNaN(at)) return fail(`Invalid ${which} time.`);
  return { time: { dateTime: formatInZone(at, timeZone ?? TZ), ...(timeZone && { timeZone }) }, at };
}

function mergeExtended(prev: ExtendedProperties | undefined, next: unknown): ExtendedProperties | undefined {
  if (next === null) return undefined;
  if (typeof next !== 'object' || next === undefined) return prev;
  const out: ExtendedProperties = { ...prev };
  for (const scope of ['private', 'shared'] as const) {
    const given = (next as ExtendedProperties)[scope];
    if (given && typeof given === 'object') {
      out[scope] = { ...out[scope] };
      for (const [k, v] of Object.entries(given)) {
        if (v === null) delete out[scope][k];
        else out[scope][k] = String(v);
      }
    }
  }
  return out;
}

export function createCalendars(onChange: (calendarId: string) => void) {
  const accounts = new Map<string, { sub: string; calendarIds: string[] }>();
  const calendars = new Map<string, Calendar>();
  const syncTokens = new Map<string, { calendarId: string; seq: number }>();
  const pages = new Map<string, Page>();
  let seq = 0;

  function account(email: string) {
    let found = accounts.get(email);
    if (!found) {
      const entry = (
        id: string,
        summary: string,
        primary: boolean,
        accessRole: AccessRole = 'owner',
      ): CalendarListEntry => ({
        kind: 'calendar#calendarListEntry',
        etag: `"${Date.now()}"`,
        id,
        summary,
        timeZone: TZ,
        accessRole,
        ...(primary && { primary: true as const }),
      });
      const hex = () => randomBytes(8).toString('hex');
      // Two own calendars, and one a colleague shared read-only (events can be read, not written).
      const own = [
        entry(email, 'Persoonlijk', true),
        entry(`werk-${hex()}@group.calendar.google.com`, 'Werk', false),
        entry(`team-${hex()}@group.calendar.google.com`, 'Team (alleen lezen)', false, 'reader'),
      ];
      for (const e of own) calendars.set(e.id, { entry: e, owner: email, events: new Map() });
      found = {
        sub: String(100_000_000_000_000_000_000n + BigInt(`0x${randomBytes(8).toString('hex')}`)),
        calendarIds: own.map((e) => e.id),
      };
      accounts.set(email, found);
    }
    return found;
  }

  /** A calendar `email` may use; `primary` is the account's own. */
  function calendarOf(email: string, calendarId: string): Calendar | undefined {
    account(email);
    const cal = calendars.get(calendarId === 'primary' ? email : calendarId);
    return cal && cal.owner === email ? cal : undefined;
  }

  /** insert (no prev), patch (merge into prev) or put (replace prev). */
  function write(
    cal: Calendar,
    id: string,
    body: Record<string, unknown>,
    prev?: Stored,
    merge = false,
  ): Answer {
    const base: Partial<GoogleEvent> = merge && prev ? prev.event : {};
    const fields: Partial<GoogleEvent> = {};
    for (const key of STRING_FIELDS) {
      const v = key in body ? body[key] : base[key];
      if (v !== undefined && v !== null && typeof v !== 'string')
        return apiError(400, `Invalid value for: ${key}`, 'invalid');
      if (typeof v === 'string') fields[key] = v;
    }
    const transparency = 'transparency' in body ? body.transparency : base.transparency;
    if (
      transparency !== undefined &&
      transparency !== null &&
      transparency !== 'opaque' &&
      transparency !== 'transparent'
    )
      return apiError(400, 'Invalid transparency value.', 'invalid');
    const start = eventTime('start' in body ? body.start : base.start, 'start');
    if ('error' in start) return start.error;
    const end = eventTime('end' in body ? body.end : base.end, 'end');
    if ('error' in end) return end.error;
    if (end.at < start.at) return apiError(400, 'The specified time range is empty.', 'timeRangeEmpty');
    const extended = mergeExtended(merge ? base.extendedProperties : undefined, body.extendedProperties);
    const status = body.status === 'cancelled' || body.status === 'tentative' ? body.status : 'confirmed';
    const now = new Date();
    seq += 1;
    const event: GoogleEvent = {
      kind: 'calendar#event',
      etag: `"${now.getTime()}${pad(seq % 100)}0"`,
      id,
      status,
      htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${cal.entry.id}`).toString('base64url')}`,
      created: prev?.event.created ?? now.toISOString(),
      updated: now.toISOString(),
      ...fields,
      creator: { email: cal.owner, self: true },
      organizer: { email: cal.entry.id, self: true },
      start: start.time,
      end: end.time,
      ...(transparency ? { transparency: transparency as 'opaque' | 'transparent' } : {}),
      ...(extended && { extendedProperties: extended }),
      iCalUID: `${id}@google.com`,
      sequence: prev ? prev.event.sequence + 1 : 0,
      reminders: { useDefault: true },
      eventType: 'default',
    };
    cal.events.set(id, { event, seq, startAt: start.at, endAt: end.at });
    onChange(cal.entry.id);
    return json(200, event);
  }

  function insert(cal: Calendar, body: Record<string, unknown>): Answer {
    const id = typeof body.id === 'string' ? body.id : eventId();
    if (!/^[a-v0-9]{5,1024}$/.test(id)) return apiError(400, 'Invalid resource id value.', 'invalid');
    if (cal.events.has(id)) return apiError(409, 'The requested identifier already exists.', 'duplicate');
    return write(cal, id, body);
  }

  function update(cal: Calendar, id: string, body: Record<string, unknown>, merge: boolean): Answer {
    const prev = cal.events.get(id);
    return prev ? write(cal, id, body, prev, merge) : notFound();
  }

  function cancel(cal: Calendar, id: string): Answer {
    const found = cal.events.get(id);
    if (!found) return notFound();
    if (found.event.status === 'cancelled') return apiError(410, 'Resource has been deleted', 'deleted');
    seq += 1;
    found.seq = seq;
    found.event = {
      ...found.event,
      status: 'cancelled',
      updated: new Date().toISOString(),
      sequence: found.event.sequence + 1,
    };
    onChange(cal.entry.id);
    return { status: 204 };
  }

  function fullSync(cal: Calendar, q: URLSearchParams): string[] | Answer {
    const bound = (name: string) => {
      const v = q.get(name);
      return v === null ? undefined : /(Z|[+-]\d{2}:\d{2})$/i.test(v) ? Date.parse(v) : NaN;
    };
    const [min, max] = [bound('timeMin'), bound('timeMax')];
    if (Number.isNaN(min) || Number.isNaN(max)) return apiError(400, 'Bad Request', 'badRequest');
    const orderBy = q.get('orderBy');
    if (orderBy === 'startTime' && q.get('singleEvents') !== 'true')
      return apiError(400, 'The requested ordering is not available for the particular query.', 'badRequest');
    const wanted = q.getAll('privateExtendedProperty').map((p) => p.split('=') as [string, string?]);
    const found = [...cal.events.values()].filter(
      (s) =>
        (s.event.status !== 'cancelled' || q.get('showDeleted') === 'true') &&
        (min === undefined || s.endAt > min) &&
        (max === undefined || s.startAt < max) &&
        wanted.every(([k, v]) => s.event.extendedProperties?.private?.[k] === (v ?? '')),
    );
    if (orderBy === 'startTime') found.sort((a, b) => a.startAt - b.startAt);
    if (orderBy === 'updated') found.sort((a, b) => a.seq - b.seq);
    return found.map((s) => s.event.id);
  }

  function incrementalSync(cal: Calendar, q: URLSearchParams): string[] | Answer {
    const clash = SYNC_EXCLUSIVE.find((p) => q.has(p));
    if (clash) return apiError(400, `Sync token cannot be used together with ${clash}.`, 'invalid');
    const since = syncTokens.get(q.get('syncToken') ?? '');
    if (!since || since.calendarId !== cal.entry.id) {
      return apiError(410, 'Sync token is no longer valid, a full sync is required.', 'fullSyncRequired', {
        domain: 'calendar',
      });
    }
    return [...cal.events.values()]
      .filter((s) => s.seq > since.seq)
      .sort((a, b) => a.seq - b.seq)
      .map((s) => s.event.id);
  }

  /** GET …/events: a full sync, an incremental one (syncToken), or the next page of either. */
  function list(cal: Calendar, q: URLSearchParams): Answer {
    const maxResults = q.has('maxResults') ? Number(q.get('maxResults')) : 250;
    if (!Number.isInteger(maxResults) || maxResults < 1)
      return apiError(400, 'Invalid value for: maxResults', 'invalid');
    let page = pages.get(q.get('pageToken') ?? '');
    if (q.has('pageToken') && (!page || page.calendarId !== cal.entry.id))
      return apiError(400, 'Invalid page token value.', 'invalid');
    if (!page) {
      const ids = q.has('syncToken') ? incrementalSync(cal, q) : fullSync(cal, q);
      if (!Array.isArray(ids)) return ids;
      page = { calendarId: cal.entry.id, ids, offset: 0, syncSeq: seq };
    }
    const size = Math.min(maxResults, 2500);
    const items = page.ids.slice(page.offset, page.offset + size).map((id) => cal.events.get(id)!.event);
    const more = page.offset + size < page.ids.length;
    const token = b64(26);
    if (more) pages.set(token, { ...page, offset: page.offset + size });
    else syncTokens.set(token, { calendarId: cal.entry.id, seq: page.syncSeq });
    return json(200, {
      kind: 'calendar#events',
      etag: `"p${seq}"`,
      summary: cal.entry.summary,
      updated: new Date().toISOString(),
      timeZone: cal.entry.timeZone,
      accessRole: cal.entry.accessRole,
      defaultReminders: [],
      ...(more ? { nextPageToken: token } : { nextSyncToken: token }),
      items,
    });
  }

  const mustCalendar = (email: string, calendarId: string) => {
    const cal = calendarOf(email, calendarId);
    if (!cal) throw new Error(`fake-google: no calendar ${calendarId} of ${email}`);
    return cal;
  };
  const orThrow = (answer: Answer) => {
    if (answer.status >= 400) throw new Error(`fake-google: ${JSON.stringify(answer.body)}`);
    return answer.body as GoogleEvent;
  };

  return {
    account,
    calendarOf,
    accounts: () => [...accounts.keys()],
    /** The account's calendar list; `minAccessRole` keeps the entries with at least that role. */
    calendarList: (email: string, minAccessRole?: AccessRole) =>
      account(email)
        .calendarIds.map((id) => ({ ...calendars.get(id)!.entry }))
        .filter(
          (e) => !minAccessRole || ACCESS_ROLES.indexOf(e.accessRole) >= ACCESS_ROLES.indexOf(minAccessRole),
        ),
    insert,
    get: (cal: Calendar, id: string): Answer => {
      const found = cal.events.get(id);
      return found ? json(200, found.event) : notFound();
    },
    update,
    cancel,
    list,
    invalidateSyncTokens: () => syncTokens.clear(),
    /** Test control: everything in a calendar, cancelled events too (calendarId of its owner, or the owner's `primary`). */
    events: (email: string, calendarId: string) =>
      [...mustCalendar(email, calendarId).events.values()].map((s) => structuredClone(s.event)),
    addExternal(email: string, calendarId: string, e: ExternalEventInput) {
      const cal = mustCalendar(email, calendarId);
      const { start, end, ...rest } = e;
      return structuredClone(
        orThrow(
          insert(cal, {
            ...rest,
            start: { dateTime: start, timeZone: cal.entry.timeZone },
            end: { dateTime: end, timeZone: cal.entry.timeZone },
          }),
        ),
      );
    },
    deleteExternal(email: string, calendarId: string, id: string) {
      const cal = mustCalendar(email, calendarId);
      orThrow(cancel(cal, id));
      return structuredClone(cal.events.get(id)!.event);
    },
    /** The calendar's owner, for control calls that name a calendar without an account. */
    ownerOf: (calendarId: string) => calendars.get(calendarId)?.owner,
  };
}
export type CalendarState = ReturnType<typeof createCalendars>;
export type FakeCalendar = Calendar;
