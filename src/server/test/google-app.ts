import { expect } from 'vitest';
import type { DbKind } from './databases';
import { startFakeGoogle, type FakeGoogle } from './fake-google';
import { createTestApp, type Agent, type TestApp } from './test-app';
import { freePort } from './wait';

/**
 * An app that listens on a real loopback port (so the fake Google can call its notification
 * endpoint back), with job workers, talking to a fresh fake Google.
 */
export async function startGoogleApp(kind: DbKind, env: Record<string, string> = {}) {
  const google = await startFakeGoogle();
  const port = await freePort();
  const t: TestApp = await createTestApp(kind, {
    workers: true,
    env: {
      APP_URL: `http://127.0.0.1:${port}`,
      GOOGLE_CLIENT_ID: 'fake-client-id',
      GOOGLE_CLIENT_SECRET: 'fake-client-secret',
      GOOGLE_OAUTH_BASE: google.url,
      GOOGLE_API_BASE: google.url,
      ...env,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    google,
    close: async () => {
      await t.close();
      await google.stop();
    },
  };
}

const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

/**
 * Walks the OAuth dance like a browser: our /auth redirect, the fake consent screen, and back to
 * our callback with the state cookie. Answers where the callback sent the browser.
 */
export async function connect(
  a: Agent,
  kind: 'google' | 'gmail',
  tamper?: (callback: URL) => void,
): Promise<string> {
  const session = a.cookie;
  const start = await a.get(`/api/${kind}/auth`);
  expect(start.statusCode, start.body).toBe(302);
  a.cookie = session; // the agent keeps one cookie: the session, not the OAuth state
  const stateCookie = cookieOf(start.headers['set-cookie'], 'g_oauth');
  const consent = await fetch(String(start.headers.location), { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  tamper?.(callback);
  const done = await a.get(`${callback.pathname}${callback.search}`, {
    cookie: [session, stateCookie].filter(Boolean).join('; '),
  });
  a.cookie = session;
  expect(done.statusCode).toBe(302);
  return String(done.headers.location);
}

export type { FakeGoogle };
