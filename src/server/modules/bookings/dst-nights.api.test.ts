/**
 * The two DST nights of 2027 through the HTTP API (docs/PRODUCT.md#time-zone): the hour the clock
 * skips is neither offered nor accepted, for customers and the owner; the repeated hour is offered
 * once and a booking in it is stored at the instant the customer saw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { createService } from '../../test/agenda-fixtures';
import { dbKinds, queryRows } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookAt, booked, expectRefused, monthSlots, settableClock } from '../../test/rules-fixtures';
import { sql } from 'drizzle-orm';

const b = nl.booking;
const SPRING = '2027-03-28';
const AUTUMN = '2027-10-31';
const sundayNights = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: k === '0', startTime: '01:00', endTime: '04:00' },
  ]),
);

describe.each(dbKinds())('the DST nights through the API on %s', (kind) => {
  let t: TestApp;
  // The clock stands before both nights, so the dates are fixed by the calendar, not by today.
  const clock = settableClock('2027-03-01', '08:00');
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
  });
  afterAll(() => t?.close());

  async function nightService() {
    const a = await owner(t);
    const service = await createService(a, 'Nachtdienst', 30, {
      workingDays: sundayNights,
      dateRangeType: 'specific',
      dateRangeStart: null,
      dateRangeEnd: null,
      specificDates: [SPRING, AUTUMN],
    });
    return { a, service };
  }

  it('never offers nor accepts 02:00 or 02:30 on 28 March 2027', async () => {
    const { a, service } = await nightService();
    expect(Object.keys(await monthSlots(t, service.id, SPRING))).toEqual([
      '01:00',
      '01:30',
      '03:00',
      '03:30',
    ]);
    for (const time of ['02:00', '02:30']) {
      const res = await bookAt(t, service.id, SPRING, time, 'Anna');
      expectRefused(res, 400, b.slotSkipped);
      expect(res.json().fields).toEqual({ bookingTime: b.slotSkipped });
      // The owner's own booking ('Andere tijd...') is refused too.
      const manual = await a.post('/api/bookings', {
        eventId: service.id,
        bookingDate: SPRING,
        bookingTime: time,
        customerName: 'Anna',
      });
      expect(manual.statusCode, manual.body).toBe(400);
      expect(manual.json().message).toBe(b.slotSkipped);
    }
    // The owner's move onto the skipped hour is refused as well.
    const anna = await booked(t, service.id, SPRING, '01:30', 'Anna');
    const move = await a.patch(`/api/bookings/${anna.id}`, { bookingDate: SPRING, bookingTime: '02:30' });
    expect(move.statusCode, move.body).toBe(400);
    expect(move.json().message).toBe(b.slotSkipped);
    await booked(t, service.id, SPRING, '03:00', 'Bram');
  });

  it('offers each time of the repeated hour on 31 October 2027 once, stored at its first occurrence', async () => {
    const { service } = await nightService();
    const slots = await monthSlots(t, service.id, AUTUMN);
    expect(Object.keys(slots)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    const anna = await booked(t, service.id, AUTUMN, '02:30', 'Anna');
    const [row] = await queryRows<{ starts: Date; ends: Date }>(
      t.database,
      sql`select starts_at as starts, ends_at as ends from bookings where id = ${anna.id}`,
    );
    expect(new Date(row!.starts).toISOString()).toBe('2027-10-31T00:30:00.000Z'); // 02:30 CEST
    expect(new Date(row!.ends).toISOString()).toBe('2027-10-31T01:00:00.000Z'); // 02:00 CET
    // Only its own time is taken; 03:00 (CET) is an hour and a half later.
    const after = await monthSlots(t, service.id, AUTUMN);
    expect(Object.entries(after).filter(([, busy]) => busy)).toEqual([['02:30', true]]);
    await booked(t, service.id, AUTUMN, '03:00', 'Bram');
  });
});
