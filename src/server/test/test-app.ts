import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { JobQueueOptions } from '../jobs/job-queue';
import { startWorkers } from '../jobs/workers';
import { loadConfig, type AppConfig } from '../config';
import { createTestDatabase, type DbKind, type TestDatabase } from './databases';
import { startSmtp, type TestSmtp } from './smtp';
import { testClock } from './test-today';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/** Retries within seconds instead of minutes, so a test can watch an outage end. */
export const FAST_JOBS: JobQueueOptions = {
  pollingIntervalSeconds: 0.5,
  retry: {
    mail: { retryLimit: 4, retryDelay: 1 },
    webhook: { retryLimit: 4, retryDelay: 1 },
    text: { retryLimit: 4, retryDelay: 1 },
    calendar: { retryLimit: 4, retryDelay: 1 },
    calendarSync: { retryLimit: 2, retryDelay: 1 },
    farewellMail: { retryLimit: 4, retryDelay: 1 },
  },
};

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'afspraak-data-')),
    APP_URL: 'http://localhost:3000',
    WEBHOOK_ALLOW_PRIVATE: '1',
    // No test reaches a real text-message provider: a closed loopback port unless a test starts a fake.
    TWILIO_API_BASE: 'http://127.0.0.1:9',
    MESSAGEBIRD_API_BASE: 'http://127.0.0.1:9',
    ...overrides,
  });
}

export async function createTestApp(
  kind: DbKind,
  opts: {
    /** A fixed clock; by default TEST_TODAY's (test-today.ts), else the real one. */
    now?: () => Date;
    env?: Record<string, string>;
    logStream?: { write(line: string): void };
    /** Run the job workers (e-mail, webhooks, reconciliation) as `npm start` does. */
    workers?: boolean;
    /** Job timings; FAST_JOBS by default. */
    jobOptions?: JobQueueOptions;
    /** A client build to serve (a small one of the test's own); dist/web by default. */
    webRoot?: string;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = testConfig(opts.env);
  const app = await buildApp({
    config,
    database,
    now: opts.now ?? testClock(),
    logStream: opts.logStream,
    jobOptions: opts.jobOptions ?? FAST_JOBS,
    webRoot: opts.webRoot,
  });
  await app.ready();
  if (opts.workers) await startWorkers(app);
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * An app whose workers send e-mail through a real SMTP test server (`SMTP_URL`, the system
 * provider), for the suites that read what was sent. `opts` as createTestApp's; its `env` is added.
 */
export type MailingApp = TestApp & { smtp: TestSmtp };
export async function createMailingApp(
  kind: DbKind,
  opts: Parameters<typeof createTestApp>[1] = {},
): Promise<MailingApp> {
  const smtp = await startSmtp();
  const t = await createTestApp(kind, {
    workers: true,
    ...opts,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Afspraakplanner <noreply@afspraak.test>', ...opts.env },
  });
  return {
    ...t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.stop();
    },
  };
}

let agentCount = 0;

/**
 * Keeps the session cookie between calls, like one browser does. Each agent has its own client
 * address (per-IP rate limits apply per agent, as they would per visitor).
 */
export function agent(app: FastifyInstance) {
  let cookie: string | undefined;
  agentCount++;
  const remoteAddress = `127.1.${Math.floor(agentCount / 250) % 250}.${(agentCount % 250) + 1}`;
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res: LightMyRequestResponse = await app.inject({
      method,
      url,
      remoteAddress,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    const setCookie = res.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) {
      const pair = first.split(';')[0]!;
      cookie = pair.endsWith('=') ? undefined : pair;
    }
    return res;
  };
  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call('POST', url, payload, headers),
    patch: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call('PATCH', url, payload, headers),
    put: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call('PUT', url, payload, headers),
    delete: (url: string, headers?: Record<string, string>) => call('DELETE', url, undefined, headers),
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
  };
}
export type Agent = ReturnType<typeof agent>;
