import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPayload, owner } from '../test/fixtures';
import { agent, createTestApp, type TestApp } from '../test/test-app';

describe('what the logs never contain', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { now: () => new Date('2026-12-01T08:00:00Z'), env: { LOG_LEVEL: 'info' }, logStream: { write: (l) => void lines.push(l) } });
  });
  afterAll(() => t.close());

  it('keeps passwords, session cookies and management tokens out of every log line', async () => {
    const a = await owner(t, 'logcheck');
    await a.post('/api/login', { username: 'logcheck', password: 'geheim123' });
    const event = (await a.post('/api/events', eventPayload())).json();
    const created = (
      await agent(t.app).post('/api/public/bookings', {
        eventId: event.id, bookingDate: '2026-12-02', bookingTime: '10:00',
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
