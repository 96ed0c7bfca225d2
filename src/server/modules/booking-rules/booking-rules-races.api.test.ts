import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds, queryRows } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookableDates } from '../../test/test-today';
import { bookAt, booked, gridTimes, ruledService, settableClock } from '../../test/rules-fixtures';

const b = nl.booking;

/** Saturdays from 06:00 to 22:00: 64 quarter-hour slots that do not overlap. */
const longSaturdays = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: k === '6', startTime: '06:00', endTime: '22:00' },
  ]),
);

/**
 * Issue 17 under concurrency: the database decides. The daily limit holds when 50 customers race
 * for the last place of a day (a lock per service and date, not read-then-insert), and buffers hold
 * when 20 customers race for slots whose blocked ranges overlap (the exclusion constraint is on the
 * blocked range).
 */
describe.each(dbKinds())('booking rules under concurrency on %s', (kind) => {
  let t: TestApp;
  const clock = settableClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
  });
  afterAll(() => t?.close());

  const liveOn = (eventId: string, date: string) =>
    queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from bookings
           where event_id = ${eventId} and booking_date = ${date} and status <> 'cancelled'`,
    ).then((rows) => rows[0]!.n);

  it('gives the last place of a day to exactly one of 50 parallel bookings at different times', async () => {
    const a = await owner(t);
    const service = await ruledService(
      a,
      'Knippen',
      15,
      { maxBookingsPerDay: 3 },
      { workingDays: longSaturdays },
    );
    const times = gridTimes('06:00', '22:00', 15, 15);
    expect(times).toHaveLength(64);
    for (const date of bookableDates(service, 2)) {
      await booked(t, service.id, date, times[0]!, 'Vaste klant 1');
      await booked(t, service.id, date, times[1]!, 'Vaste klant 2');

      const answers = await Promise.all(
        times.slice(2, 52).map((time, i) => bookAt(t, service.id, date, time, `Klant ${i}`)),
      );
      expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const won = answers.filter((r) => r.statusCode === 201);
      const lost = answers.filter((r) => r.statusCode !== 201);
      expect(won, date).toHaveLength(1);
      expect(lost.map((r) => r.statusCode)).toEqual(Array(49).fill(409));
      for (const r of lost)
        expect(r.json()).toMatchObject({ code: 'SLOT_TAKEN', message: 'Deze dag is vol.' });
      expect(await liveOn(service.id, date)).toBe(3);
    }
  }, 120_000);

  it('lets only bookings with non-overlapping blocked ranges through when 20 race (buffers)', async () => {
    const a = await owner(t);
    // Two services of one agenda: one keeps 30 minutes after, the other 30 minutes before.
    const after = await ruledService(a, 'Knippen', 30, { bufferAfterMinutes: 30, slotIntervalMinutes: 5 });
    const before = await ruledService(a, 'Massage', 30, { bufferBeforeMinutes: 30, slotIntervalMinutes: 5 });
    expect(before.agendaIds).toEqual(after.agendaIds);
    // Three rounds, each on its own date: PostgreSQL may also settle such a race as a deadlock,
    // which must end as a 409 like any lost slot, never a 500.
    for (const date of bookableDates(after, 3)) {
      // 09:00, 09:05 … 10:35: every blocked range is an hour long, so each overlaps its neighbours.
      const times = gridTimes('09:00', '10:35', 5, 0).slice(0, 20);
      expect(times).toHaveLength(20);

      const answers = await Promise.all(
        times.map((time, i) => bookAt(t, (i % 2 ? before : after).id, date, time, `Klant ${i}`)),
      );
      expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const won = answers.filter((r) => r.statusCode === 201);
      const lost = answers.filter((r) => r.statusCode !== 201);
      expect(won.length, date).toBeGreaterThanOrEqual(1);
      for (const r of lost) {
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json()).toMatchObject({ code: 'SLOT_TAKEN', message: b.slotTaken });
      }

      const rows = await queryRows<{ id: string; from: Date; to: Date }>(
        t.database,
        sql`select id, blocked_from as from, blocked_to as to from bookings
             where event_id in (${after.id}, ${before.id}) and booking_date = ${date}
                 and status <> 'cancelled' order by blocked_from`,
      );
      expect(rows.map((r) => r.id).sort()).toEqual(won.map((r) => r.json().booking.id as string).sort());
      for (const r of rows) expect(new Date(r.to).getTime() - new Date(r.from).getTime()).toBe(60 * 60_000);
      const overlapping = await queryRows(
        t.database,
        sql`select x.id, y.id from bookings x join bookings y
              on x.agenda_id = y.agenda_id and x.id < y.id
             and x.status <> 'cancelled' and y.status <> 'cancelled'
             and tstzrange(x.blocked_from, x.blocked_to) && tstzrange(y.blocked_from, y.blocked_to)
           where x.event_id in (${after.id}, ${before.id}) and x.booking_date = ${date}`,
      );
      expect(overlapping).toEqual([]);
      // 95 minutes of starts with hour-long ranges: at most two fit.
      expect(won.length).toBeLessThanOrEqual(2);
    }
  }, 120_000);
});
