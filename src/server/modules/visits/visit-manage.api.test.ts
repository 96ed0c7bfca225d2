import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { bookings } from '../../db/schema';
import { book, reschedule } from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { manageVisitSlots, postVisit, salon, type Salon } from '../../test/visit-fixtures';

const b = nlPublicSteps.booking;

/**
 * A visit changed as one (docs/PRODUCT.md#visits): the manage link moves every segment or none, the
 * visit's own segments never block its move, and the owner cancelling one segment frees only what
 * that segment occupied.
 */
describe.each(dbKinds())('moving and cancelling a visit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** Knippen 10:00–10:30 and Kleuren 10:30–12:00 (a stylist and the room), with `agendaId` if given. */
  async function knippenKleuren(s: Salon, name: string, agendaId?: string, time = '10:00') {
    const res = await postVisit(
      t,
      [{ eventId: s.knippen.id }, { eventId: s.kleuren.id }],
      s.date,
      time,
      name,
      agendaId,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      managementToken: string;
      visitId: string;
      segments: Array<{ bookingId: string; time: string }>;
    };
  }

  /** The visit's rows as stored: time, agenda, rooms and status per segment. */
  const stored = async (visitId: string) =>
    (
      await t.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.visitId, visitId))
        .orderBy(asc(bookings.visitPosition))
    ).map((r) => ({
      time: r.bookingTime,
      agendaId: r.agendaId,
      extra: r.extraAgendaIds,
      status: r.status,
      startsAt: r.startsAt.toISOString(),
    }));

  it("refuses the whole move when the second segment's new place is taken; nothing changes", async () => {
    const s = await salon(t);
    const visit = await knippenKleuren(s, 'Verhuizer');
    const before = await stored(visit.visitId);
    // The room is taken 15:00–16:30: Knippen at 14:00 would fit, Kleuren at 14:30–16:00 not.
    expect((await book(t, s.kleuren.id, s.date, '15:00', 'Kamer Bezet')).statusCode).toBe(201);
    expect((await manageVisitSlots(t, visit.managementToken, s.date))['14:00']).toBe(true);
    const moved = await reschedule(t, visit.managementToken, s.date, '14:00');
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().message).toBe(b.slotTaken);
    expect(await stored(visit.visitId)).toEqual(before);
    // A free place moves both.
    const ok = await reschedule(t, visit.managementToken, s.date, '12:30');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored(visit.visitId)).map((r) => r.time)).toEqual(['12:30', '13:00']);
  });

  it('moves all or nothing when others race for the room at the new place', async () => {
    const s = await salon(t);
    const visit = await knippenKleuren(s, 'Racer');
    const before = await stored(visit.visitId);
    const [move, ...singles] = await Promise.all([
      // Kleuren of the moved visit 13:00–14:30, each single one 13:30–15:00: one room for all.
      reschedule(t, visit.managementToken, s.date, '12:30'),
      ...Array.from({ length: 10 }, (_, i) => book(t, s.kleuren.id, s.date, '13:30', `Kamer ${i}`)),
    ]);
    const after = await stored(visit.visitId);
    const wonSingles = singles.filter((r) => r.statusCode === 201).length;
    expect([200, 409], move!.body).toContain(move!.statusCode);
    expect(singles.every((r) => [201, 409].includes(r.statusCode))).toBe(true);
    if (move!.statusCode === 200) {
      expect(after.map((r) => r.time)).toEqual(['12:30', '13:00']);
      expect(wonSingles).toBe(0);
    } else {
      expect(after).toEqual(before);
      expect(wonSingles).toBe(1);
    }
  });

  it('moves a visit later, and earlier, by less than its length: its own segments do not block it', async () => {
    const s = await salon(t);
    // With Anna throughout: every new place overlaps the visit's own old ones, on her and the room.
    const visit = await knippenKleuren(s, 'Schuiver', s.anna);
    expect((await manageVisitSlots(t, visit.managementToken, s.date))['10:30']).toBe(false);
    const later = await reschedule(t, visit.managementToken, s.date, '10:30');
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().visit.segments.map((x: { time: string }) => x.time)).toEqual(['10:30', '11:00']);
    expect((await stored(visit.visitId)).map((r) => [r.time, r.agendaId, r.extra])).toEqual([
      ['10:30', s.anna, []],
      ['11:00', s.anna, [s.room]],
    ]);
    const earlier = await reschedule(t, visit.managementToken, s.date, '10:00');
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect((await stored(visit.visitId)).map((r) => r.time)).toEqual(['10:00', '10:30']);
    // Where its Kleuren lay after the first move (until 12:30) is free again: Anna at 12:00.
    expect((await book(t, s.knippen.id, s.date, '12:00', 'Na Bezoek', s.anna)).statusCode).toBe(201);
  });

  it('a cancelled visit has no month to move in: a Dutch 409, not a 5xx', async () => {
    const s = await salon(t);
    const visit = await knippenKleuren(s, 'Afgezegd');
    const url = `/api/public/bookings/manage/${visit.managementToken}`;
    expect((await agent(t.app).delete(url)).statusCode).toBe(200);
    const month = await agent(t.app).get(`${url}/visit-availability?month=${s.date.slice(0, 7)}`);
    expect(month.statusCode).toBe(409);
    expect(month.json().message).toBe(b.cancelledCannotChange);
    const badMonth = await agent(t.app).get(`${url}/visit-availability?month=0000-01`);
    expect(badMonth.statusCode).toBe(400);
  });

  it('the owner cancelling one segment frees only its agendas; the other segment stays', async () => {
    const s = await salon(t);
    const visit = await knippenKleuren(s, 'Half', s.anna);
    const kleur = visit.segments[1]!;
    const res = await s.a.patch(`/api/bookings/${kleur.bookingId}`, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(visit.visitId)).map((r) => r.status)).toEqual(['confirmed', 'cancelled']);
    // Kleuren's Anna 10:30–12:00 and its room are free: a Kleuren with Anna at 10:30 takes both.
    const single = await book(t, s.kleuren.id, s.date, '10:30', 'Opvolger', s.anna);
    expect(single.statusCode, single.body).toBe(201);
    // Knippen's Anna 10:00–10:30 stays taken.
    const knippen = await book(t, s.knippen.id, s.date, '10:00', 'Te Laat', s.anna);
    expect(knippen.statusCode).toBe(409);
    expect(knippen.json().message).toBe(b.slotTaken);
    const managed = (await agent(t.app).get(`/api/public/bookings/manage/${visit.managementToken}`)).json();
    expect(managed.visit.segments.map((x: { status: string }) => x.status)).toEqual([
      'confirmed',
      'cancelled',
    ]);
    // The manage link now moves what is left: Knippen alone.
    const moved = await reschedule(t, visit.managementToken, s.date, '13:00');
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await stored(visit.visitId)).map((r) => [r.time, r.status])).toEqual([
      ['13:00', 'confirmed'],
      ['10:30', 'cancelled'],
    ]);
  });
});
