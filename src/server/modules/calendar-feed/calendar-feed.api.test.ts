import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { users } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { insertBooking } from '../../test/fixtures';
import { bookAs, notifyingEvent } from '../../test/notification-fixtures';
import { type TestSmtp } from '../../test/smtp';
import { agent, type Agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { bookableDates, daysFromToday } from '../../test/test-today';
import { eventually } from '../../test/wait';

const unfold = (text: string) => text.replace(/\r\n /g, '');
const uids = (ics: string) => [...unfold(ics).matchAll(/^UID:(.+)$/gm)].map((m) => m[1]!.trim());
const tokenOf = (url: string) => /\/feed\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;

describe.each(dbKinds())('calendar feed on %s', (kind) => {
  let t: MailingApp;
  let smtp: TestSmtp;
  let anna: Agent & { id: string };
  let eventId: string;
  let dates: string[];
  let janId: string;
  let url: string;
  const feed = (u: string, headers?: Record<string, string>) =>
    agent(t.app).get(new URL(u).pathname, headers);

  beforeAll(async () => {
    t = await createMailingApp(kind);
    smtp = t.smtp;
    const made = await notifyingEvent(t, { title: 'Knippen' });
    anna = made.owner;
    eventId = made.event.id;
    dates = bookableDates(made.event, 2);
    janId = (await bookAs(t, eventId, dates[0]!, '10:00', 'Jan Jansen', 'jan.feed@example.nl')).booking.id;
    await bookAs(t, eventId, dates[1]!, '11:00', 'Piet Pieters', 'piet.feed@example.nl');
    // Past ones: inside and outside the 30 days back; a hold waiting for its payment; a cancelled one.
    await insertBooking(t, eventId, daysFromToday(-29), '10:00', { customerName: 'Recent verleden' });
    await insertBooking(t, eventId, daysFromToday(-31), '10:00', { customerName: 'Lang geleden' });
    await insertBooking(t, eventId, dates[1]!, '14:00', { customerName: 'Betaalt nog', status: 'pending' });
    await insertBooking(t, eventId, dates[1]!, '15:00', { customerName: 'Afgezegd', status: 'cancelled' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no address until the owner makes one; then shows the same address again', async () => {
    expect((await anna.get('/api/calendar-feed')).json()).toEqual({ url: null });
    const made = await anna.post('/api/calendar-feed', { replace: false });
    expect(made.statusCode).toBe(200);
    url = made.json().url;
    expect(url).toMatch(new RegExp(`^${t.config.appUrl}/feed/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await anna.get('/api/calendar-feed')).json()).toEqual({ url });
    // Asking again without `replace` keeps the address; a body without it is refused in Dutch.
    expect((await anna.post('/api/calendar-feed', { replace: false })).json()).toEqual({ url });
    const bare = await anna.post('/api/calendar-feed', {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(nl.dataOut.feedReplaceRequired);
    // Stored as its hash and sealed, never in the clear.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, anna.id));
    expect(row!.calendarFeedTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(tokenOf(url));
    expect((await agent(t.app).post('/api/calendar-feed', { replace: true })).statusCode).toBe(401);
  });

  it('answers an iCalendar of live bookings from 30 days back, in the owner’s zone, cacheable', async () => {
    const res = await feed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const ics = res.body;
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // CRLF line ends only
    const text = unfold(ics);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('METHOD:PUBLISH');
    expect(text).toMatch(/X-WR-CALNAME:Afspraken eigenaar\d+\r\n/);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Amsterdam\r\n');
    expect(text).toContain(`DTSTART;TZID=Europe/Amsterdam:${dates[0]!.replace(/-/g, '')}T100000`);
    expect(text).toContain('SUMMARY:Knippen – Jan Jansen');
    expect(text).toContain('E-mail: jan.feed@example.nl');
    expect(text).not.toMatch(/ORGANIZER|ATTENDEE/);
    const summaries = [...text.matchAll(/^SUMMARY:Knippen – (.+)\r$/gm)].map((m) => m[1]);
    expect(summaries).toEqual(['Recent verleden', 'Jan Jansen', 'Piet Pieters']);

    // An unchanged feed is the same bytes: a poll with its ETag gets 304.
    const again = await feed(url, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('uses the UID of the e-mail invitation for the same booking', async () => {
    const mail = await eventually(
      () => smtp.received.find((m) => m.envelope.to.includes('jan.feed@example.nl')),
      15_000,
      'confirmation',
    );
    const invite = unfold(mail.raw.replace(/=\r\n/g, ''));
    const inviteUid = /UID:([^\r\n]+)/.exec(invite)![1]!;
    expect(inviteUid).toBe(`${janId}@${new URL(t.config.appUrl).hostname}`);
    expect(uids((await feed(url)).body)).toContain(inviteUid);
  });

  it('follows the owner’s time zone and drops a cancelled booking', async () => {
    await t.database.db.update(users).set({ timeZone: 'America/New_York' }).where(eq(users.id, anna.id));
    const ny = unfold((await feed(url)).body);
    expect(ny).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(ny).toMatch(new RegExp(`DTSTART;TZID=America/New_York:${dates[0]!.replace(/-/g, '')}T0[34]0000`));
    await t.database.db.update(users).set({ timeZone: 'Europe/Amsterdam' }).where(eq(users.id, anna.id));

    expect((await anna.patch(`/api/bookings/${janId}`, { status: 'cancelled' })).statusCode).toBe(200);
    const after = unfold((await feed(url)).body);
    expect(after).not.toContain('Jan Jansen');
    expect(uids(after)).toHaveLength(2);
  });

  it('makes the old address stop working when replaced or removed; unknown addresses are 404', async () => {
    const replaced = (await anna.post('/api/calendar-feed', { replace: true })).json().url;
    expect(replaced).not.toBe(url);
    expect((await feed(url)).statusCode).toBe(404);
    expect((await feed(replaced)).statusCode).toBe(200);

    expect((await anna.delete('/api/calendar-feed')).statusCode).toBe(200);
    expect((await anna.get('/api/calendar-feed')).json()).toEqual({ url: null });
    const gone = await feed(replaced);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(nl.dataOut.feedUnknown);
    expect((await agent(t.app).get('/feed/onzin.ics')).statusCode).toBe(404);
    expect((await agent(t.app).get(`/feed/${'A'.repeat(43)}.ics`)).statusCode).toBe(404);
  });

  it('shows one owner only their own bookings', async () => {
    const other = await notifyingEvent(t, { title: 'Massage' });
    await bookAs(t, other.event.id, dates[0]!, '09:00', 'Klant van Bea', 'bea.klant@example.nl');
    const beaUrl = (await other.owner.post('/api/calendar-feed', { replace: false })).json().url;
    const annaUrl = (await anna.post('/api/calendar-feed', { replace: false })).json().url;
    const bea = unfold((await feed(beaUrl)).body);
    expect(bea).toContain('Klant van Bea');
    expect(bea).not.toContain('Piet Pieters');
    expect(unfold((await feed(annaUrl)).body)).not.toContain('Klant van Bea');
  });

  it('keeps the customers’ answers out unless the owner turns them on, then lists each once', async () => {
    const fields = [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
      { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
      { fieldName: 'Medicijnen', fieldType: 'text', isRequired: false, order: 3 },
    ];
    const { owner: cas, event } = await notifyingEvent(t, { title: 'Massage', customFields: fields });
    const date = bookableDates(event, 1)[0]!;
    const booked = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: '10:00',
      customFieldResponses: {
        Naam: 'Els Gezond',
        'E-mail': 'els.feed@example.nl',
        Telefoon: '+31612345678',
        Medicijnen: 'Oxycodon 5 mg',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const feedUrl = (await cas.post('/api/calendar-feed', { replace: false })).json().url;
    const entry = async () => {
      const text = unfold((await feed(feedUrl)).body);
      return /BEGIN:VEVENT[\s\S]*?END:VEVENT/.exec(text)![0];
    };

    // Off by default: the customer, the service and a link to the booking's day in the app only.
    expect((await cas.get('/api/user')).json().calendarShowAnswers).toBe(false);
    const plain = await entry();
    expect(plain).toContain('SUMMARY:Massage – Els Gezond');
    expect(plain).not.toContain('Oxycodon');
    const link = `${t.config.appUrl}/bookings?weergave=dag&datum=${date}&agenda=`;
    expect(plain).toContain(`Bekijk in de app: ${link}`);
    expect(plain).toContain(`URL:${link}`);

    // Turned on: the answer is there, and the name, e-mail and phone are said once each.
    const on = await cas.patch('/api/user/settings', { calendarShowAnswers: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().calendarShowAnswers).toBe(true);
    const full = await entry();
    expect(full).toContain('Medicijnen: Oxycodon 5 mg');
    expect(full.split('els.feed@example.nl')).toHaveLength(2);
    expect(full.split('06 12345678')).toHaveLength(2);
    expect(full).not.toContain('Naam: Els Gezond');

    expect((await cas.patch('/api/user/settings', { calendarShowAnswers: false })).statusCode).toBe(200);
    expect(await entry()).not.toContain('Oxycodon');
  });
});
