import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPayload, owner } from '../test/fixtures';
import { agent, createTestApp, type TestApp } from '../test/test-app';

describe('what the logs never contain', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      now: () => new Date('2026-12-01T08:00:00Z'),
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (l) => void lines.push(l) },
    });
  });
  afterAll(() => t.close());

  it('keeps passwords, session cookies and management tokens out of every log line', async () => {
    const a = await owner(t, 'logcheck');
    await a.post('/api/login', { username: 'logcheck', password: 'geheim123' });
    const event = (await a.post('/api/events', eventPayload())).json();
    const created = (
      await agent(t.app).post('/api/public/bookings', {
        eventId: event.id,
        bookingDate: '2026-12-02',
        bookingTime: '10:00',
        customFieldResponses: { Naam: 'Sanne', 'E-mail': 'sanne@example.nl' },
      })
    ).json();
    const token = created.managementToken as string;
    await agent(t.app).get(`/api/public/bookings/manage/${token}`);
    await agent(t.app).delete(`/api/public/bookings/manage/${token}`);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).toContain('/api/public/bookings/manage/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('geheim123');
    expect(log).not.toContain(a.cookie!.split('=')[1]!.split('.')[0]!);
  });
});

describe('log lines and request ids', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (l) => void lines.push(l) },
    });
  });
  afterAll(() => t.close());

  type Line = {
    level: number;
    time: number;
    msg: string;
    reqId?: string;
    req?: { method: string; url: string };
    res?: { statusCode: number };
  };
  const parsed = () => lines.map((l) => JSON.parse(l) as Line);
  const forRequest = (id: string) => parsed().filter((l) => l.reqId === id);

  it('writes one JSON object per line, each request line carrying the id the response returns', async () => {
    lines.length = 0;
    const res = await agent(t.app).get('/api/events');
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(lines.every((l) => l.endsWith('\n') && l.trim().split('\n').length === 1)).toBe(true);
    const mine = forRequest(id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/events' } });
    expect(mine[1]!.res!.statusCode).toBe(401);
    expect(typeof mine[1]!.time).toBe('number');
    // Every request-scoped line has an id: none is logged about a request without one.
    expect(
      parsed()
        .filter((l) => l.req || l.res)
        .every((l) => typeof l.reqId === 'string'),
    ).toBe(true);
    // Two requests never share an id.
    const other = await agent(t.app).get('/healthz');
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('keeps a sane X-Request-Id from the proxy, so one id follows the request across hops', async () => {
    lines.length = 0;
    const res = await agent(t.app).get('/healthz', { 'x-request-id': 'caddy-7f3a.91_b2' });
    expect(res.headers['x-request-id']).toBe('caddy-7f3a.91_b2');
    expect(forRequest('caddy-7f3a.91_b2').map((l) => l.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('replaces an id that is too short, too long or carries other characters, and never logs it', async () => {
    for (const bad of [
      'kort',
      'x'.repeat(129),
      'id met spaties',
      '<script>alert(1)</script>',
      'a"b\\c{}[]:,',
    ]) {
      lines.length = 0;
      const res = await agent(t.app).get('/healthz', { 'x-request-id': bad });
      const id = res.headers['x-request-id'] as string;
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(forRequest(id)).toHaveLength(2);
      expect(lines.join('')).not.toContain(bad);
    }
  });
});
