import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AGENDA_GROUPS } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { events } from '../../db/schema';
import { createAgenda, createService, serviceBody, type Owner } from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const m = nl.agendas;

/** A service that needs one agenda of each of several groups (docs/PRODUCT.md#agenda-groups). */
describe.each(dbKinds())('event agenda groups on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** An owner with two stylists and a colour room. */
  async function salon(): Promise<{ a: Owner; stylistA: string; stylistB: string; room: string }> {
    const a = await owner(t);
    return {
      a,
      stylistA: await createAgenda(a, 'Stylist A'),
      stylistB: await createAgenda(a, 'Stylist B'),
      room: await createAgenda(a, 'Kleurkamer'),
    };
  }
  const stored = async (id: string) =>
    (await t.database.db.select().from(events).where(eq(events.id, id)))[0]!;

  it('stores agendaGroups as the first group and the further ones, and answers both shapes', async () => {
    const { a, stylistA, stylistB, room } = await salon();
    const kleuren = await createService(a, 'Kleuren', 90, { agendaGroups: [[stylistA, stylistB], [room]] });
    expect(kleuren).toMatchObject({
      agendaIds: [stylistA, stylistB],
      agendaGroups: [[stylistA, stylistB], [room]],
    });
    const row = await stored(kleuren.id);
    expect(row.agendaIds).toEqual([stylistA, stylistB]);
    expect(row.extraAgendaGroups).toEqual([[room]]);
    expect((await a.get(`/api/events/${kleuren.id}`)).json()).toMatchObject({
      agendaIds: [stylistA, stylistB],
      agendaGroups: [[stylistA, stylistB], [room]],
    });
    const [listed] = (await a.get('/api/events')).json();
    expect(listed.agendaGroups).toEqual([[stylistA, stylistB], [room]]);

    // Repeated ids fall away, as in agendaIds; both given and equal is fine.
    const again = await createService(a, 'Kleuren kort', 60, {
      agendaIds: [stylistA],
      agendaGroups: [
        [stylistA, stylistA],
        [room, room],
      ],
    });
    expect(again.agendaGroups).toEqual([[stylistA], [room]]);

    // Today's shape: only agendaIds (or nothing) gives one group.
    const knippen = await createService(a, 'Knippen', 30, { agendaIds: [stylistB] });
    expect(knippen.agendaGroups).toEqual([[stylistB]]);
    const standard = (await a.get('/api/agendas')).json()[0].id;
    expect((await createService(a, 'Föhnen', 30)).agendaGroups).toEqual([[standard]]);
  });

  it('keeps the further groups when a PATCH names only agendaIds; agendaGroups replaces all', async () => {
    const { a, stylistA, stylistB, room } = await salon();
    const kleuren = await createService(a, 'Kleuren', 90, { agendaGroups: [[stylistA], [room]] });

    const person = await a.patch(`/api/events/${kleuren.id}`, { agendaIds: [stylistB, stylistA] });
    expect(person.statusCode, person.body).toBe(200);
    expect(person.json().agendaGroups).toEqual([[stylistB, stylistA], [room]]);
    const title = await a.patch(`/api/events/${kleuren.id}`, { title: 'Kleuren lang' });
    expect(title.json().agendaGroups).toEqual([[stylistB, stylistA], [room]]);

    const only = await a.patch(`/api/events/${kleuren.id}`, { agendaGroups: [[stylistA]] });
    expect(only.statusCode, only.body).toBe(200);
    expect(only.json()).toMatchObject({ agendaIds: [stylistA], agendaGroups: [[stylistA]] });
    expect((await stored(kleuren.id)).extraAgendaGroups).toEqual([]);

    // agendaGroups alone sets the first group too, whatever agendaIds was stored.
    const swapped = await a.patch(`/api/events/${kleuren.id}`, { agendaGroups: [[room], [stylistA]] });
    expect(swapped.json()).toMatchObject({ agendaIds: [room], agendaGroups: [[room], [stylistA]] });
  });

  it('refuses an agenda in two groups, too many or empty groups, and disagreeing shapes', async () => {
    const { a, stylistA, stylistB, room } = await salon();
    const overlap = await a.post(
      '/api/events',
      serviceBody('Kleuren', 90, { agendaGroups: [[stylistA, stylistB], [stylistB]] }),
    );
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()).toMatchObject({
      message: m.inTwoGroups,
      fields: { 'agendaGroups.1': m.inTwoGroups },
    });

    const ids = [
      stylistA,
      stylistB,
      room,
      await createAgenda(a, 'Wasplek'),
      await createAgenda(a, 'Droogkap'),
    ];
    const tooMany = await a.post(
      '/api/events',
      serviceBody('Alles', 90, { agendaGroups: ids.map((id) => [id]) }),
    );
    expect(ids).toHaveLength(MAX_AGENDA_GROUPS + 1);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(m.tooManyGroups);

    for (const agendaGroups of [[], [[stylistA], []]]) {
      const empty = await a.post('/api/events', serviceBody('Leeg', 30, { agendaGroups }));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(m.needOne);
    }

    const disagree = await a.post(
      '/api/events',
      serviceBody('Kleuren', 90, { agendaIds: [stylistB], agendaGroups: [[stylistA], [room]] }),
    );
    expect(disagree.statusCode).toBe(400);
    expect(disagree.json()).toMatchObject({
      message: m.groupsDisagree,
      fields: { agendaIds: m.groupsDisagree },
    });

    // On a PATCH: a first group that takes the room the service already needs beside it, or both
    // shapes disagreeing. Nothing changes.
    const kleuren = await createService(a, 'Kleuren', 90, { agendaGroups: [[stylistA], [room]] });
    const intoRoom = await a.patch(`/api/events/${kleuren.id}`, { agendaIds: [stylistA, room] });
    expect(intoRoom.statusCode).toBe(400);
    expect(intoRoom.json().message).toBe(m.inTwoGroups);
    const both = await a.patch(`/api/events/${kleuren.id}`, {
      agendaIds: [stylistB],
      agendaGroups: [[stylistA]],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(m.groupsDisagree);
    expect((await a.get(`/api/events/${kleuren.id}`)).json().agendaGroups).toEqual([[stylistA], [room]]);
  });

  it('refuses another owner’s or a deleted agenda in any group, naming the group', async () => {
    const { a, stylistA, room } = await salon();
    const b = await owner(t);
    const theirs = await createAgenda(b, 'Kamer van B');
    const foreign = await a.post(
      '/api/events',
      serviceBody('Kleuren', 90, { agendaGroups: [[stylistA], [theirs]] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: m.unknown, fields: { 'agendaGroups.1': m.unknown } });
    const first = await a.post(
      '/api/events',
      serviceBody('Kleuren', 90, { agendaGroups: [[theirs], [room]] }),
    );
    expect(first.json()).toMatchObject({ message: m.unknown, fields: { agendaIds: m.unknown } });

    const gone = await createAgenda(a, 'Oude kamer');
    expect((await a.delete(`/api/agendas/${gone}`)).statusCode).toBe(200);
    const kleuren = await createService(a, 'Kleuren', 90, { agendaGroups: [[stylistA], [room]] });
    const deleted = await a.patch(`/api/events/${kleuren.id}`, { agendaGroups: [[stylistA], [room, gone]] });
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json()).toMatchObject({ message: m.unknown, fields: { 'agendaGroups.1': m.unknown } });
    expect((await a.get(`/api/events/${kleuren.id}`)).json().agendaGroups).toEqual([[stylistA], [room]]);
  });

  it('allows combinations only when switched on, and keeps the switch when a PATCH leaves it out', async () => {
    const a = await owner(t);
    const knippen = await createService(a, 'Knippen', 30);
    expect(knippen.allowCombinations).toBe(false);
    const on = await createService(a, 'Kleuren', 90, { allowCombinations: true });
    expect(on.allowCombinations).toBe(true);
    expect((await stored(on.id)).allowCombinations).toBe(true);

    const kept = await a.patch(`/api/events/${on.id}`, { durationMinutes: 60 });
    expect(kept.json()).toMatchObject({ durationMinutes: 60, allowCombinations: true });
    const off = await a.patch(`/api/events/${on.id}`, { allowCombinations: false });
    expect(off.json().allowCombinations).toBe(false);
    const bad = await a.patch(`/api/events/${on.id}`, { allowCombinations: 'ja' });
    expect(bad.statusCode).toBe(400);
  });
});
