import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { bookings, customFields, eventWebhooks, events, users } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { eventPayload, insertBooking, owner, templatePayload } from '../../test/fixtures';
import { connect, startGoogleApp, type FakeGoogle } from '../../test/google-app';
import { bookAs, notifyingEvent } from '../../test/notification-fixtures';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { agent, type Agent, type TestApp } from '../../test/test-app';
import { bookableDates, daysFromToday, upcomingRange } from '../../test/test-today';
import { eventually } from '../../test/wait';
import { LOGIN_MAX_FAILURES } from '../auth/login-throttle';

/**
 * docs/PRODUCT.md#account-deletion: Profiel → 'Account verwijderen' removes the owner and everything
 * of theirs, tells each customer with a future booking, and ends the Google grants.
 */
describe.each(dbKinds())('account deletion on %s', (kind) => {
  let t: TestApp;
  let google: FakeGoogle;
  let smtp: TestSmtp;
  let closeApp: () => Promise<void>;
  let accounts = 0;
  beforeAll(async () => {
    smtp = await startSmtp();
    ({
      t,
      google,
      close: closeApp,
    } = await startGoogleApp(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Afspraakplanner <noreply@afspraak.test>',
    }));
  });
  afterAll(async () => {
    await closeApp();
    await smtp.stop();
  });

  /** `cookie`: another session's cookie, or null for none; the agent's by default. */
  const deleteAccount = (a: Agent, payload: unknown, cookie: string | null | undefined = a.cookie) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const mailsTo = (to: string) => smtp.received.filter((m) => m.envelope.to.includes(to));
  const userExists = async (id: string) =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

  /** Every table with an owner column (`user_id` / `owner_id`), and how many rows each holds of `id`. */
  async function ownerRows(id: string): Promise<Record<string, number>> {
    const { rows } = await t.database.executeSql(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('user_id', 'owner_id') order by table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name: table, column_name: column } of rows as Array<{
      table_name: string;
      column_name: string;
    }>) {
      const { rows: n } = await t.database.executeSql(
        `select count(*)::int as n from "${table}" where "${column}" = $1`,
        [id],
      );
      counts[table] = (n[0] as { n: number }).n;
    }
    const { rows: own } = await t.database.executeSql(`select count(*)::int as n from users where id = $1`, [
      id,
    ]);
    counts.users = (own[0] as { n: number }).n;
    return counts;
  }

  it('counts what goes: services, bookings, future ones and their e-mails, paid ones, templates, agendas', async () => {
    const { owner: a, event } = await notifyingEvent(t);
    const [first, second] = bookableDates(event, 2);
    await bookAs(t, event.id, first!, '10:00', 'Anna', 'anna.telling@example.nl');
    await bookAs(t, event.id, second!, '10:00', 'Bram', 'bram.telling@example.nl');
    // Future without an address, future paid, future cancelled, and one in the past.
    await insertBooking(t, event.id, first!, '11:00', { customerName: 'Zonder adres' });
    await insertBooking(t, event.id, second!, '11:00', { customerName: 'Betaald', paymentStatus: 'paid' });
    await insertBooking(t, event.id, first!, '12:00', { status: 'cancelled' });
    await insertBooking(t, event.id, daysFromToday(-5), '10:00', { customerName: 'Voorbij' });
    expect(
      (await a.post('/api/events', eventPayload({ title: 'Kleuren', ...upcomingRange(30) }))).statusCode,
    ).toBe(201);
    expect((await a.post('/api/templates', templatePayload())).statusCode).toBe(201);
    expect((await a.post('/api/agendas', { name: 'Stoel 2' })).statusCode).toBe(201);

    const res = await a.get('/api/user/deletion-summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      services: 2,
      bookings: 6,
      futureBookings: 4,
      customersMailed: 2,
      paidFutureBookings: 1,
      templates: 1,
      agendas: 2,
      googleConnected: false,
    });
    expect((await agent(t.app).get('/api/user/deletion-summary')).statusCode).toBe(401);
  });

  it('refuses a wrong or missing password with a Dutch message on the field and deletes nothing', async () => {
    const { owner: a, event } = await notifyingEvent(t);
    await bookAs(t, event.id, bookableDates(event, 1)[0]!, '10:00', 'Cas', 'cas.fout@example.nl');
    const before = await ownerRows(a.id);

    const wrong = await deleteAccount(a, { password: 'verkeerd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION',
      message: nl.accountDeletion.wrongPassword,
      fields: { password: 'Wachtwoord is onjuist' },
    });
    const missing = await deleteAccount(a, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ password: 'Wachtwoord is verplicht' });
    expect((await deleteAccount(a, { password: 'geheim123' }, null)).statusCode).toBe(401);

    expect(await ownerRows(a.id)).toEqual(before);
    expect((await a.get('/api/user')).statusCode).toBe(200);
  });

  it('counts wrong passwords for the login lockout', async () => {
    const a = await owner(t);
    const username = ((await a.get('/api/user')).json() as { username: string }).username;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect((await deleteAccount(a, { password: `fout${i}` })).statusCode).toBe(400);
    // Now even the right password waits, here and at the login.
    const locked = await deleteAccount(a, { password: 'geheim123' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(nl.errors.tooManyRequests);
    expect((await agent(t.app).post('/api/login', { username, password: 'geheim123' })).statusCode).toBe(429);
    expect(await userExists(a.id)).toBe(true);
  });

  it('removes every row of the owner, mails each future customer after the owner is gone, and ends the Google grants', async () => {
    // The owner: Calendar and Gmail connected (with different accounts, so each grant is its own).
    const { owner: a, event } = await notifyingEvent(t);
    const username = ((await a.get('/api/user')).json() as { username: string }).username;
    const calendarAccount = `agenda${++accounts}@gmail.test`;
    const gmailAccount = `post${accounts}@gmail.test`;
    google.setAccountEmail(calendarAccount);
    expect(await connect(a, 'google')).toBe('/settings?success=google_connected');
    google.setAccountEmail(gmailAccount);
    expect(await connect(a, 'gmail')).toBe('/settings?success=gmail_connected');
    await eventually(
      () => google.channels().some((c) => c.accountEmail === calendarAccount && !c.stopped),
      15_000,
      'a watch channel',
    );

    // What the owner has: bookings (future, past), a category, a template, an agenda, a closure,
    // a webhook, a reset link, a second session; the trigger made the business profile.
    const [first, second] = bookableDates(event, 2);
    const future = [
      await bookAs(t, event.id, first!, '10:00', 'Fleur', 'fleur.afscheid@example.nl'),
      await bookAs(t, event.id, second!, '14:00', 'Gijs', 'gijs.afscheid@example.nl'),
    ];
    await insertBooking(t, event.id, daysFromToday(-4), '10:00', { customerName: 'Hanna Voorbij' });
    await t.database.db
      .update(bookings)
      .set({ customerEmail: 'hanna.voorbij@example.nl' })
      .where(eq(bookings.customerName, 'Hanna Voorbij'));
    const pushed = await eventually(
      async () => {
        const rows = await t.database.db
          .select()
          .from(bookings)
          .where(
            inArray(
              bookings.id,
              future.map((f) => f.booking.id),
            ),
          );
        return rows.every((r) => r.googleCalendarEventId) ? rows : undefined;
      },
      15_000,
      'both bookings in Google Calendar',
    );
    // `primary` in the fake is the account that consented last: the calendar's.
    google.setAccountEmail(calendarAccount);
    const statusInGoogle = () =>
      pushed.map(
        (row) => google.events(row.googleCalendarId!).find((e) => e.id === row.googleCalendarEventId)?.status,
      );
    expect(statusInGoogle()).toEqual(['confirmed', 'confirmed']);
    expect((await a.post('/api/event-categories', { name: 'Haar' })).statusCode).toBe(201);
    expect((await a.post('/api/templates', templatePayload())).statusCode).toBe(201);
    expect((await a.post('/api/agendas', { name: 'Stoel 2' })).statusCode).toBe(201);
    expect(
      (
        await a.post('/api/closures', {
          startDate: daysFromToday(90),
          endDate: daysFromToday(91),
          label: 'Vakantie',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await a.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: 'http://127.0.0.1:9/hook' }))
        .statusCode,
    ).toBe(201);
    expect((await agent(t.app).post('/api/password-reset', { usernameOrEmail: username })).statusCode).toBe(
      202,
    );
    const otherBrowser = agent(t.app);
    expect((await otherBrowser.post('/api/login', { username, password: 'geheim123' })).statusCode).toBe(200);
    await eventually(() => mailsTo('gijs.afscheid@example.nl').length === 1, 15_000, 'the confirmations');

    // Another owner, with a booking of their own, is not touched.
    const { owner: b, event: eventB } = await notifyingEvent(t);
    await bookAs(t, eventB.id, bookableDates(eventB, 1)[0]!, '10:00', 'Ivo', 'ivo.blijft@example.nl');
    const bBefore = await ownerRows(b.id);

    const before = await ownerRows(a.id);
    for (const table of [
      'users',
      'sessions',
      'business_profiles',
      'events',
      'bookings',
      'booking_history',
      'notifications',
      'agendas',
      'event_categories',
      'event_templates',
      'email_templates',
      'closures',
      'password_reset_tokens',
      'google_calendar_channels',
    ])
      expect(before[table], table).toBeGreaterThan(0);
    const eventIds = (
      await t.database.db.select({ id: events.id }).from(events).where(eq(events.userId, a.id))
    ).map((e) => e.id);
    const revokedBefore = google.revokedTokens().length;
    const cookie = a.cookie;

    const res = await deleteAccount(a, { password: 'geheim123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const deletedAt = Date.now();
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;/);

    // Not one row of the owner is left, in any owner table, nor of their services.
    const after = await ownerRows(a.id);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(
      await t.database.db.select().from(customFields).where(inArray(customFields.eventId, eventIds)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(eventWebhooks).where(inArray(eventWebhooks.eventId, eventIds)),
    ).toEqual([]);
    expect(await ownerRows(b.id)).toEqual(bBefore);
    expect((await b.get('/api/bookings')).statusCode).toBe(200);

    // Each future customer gets the cancellation, sent after the owner is gone; the past one nothing.
    for (const address of ['fleur.afscheid@example.nl', 'gijs.afscheid@example.nl']) {
      const mail = await eventually(() => mailsTo(address)[1], 15_000, `the cancellation to ${address}`);
      expect(mail.mail.subject).toMatch(/geannuleerd/i);
      expect(mail.at).toBeGreaterThanOrEqual(deletedAt - 1000);
      expect(mailsTo(address)).toHaveLength(2);
    }
    expect(mailsTo('hanna.voorbij@example.nl')).toEqual([]);
    expect(await userExists(a.id)).toBe(false);

    // Google: the cancelled appointments left the calendar, the channels stopped, both grants revoked.
    expect(
      google
        .revokedTokens()
        .slice(revokedBefore)
        .map((r) => r.accountEmail)
        .sort(),
    ).toEqual([calendarAccount, gmailAccount].sort());
    expect(
      google
        .channels()
        .filter((c) => c.accountEmail === calendarAccount)
        .every((c) => c.stopped),
    ).toBe(true);
    for (const status of statusInGoogle()) expect(status).toBe('cancelled');

    // Every session ended; the username is free again.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookie! } })).statusCode,
    ).toBe(401);
    expect((await otherBrowser.get('/api/user')).statusCode).toBe(401);
    expect((await agent(t.app).post('/api/login', { username, password: 'geheim123' })).statusCode).toBe(401);
    const again = await agent(t.app).post('/api/register', { username, password: 'nieuw123' });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(a.id);
  });

  it('cannot delete twice: the second request finds no session', async () => {
    const a = await owner(t);
    const cookie = a.cookie;
    expect((await deleteAccount(a, { password: 'geheim123' })).statusCode).toBe(200);
    expect((await deleteAccount(a, { password: 'geheim123' }, cookie)).statusCode).toBe(401);
    const { rows } = await t.database.executeSql(`select count(*)::int as n from users where id = $1`, [
      a.id,
    ]);
    expect((rows[0] as { n: number }).n).toBe(0);
  });
});
