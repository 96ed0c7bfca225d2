import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nl } from '@contracts/messages';
import { buildApp } from '../../app';
import { openPostgres, type Database } from '../../db/client';
import { createTestDatabase, queryRows, type TestDatabase } from '../../test/databases';
import { testConfig } from '../../test/test-app';
import { eventually } from '../../test/wait';
import { NOW } from '../../security/owner-fixtures';

const PASSWORD = 'geheim123';
const LIMITED = { code: 'RATE_LIMITED', message: nl.errors.tooManyRequests };
const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Two app instances on one PostgreSQL database, each with its own connection pool, as two processes
 * behind a load balancer: the per-address limits and the per-username lockout are counted in the
 * database, so a client gets each limit once in total, not once per instance.
 */
describe.skipIf(!inject('postgresTemplate'))(
  'limits shared by two app instances on one PostgreSQL database',
  () => {
    let database: TestDatabase;
    let second: Database;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let clock = NOW;
    const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

    const login = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
    const statusAndLeft = (res: LightMyRequestResponse) =>
      `${res.statusCode} ${String(res.headers['x-ratelimit-remaining'])}`;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      second = openPostgres(database.url!, 5);
      // Same secret, same clock, separate pools and separate processes' worth of memory.
      a = await buildApp({ config: testConfig(), database, now: () => clock });
      b = await buildApp({ config: testConfig(), database: second, now: () => clock });
      await Promise.all([a.ready(), b.ready()]);
      expect(
        (
          await b.inject({
            method: 'POST',
            url: '/api/register',
            payload: { username: 'henk', password: PASSWORD },
          })
        ).statusCode,
      ).toBe(201);
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await second?.close();
      await database?.destroy();
    });

    it('refuses the 21st login from one address within 15 minutes, whichever instance it reaches', async () => {
      const address = '198.51.100.7';
      const seen: string[] = [];
      for (let i = 0; i < 20; i++)
        seen.push(statusAndLeft(await login(i % 2 ? b : a, `poging-${i}`, 'fout', address)));
      // One count across both: the remaining attempts go down by one per call, whichever instance.
      expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => `401 ${19 - i}`));

      for (const app of [a, b]) {
        const refused = await login(app, 'henk', PASSWORD, address);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual(LIMITED);
        expect(refused.headers['set-cookie']).toBeUndefined();
      }
      expect((await login(b, 'henk', PASSWORD, '198.51.100.8')).statusCode).toBe(200); // another address is not limited

      later(FIFTEEN_MINUTES + 1000);
      expect((await login(a, 'henk', PASSWORD, address)).statusCode).toBe(200);
      expect(statusAndLeft(await login(b, 'henk', PASSWORD, address))).toBe('200 18');
    });

    it('counts concurrent logins at both instances exactly: 20 of 30 at once get through', async () => {
      const address = '198.51.100.9';
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(i % 2 ? b : a, `tegelijk-${i}`, 'fout', address)),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    });

    it('gives each of many hits arriving at once its own count: the remaining calls go 29 down to 0', async () => {
      const answers = await Promise.all(
        Array.from({ length: 35 }, (_, i) =>
          a.inject({
            method: 'DELETE',
            url: `/api/public/bookings/manage/onbekend-token-nummer-${i}`,
            remoteAddress: i < 33 ? '192.0.2.40' : `192.0.2.${41 + i}`,
          }),
        ),
      );
      const fromOne = answers.slice(0, 33);
      expect(fromOne.filter((r) => r.statusCode === 404)).toHaveLength(30);
      expect(fromOne.filter((r) => r.statusCode === 429)).toHaveLength(3);
      const left = fromOne
        .filter((r) => r.statusCode === 404)
        .map((r) => Number(r.headers['x-ratelimit-remaining']))
        .sort((x, y) => y - x);
      expect(left).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
      // Other addresses in the same batch start their own windows.
      for (const r of answers.slice(33)) expect(statusAndLeft(r)).toBe('404 29');
    });

    it('locks a username after 10 failures spread over both instances, at both, and a success at one clears it at both', async () => {
      for (let i = 0; i < 10; i++)
        expect(
          (await login(i % 2 ? b : a, i % 3 ? 'henk' : 'HENK', 'fout', `203.0.113.${i + 1}`)).statusCode,
        ).toBe(401);
      for (const app of [a, b])
        expect((await login(app, 'henk', PASSWORD, '203.0.113.50')).json()).toEqual(LIMITED);

      later(FIFTEEN_MINUTES + 1000);
      expect((await login(b, 'henk', PASSWORD, '203.0.113.51')).statusCode).toBe(200);

      // 9 failures, a success at A, 9 more failures: B must not add them up to a lock.
      for (let i = 0; i < 9; i++) await login(i % 2 ? b : a, 'henk', 'fout', `203.0.114.${i + 1}`);
      expect((await login(a, 'henk', PASSWORD, '203.0.114.50')).statusCode).toBe(200);
      for (let i = 0; i < 9; i++)
        expect((await login(i % 2 ? a : b, 'henk', 'fout', `203.0.115.${i + 1}`)).statusCode).toBe(401);
      expect((await login(b, 'henk', PASSWORD, '203.0.115.50')).statusCode).toBe(200);
    });

    it('shares the public booking calls’ limit of 30 a minute per address', async () => {
      const cancel = (app: FastifyInstance) =>
        app.inject({
          method: 'DELETE',
          url: '/api/public/bookings/manage/onbekend-token-onbekend-token',
          remoteAddress: '192.0.2.30',
        });
      for (let i = 0; i < 30; i++) expect((await cancel(i % 2 ? b : a)).statusCode).toBe(404);
      for (const app of [a, b]) expect((await cancel(app)).json()).toEqual(LIMITED);
      later(60_000);
      expect((await cancel(b)).statusCode).toBe(404);
    });

    it('removes ended windows: after the clean-up interval the next hit deletes every counter whose window ended', async () => {
      const ended = async () =>
        (
          await queryRows<{ n: number }>(
            database,
            sql`select count(*)::int as n from rate_limit_hits where expires_at <= ${clock.toISOString()}::timestamptz`,
          )
        )[0]!.n;
      later(FIFTEEN_MINUTES + 1000);
      expect(await ended()).toBeGreaterThan(0);
      expect((await login(a, 'henk', PASSWORD, '192.0.2.99')).statusCode).toBe(200);
      await eventually(async () => (await ended()) === 0, 5_000, 'ended rate-limit windows removed');
      const [live] = await queryRows<{ n: number }>(
        database,
        sql`select count(*)::int as n from rate_limit_hits`,
      );
      expect(live!.n).toBeGreaterThan(0); // the hit just counted stays
    });
  },
);
