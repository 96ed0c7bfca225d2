import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle, type GoogleEvent } from './fake-google';
import { eventually } from './wait';
import { startReceiver } from './webhook-receiver';

const REDIRECT = 'http://127.0.0.1:9/api/google/callback';
let fake: FakeGoogle;

beforeAll(async () => {
  fake = await startFakeGoogle();
});
afterAll(() => fake.stop());

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const DEFAULT_SCOPE = 'https://www.googleapis.com/auth/calendar.events openid email';

async function consent(
  challenge: string,
  state = 'st-1',
  clientId = 'fake-client-id',
  scope = DEFAULT_SCOPE,
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams({
    ...extra,
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    access_type: 'offline',
    prompt: 'consent',
  });
  return fetch(`${fake.url}/o/oauth2/v2/auth?${params}`, { redirect: 'manual' });
}

const token = (params: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${fake.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params),
  });
const creds = { client_id: 'fake-client-id', client_secret: 'fake-client-secret' };

/** A full connect: consent, then code + verifier for tokens. */
async function connect(
  scope = DEFAULT_SCOPE,
  extra: Record<string, string> = {},
): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const { verifier, challenge } = pkce();
  const code = new URL(
    (await consent(challenge, 'st-1', 'fake-client-id', scope, extra)).headers.get('location')!,
  ).searchParams.get('code')!;
  const res = await token({
    ...creds,
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string; scope: string };
}

