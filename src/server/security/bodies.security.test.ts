/**
 * Oversize and malformed bodies (issue 9): every public booking call and the owner's writes answer
 * a broken body with a 4xx and a Dutch `message`, never a 5xx, and nothing is stored or changed.
 * Bodies are sent as raw bytes with their own content type, so the server's parsers see exactly
 * what an attacker would send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { nl } from '@contracts/messages';
import { dbKinds, queryRows } from '../test/databases';
import { eventPayload, owner, templatePayload } from '../test/fixtures';
import { bookAs, notifyingEvent } from '../test/notification-fixtures';
import { paidEventOwner, paidAnswers } from '../test/paid-events';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe';
import { isDutchMessage } from './dutch-message';
import { agent, createTestApp, type Agent, type TestApp } from '../test/test-app';
import { bookableDates, nextBookableDate, upcomingRange } from '../test/test-today';

/** The answer is a client error with the API's Dutch error body. */
function expectDutch4xx(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  what: string,
) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as { code?: string; message?: string };
  expect(typeof body.code, what).toBe('string');
  expect(isDutchMessage(body.message), `${what}: not a Dutch message: ${body.message}`).toBe(true);
}

interface Target {
  label: string;
  method: 'POST' | 'PATCH';
  url: string;
  /** A body the route accepts, to be broken in many ways. */
  valid: Record<string, unknown>;
  as: Agent;
}

/**
 * Ways to break a valid body. Each gives the raw payload and its content type. Sizes stay under
 * the 256 KiB body limit except where the limit itself is tested.
 */
