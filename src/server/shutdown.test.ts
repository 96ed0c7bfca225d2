import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { pgliteExtensions } from './db/client';
import { LOCK_SOCKET } from './db/data-dir-lock';
import { backupEmbedded } from './db/embedded-backup';
import { eventPayload } from './test/fixtures';
import { everyDay } from './test/notification-fixtures';
import { startServerProcess } from './test/server-process';
import { bookableDates, upcomingRange } from './test/test-today';
import { eventually, freePort } from './test/wait';
import { startReceiver } from './test/webhook-receiver';

/**
 * The real server process, started the way the container image starts it
 * (`node dist/server/main.js`, the bundle), stopped with SIGTERM while a request and a job are
 * under way.
 */
const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

function startServer(env: Record<string, string> & { PORT: string }) {
  const server = startServerProcess('shutdown', { LOG_LEVEL: 'info', ...env });
  cleanup.push(() => server.kill('SIGKILL'));
  return server;
}

/** Resolves with the error code of a fresh TCP connection attempt ('connected' if it got in). */
const connectOutcome = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });

describe('SIGTERM on the real server process', () => {
  it('finishes the request and the webhook job under way, refuses new connections, and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'afspraak-shutdown-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Start from the run's migrated image instead of seconds of initdb; the server opens it as its own.
    const seed = new PGlite(path.join(dataDir, 'pglite'), {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([readFileSync(inject('pgliteImage'))]),
    });
    await seed.close();

    const receiver = await startReceiver([{ status: 200, delayMs: 1500 }]);
    cleanup.push(() => receiver.stop());
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      WEBHOOK_ALLOW_PRIVATE: '1',
    };
    const server = startServer(env);
    await server.ready();

    // While it runs, DATA_DIR belongs to it: a backup and a second server are refused.
    await expect(backupEmbedded({ dataDir, file: path.join(dataDir, 'x.tar') })).rejects.toThrow(
      /running server \(pid \d+/,
    );
    const second = startServer({ ...env, PORT: String(await freePort()) });
    expect(await second.exit).toBe(1);
    expect(second.stderr()).toMatch(
      /Not starting: .*server\.sock is held by a running server \(pid \d+ on host /,
    );

    const json = { 'content-type': 'application/json' };
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'stopper', password: 'geheim123', email: 'stopper@example.nl' }),
    });
    expect(reg.status).toBe(201);
    const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
    const eventRes = await fetch(`${base}/api/events`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify(
        eventPayload({ workingDays: everyDay, dailyPauseTimes: {}, ...upcomingRange(30) }),
      ),
    });
    const event = (await eventRes.json()) as EventDto;
    const [firstDate, secondDate] = bookableDates(event, 2) as [string, string];
    expect(
      (
        await fetch(`${base}/api/events/${event.id}/webhooks`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ name: 'CRM', url: receiver.url }),
        })
      ).status,
    ).toBe(201);
    const booking = (date: string, time: string, name: string) =>
      JSON.stringify({
        eventId: event.id,
        bookingDate: date,
        bookingTime: time,
        customFieldResponses: { Naam: name, 'E-mail': `${name.toLowerCase()}@example.nl` },
      });

    // Job under way: the first booking's webhook, which the receiver answers only after 1.5 s.
    const first = await fetch(`${base}/api/public/bookings`, {
      method: 'POST',
      headers: json,
      body: booking(firstDate, '10:00', 'Eerste'),
    });
    expect(first.status).toBe(201);
    const firstId = ((await first.json()) as { booking: { id: string } }).booking.id;
    await eventually(() => receiver.received.length === 1, 20_000, 'the webhook delivery to start');

    // Request under way: a client that has sent the headers and half of the body.
    const body = Buffer.from(booking(secondDate, '11:00', 'Tweede'));
    let answer: (value: { status: number; requestId: string; body: string }) => void = () => {};
    let fail: (err: Error) => void = () => {};
    const response = new Promise<{ status: number; requestId: string; body: string }>((resolve, reject) => {
      answer = resolve;
      fail = reject;
    });
    response.catch(() => {}); // awaited below; a failure must fail the test there, not as an unhandled rejection
    const slow = http.request(
      `${base}/api/public/bookings`,
      {
        method: 'POST',
        headers: { ...json, 'content-length': body.length, 'x-request-id': 'slow-client-0001' },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () =>
          answer({ status: res.statusCode!, requestId: String(res.headers['x-request-id']), body: text }),
        );
      },
    );
    slow.on('error', (err) => fail(err));
    cleanup.push(() => slow.destroy());
    slow.write(body.subarray(0, 40));
    await new Promise((r) => setTimeout(r, 300));

    void server.kill('SIGTERM');
    // New connections are refused at once, while the started work goes on.
    await eventually(
      async () => (await connectOutcome(port)) === 'ECONNREFUSED',
      5_000,
      'new connections to be refused',
    );
    expect(server.exited()).toBe(false);
    slow.end(body.subarray(40));

    const answered = await response;
    expect(answered.status).toBe(201);
    expect(answered.requestId).toBe('slow-client-0001');
    const secondId = (JSON.parse(answered.body) as { booking: { id: string } }).booking.id;

    expect(await server.exit).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_SOCKET))).toBe(false);

    // What the process left in its database: the webhook it was sending is recorded as sent, and the
    // booking accepted during shutdown is stored with its own webhook planned (sent or still queued).
    const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions });
    cleanup.push(() => db.close());
    const rows = async (bookingId: string) =>
      (
        await db.query<{ status: string; response_status: number | null; attempts: number }>(
          `select status, response_status, attempts from notifications where booking_id = $1 and channel = 'webhook'`,
          [bookingId],
        )
      ).rows;
    expect(await rows(firstId)).toEqual([{ status: 'sent', response_status: 200, attempts: 1 }]);
    expect((await rows(secondId)).map((r) => r.status)).toEqual([expect.stringMatching(/^(pending|sent)$/)]);

    // Its log: one JSON object per line, the shutdown narrated, the slow request under its id.
    const lines = server
      .stdout()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; reqId?: string; res?: { statusCode: number } });
    const messages = lines.map((l) => l.msg);
    expect(messages).toContain('afspraakplanner ready');
    expect(messages.indexOf('shut down cleanly')).toBeGreaterThan(
      messages.findIndex((m) => m.startsWith('shutting down')),
    );
    expect(
      lines.find((l) => l.reqId === 'slow-client-0001' && l.msg === 'request completed')?.res?.statusCode,
    ).toBe(201);
    expect(server.stderr()).toBe('');
  }, 120_000);
});
