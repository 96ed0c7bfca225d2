import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { todayInZone } from '@core/index';
import { pgliteExtensions } from './db/client';
import { startFakeTwilio } from './test/fake-messaging';
import { eventPayload } from './test/fixtures';
import { call, sessionCookie } from './test/loopback-http';
import { everyDay } from './test/notification-fixtures';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { bookableDates, OWNER_ZONE, upcomingRange } from './test/test-today';
import { eventually, freePort } from './test/wait';

/**
 * A text message under way when the real embedded server is killed (docs/PRODUCT.md#text-messages):
 * the provider took it but the answer never reached us, so our row still says pending. After the
 * restart the job runs again, asks the provider first, and records the message it finds: the
 * customer gets it once.
 */
const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

describe('SIGKILL while a text message is being sent', () => {
  it('sends it once: the run after the restart finds the accepted message at the provider', async () => {
    const twilio = await startFakeTwilio();
    cleanup.push(() => twilio.close());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'afspraak-text-crash-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const seed = new PGlite(path.join(dataDir, 'pglite'), {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([readFileSync(inject('pgliteImage'))]),
    });
    await seed.close();
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: 'http://afspraken.test',
      TWILIO_API_BASE: twilio.url,
      // Long enough for the kill to come while the send waits for its answer.
      MESSAGING_TIMEOUT_MS: '60000',
      // 10:00 today in the owner's zone, out of the quiet hours whenever the test runs.
      TEST_TODAY: `${todayInZone(new Date(), OWNER_ZONE)}T10:00`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      REGISTER_LIMIT_PER_IP: '100',
    };
    const start = (): ServerProcess => {
      const server = startServerProcess('text-crash', env);
      cleanup.push(() => server.kill('SIGKILL'));
      return server;
    };
    const server = start();
    await server.ready();

    const from = '127.83.0.1';
    const registered = await call(port, 'POST', '/api/register', {
      from,
      body: { username: 'smssalon', password: 'geheim123', email: 'smssalon@example.nl' },
    });
    expect(registered.status).toBe(201);
    const cookie = sessionCookie(registered)!;
    const keys = twilio.newAccount();
    const connected = await call(port, 'PUT', '/api/messaging', {
      from,
      cookie,
      body: { provider: 'twilio', ...keys, sender: 'SmsSalon' },
    });
    expect(connected.status, connected.body).toBe(200);
    const created = await call(port, 'POST', '/api/events', {
      from,
      cookie,
      body: eventPayload({
        workingDays: everyDay,
        dailyPauseTimes: {},
        ...upcomingRange(60),
        textMessages: { channel: 'sms', send: ['confirmation'], reminderHours: 24 },
      }),
    });
    expect(created.status, created.body).toBe(201);
    const event = created.json<EventDto>();

    twilio.failNext('accept-then-timeout');
    const [date] = bookableDates(event, 2).slice(-1);
    const booked = await call(port, 'POST', '/api/public/bookings', {
      from: '127.83.0.2',
      body: {
        eventId: event.id,
        bookingDate: date,
        bookingTime: '11:00',
        customFieldResponses: { Naam: 'Jan Jansen', 'E-mail': 'jan@example.nl', Telefoon: '+31612345678' },
        textConsent: true,
      },
    });
    expect(booked.status, booked.body).toBe(201);
    const bookingId = booked.json<{ booking: { id: string } }>().booking.id;
    await eventually(() => twilio.messages().length === 1, 20_000, 'the provider to take the message');

    void server.kill('SIGKILL');
    const next = start();
    await next.ready();
    await eventually(
      () => twilio.requests().some((r) => r.method === 'GET' && r.path.endsWith('/Messages.json')),
      60_000,
      'the run after the restart to ask the provider',
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await next.stop()).toBe(0);

    expect(twilio.messages()).toHaveLength(1);
    const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions });
    cleanup.push(() => db.close());
    const rows = await db.query<{ status: string; provider_message_id: string | null }>(
      `select status, provider_message_id from notifications where booking_id = $1 and channel = 'sms'`,
      [bookingId],
    );
    expect(rows.rows).toEqual([{ status: 'sent', provider_message_id: twilio.messages()[0]!.id }]);
  }, 120_000);
});