function malformed(valid: Record<string, unknown>): Array<[string, string | Buffer, string | undefined]> {
  const json = JSON.stringify(valid);
  const firstKey = Object.keys(valid)[0]!;
  const firstString = Object.entries(valid).find(([, v]) => typeof v === 'string')?.[0];
  const firstObject = Object.entries(valid).find(
    ([, v]) => v && typeof v === 'object' && !Array.isArray(v),
  )?.[0];
  const withKey = (key: string, value: unknown) => JSON.stringify({ ...valid, [key]: value });
  const cases: Array<[string, string | Buffer, string | undefined]> = [
    ['truncated JSON', json.slice(0, Math.floor(json.length / 2)), 'application/json'],
    ['JSON with trailing garbage', `${json} x`, 'application/json'],
    ['single-quoted pseudo JSON', json.replace(/"/g, "'"), 'application/json'],
    ['empty body', '', 'application/json'],
    ['whitespace only', '   \n ', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['JSON string', '"hallo"', 'application/json'],
    ['JSON number', '42', 'application/json'],
    ['JSON true', 'true', 'application/json'],
    ['array instead of object', '[]', 'application/json'],
    ['the valid body inside an array', `[${json}]`, 'application/json'],
    ['text/plain', json, 'text/plain'],
    ['form-encoded', 'eventId=1&bookingDate=2026-12-01', 'application/x-www-form-urlencoded'],
    [
      'multipart',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      'multipart/form-data; boundary=x',
    ],
    ['XML', '<booking><eventId>1</eventId></booking>', 'application/xml'],
    ['JSON sent as UTF-16', Buffer.from(`\ufeff${json}`, 'utf16le'), 'application/json; charset=utf-16'],
    ['over the 256 KiB body limit', withKey('padding', 'x'.repeat(300 * 1024)), 'application/json'],
    ['deeply nested arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'application/json'],
    // In a field the route reads (an unknown top-level key is simply ignored by a partial update).
    [
      'deeply nested objects',
      `{${json.slice(1, -1)},"${firstKey}":${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}}`,
      'application/json',
    ],
    ['own __proto__ key', `{"__proto__":{"polluted":"ja"},${json.slice(1)}`, 'application/json'],
    [
      'nested __proto__ key',
      `{${json.slice(1, -1)},"extra":{"__proto__":{"polluted":"ja"}}}`,
      'application/json',
    ],
    [
      'constructor.prototype key',
      `{"constructor":{"prototype":{"polluted":"ja"}},${json.slice(1)}`,
      'application/json',
    ],
  ];
  if (firstString) {
    cases.push(
      [`huge string in ${firstString}`, withKey(firstString, 'x'.repeat(200_000)), 'application/json'],
      [`number in ${firstString}`, withKey(firstString, 12345), 'application/json'],
      [`object in ${firstString}`, withKey(firstString, { $gt: '' }), 'application/json'],
      [`array in ${firstString}`, withKey(firstString, ['a', 'b']), 'application/json'],
      [
        `deep array in ${firstString}`,
        `{${json.slice(1, -1)},"${firstString}":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
        'application/json',
      ],
    );
  }
  if (firstObject) {
    cases.push(
      [`array in ${firstObject}`, withKey(firstObject, [valid[firstObject]]), 'application/json'],
      [`string in ${firstObject}`, withKey(firstObject, '[object Object]'), 'application/json'],
      [
        `__proto__ inside ${firstObject}`,
        withKey(firstObject, JSON.parse(`{"__proto__":{"polluted":"ja"}}`)),
        'application/json',
      ],
    );
  }
  return cases;
}

/** Everything an owner or a customer could have written, to prove a refused call stored nothing. */
async function snapshot(t: TestApp) {
  const tables = [
    'users',
    'event_categories',
    'events',
    'custom_fields',
    'bookings',
    'event_webhooks',
    'event_templates',
    'email_templates',
    'notifications',
  ];
  const out: Record<string, unknown> = {};
  for (const table of tables)
    out[table] = await queryRows(t.database, sql.raw(`select * from ${table} order by id`));
  return JSON.stringify(out);
}

describe.each(dbKinds())('malformed and oversize bodies on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  const targets: Target[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, { env: { STRIPE_API_BASE: fake.url } });
    const { owner: o, event } = await notifyingEvent(t);
    // Dates the events allow (the paid one is open Monday to Friday only): booked, to book, to move to.
    const [booked, toBook, movedByCustomer, movedByOwner] = bookableDates(event, 4);
    const booking = await bookAs(t, event.id, booked!, '10:00');
    const paid = await paidEventOwner(t, fake, upcomingRange(30));
    const paidDate = nextBookableDate(paid.event);
    const category = (await o.post('/api/event-categories', { name: 'Haar' })).json() as { id: string };
    const templates = (await o.get('/api/email-templates')).json() as Array<{
      id: string;
      templateType: string;
      subject: string;
      htmlBody: string;
    }>;
    const confirmation = templates.find((x) => x.templateType === 'confirmation')!;
    const hook = (
      await o.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: 'https://crm.example.nl/hook' })
    ).json() as { id: string };
    const visitor = agent(t.app);
    const answers = { Naam: 'Jan Jansen', 'E-mail': 'jan@example.nl', Telefoon: '+31612345678' };
    targets.push(
      {
        label: 'public booking',
        method: 'POST',
        url: '/api/public/bookings',
        as: visitor,
        valid: {
          eventId: event.id,
          bookingDate: toBook,
          bookingTime: '11:00',
          customFieldResponses: answers,
        },
      },
      {
        label: 'public visit',
        method: 'POST',
        url: '/api/public/visits',
        as: visitor,
        valid: { services: [{ eventId: event.id }], date: toBook, time: '14:00', answers },
      },
      {
        label: 'payment intent',
        method: 'POST',
        url: '/api/create-payment-intent',
        as: visitor,
        valid: {
          eventId: paid.event.id,
          bookingDate: paidDate,
          bookingTime: '11:00',
          customFieldResponses: paidAnswers(),
        },
      },
      {
        label: 'payment quote',
        method: 'POST',
        url: `/api/public/events/${paid.event.id}/payment-quote`,
        as: visitor,
        valid: { customerEmail: 'jan@example.nl' },
      },
      {
        label: 'reschedule by manage link',
        method: 'PATCH',
        url: `/api/public/bookings/manage/${booking.managementToken}`,
        as: visitor,
        valid: { bookingDate: movedByCustomer, bookingTime: '12:00' },
      },
      {
        label: 'register',
        method: 'POST',
        url: '/api/register',
        as: visitor,
        valid: { username: 'nieuw', password: 'geheim123', email: 'nieuw@example.nl' },
      },
      {
        label: 'login',
        method: 'POST',
        url: '/api/login',
        as: agent(t.app),
        valid: { username: 'nieuw', password: 'geheim123' },
      },
      {
        label: 'password reset request',
        method: 'POST',
        url: '/api/password-reset',
        as: agent(t.app),
        valid: { usernameOrEmail: 'nieuw' },
      },
      {
        label: 'new event',
        method: 'POST',
        url: '/api/events',
        as: o,
        valid: eventPayload() as unknown as Record<string, unknown>,
      },
      {
        label: 'event change',
        method: 'PATCH',
        url: `/api/events/${event.id}`,
        as: o,
        valid: {
          title: 'Verven',
          customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true }],
        },
      },
      {
        label: 'new webhook',
        method: 'POST',
        url: `/api/events/${event.id}/webhooks`,
        as: o,
        valid: { name: 'CRM', url: 'https://crm.example.nl/hook' },
      },
      {
        label: 'webhook change',
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        as: o,
        valid: { name: 'CRM 2', url: 'https://crm.example.nl/hook2' },
      },
      {
        label: 'new category',
        method: 'POST',
        url: '/api/event-categories',
        as: o,
        valid: { name: 'Kleur', color: '#10B981' },
      },
      {
        label: 'category change',
        method: 'PATCH',
        url: `/api/event-categories/${category.id}`,
        as: o,
        valid: { name: 'Kleur 2' },
      },
      {
        label: 'owner moves a booking',
        method: 'PATCH',
        url: `/api/bookings/${booking.booking.id}`,
        as: o,
        valid: { bookingDate: movedByOwner, bookingTime: '13:00' },
      },
      {
        label: 'new template',
        method: 'POST',
        url: '/api/templates',
        as: o,
        valid: templatePayload() as unknown as Record<string, unknown>,
      },
      {
        label: 'e-mail template change',
        method: 'PATCH',
        url: `/api/email-templates/${confirmation.id}`,
        as: o,
        valid: {
          templateType: 'confirmation',
          subject: confirmation.subject,
          htmlBody: confirmation.htmlBody,
          isActive: true,
        },
      },
      {
        label: 'card keys',
        method: 'PATCH',
        url: '/api/user/settings',
        as: o,
        // Keys are checked with the provider when saved: a key of an account the fake knows.
        valid: { stripePublicKey: 'pk_test_x', stripeSecretKey: fake.newAccount() },
      },
      {
        label: 'e-mail settings',
        method: 'POST',
        url: '/api/email-settings',
        as: o,
        valid: { provider: 'smtp', fromName: 'Salon', smtp: { host: 'smtp.salon.invalid', port: 587 } },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('answers every broken body with a Dutch 4xx and stores nothing', { timeout: 120_000 }, async () => {
    const before = await snapshot(t);
    for (const target of targets) {
      for (const [what, payload, contentType] of malformed(target.valid)) {
        const res = await t.app.inject({
          method: target.method,
          url: target.url,
          payload,
          // Each case from its own visitor address, so the public rate limits do not answer first.
          remoteAddress: `127.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
          headers: {
            ...(contentType ? { 'content-type': contentType } : {}),
            ...(target.as.cookie ? { cookie: target.as.cookie } : {}),
          },
        });
        expectDutch4xx(res, `${target.label} / ${what}`);
        if (what.startsWith('over the')) {
          expect(res.statusCode).toBe(413);
          expect(res.json().message).toBe(nl.errors.payloadTooLarge);
        }
        // text/plain has a parser in Fastify (the body is then a string: a 400 from validation).
        if (['form-encoded', 'multipart', 'XML'].includes(what)) {
          expect(res.statusCode, `${target.label} / ${what}`).toBe(415);
          expect(res.json().message).toBe(nl.errors.unsupportedMediaType);
        }
      }
    }
    expect(await snapshot(t)).toBe(before);
    // No parser or handler let a key reach Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it('the unbroken bodies are accepted, so each refusal above was about the breakage', async () => {
    for (const target of targets) {
      const res = await target.as[target.method === 'POST' ? 'post' : 'patch'](target.url, target.valid);
      expect(res.statusCode, `${target.label}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${target.label}: ${res.body}`).toBeLessThan(300);
    }
  });

  it('refuses strings the database cannot store (NUL) and keeps unusual but valid text intact', async () => {
    const { event } = await notifyingEvent(t);
    const date = nextBookableDate(event);
    const before = await snapshot(t);
    const nul = [
      { Naam: 'Jan\u0000Jansen', 'E-mail': 'jan@example.nl' },
      { Naam: 'Jan', 'E-mail': 'jan\u0000@example.nl' },
    ];
    for (const customFieldResponses of nul) {
      const res = await agent(t.app).post('/api/public/bookings', {
        eventId: event.id,
        bookingDate: date,
        bookingTime: '09:00',
        customFieldResponses,
      });
      expectDutch4xx(res, `NUL in ${JSON.stringify(customFieldResponses)}`);
    }
    expect(await snapshot(t)).toBe(before);
    // A NUL in a key is refused too, even of an answer the event would drop.
    const extra = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: '09:00',
      customFieldResponses: { Naam: 'Jan', 'E-mail': 'jan@example.nl', 'Extra\u0000': 'x' },
    });
    expectDutch4xx(extra, 'NUL in the name of an unknown answer');
    expect(await snapshot(t)).toBe(before);
    const owned = await owner(t);
    expectDutch4xx(
      await owned.post('/api/events', eventPayload({ title: 'Knip\u0000pen' })),
      'NUL in an event title',
    );
    expectDutch4xx(
      await owned.post('/api/event-categories', { name: 'Haar\u0000' }),
      'NUL in a category name',
    );
    // The body's own customerName is only used when the event has no name field; refused all the same.
    const ignored = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: '09:30',
      customerName: 'Naam\u0000',
      customFieldResponses: { Naam: 'Jan', 'E-mail': 'jan@example.nl' },
    });
    expectDutch4xx(ignored, 'NUL in an ignored customerName');

    // A lone UTF-16 surrogate cannot be stored in the answers (jsonb): refused, not a 5xx.
    for (const Naam of ['Jan \ud800', '\udfff']) {
      const res = await agent(t.app).post('/api/public/bookings', {
        eventId: event.id,
        bookingDate: date,
        bookingTime: '10:30',
        customFieldResponses: { Naam, 'E-mail': 'jan@example.nl' },
      });
      expectDutch4xx(res, `lone surrogate in ${JSON.stringify(Naam)}`);
    }

    // Emoji, right-to-left text and combining marks are stored as sent.
    const odd = { Naam: '👩🏽‍🔬 Zoë \u202eGNP.exe\u202c Ǌ̀', 'E-mail': 'zoe@example.nl' };
    const okRes = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: '10:00',
      customFieldResponses: odd,
    });
    expect(okRes.statusCode, okRes.body).toBe(201);
    expect(okRes.json().booking.customerName).toBe(odd.Naam);

    // Bytes that are not UTF-8 are read as replacement characters: stored harmlessly, never a 5xx.
    const raw = Buffer.concat([
      Buffer.from(
        `{"eventId":"${event.id}","bookingDate":"${date}","bookingTime":"11:00","customFieldResponses":{"Naam":"Jan `,
      ),
      Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]),
      Buffer.from('","E-mail":"jan@example.nl"}}'),
    ]);
    const bytes = await t.app.inject({
      method: 'POST',
      url: '/api/public/bookings',
      payload: raw,
      headers: { 'content-type': 'application/json' },
      remoteAddress: '127.9.250.1',
    });
    expect(bytes.statusCode, bytes.body).toBe(201);
    expect(bytes.json().booking.customerName).toMatch(/^Jan \ufffd/);
  });
});
