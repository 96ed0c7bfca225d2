import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { buildApp } from '../app';
import { eventPayload, owner } from '../test/fixtures';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { agent, FAST_JOBS, testConfig, type TestApp } from '../test/test-app';
import { bookableDates, testClock, upcomingRange } from '../test/test-today';
import { eventually } from '../test/wait';
import { openPostgres, type Database } from './client';
import { isDatabaseUnavailable } from './database-faults';

const customer = 'fout.klant@example.nl';
const booking = (event: EventDto, date: string, time: string) => ({
  eventId: event.id,
  bookingDate: date,
  bookingTime: time,
  customFieldResponses: { Naam: 'Fenna Fout', 'E-mail': customer },
});
type Line = { level: number; msg: string };

/**
 * The app on a real PostgreSQL reached through a loopback proxy that a test cuts and heals: what a
 * database restart or a network partition does to requests, health and logs.
 */
describe.runIf(dbKinds().includes('postgres'))(
  'a database that goes away (PostgreSQL behind a proxy)',
  () => {
    const lines: string[] = [];
    let scratch: TestDatabase;
    let proxy: TcpProxy;
    let database: Database;
    let t: TestApp;
    let event: EventDto;
    let dates: string[];
    beforeAll(async () => {
      scratch = await createTestDatabase('postgres');
      const target = new URL(scratch.url!);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
      database = openPostgres(proxy.url(scratch.url!), 5);
      const config = testConfig({ LOG_LEVEL: 'info' });
      const app = await buildApp({
        config,
        database,
        now: testClock(),
        logStream: { write: (l) => void lines.push(l) },
        jobOptions: FAST_JOBS,
      });
      await app.ready();
      t = { app, database: scratch, config, close: () => app.close() };
      const o = await owner(t);
      event = (await o.post('/api/events', eventPayload(upcomingRange()))).json();
      dates = bookableDates(event, 3);
    });
    afterAll(async () => {
      proxy.heal();
      await t.app.close();
      await database.close();
      await proxy.close();
      await scratch.destroy();
    });

    it('answers 503 UNAVAILABLE with Retry-After during a cut, logs no personal data, and serves again once healed', async () => {
      proxy.cut();
      const during = await agent(t.app).post('/api/public/bookings', booking(event, dates[0]!, '10:00'));
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(during.json()).toEqual({
        code: 'UNAVAILABLE',
        message: 'De dienst is tijdelijk niet beschikbaar. Probeer het zo opnieuw.',
      });
      expect(nl.errors.unavailable).toBe(during.json().message);
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);

      proxy.heal();
      const healedAt = Date.now();
      const after = await eventually(async () => {
        const res = await agent(t.app).post('/api/public/bookings', booking(event, dates[0]!, '10:00'));
        return res.statusCode === 201 ? res : undefined;
      }, 5_000);
      expect(after.statusCode).toBe(201);
      expect(Date.now() - healedAt).toBeLessThan(5_000);

      const log = lines.join('\n');
      expect(log).toContain('database unavailable');
      expect(log).not.toContain(customer);
      expect(log).not.toContain('Fenna');
      expect(log).not.toMatch(/params:/);
      const parsed = lines.map((l) => JSON.parse(l) as Line);
      expect(parsed.filter((l) => l.level >= 50)).toEqual([]);
    });

    it('/readyz answers 503 within 2 s when the database does not answer at all', async () => {
      proxy.blackhole();
      try {
        const startedAt = Date.now();
        const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(Date.now() - startedAt).toBeLessThan(2_000);
        const health = await t.app.inject({ method: 'GET', url: '/healthz' });
        expect(health.statusCode).toBe(200);
      } finally {
        proxy.heal();
      }
      await eventually(
        async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200,
        5_000,
      );
    });
  },
);

describe.each(dbKinds())('database fault classification on %s', (kind) => {
  let scratch: TestDatabase;
  beforeAll(async () => {
    scratch = await createTestDatabase(kind);
  });
  afterAll(() => scratch.destroy());

  it('a statement over the ceiling is cancelled and counts as unavailable; a wrong statement does not', async () => {
    const wrong = await scratch.executeSql('select * from no_such_table').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(wrong)).toBe(false);
    if (kind !== 'postgres') return; // PGlite runs in this process: no server-side ceiling
    const slow = openPostgres(scratch.url!, 1, { statementTimeoutMs: 200 });
    try {
      const err = await slow.executeSql('select pg_sleep(2)').catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(err)).toBe(true);
      // The connection is usable again right after.
      await expect(slow.executeSql('select 1')).resolves.toBeTruthy();
    } finally {
      await slow.close();
    }
  });

  it.runIf(kind === 'pglite')(
    'an embedded database that is closed (its process part ended) counts as unavailable',
    async () => {
      const other = await createTestDatabase(kind);
      await other.destroy();
      const err = await other.executeSql('select 1').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(err)).toBe(true);
    },
  );
});
