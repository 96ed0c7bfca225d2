import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetailsDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { bookings, googleCalendarChannels, users } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { connect, startGoogleApp, type FakeGoogle } from '../../test/google-app';
import { bookAs, notifyingEvent } from '../../test/notification-fixtures';
import { agent, type TestApp } from '../../test/test-app';
import { bookableDates, nextBookableDate, ownerInstant, testNow } from '../../test/test-today';
import { eventually } from '../../test/wait';

describe.each(dbKinds())('Google Calendar and Gmail on %s', (kind) => {
  let t: TestApp;
  let google: FakeGoogle;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, google, close } = await startGoogleApp(kind));
  });
  afterAll(() => close());

  const bookingRow = async (id: string) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const userRow = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  /** The owner's live channel, once Google has it and our row of it has committed (the row is
   * written after Google answers, so a test that went on at Google's side alone would race it). */
  async function watchedChannel() {
    return eventually(
      async () => {
        const channel = google.channels().find((c) => !c.stopped && c.accountEmail === google.accountEmail());
        if (!channel) return undefined;
        const rows = await t.database.db
          .select()
          .from(googleCalendarChannels)
          .where(eq(googleCalendarChannels.channelId, channel.id));
        return rows.length > 0 ? channel : undefined;
      },
      10_000,
      'a channel',
    );
  }

  async function connectedOwner() {
    const ctx = await notifyingEvent(t);
    google.setAccountEmail(`${ctx.owner.id.slice(0, 8)}@gmail.test`);
    expect(await connect(ctx.owner, 'google')).toBe('/settings?success=google_connected');
    return ctx;
  }

  it('connects with state and PKCE, stores the grant sealed, and lists the calendars', async () => {
    const { owner } = await connectedOwner();
    const row = await userRow(owner.id);
    expect(row.googleAccessToken).toMatch(/^v1\./);
    expect(row.googleRefreshToken).toMatch(/^v1\./);
    expect((await owner.get('/api/user')).json()).toMatchObject({
      googleConnected: true,
      googleBroken: false,
    });
    const calendars = (await owner.get('/api/google-calendar/calendars')).json() as Array<{
      summary: string;
    }>;
    expect(calendars.map((c) => c.summary).sort()).toEqual(['Persoonlijk', 'Werk']);
    // The first sync set up a watch channel on the primary calendar, with a token.
    await eventually(
      () => google.channels().some((c) => c.token && !c.stopped && c.accountEmail === google.accountEmail()),
      10_000,
      'a channel',
    );
  });

  it('refuses a callback whose state does not match, and a denied consent', async () => {
    const { owner } = await notifyingEvent(t);
    expect(await connect(owner, 'google', (url) => url.searchParams.set('state', 'vervalst'))).toBe(
      '/settings?error=oauth_failed',
    );
    google.denyNextConsent();
    expect(await connect(owner, 'google')).toBe('/settings?error=oauth_failed');
    expect((await owner.get('/api/user')).json().googleConnected).toBe(false);
  });

  it('puts bookings in the calendar, moves them, removes them on cancel', async () => {
    const { owner, event } = await connectedOwner();
    const [date, newDate] = bookableDates(event, 2) as [string, string];
    const created = await bookAs(t, event.id, date, '10:00', 'Jan Jansen', 'jan.g@example.nl');
    const eventId = await eventually(
      async () => (await bookingRow(created.booking.id)).googleCalendarEventId ?? undefined,
      10_000,
      'pushed',
    );
    const pushed = google.events('primary').find((e) => e.id === eventId)!;
    expect(pushed.summary).toBe('Knippen: Jan Jansen');
    expect(new Date(pushed.start.dateTime!).toISOString()).toBe(ownerInstant(date, '10:00').toISOString());
    expect(pushed.start.timeZone).toBe('Europe/Amsterdam');

    expect(
      (
        await owner.patch(`/api/bookings/${created.booking.id}`, {
          bookingDate: newDate,
          bookingTime: '14:00',
        })
      ).statusCode,
    ).toBe(200);
    await eventually(
      () =>
        new Date(google.events('primary').find((e) => e.id === eventId)!.start.dateTime!).toISOString() ===
        ownerInstant(newDate, '14:00').toISOString(),
      10_000,
      'moved',
    );

    expect(
      (await agent(t.app).delete(`/api/public/bookings/manage/${created.managementToken}`)).statusCode,
    ).toBe(200);
    await eventually(
      () => google.events('primary').find((e) => e.id === eventId)!.status === 'cancelled',
      10_000,
      'removed',
    );
  });

  it('puts the customers’ answers in the Google event only when the owner turned that on', async () => {
    const fields = [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
      { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      { fieldName: 'Medicijnen', fieldType: 'text', isRequired: false, order: 2 },
    ];
    const ctx = await notifyingEvent(t, { customFields: fields });
    google.setAccountEmail(`${ctx.owner.id.slice(0, 8)}@gmail.test`);
    expect(await connect(ctx.owner, 'google')).toBe('/settings?success=google_connected');
    const [first, second] = bookableDates(ctx.event, 2) as [string, string];
    const bookWith = async (date: string, name: string) => {
      const res = await agent(t.app).post('/api/public/bookings', {
        eventId: ctx.event.id,
        bookingDate: date,
        bookingTime: '10:00',
        customFieldResponses: { Naam: name, 'E-mail': 'els.g@example.nl', Medicijnen: 'Oxycodon 5 mg' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { booking: { id: string } }).booking.id;
      const eventId = await eventually(
        async () => (await bookingRow(id)).googleCalendarEventId ?? undefined,
        10_000,
        'pushed',
      );
      return google.events('primary').find((e) => e.id === eventId)!;
    };
    const hidden = await bookWith(first, 'Els Gezond');
    expect(hidden.summary).toBe('Knippen: Els Gezond');
    expect(hidden.description).not.toContain('Oxycodon');
    expect(hidden.description).toContain('E-mail: els.g@example.nl');
    expect(hidden.description).toContain(
      `Bekijk in de app: ${t.config.appUrl}/bookings?weergave=dag&datum=${first}`,
    );

    expect((await ctx.owner.patch('/api/user/settings', { calendarShowAnswers: true })).statusCode).toBe(200);
    const shown = await bookWith(second, 'Els Open');
    expect(shown.description).toContain('Medicijnen: Oxycodon 5 mg');
    expect(shown.description!.split('els.g@example.nl')).toHaveLength(2);
  });

  it('does not offer or accept a time the calendar says is busy; resyncs in full after a 410', async () => {
    const { event } = await connectedOwner();
    const date = nextBookableDate(event);
    const at = (time: string) => ownerInstant(date, time).toISOString();
    await watchedChannel();
    google.addExternalEvent('primary', { summary: 'Tandarts', start: at('10:00'), end: at('11:00') });
    const slotsOn = async () => {
      const month = (
        await agent(t.app).get(`/api/public/events/${event.id}/availability?month=${date.slice(0, 7)}`)
      ).json() as { days: Array<{ date: string; slots: Array<{ time: string; busy: boolean }> }> };
      return month.days.find((d) => d.date === date)!.slots;
    };
    // The change notification makes the app sync; the two slots in that hour turn busy.
    await eventually(
      async () =>
        (await slotsOn())
          .filter((s) => s.busy)
          .map((s) => s.time)
          .join() === '10:00,10:30',
      15_000,
      'busy slots',
    );
    const times = (
      await agent(t.app).get(`/api/public/events/${event.id}/bookings/${date}`)
    ).json() as Array<{ bookingTime: string }>;
    expect(times.map((x) => x.bookingTime)).toEqual(['10:00', '10:30']);
    const res = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: '10:30',
      customFieldResponses: { Naam: 'Piet', 'E-mail': 'p@example.nl' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(nl.booking.slotTaken);

    google.invalidateSyncTokens();
    google.addExternalEvent('primary', { summary: 'Lunch', start: at('12:00'), end: at('12:30') });
    await eventually(
      async () =>
        (await slotsOn())
          .filter((s) => s.busy)
          .map((s) => s.time)
          .join() === '10:00,10:30,12:00',
      15_000,
      'busy after a full resync',
    );
  });

  it('ignores notifications with an unknown channel or a wrong token', async () => {
    await connectedOwner();
    const channel = await watchedChannel();
    const before = (
      await t.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'calendar-sync'`)
    ).rows[0] as { n: number };
    for (const headers of [
      { 'x-goog-channel-id': channel.id, 'x-goog-channel-token': 'fout', 'x-goog-resource-state': 'exists' },
      {
        'x-goog-channel-id': 'onbekend',
        'x-goog-channel-token': channel.token!,
        'x-goog-resource-state': 'exists',
      },
    ]) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/google/notifications', headers })).statusCode,
      ).toBe(200);
    }
    const after = (
      await t.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'calendar-sync'`)
    ).rows[0] as { n: number };
    expect(after.n).toBe(before.n);
  });

  it('renews a channel before it expires and stops the old one', async () => {
    const { owner } = await connectedOwner();
    const old = await watchedChannel();
    await t.database.db
      .update(googleCalendarChannels)
      .set({ expiration: new Date(testNow().getTime() + 3600_000) })
      .where(eq(googleCalendarChannels.userId, owner.id));
    await t.app.services.googleCalendar.maintain();
    const mine = google.channels().filter((c) => c.accountEmail === google.accountEmail());
    expect(mine.find((c) => c.id === old.id)?.stopped).toBe(true);
    expect(mine.filter((c) => !c.stopped)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(googleCalendarChannels)
      .where(eq(googleCalendarChannels.userId, owner.id));
    expect(rows.map((r) => r.channelId)).toEqual([mine.find((c) => !c.stopped)!.id]);
  });

  it('treats a booking event deleted in Google as the owner cancelling it', async () => {
    const { owner, event } = await connectedOwner();
    const created = await bookAs(t, event.id, nextBookableDate(event), '09:00', 'Els', 'els.g@example.nl');
    const eventId = await eventually(
      async () => (await bookingRow(created.booking.id)).googleCalendarEventId ?? undefined,
      10_000,
      'pushed',
    );
    await watchedChannel();
    google.deleteEventExternally('primary', eventId);
    await eventually(
      async () => (await bookingRow(created.booking.id)).status === 'cancelled',
      15_000,
      'cancelled',
    );
    // Its history says Google did it; the customer is not told (as for the owner's own cancel).
    const details = (await owner.get(`/api/bookings/${created.booking.id}`)).json() as BookingDetailsDto;
    expect(details.history.map((h) => [h.kind, h.actor])).toEqual([
      ['created', 'customer'],
      ['cancelled', 'google'],
    ]);
    expect(details.history[1]!.messages.map((m) => m.kind)).not.toContain('cancellation');
  });

  it('shows a revoked grant as broken instead of failing silently, and disconnects cleanly', async () => {
    const { owner } = await connectedOwner();
    google.revokeAll();
    const sync = await owner.post('/api/google/sync-now');
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toBe(nl.google.grantBroken);
    expect((await owner.get('/api/user')).json()).toMatchObject({
      googleConnected: true,
      googleBroken: true,
    });

    // Connecting again repairs it; disconnecting revokes at Google and stops the channels.
    expect(await connect(owner, 'google')).toBe('/settings?success=google_connected');
    expect((await owner.get('/api/user')).json()).toMatchObject({
      googleConnected: true,
      googleBroken: false,
    });
    await owner.post('/api/google/sync-now');
    const revokedBefore = google.revokedTokens().length;
    expect((await owner.post('/api/google/disconnect')).statusCode).toBe(200);
    expect((await owner.get('/api/user')).json()).toMatchObject({
      googleConnected: false,
      googleBroken: false,
    });
    expect(google.revokedTokens().length).toBe(revokedBefore + 1);
    expect(
      google
        .channels()
        .filter((c) => c.accountEmail === google.accountEmail())
        .every((c) => c.stopped),
    ).toBe(true);
    expect((await userRow(owner.id)).googleRefreshToken).toBeNull();
  });

  it('syncs on request: pushes what is missing and answers a summary', async () => {
    const { owner, event } = await connectedOwner();
    const created = await bookAs(t, event.id, nextBookableDate(event), '11:00');
    await eventually(
      async () => (await bookingRow(created.booking.id)).googleCalendarEventId,
      10_000,
      'pushed',
    );
    // Lost in Google without a notification (e.g. before the connection): sync-now puts it back.
    await t.database.db
      .update(bookings)
      .set({ googleCalendarEventId: null })
      .where(eq(bookings.id, created.booking.id));
    const res = await owner.post('/api/google/sync-now');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      pushed: 1,
      message: expect.stringMatching(/^1 afspraak naar Google gezet, \d+ bezette tijd(en)? bijgewerkt\.$/),
    });
    expect((await bookingRow(created.booking.id)).googleCalendarEventId).toBeTruthy();
  });

  it('sends the owner’s mail through Gmail once connected', async () => {
    const { owner, event } = await notifyingEvent(t);
    google.setAccountEmail('salon.gmail@gmail.test');
    expect(await connect(owner, 'gmail')).toBe('/settings?success=gmail_connected');
    const saved = await owner.post('/api/email-settings', { provider: 'gmail' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ gmailConnected: true, gmailAddress: 'salon.gmail@gmail.test' });
    const date = nextBookableDate(event);
    await bookAs(t, event.id, date, '15:00', 'Gijs', 'gijs@example.nl');
    const mail = await eventually(
      () =>
        google
          .sentMail()
          .find((m) => m.raw.includes('gijs@example.nl') && /Bevestiging/.test(m.headers.subject ?? '')),
      15_000,
      'sent through Gmail',
    );
    expect(mail.accountEmail).toBe('salon.gmail@gmail.test');
    expect(mail.headers.from).toContain('salon.gmail@gmail.test');
    // Expired access tokens refresh by themselves.
    google.expireAccessTokens();
    await bookAs(t, event.id, date, '15:30', 'Gijs', 'gijs2@example.nl');
    await eventually(
      () => google.sentMail().some((m) => m.raw.includes('gijs2@example.nl')),
      15_000,
      'sent after a refresh',
    );
  });
});