function api(accessToken: string, method: string, path: string, body?: unknown) {
  return fetch(`${fake.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const slot = (hour: number) => ({
  start: { dateTime: `2030-05-01T${String(hour).padStart(2, '0')}:00:00`, timeZone: 'Europe/Amsterdam' },
  end: { dateTime: `2030-05-01T${String(hour + 1).padStart(2, '0')}:00:00`, timeZone: 'Europe/Amsterdam' },
});

describe('OAuth', () => {
  it('consents instantly and exchanges the code once, with the right PKCE verifier only', async () => {
    const { verifier, challenge } = pkce();
    const answer = await consent(challenge, 'abc');
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('abc');
    const code = back.searchParams.get('code')!;

    const wrong = await token({
      ...creds,
      grant_type: 'authorization_code',
      code,
      code_verifier: pkce().verifier,
      redirect_uri: REDIRECT,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const badSecret = await token({
      ...creds,
      client_secret: 'nope',
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
    });
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toMatchObject({ error: 'invalid_client' });

    // Client credentials through HTTP Basic work as well.
    const basic = `Basic ${Buffer.from('fake-client-id:fake-client-secret').toString('base64')}`;
    const ok = await token(
      { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT },
      { authorization: basic },
    );
    expect(ok.status).toBe(200);
    const tokens = (await ok.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({
      expires_in: 3599,
      token_type: 'Bearer',
      scope: expect.stringContaining('calendar.events'),
    });
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const info = await (await api(String(tokens.access_token), 'GET', '/oauth2/v3/userinfo')).json();
    expect(info).toMatchObject({
      email: 'eigenaar@gmail.test',
      email_verified: true,
      sub: expect.any(String),
    });

    // A replayed code is refused and ends the grant it produced (RFC 6749 §4.1.2).
    const again = await token({
      ...creds,
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
    });
    expect(again.status).toBe(400);
    expect((await api(String(tokens.access_token), 'GET', '/oauth2/v3/userinfo')).status).toBe(401);
  });

  it('denies the next consent once and refuses unknown clients', async () => {
    fake.denyNextConsent();
    const denied = new URL((await consent(pkce().challenge, 's2')).headers.get('location')!);
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', state: 's2' });
    expect(new URL((await consent(pkce().challenge)).headers.get('location')!).searchParams.has('code')).toBe(
      true,
    );
    const unknown = await consent(pkce().challenge, 's', 'someone-else');
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toContain('text/html');
  });

  it('refreshes, 401s expired access tokens, and revoking ends the grant', async () => {
    const { access_token, refresh_token } = await connect();
    fake.expireAccessTokens();
    const expired = await api(access_token, 'GET', '/calendar/v3/users/me/calendarList');
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({
      error: {
        code: 401,
        status: 'UNAUTHENTICATED',
        message: 'Request had invalid authentication credentials.',
      },
    });

    const refreshed = await token({ ...creds, grant_type: 'refresh_token', refresh_token });
    expect(refreshed.status).toBe(200);
    const fresh = (await refreshed.json()) as Record<string, unknown>;
    expect(fresh.refresh_token).toBeUndefined();
    expect((await api(String(fresh.access_token), 'GET', '/calendar/v3/users/me/calendarList')).status).toBe(
      200,
    );
    expect(fake.tokenRequests().filter((r) => r.grantType === 'refresh_token' && r.ok)).not.toHaveLength(0);

    const revoked = await fetch(`${fake.url}/revoke?token=${encodeURIComponent(refresh_token)}`, {
      method: 'POST',
    });
    expect(revoked.status).toBe(200);
    expect(fake.revokedTokens().at(-1)).toMatchObject({ token: refresh_token, type: 'refresh_token' });
    const after = await token({ ...creds, grant_type: 'refresh_token', refresh_token });
    expect(after.status).toBe(400);
    expect(await after.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    expect((await api(String(fresh.access_token), 'GET', '/calendar/v3/users/me/calendarList')).status).toBe(
      401,
    );
    expect(
      (
        await fetch(`${fake.url}/revoke`, {
          method: 'POST',
          body: new URLSearchParams({ token: refresh_token }),
        })
      ).status,
    ).toBe(400);
  });

  it('keeps one authorization per account: consents add scopes, and revoking any token ends them all', async () => {
    const CAL = 'https://www.googleapis.com/auth/calendar.events openid';
    const MAIL = 'https://www.googleapis.com/auth/gmail.send openid email';
    fake.setAccountEmail('een-account@gmail.test');
    const calendar = await connect(CAL, { include_granted_scopes: 'true' });
    const gmail = await connect(MAIL, { include_granted_scopes: 'true' });
    expect(gmail.scope.split(' ').sort()).toEqual(
      [...new Set([...CAL.split(' '), ...MAIL.split(' ')])].sort(),
    );
    fake.setAccountEmail('ander-account@gmail.test');
    const other = await connect(MAIL, { include_granted_scopes: 'true' });
    expect(other.scope).toBe(MAIL);
    fake.setAccountEmail('eigenaar@gmail.test');

    // Revoking the Calendar connection's refresh token ends Gmail's tokens of that account too.
    expect(
      (
        await fetch(`${fake.url}/revoke`, {
          method: 'POST',
          body: new URLSearchParams({ token: calendar.refresh_token }),
        })
      ).status,
    ).toBe(200);
    for (const t of [calendar, gmail]) {
      expect(
        await (await token({ ...creds, grant_type: 'refresh_token', refresh_token: t.refresh_token })).json(),
      ).toMatchObject({ error: 'invalid_grant' });
      expect((await api(t.access_token, 'GET', '/gmail/v1/users/me/profile')).status).toBe(401);
    }
    // Another account's authorization is untouched.
    expect(
      (await token({ ...creds, grant_type: 'refresh_token', refresh_token: other.refresh_token })).status,
    ).toBe(200);
    expect((await api(other.access_token, 'GET', '/gmail/v1/users/me/profile')).status).toBe(200);
  });

  it('answers userinfo only with an OpenID scope, and the address only with the email scope', async () => {
    const calendarOnly = await connect('https://www.googleapis.com/auth/calendar.events');
    const refused = await api(calendarOnly.access_token, 'GET', '/oauth2/v3/userinfo');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    const openid = await connect('https://www.googleapis.com/auth/calendar.events openid');
    const info = (await (await api(openid.access_token, 'GET', '/oauth2/v3/userinfo')).json()) as Record<
      string,
      unknown
    >;
    expect(info).toEqual({ sub: expect.stringMatching(/^\d+$/) });
  });

  it('revokeAll ends every grant', async () => {
    const { refresh_token } = await connect();
    fake.revokeAll();
    expect((await token({ ...creds, grant_type: 'refresh_token', refresh_token })).status).toBe(400);
  });
});

describe('Calendar', () => {
  let access: string;
  beforeAll(async () => {
    fake.setAccountEmail('agenda@gmail.test');
    access = (await connect()).access_token;
    fake.setAccountEmail('eigenaar@gmail.test');
  });

  it('lists the calendars, primary first and the account, read-only ones left out by minAccessRole=writer', async () => {
    type List = {
      kind: string;
      items: { id: string; primary?: boolean; summary: string; accessRole: string }[];
    };
    const list = (await (await api(access, 'GET', '/calendar/v3/users/me/calendarList')).json()) as List;
    expect(list.kind).toBe('calendar#calendarList');
    expect(list.items.map((c) => [c.summary, c.accessRole])).toEqual([
      ['Persoonlijk', 'owner'],
      ['Werk', 'owner'],
      ['Team (alleen lezen)', 'reader'],
    ]);
    const writable = (await (
      await api(access, 'GET', '/calendar/v3/users/me/calendarList?minAccessRole=writer')
    ).json()) as List;
    expect(writable.items.map((c) => c.summary)).toEqual(['Persoonlijk', 'Werk']);
    expect(
      (await api(access, 'GET', '/calendar/v3/users/me/calendarList?minAccessRole=schrijver')).status,
    ).toBe(400);
    expect(list.items[0]).toMatchObject({
      id: 'agenda@gmail.test',
      primary: true,
      accessRole: 'owner',
      timeZone: 'Europe/Amsterdam',
    });
    expect(list.items[1]!.id).toMatch(/^werk-.+@group\.calendar\.google\.com$/);
    expect(fake.calendars('agenda@gmail.test')).toHaveLength(3);
  });

  it('refuses every change to a read-only calendar, and reads it', async () => {
    const team = fake.calendars('agenda@gmail.test').find((c) => c.accessRole === 'reader')!;
    const path = `/calendar/v3/calendars/${encodeURIComponent(team.id)}/events`;
    const refused = await api(access, 'POST', path, { summary: 'Knippen', ...slot(9) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 403, errors: [{ reason: 'requiredAccessLevel' }] },
    });
    const existing = fake.addExternalEvent(team.id, {
      summary: 'Teamoverleg',
      start: '2030-05-02T09:00:00',
      end: '2030-05-02T10:00:00',
    });
    expect((await api(access, 'PATCH', `${path}/${existing.id}`, { summary: 'x' })).status).toBe(403);
    expect((await api(access, 'DELETE', `${path}/${existing.id}`)).status).toBe(403);
    const read = (await (await api(access, 'GET', path)).json()) as {
      accessRole: string;
      items: GoogleEvent[];
    };
    expect(read.accessRole).toBe('reader');
    expect(read.items.map((e) => e.summary)).toEqual(['Teamoverleg']);
  });

  it('inserts, reads, patches, replaces and deletes events', async () => {
    const missingEnd = await api(access, 'POST', '/calendar/v3/calendars/primary/events', {
      summary: 'x',
      start: slot(9).start,
    });
    expect(missingEnd.status).toBe(400);
    expect(await missingEnd.json()).toMatchObject({ error: { code: 400, message: 'Missing end time.' } });

    const created = (await (
      await api(access, 'POST', '/calendar/v3/calendars/primary/events', {
        summary: 'Knippen',
        ...slot(9),
        transparency: 'opaque',
        extendedProperties: { private: { bookingId: 'b1' } },
      })
    ).json()) as GoogleEvent;
    expect(created).toMatchObject({
      kind: 'calendar#event',
      status: 'confirmed',
      summary: 'Knippen',
      start: { dateTime: '2030-05-01T09:00:00+02:00' },
      extendedProperties: { private: { bookingId: 'b1' } },
    });
    const path = `/calendar/v3/calendars/${encodeURIComponent('agenda@gmail.test')}/events/${created.id}`;
    expect(await (await api(access, 'GET', path)).json()).toMatchObject({ id: created.id });

    const patched = (await (
      await api(access, 'PATCH', path, { summary: 'Knippen en föhnen' })
    ).json()) as GoogleEvent;
    expect(patched).toMatchObject({
      summary: 'Knippen en föhnen',
      start: created.start,
      extendedProperties: { private: { bookingId: 'b1' } },
    });
    const replaced = (await (
      await api(access, 'PUT', path, { summary: 'Verven', ...slot(11) })
    ).json()) as GoogleEvent;
    expect(replaced.extendedProperties).toBeUndefined();
    expect(replaced.end.dateTime).toBe('2030-05-01T12:00:00+02:00');

    expect((await api(access, 'DELETE', path)).status).toBe(204);
    expect(await (await api(access, 'GET', path)).json()).toMatchObject({ status: 'cancelled' });
    const twice = await api(access, 'DELETE', path);
    expect(twice.status).toBe(410);
    expect(await twice.json()).toMatchObject({ error: { code: 410, message: 'Resource has been deleted' } });
    expect((await api(access, 'GET', '/calendar/v3/calendars/primary/events/unknown1')).status).toBe(404);
    // Another account's calendar is not there for this grant.
    expect(
      (
        await api(
          access,
          'GET',
          `/calendar/v3/calendars/${encodeURIComponent(fake.calendars()[0]!.id)}/events`,
        )
      ).status,
    ).toBe(404);
  });

  it('syncs incrementally, cancelled events included, pages, and forces a full sync after invalidation', async () => {
    const werk = fake.calendars('agenda@gmail.test')[1]!.id;
    const base = `/calendar/v3/calendars/${encodeURIComponent(werk)}/events`;
    const ids: string[] = [];
    for (const h of [8, 10, 12])
      ids.push(
        ((await (await api(access, 'POST', base, { summary: `E${h}`, ...slot(h) })).json()) as GoogleEvent)
          .id,
      );

    const page1 = (await (
      await api(
        access,
        'GET',
        `${base}?maxResults=2&timeMin=2030-05-01T00:00:00Z&timeMax=2030-05-02T00:00:00Z`,
      )
    ).json()) as Record<string, unknown>;
    expect((page1.items as GoogleEvent[]).map((e) => e.id)).toEqual(ids.slice(0, 2));
    expect(page1.nextSyncToken).toBeUndefined();
    const page2 = (await (
      await api(
        access,
        'GET',
        `${base}?maxResults=2&pageToken=${encodeURIComponent(String(page1.nextPageToken))}`,
      )
    ).json()) as Record<string, unknown>;
    expect((page2.items as GoogleEvent[]).map((e) => e.id)).toEqual(ids.slice(2));
    const syncToken = String(page2.nextSyncToken);

    const narrow = (await (
      await api(access, 'GET', `${base}?timeMin=2030-05-01T08:30:00Z&timeMax=2030-05-01T09:00:00Z`)
    ).json()) as { items: GoogleEvent[] };
    expect(narrow.items.map((e) => e.summary)).toEqual(['E10']); // 10:00–11:00 CEST is 08:00–09:00 UTC
    expect(
      (
        await api(
          access,
          'GET',
          `${base}?syncToken=${encodeURIComponent(syncToken)}&timeMin=2030-05-01T00:00:00Z`,
        )
      ).status,
    ).toBe(400);

    await api(access, 'PATCH', `${base}/${ids[0]}`, { summary: 'E8 verplaatst' });
    await api(access, 'DELETE', `${base}/${ids[1]}`);
    const external = fake.addExternalEvent(werk, {
      summary: 'Tandarts',
      start: '2030-05-02T07:00:00Z',
      end: '2030-05-02T08:00:00Z',
    });
    const delta = (await (
      await api(access, 'GET', `${base}?syncToken=${encodeURIComponent(syncToken)}`)
    ).json()) as { items: GoogleEvent[]; nextSyncToken: string };
    expect(delta.items.map((e) => [e.id, e.status])).toEqual([
      [ids[0], 'confirmed'],
      [ids[1], 'cancelled'],
      [external.id, 'confirmed'],
    ]);
    const quiet = (await (
      await api(access, 'GET', `${base}?syncToken=${encodeURIComponent(delta.nextSyncToken)}`)
    ).json()) as { items: GoogleEvent[] };
    expect(quiet.items).toEqual([]);

    fake.invalidateSyncTokens();
    const gone = await api(access, 'GET', `${base}?syncToken=${encodeURIComponent(delta.nextSyncToken)}`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({
      error: { code: 410, errors: [{ domain: 'calendar', reason: 'fullSyncRequired' }] },
    });
    expect(
      fake
        .events(werk)
        .filter((e) => e.status === 'cancelled')
        .map((e) => e.id),
    ).toEqual([ids[1]]);
  });

  describe('push channels', () => {
    const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
    afterEach(async () => {
      await fake.notificationsSettled();
      await Promise.all(receivers.splice(0).map((r) => r.stop()));
    });

    it('sends sync, then exists on every change, until the channel is stopped', async () => {
      const receiver = await startReceiver();
      receivers.push(receiver);
      const watched = await api(access, 'POST', '/calendar/v3/calendars/primary/events/watch', {
        id: 'chan-1',
        type: 'web_hook',
        address: receiver.url,
        token: 'geheim',
      });
      expect(watched.status).toBe(200);
      const channel = (await watched.json()) as {
        kind: string;
        id: string;
        resourceId: string;
        expiration: string;
      };
      expect(channel).toMatchObject({
        kind: 'api#channel',
        id: 'chan-1',
        token: 'geheim',
        resourceId: expect.any(String),
      });
      expect(Number(channel.expiration)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

      await eventually(() => receiver.received.length >= 1, 5_000, 'sync notification');
      fake.addExternalEvent('agenda@gmail.test', {
        summary: 'Buiten de app',
        start: '2030-06-01T10:00:00+02:00',
        end: '2030-06-01T11:00:00+02:00',
      });
      await eventually(() => receiver.received.length >= 2, 5_000, 'exists notification');
      const [sync, exists] = receiver.received;
      expect(sync!.headers).toMatchObject({
        'x-goog-channel-id': 'chan-1',
        'x-goog-channel-token': 'geheim',
        'x-goog-resource-state': 'sync',
        'x-goog-message-number': '1',
        'x-goog-resource-id': channel.resourceId,
      });
      expect(exists!.headers).toMatchObject({
        'x-goog-channel-id': 'chan-1',
        'x-goog-channel-token': 'geheim',
        'x-goog-resource-state': 'exists',
        'x-goog-message-number': '2',
      });
      expect(exists!.body).toBe('');

      expect(
        (await api(access, 'POST', '/calendar/v3/channels/stop', { id: 'chan-1', resourceId: 'wrong' }))
          .status,
      ).toBe(404);
      expect(
        (
          await api(access, 'POST', '/calendar/v3/channels/stop', {
            id: 'chan-1',
            resourceId: channel.resourceId,
          })
        ).status,
      ).toBe(204);
      await fake.notificationsSettled();
      fake.addExternalEvent('primary', {
        summary: 'Niet van deze account',
        start: '2030-06-01T10:00:00Z',
        end: '2030-06-01T11:00:00Z',
      });
      await api(access, 'POST', '/calendar/v3/calendars/primary/events', { summary: 'Na stop', ...slot(15) });
      await fake.notificationsSettled();
      expect(receiver.received).toHaveLength(2);
      expect(fake.channels()).toMatchObject([
        { id: 'chan-1', stopped: true, calendarId: 'agenda@gmail.test' },
      ]);
      expect(
        fake
          .notificationsSent()
          .filter((n) => n.channelId === 'chan-1')
          .map((n) => [n.state, n.status]),
      ).toEqual([
        ['sync', 200],
        ['exists', 200],
      ]);
    });
  });
});

describe('Gmail', () => {
  it('sends a raw message and keeps it decoded', async () => {
    const { access_token } = await connect();
    const message = [
      'From: eigenaar@gmail.test',
      'To: klant@example.test',
      'Subject: Bevestiging',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Tot dan, één uur.',
    ].join('\r\n');
    const sent = await api(access_token, 'POST', '/gmail/v1/users/me/messages/send', {
      raw: Buffer.from(message).toString('base64url'),
    });
    expect(sent.status).toBe(200);
    const body = (await sent.json()) as { id: string; labelIds: string[] };
    expect(body.labelIds).toEqual(['SENT']);
    expect(fake.sentMail().at(-1)).toMatchObject({
      id: body.id,
      raw: message,
      accountEmail: 'eigenaar@gmail.test',
      headers: { to: 'klant@example.test', subject: 'Bevestiging' },
    });
    expect((await api(access_token, 'POST', '/gmail/v1/users/me/messages/send', { raw: '' })).status).toBe(
      400,
    );
    expect(await (await api(access_token, 'GET', '/gmail/v1/users/me/profile')).json()).toMatchObject({
      emailAddress: 'eigenaar@gmail.test',
      messagesTotal: 1,
    });
  });
});
