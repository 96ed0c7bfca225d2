import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

describe.each(dbKinds())('Google calls before Google is connected on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists no calendars and answers a sync with a clear Dutch message', async () => {
    const a = await owner(t);
    expect((await a.get('/api/google-calendar/calendars')).json()).toEqual([]);
    const sync = await a.post('/api/google/sync-now');
    expect(sync.statusCode).toBe(400);
    expect(sync.json().message).toBe(nl.google.notConnected);
    expect((await t.app.inject({ method: 'POST', url: '/api/google/sync-now' })).statusCode).toBe(401);
  });
});
