import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import type { EventDto } from '@contracts/events';
import { scratchDatabase } from '../test/scratch-postgres';
import { startSmtp, type TestSmtp } from '../test/smtp';
import { eventually, freePort } from '../test/wait';
import { startReceiver } from '../test/webhook-receiver';
import { call, sessionCookie, type HttpAnswer } from '../test/loopback-http';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { dateWithReminderAhead, upcomingRange } from '../test/test-today';

/**
 * Scale-out (issue 9): two real app processes on one PostgreSQL database, as a deployment behind a
 * load balancer runs them. They share nothing but the database, so this proves that the database
 * (not process memory) decides who gets a slot, that both migrate one empty database safely when
 * started together, that the job queue hands each e-mail and webhook to exactly one of them, and that
 * a client behind the proxy gets each rate limit once in total, not once per instance.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

const SLOTS = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'];
const REQUESTS_PER_SLOT = 20;
const APP_URL = 'http://afspraken.test';
const OWNER_EMAIL = 'salon@schaal.test';
const FROM_NAME = 'Salon Schaal';
const MAIL_FROM = 'Afspraakplanner <noreply@afspraken.test>';
/** The reverse proxy in front of both instances: the one address they believe X-Forwarded-For from. */
const PROXY = '127.76.0.1';
const here = path.dirname(fileURLToPath(import.meta.url));
const journal = JSON.parse(readFileSync(path.join(here, '../db/migrations/meta/_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

const everyDay = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [
    d,
    { enabled: true, startTime: '09:00', endTime: '17:00' },
  ]),
);
const customer = (slot: number, request: number) => ({
  name: `Klant ${slot}-${request}`,
  email: `klant-${slot}-${request}@voorbeeld.test`,
});

interface Created {
  booking: {
    id: string;
    bookingDate: string;
    bookingTime: string;
    status: string;
    customerEmail: string;
    agendaId: string;
  };
  managementUrl: string;
}

// Two processes cannot share one embedded PGlite database: without a PostgreSQL server there is nothing to scale out on.
const title = adminUrl
  ? 'two app instances on one PostgreSQL'
  : 'two app instances on one PostgreSQL (skipped: set TEST_DATABASE_URL to a PostgreSQL server)';

describe.skipIf(!adminUrl)(title, () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let db: pg.Client;
  let smtp: TestSmtp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let a: ServerProcess;
  let b: ServerProcess;
  const instances = () => [a, b].filter(Boolean);
  const rows = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

  beforeAll(async () => {
    // A fresh, empty database (not the migrated test template): the instances must build it themselves.
    scratch = await scratchDatabase(adminUrl!, 'apt_scale');

    smtp = await startSmtp();
    receiver = await startReceiver();
    const env = {
      DATABASE_URL: scratch.url,
      APP_SECRET: randomBytes(36).toString('base64url'),
      // One public origin for both, as behind a load balancer (links in e-mails, Message-IDs).
      APP_URL,
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      MAIL_FROM,
      WEBHOOK_ALLOW_PRIVATE: '1',
      REGISTER_LIMIT_PER_IP: '1000',
      TRUST_PROXY: PROXY,
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Started at the same moment: both migrate the empty database and install the job queue at once.
    a = startServerProcess('A', { ...env, PORT: String(portA) });
    b = startServerProcess('B', { ...env, PORT: String(portB) });
    await Promise.all([a.ready(), b.ready()]);

    db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances().map((i) => i.stop()));
    await db?.end();
    await smtp?.stop();
    await receiver?.stop();
    await scratch?.drop();
  }, 60_000);

  it('both migrated the empty database when started together: every migration applied once', async () => {
    const applied = await rows<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((r) => r.hash)).size).toBe(journal.entries.length);
    const queues = await rows<{ name: string }>(
      `select name from pgboss.queue where name not like '\\_\\_pgboss%' order by name`,
    );
    expect(queues.map((q) => q.name)).toEqual([
      'calendar-maintenance',
      'calendar-push',
      'calendar-sync',
      'farewell-mail',
      'mail',
      'mail-recovery',
      'payments-reconcile',
      'privacy-retention',
      'text',
      'webhook',
    ]);
    const constraint = await rows(`select 1 from pg_constraint where conname = 'bookings_no_overlap'`);
    expect(constraint).toHaveLength(1);
  });

  it('books every slot exactly once under concurrent requests at both instances, and sends each message once', async () => {
    // The owner signs up on A and works on B with the same session: sessions live in the database
    // and both instances sign cookies with the same APP_SECRET.
    const registered = await call(a.port, 'POST', '/api/register', {
      from: '127.78.0.1',
      body: { username: 'schaalsalon', password: 'geheim123', email: OWNER_EMAIL },
    });
    expect(registered.status).toBe(201);
    const cookie = sessionCookie(registered);
    expect(cookie).toBeDefined();

    const createdEvent = await call(a.port, 'POST', '/api/events', {
      from: '127.78.0.1',
      cookie,
      body: {
        title: 'Knippen',
        description: 'Knippen en föhnen',
        workingDays: everyDay,
        ...upcomingRange(30),
        durationMinutes: 30,
        dailyPauseTimes: {},
        customFields: [
          { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
          { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
          { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
        ],
      },
    });
    expect(createdEvent.status).toBe(201);
    const eventId = createdEvent.json<{ id: string }>().id;
    // Far enough ahead that each booking's 24-hour reminder is still to come, whatever the time of day.
    const date = dateWithReminderAhead(createdEvent.json<EventDto>());

    const hook = await call(b.port, 'POST', `/api/events/${eventId}/webhooks`, {
      from: '127.78.0.2',
      cookie,
      body: { name: 'CRM', url: receiver.url },
    });
    expect(hook.status).toBe(201);
    // Confirmations go out through the system provider (SMTP_URL), under the salon's name.
    const mailSettings = await call(b.port, 'POST', '/api/email-settings', {
      from: '127.78.0.2',
      cookie,
      body: { provider: 'system', fromName: FROM_NAME },
    });
    expect(mailSettings.status).toBe(200);
    expect(mailSettings.json()).toMatchObject({
      provider: 'system',
      fromName: FROM_NAME,
      email: OWNER_EMAIL,
    });

    const book = (
      instance: ServerProcess,
      time: string,
      who: { name: string; email: string },
      from: string,
    ) =>
      call(instance.port, 'POST', '/api/public/bookings', {
        from,
        body: {
          eventId,
          bookingDate: date,
          bookingTime: time,
          customFieldResponses: { Naam: who.name, 'E-mail': who.email, Telefoon: '+31612345678' },
        },
      });

    // 10 slots × 20 customers, half at A and half at B, all in flight at once. Each customer calls from
    // its own loopback address, so the per-IP limit of 30 bookings a minute is not what answers.
    const started = Date.now();
    const storm = await Promise.all(
      SLOTS.flatMap((time, slot) =>
        Array.from({ length: REQUESTS_PER_SLOT }, async (_, request) => {
          const instance = request % 2 === 0 ? a : b;
          const answer = await book(
            instance,
            time,
            customer(slot, request),
            `127.77.${slot + 1}.${request + 1}`,
          );
          return { slot, request, time, instance: instance.name, answer };
        }),
      ),
    );
    const stormMs = Date.now() - started;

    expect(
      storm
        .filter((r) => r.answer.status >= 500)
        .map((r) => `${r.instance} ${r.time}: ${r.answer.status} ${r.answer.body}`),
    ).toEqual([]);
    const winners: Array<{ slot: number; request: number; instance: string; created: Created }> = [];
    for (const [slot, time] of SLOTS.entries()) {
      const answers = storm.filter((r) => r.slot === slot);
      const won = answers.filter((r) => r.answer.status === 201);
      const lost = answers.filter((r) => r.answer.status !== 201);
      expect(won, `slot ${time}`).toHaveLength(1);
      expect(lost.map((r) => r.answer.status)).toEqual(Array(REQUESTS_PER_SLOT - 1).fill(409));
      for (const r of lost) expect(r.answer.json<{ message: string }>().message).toBe(nl.booking.slotTaken);
      const created = won[0]!.answer.json<Created>();
      expect(created.booking).toMatchObject({
        bookingDate: date,
        bookingTime: time,
        status: 'confirmed',
        customerEmail: customer(slot, won[0]!.request).email,
      });
      expect(created.managementUrl.startsWith(`${APP_URL}/booking/manage/`)).toBe(true);
      winners.push({ slot, request: won[0]!.request, instance: won[0]!.instance, created });
    }

    // A booking made on A is at once visible on B: B's month shows the slot busy and refuses it.
    const late = customer(99, 0);
    const onA = await book(a, '15:00', late, '127.78.1.1');
    expect(onA.status).toBe(201);
    const month = await call(
      b.port,
      'GET',
      `/api/public/events/${eventId}/availability?month=${date.slice(0, 7)}`,
      { from: '127.78.1.2' },
    );
    expect(month.status).toBe(200);
    const day = month
      .json<{ days: Array<{ date: string; slots: Array<{ time: string; busy: boolean }> }> }>()
      .days.find((d) => d.date === date)!;
    const busy = day.slots.filter((s) => s.busy).map((s) => s.time);
    expect(busy).toEqual([...SLOTS, '15:00']);
    const again = await book(b, '15:00', customer(99, 1), '127.78.1.3');
    expect(again.status).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(nl.booking.slotTaken);

    const bookings = [
      ...winners.map((w) => ({ id: w.created.booking.id, who: customer(w.slot, w.request) })),
      { id: onA.json<Created>().booking.id, who: late },
    ];

    // The database holds exactly these bookings, and no two of them overlap.
    const stored = await rows<{ id: string; status: string }>(
      'select id, status from bookings where event_id = $1',
      [eventId],
    );
    expect(stored.map((r) => r.id).sort()).toEqual(bookings.map((x) => x.id).sort());
    expect(stored.every((r) => r.status === 'confirmed')).toBe(true);
    const overlaps = await rows(
      `select x.id, y.id from bookings x join bookings y
         on x.event_id = y.event_id and x.id < y.id
        and x.status <> 'cancelled' and y.status <> 'cancelled'
        and tstzrange(x.starts_at, x.ends_at) && tstzrange(y.starts_at, y.ends_at)`,
    );
    expect(overlaps).toEqual([]);

    // Per booking: a confirmation to the customer and a notice to the owner by e-mail, and one
    // webhook. Wait until all of them arrived ...
    const expectedMails = bookings.length * 2;
    await eventually(
      () => smtp.received.length >= expectedMails && receiver.received.length >= bookings.length,
      60_000,
      `${expectedMails} e-mails and ${bookings.length} webhooks`,
    );
    const deliveredMs = Date.now() - started;
    // ... and a while longer, so a second delivery by the other instance would have shown up too.
    await new Promise((r) => setTimeout(r, 5_000));

    expect(smtp.received).toHaveLength(expectedMails);
    const messageIds = smtp.received.map((m) => m.mail.messageId);
    expect(new Set(messageIds).size).toBe(expectedMails);
    for (const { who } of bookings) {
      const toCustomer = smtp.received.filter((m) => m.envelope.to.includes(who.email));
      expect(
        toCustomer.map((m) => m.mail.subject),
        who.email,
      ).toEqual([expect.stringMatching(/^Bevestiging: Knippen op /)]);
      expect(toCustomer[0]!.mail.from?.value[0]).toEqual({
        name: FROM_NAME,
        address: 'noreply@afspraken.test',
      });
      const toOwner = smtp.received.filter(
        (m) => m.envelope.to.includes(OWNER_EMAIL) && m.mail.text?.includes(who.name),
      );
      expect(
        toOwner.map((m) => m.mail.subject),
        `owner notice for ${who.name}`,
      ).toEqual([expect.stringMatching(/^Nieuwe afspraak: Knippen op /)]);
    }
    // Nobody who was told the slot was taken got a confirmation.
    const customers = new Set(bookings.map((x) => x.who.email));
    expect(
      smtp.received.flatMap((m) => m.envelope.to).filter((to) => to !== OWNER_EMAIL && !customers.has(to)),
    ).toEqual([]);

    expect(receiver.received).toHaveLength(bookings.length);
    expect(new Set(receiver.received.map((h) => h.headers['webhook-id'])).size).toBe(bookings.length);
    expect(receiver.received.map((h) => JSON.parse(h.body).booking_id).sort()).toEqual(
      bookings.map((x) => x.id).sort(),
    );

    // The owner's record: each message sent after one attempt; reminders and follow-ups still wait.
    const planned = await rows<{
      id: string;
      booking_id: string;
      kind: string;
      channel: string;
      status: string;
      attempts: number;
    }>(
      'select id, booking_id, kind, channel, status, attempts from notifications where booking_id = any($1::uuid[])',
      [bookings.map((x) => x.id)],
    );
    const sentNow = planned.filter((n) =>
      ['confirmation', 'owner_notice', 'booking_created'].includes(n.kind),
    );
    expect(sentNow).toHaveLength(bookings.length * 3);
    expect(sentNow.filter((n) => n.status !== 'sent' || n.attempts !== 1)).toEqual([]);
    const later = planned.filter((n) => n.kind === 'reminder' || n.kind === 'follow_up');
    expect(later).toHaveLength(bookings.length * 2);
    expect(later.every((n) => n.status === 'pending' && n.attempts === 0)).toBe(true);
    // The Message-ID names the planned e-mail: the booking's for its confirmation (later mails
    // thread under it), else the notification's. Every mail is one of the planned e-mails, once.
    const mailIds = sentNow
      .filter((n) => n.channel === 'email')
      .map((n) =>
        n.kind === 'confirmation' ? `<booking-${n.booking_id}@afspraken.test>` : `<${n.id}@afspraken.test>`,
      );
    expect([...messageIds].sort()).toEqual(mailIds.sort());

    // pg-boss: one job per notification (its id), completed by one worker on its first try; the
    // timed ones not started. Completed jobs may already sit in the archive table.
    const jobs = await rows<{ id: string; state: string; retry_count: number; n: string }>(
      `select id::text, state, retry_count, count(*) over (partition by id) as n
         from (select id, state, retry_count from pgboss.job where name in ('mail', 'webhook')
               union all
               select id, state, retry_count from pgboss.archive where name in ('mail', 'webhook')) j
        where id = any($1::uuid[])`,
      [planned.map((n) => n.id)],
    );
    expect(jobs).toHaveLength(planned.length);
    expect(jobs.filter((j) => Number(j.n) !== 1)).toEqual([]);
    const jobOf = new Map(jobs.map((j) => [j.id, j]));
    for (const n of sentNow)
      expect(jobOf.get(n.id), `${n.kind} ${n.id}`).toMatchObject({ state: 'completed', retry_count: 0 });
    for (const n of later) expect(jobOf.get(n.id)?.state, `${n.kind} ${n.id}`).toBe('created');

    // Both instances registered the same four cron schedules: stored once each, and a minute's run of
    // the payment reconciliation is created by one instance only (whenever the test spans one).
    const schedules = await rows<{ name: string }>('select name from pgboss.schedule order by name');
    expect(schedules.map((s) => s.name)).toEqual([
      'calendar-maintenance',
      'mail-recovery',
      'payments-reconcile',
      'privacy-retention',
    ]);
    const cron = await rows<{ minute: Date; n: string }>(
      `select date_trunc('minute', created_on) as minute, count(*) as n from pgboss.job where name = 'payments-reconcile' group by 1`,
    );
    expect(cron.filter((c) => Number(c.n) > 1)).toEqual([]);

    // Neither process logged a warning or an error during all of this (both run at LOG_LEVEL=warn).
    for (const instance of instances()) expect(instance.logLines(40), `log of ${instance.name}`).toEqual([]);

    const byInstance = (name: string) => winners.filter((w) => w.instance === name).length;
    console.log(
      `scale-out: ${storm.length} concurrent bookings in ${stormMs} ms (winners on A: ${byInstance('A')}, on B: ${byInstance('B')}); ` +
        `${expectedMails} e-mails and ${bookings.length} webhooks delivered after ${deliveredMs} ms; cron minutes seen: ${cron.length}`,
    );
  }, 90_000);

  it('refuses the 21st login of one client within 15 minutes whichever instance it reaches, and locks a username at both', async () => {
    // The proxy alternates the instances; each keeps no count of its own, so A and B together allow 20.
    const viaProxy = (instance: ServerProcess, client: string, username: string, password: string) =>
      call(instance.port, 'POST', '/api/login', {
        from: PROXY,
        headers: { 'x-forwarded-for': client },
        body: { username, password },
      });
    const registered = await call(b.port, 'POST', '/api/register', {
      from: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.20' },
      body: { username: 'achterproxy', password: 'geheim123' },
    });
    expect(registered.status).toBe(201);
    const client = '198.51.100.21';
    const answers: HttpAnswer[] = [];
    for (let i = 0; i < 22; i++) answers.push(await viaProxy(i % 2 ? b : a, client, `gast-${i}`, 'fout'));
    expect(answers.map((r) => r.status)).toEqual([...Array(20).fill(401), 429, 429]);
    expect(answers.slice(0, 20).map((r) => r.headers['x-ratelimit-remaining'])).toEqual(
      Array.from({ length: 20 }, (_, i) => String(19 - i)),
    );
    for (const refused of answers.slice(20))
      expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: nl.errors.tooManyRequests });
    // Another client behind the same proxy still has all of its own attempts.
    expect((await viaProxy(b, '198.51.100.22', 'achterproxy', 'geheim123')).status).toBe(200);

    // 10 failures for one username from as many clients, half at each instance: locked at both.
    for (let i = 0; i < 10; i++)
      expect((await viaProxy(i % 2 ? b : a, `198.51.100.${100 + i}`, 'achterproxy', 'fout')).status).toBe(
        401,
      );
    for (const instance of [a, b])
      expect((await viaProxy(instance, '198.51.100.23', 'achterproxy', 'geheim123')).status).toBe(429);

    const [counted] = await rows<{ n: number }>(`select count(*)::int as n from rate_limit_hits`);
    console.log(
      `scale-out: logins of one client at A and B alternately: ${answers.map((r) => r.status).join(' ')}; counters in rate_limit_hits: ${counted!.n}`,
    );
  }, 60_000);

  it('hands one slot of a service with two agendas to exactly two "Geen voorkeur" bookings, one per agenda, across both instances', async () => {
    const registered = await call(a.port, 'POST', '/api/register', {
      from: '127.79.0.1',
      body: { username: 'tweestoelen', password: 'geheim123' },
    });
    expect(registered.status).toBe(201);
    const cookie = sessionCookie(registered);
    const chair = await call(b.port, 'POST', '/api/agendas', {
      from: '127.79.0.1',
      cookie,
      body: { name: 'Stoel 2' },
    });
    expect(chair.status).toBe(201);
    const [standard] = (await call(a.port, 'GET', '/api/agendas', { from: '127.79.0.1', cookie })).json<
      Array<{ id: string }>
    >();
    const agendaIds = [standard!.id, chair.json<{ id: string }>().id];
    const created = await call(a.port, 'POST', '/api/events', {
      from: '127.79.0.1',
      cookie,
      body: {
        title: 'Föhnen',
        workingDays: everyDay,
        ...upcomingRange(30),
        durationMinutes: 30,
        dailyPauseTimes: {},
        customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }],
        agendaIds,
      },
    });
    expect(created.status).toBe(201);
    const event = created.json<EventDto>();
    const date = dateWithReminderAhead(event);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call((i % 2 ? b : a).port, 'POST', '/api/public/bookings', {
          from: `127.79.1.${i + 1}`,
          body: {
            eventId: event.id,
            bookingDate: date,
            bookingTime: '10:00',
            customFieldResponses: { Naam: `Klant ${i}` },
          },
        }),
      ),
    );
    const won = answers.filter((r) => r.status === 201);
    expect(answers.filter((r) => r.status !== 201).map((r) => r.status)).toEqual(Array(18).fill(409));
    expect(won.map((r) => r.json<Created>().booking.agendaId).sort()).toEqual([...agendaIds].sort());
  }, 60_000);

  it('holds a daily limit of 3 across both instances: 20 bookings at different times, exactly 3 succeed', async () => {
    const registered = await call(a.port, 'POST', '/api/register', {
      from: '127.80.0.1',
      body: { username: 'dagpraktijk', password: 'geheim123' },
    });
    expect(registered.status).toBe(201);
    const cookie = sessionCookie(registered);
    const created = await call(b.port, 'POST', '/api/events', {
      from: '127.80.0.1',
      cookie,
      body: {
        title: 'Intake',
        workingDays: everyDay,
        ...upcomingRange(30),
        durationMinutes: 15,
        dailyPauseTimes: {},
        customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }],
      },
    });
    expect(created.status).toBe(201);
    const event = created.json<EventDto>();
    const limited = await call(a.port, 'PATCH', `/api/events/${event.id}`, {
      from: '127.80.0.1',
      cookie,
      body: { maxBookingsPerDay: 3 },
    });
    expect(limited.status, limited.body).toBe(200);
    expect(limited.json<{ maxBookingsPerDay: number }>().maxBookingsPerDay).toBe(3);
    const date = dateWithReminderAhead(event);
    // 20 quarter-hour slots from 09:00 that do not overlap: only the daily limit can refuse them.
    const times = Array.from({ length: 20 }, (_, i) => {
      const minutes = 9 * 60 + i * 15;
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    });
    const answers = await Promise.all(
      times.map((time, i) =>
        call((i % 2 ? b : a).port, 'POST', '/api/public/bookings', {
          from: `127.80.1.${i + 1}`,
          body: {
            eventId: event.id,
            bookingDate: date,
            bookingTime: time,
            customFieldResponses: { Naam: `Klant ${i}` },
          },
        }),
      ),
    );
    expect(answers.filter((r) => r.status >= 500).map((r) => r.body)).toEqual([]);
    const won = answers.filter((r) => r.status === 201);
    const lost = answers.filter((r) => r.status !== 201);
    expect(won).toHaveLength(3);
    expect(lost.map((r) => r.status)).toEqual(Array(17).fill(409));
    for (const r of lost) expect(r.json<{ message: string }>().message).toBe(nl.booking.dayFull);
    const [live] = await rows<{ n: number }>(
      `select count(*)::int as n from bookings where event_id = $1 and booking_date = $2 and status <> 'cancelled'`,
      [event.id, date],
    );
    expect(live!.n).toBe(3);
    // Both instances now show the whole day busy.
    for (const instance of [a, b]) {
      const month = await call(
        instance.port,
        'GET',
        `/api/public/events/${event.id}/availability?month=${date.slice(0, 7)}`,
        { from: '127.80.2.1' },
      );
      const day = month
        .json<{ days: Array<{ date: string; slots: Array<{ busy: boolean }> }> }>()
        .days.find((d) => d.date === date)!;
      expect(day.slots.every((s) => s.busy)).toBe(true);
    }
  }, 60_000);

  it('both stop cleanly on SIGTERM (exit code 0)', async () => {
    const codes = await Promise.all([a.stop(), b.stop()]);
    expect(codes, `${a.output()}\n${b.output()}`).toEqual([0, 0]);
  }, 45_000);
});
