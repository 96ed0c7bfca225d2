import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { createAgenda, createService } from '../../test/agenda-fixtures';
import { dbKinds, queryRows } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';

const m = nl.agendas;

/**
 * Deleting an agenda while the owner (another tab) gives it to a service: one of the two must win.
 * Either the delete sees the service and refuses, or the service's save sees the agenda gone.
 */
describe.each(dbKinds())('agenda delete racing a service’s save on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('never leaves a service booking into a deleted agenda', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 10; round++) {
      const a = await owner(t);
      const chair = await createAgenda(a, 'Stoel 2');
      const service = await createService(a, 'Knippen', 30);
      const [removed, saved] = await Promise.all([
        a.delete(`/api/agendas/${chair}`),
        a.patch(`/api/events/${service.id}`, { agendaIds: [chair] }),
      ]);
      outcomes.push(`${removed.statusCode}/${saved.statusCode}`);
      if (saved.statusCode === 400) expect(saved.json().message).toBe(m.unknown);
      if (removed.statusCode === 409)
        expect(removed.json().message).toBe(m.usedByEvents.replace('{events}', 'Knippen'));
      const deleted = await queryRows<{ id: string }>(
        t.database,
        sql`select a.id from events e join agendas a on a.id = any(e.agenda_ids)
             where e.id = ${service.id} and a.deleted_at is not null`,
      );
      expect(deleted, `round ${round}: delete ${removed.statusCode}, save ${saved.statusCode}`).toEqual([]);
      // The service books into live agendas only, and a customer can book it.
      const live = new Set((await a.get('/api/agendas')).json().map((x: { id: string }) => x.id));
      const { agendaIds } = (await a.get(`/api/events/${service.id}`)).json();
      expect(agendaIds.length).toBeGreaterThan(0);
      expect(agendaIds.every((id: string) => live.has(id))).toBe(true);
      expect((await agent(t.app).get(`/api/public/events/${service.slug}`)).statusCode).toBe(200);
    }
    expect(outcomes.every((o) => o === '200/400' || o === '409/200')).toBe(true);
  });
});
