/**
 * E-mail addresses no mail server accepts are refused wherever a person types one (issue 14 §2),
 * with 'Ongeldig e-mailadres', and nothing is stored: the owner's address at sign-up and in the
 * profile, an SMTP login used as the sender, and the customer's answers (an e-mail field, the text
 * field the customer's address is taken from, and the body's own customerEmail). One rule decides
 * (core/email-address.ts); its own table and properties are in core.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { bookings, users } from '../db/schema';
import { dbKinds } from '../test/databases';
import { owner } from '../test/fixtures';
import { notifyingEvent } from '../test/notification-fixtures';
import { agent, createTestApp, type TestApp } from '../test/test-app';
import { nextBookableDate } from '../test/test-today';

const INVALID = nl.validation.invalidEmail;

/** Addresses the browser or a mail server would refuse, or that smuggle a second recipient or header. */
const BAD = [
  'x<y@z.nl>',
  'Sanne <sanne@example.nl>',
  'sanne @example.nl',
  '"sanne"@example.nl',
  'sanne@example.nl.',
  'sanne.@example.nl',
  'san..ne@example.nl',
  'sanne@localhost',
  'a,b@example.nl',
  'a@b@example.nl',
  'sanne@example.nl\r\nBcc: spion@example.nl',
];
const GOOD = ['sanne@example.nl', 's+afspraak@sub.example.co.uk'];

describe.each(dbKinds())('typed e-mail addresses on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const countUsers = async () => (await t.database.db.select({ id: users.id }).from(users)).length;

  it('sign-up refuses each bad address for the owner, creating no account', async () => {
    const before = await countUsers();
    for (const [i, email] of BAD.entries()) {
      const res = await agent(t.app).post('/api/register', {
        username: `adres${i}`,
        password: 'geheim123',
        email,
      });
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toMatchObject({ message: INVALID, fields: { email: INVALID } });
    }
    expect(await countUsers()).toBe(before);
    for (const [i, email] of GOOD.entries())
      expect(
        (await agent(t.app).post('/api/register', { username: `goed${i}`, password: 'geheim123', email }))
          .statusCode,
        email,
      ).toBe(201);
  });

  it('the profile refuses each bad address and keeps the stored one; empty removes it', async () => {
    const a = await owner(t, 'profiel');
    for (const email of BAD) {
      const res = await a.patch('/api/user/profile', { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().message, email).toBe(INVALID);
    }
    expect((await a.get('/api/user')).json().email).toBe('profiel@example.nl');
    for (const email of GOOD)
      expect((await a.patch('/api/user/profile', { email })).json().email).toBe(email);
    expect((await a.patch('/api/user/profile', { email: '' })).json().email).toBeNull();
  });

  it('an SMTP login with an @ is the sender address: a bad one is refused under its field; one without @ is a plain login', async () => {
    const a = await owner(t);
    for (const username of BAD.filter((s) => s.includes('@'))) {
      const res = await a.post('/api/email-settings', {
        provider: 'smtp',
        smtp: { host: 'smtp.salon.invalid', port: 587, username },
      });
      expect(res.statusCode, username).toBe(400);
      expect(res.json(), username).toMatchObject({ message: INVALID, fields: { 'smtp.username': INVALID } });
    }
    const [row] = await t.database.db
      .select({ provider: users.emailProvider, username: users.smtpUsername })
      .from(users)
      .where(eq(users.id, a.id));
    expect(row).toEqual({ provider: 'system', username: null });
    for (const username of ['apikey', 'salon@example.nl']) {
      expect(
        (
          await a.post('/api/email-settings', {
            provider: 'smtp',
            smtp: { host: 'smtp.salon.invalid', port: 587, username },
          })
        ).statusCode,
        username,
      ).toBe(200);
    }
  });

  it('a booking refuses each bad address in an e-mail field, in the text field named E-mail, and as customerEmail; nothing is booked', async () => {
    const { event } = await notifyingEvent(t);
    const { event: textEvent } = await notifyingEvent(t, {
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'text', isRequired: false, order: 1 },
      ],
    });
    const book = (eventId: string, date: string, time: string, email: string, extra: object = {}) =>
      agent(t.app).post('/api/public/bookings', {
        eventId,
        bookingDate: date,
        bookingTime: time,
        customFieldResponses: { Naam: 'Sanne', 'E-mail': email },
        ...extra,
      });
    const day = nextBookableDate(event);
    const textDay = nextBookableDate(textEvent);
    for (const email of BAD) {
      for (const [eventId, date] of [
        [event.id, day],
        [textEvent.id, textDay],
      ] as const) {
        const res = await book(eventId, date, '10:00', email);
        expect(res.statusCode, email).toBe(400);
        expect(res.json(), email).toMatchObject({
          message: `E-mail: ${INVALID}`,
          fields: { 'customFieldResponses.E-mail': INVALID },
        });
      }
      const direct = await book(event.id, day, '10:00', 'sanne@example.nl', { customerEmail: email });
      expect(direct.statusCode, email).toBe(400);
      expect(direct.json().message, email).toBe(INVALID);
    }
    const booked = async (eventId: string) =>
      (await t.database.db.select().from(bookings).where(eq(bookings.eventId, eventId))).length;
    expect((await booked(event.id)) + (await booked(textEvent.id))).toBe(0);

    const ok = await book(textEvent.id, textDay, '11:00', GOOD[1]!);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().booking.customerEmail).toBe(GOOD[1]);
  });
});
