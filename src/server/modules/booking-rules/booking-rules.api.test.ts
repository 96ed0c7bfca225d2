import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import {
  addDays,
  availableDates,
  changeDeadline,
  daysBetween,
  formatDutchDeadline,
  formatShortDutchDate,
  NO_RULES,
  slotInterval,
} from '@core/index';
import { bookings } from '../../db/schema';
import { createAgenda, takenTimes } from '../../test/agenda-fixtures';
import { dbKinds, queryRows } from '../../test/databases';
import { owner, stamps } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import {
  bookableDates,
  daysFromToday,
  nextBookableDate,
  ownerInstant,
  OWNER_ZONE,
  testToday,
} from '../../test/test-today';
import {
  bookAt,
  booked,
  busyTimes,
  expectRefused,
  gridTimes,
  monthSlots,
  ruledService,
  setRules,
  settableClock,
} from '../../test/rules-fixtures';

const b = nl.booking;
/** A Saturday of the test services: 09:00–17:00 without pauses, 30-minute slots. */
const SATURDAY_30 = gridTimes('09:00', '17:00', 30, 30);

/**
 * Issue 17: every booking rule through the real HTTP API. For each rule: the owner sets it with
 * PATCH /api/events/:id, the wizard's month view and the taken times show what it refuses, and the
 * booking call refuses it with the rule's own Dutch message. The clock stands still (settableClock),
 * so notice, horizon and cut-offs are exact to the minute.
 */
describe.each(dbKinds())('booking rules through the API on %s', (kind) => {
  let t: TestApp;
  const clock = settableClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
  });
  afterAll(() => t?.close());
  beforeEach(() => clock.setTo(testToday(), '08:00'));

  const manage = (token: string) => agent(t.app).get(`/api/public/bookings/manage/${token}`);
  const rescheduleVia = (token: string, bookingDate: string, bookingTime: string) =>
    agent(t.app).patch(`/api/public/bookings/manage/${token}`, { bookingDate, bookingTime });
  const cancelVia = (token: string) => agent(t.app).delete(`/api/public/bookings/manage/${token}`);

  describe('minimumNoticeMinutes', () => {
    it('hides and refuses the slots within two hours of now, and takes the first one after', async () => {
      const a = await owner(t);
      const service = await ruledService(a, 'Knippen', 30, { minimumNoticeMinutes: 120 });
      expect(service.minimumNoticeMinutes).toBe(120);
      const date = nextBookableDate(service);
      clock.setTo(date, '08:00'); // the morning of a Saturday the salon is open

      const slots = await monthSlots(t, service.id, date);
      expect(Object.keys(slots)).toEqual(SATURDAY_30);
      // 10:00 starts exactly two hours from now: still bookable.
      expect(busyTimes(slots)).toEqual(['09:00', '09:30']);
      expect(await takenTimes(t, service.id, date)).toEqual(['09:00', '09:30']);

      for (const time of ['09:00', '09:30']) {
        const res = await bookAt(t, service.id, date, time, 'Anna Jansen');
        expectRefused(res, 400, 'Boeken kan tot 2 uur van tevoren.');
        expect(res.json().fields).toEqual({ bookingTime: 'Boeken kan tot 2 uur van tevoren.' });
      }
      await booked(t, service.id, date, '10:00', 'Anna Jansen');

      // A minute later 10:30 is still fine, 10:00 is taken; the rule moves with the clock.
      clock.setTo(date, '08:31');
      expect(busyTimes(await monthSlots(t, service.id, date))).toEqual(['09:00', '09:30', '10:00', '10:30']);
      expectRefused(
        await bookAt(t, service.id, date, '10:30', 'Bram'),
        400,
        'Boeken kan tot 2 uur van tevoren.',
      );
      const bram = await booked(t, service.id, date, '11:00', 'Bram');
      // The manage link's reschedule obeys the same notice.
      expectRefused(await rescheduleVia(bram.token, date, '09:30'), 400, 'Boeken kan tot 2 uur van tevoren.');
      expect((await rescheduleVia(bram.token, date, '11:30')).statusCode).toBe(200);
    });

    it('says minutes or days when the notice is not whole hours', async () => {
      const a = await owner(t);
      const service = await ruledService(a, 'Knippen', 30, { minimumNoticeMinutes: 90 });
      const date = nextBookableDate(service);
      clock.setTo(date, '08:00');
      expectRefused(
        await bookAt(t, service.id, date, '09:00', 'Anna'),
        400,
        'Boeken kan tot 90 minuten van tevoren.',
      );
      await booked(t, service.id, date, '09:30', 'Anna');

      await setRules(a, service.id, { minimumNoticeMinutes: 2 * 1440 });
      // The day before at 08:00, 16:30 is 32.5 hours ahead; three days before, it is far enough.
      clock.setTo(addDays(date, -1), '08:00');
      expectRefused(
        await bookAt(t, service.id, date, '16:30', 'Bram'),
        400,
        'Boeken kan tot 2 dagen van tevoren.',
      );
      clock.setTo(addDays(date, -3), '08:00');
      await booked(t, service.id, date, '16:30', 'Bram');
    });
  });

  describe('bookingHorizonDays', () => {
    it('offers dates up to the horizon and refuses the next one, naming the last date', async () => {
      const a = await owner(t);
      const draft = await ruledService(a, 'Knippen', 30);
      const [last, beyond] = bookableDates(draft, 2);
      const horizon = daysBetween(testToday(), last!);
      const service = await setRules(a, draft.id, { bookingHorizonDays: horizon });
      expect(service.bookingHorizonDays).toBe(horizon);

      expect(Object.keys(await monthSlots(t, service.id, last!))).toEqual(SATURDAY_30);
      expect(busyTimes(await monthSlots(t, service.id, last!))).toEqual([]);
      // The day past the horizon is left out of the month, and every slot of it is taken.
      expect(await monthSlots(t, service.id, beyond!)).toEqual({});
      expect(await takenTimes(t, service.id, beyond!)).toEqual(SATURDAY_30);

      const message = `Boeken kan tot en met ${formatShortDutchDate(last!)}. Kies een eerdere datum.`;
      const res = await bookAt(t, service.id, beyond!, '10:00', 'Anna');
      expectRefused(res, 400, message);
      expect(res.json().fields).toEqual({ bookingDate: message });
      await booked(t, service.id, last!, '10:00', 'Anna');

      // The window rolls with the owner's today: a week later the next Saturday is open.
      clock.setTo(addDays(testToday(), 7), '08:00');
      await booked(t, service.id, beyond!, '10:00', 'Bram');
    });
  });

  describe('closures', () => {
    it('closes every service on a business closure, with its label in the refusal', async () => {
      const a = await owner(t);
      const service = await ruledService(a, 'Knippen', 30);
      const [closed, open] = bookableDates(service, 2);
      const created = await a.post('/api/closures', {
        startDate: closed,
        endDate: closed,
        label: 'vakantie',
      });
      expect(created.statusCode, created.body).toBe(201);

      expect(await monthSlots(t, service.id, closed!)).toEqual({});
      expect(await takenTimes(t, service.id, closed!)).toEqual(SATURDAY_30);
      const res = await bookAt(t, service.id, closed!, '10:00', 'Anna');
      expectRefused(res, 400, 'Op deze dag is vakantie: we zijn gesloten.');
      expect(res.json().fields).toEqual({ bookingDate: 'Op deze dag is vakantie: we zijn gesloten.' });
      expect(busyTimes(await monthSlots(t, service.id, open!))).toEqual([]);
      const anna = await booked(t, service.id, open!, '10:00', 'Anna');
      // A reschedule into the closure is refused the same way.
      expectRefused(
        await rescheduleVia(anna.token, closed!, '11:00'),
        400,
        'Op deze dag is vakantie: we zijn gesloten.',
      );

      // Removing the closure opens the day again.
      const removed = await a.delete(`/api/closures/${created.json().id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      await booked(t, service.id, closed!, '10:00', 'Bram');
    });

    it('closes one agenda on its own closure; the other agenda of the service still takes bookings', async () => {
      const a = await owner(t);
      const sanne = await createAgenda(a, 'Sanne');
      const draft = await ruledService(a, 'Knippen', 30);
      const standard = draft.agendaIds[0]!;
      const service = await setRules(a, draft.id, { agendaIds: [standard, sanne] });
      const date = nextBookableDate(service);
      const created = await a.post('/api/closures', {
        startDate: date,
        endDate: date,
        label: 'Sannes vrije dag',
        agendaId: sanne,
      });
      expect(created.statusCode, created.body).toBe(201);

      // For Sanne the day is closed ...
      expect(await monthSlots(t, service.id, date, sanne)).toEqual({});
      expect(await takenTimes(t, service.id, date, sanne)).toEqual(SATURDAY_30);
      expectRefused(
        await bookAt(t, service.id, date, '10:00', 'Anna', { agendaId: sanne }),
        400,
        'Op deze dag is Sannes vrije dag: we zijn gesloten.',
      );
      // ... "Geen voorkeur" and the other agenda still book, into the open agenda only.
      expect(busyTimes(await monthSlots(t, service.id, date))).toEqual([]);
      expect(busyTimes(await monthSlots(t, service.id, date, standard))).toEqual([]);
      const first = await booked(t, service.id, date, '10:00', 'Anna');
      expect(first.agendaId).toBe(standard);
      // The open agenda now has 10:00; Sanne's is closed, so nobody else gets 10:00.
      expect(busyTimes(await monthSlots(t, service.id, date))).toEqual(['10:00']);
      expectRefused(await bookAt(t, service.id, date, '10:00', 'Bram'), 409, b.slotTaken);
      const second = await booked(t, service.id, date, '10:30', 'Bram', { agendaId: standard });
      expect(second.agendaId).toBe(standard);
    });
  });

  describe('dateOverrides', () => {
    it('closes one date and gives another its own hours; slots follow the override', async () => {
      const a = await owner(t);
      const draft = await ruledService(a, 'Knippen', 30);
      const [closedDay, shortDay, normalDay] = bookableDates(draft, 3);
      const service = await setRules(a, draft.id, {
        dateOverrides: [
          { date: shortDay!, startTime: '13:00', endTime: '15:00' },
          { date: closedDay!, closed: true },
        ],
      });
      expect(service.dateOverrides).toEqual([
        { date: closedDay, closed: true },
        { date: shortDay, startTime: '13:00', endTime: '15:00' },
      ]);

      expect(await monthSlots(t, service.id, closedDay!)).toEqual({});
      expect(await takenTimes(t, service.id, closedDay!)).toEqual([]); // not offered at all
      expectRefused(await bookAt(t, service.id, closedDay!, '10:00', 'Anna'), 400, b.slotUnavailable);

      expect(await monthSlots(t, service.id, shortDay!)).toEqual({
        '13:00': false,
        '13:30': false,
        '14:00': false,
        '14:30': false,
      });
      expectRefused(await bookAt(t, service.id, shortDay!, '10:00', 'Anna'), 400, b.slotUnavailable);
      expectRefused(await bookAt(t, service.id, shortDay!, '14:45', 'Anna'), 400, b.slotUnavailable);
      await booked(t, service.id, shortDay!, '14:30', 'Anna');
      expect(await takenTimes(t, service.id, shortDay!)).toEqual(['14:30']);

      expect(Object.keys(await monthSlots(t, service.id, normalDay!))).toEqual(SATURDAY_30);
      await booked(t, service.id, normalDay!, '10:00', 'Bram');
    });

    it('opens a date the weekdays do not offer', async () => {
      const a = await owner(t);
      const draft = await ruledService(a, 'Knippen', 30);
      // The Friday before the second Saturday to come: always ahead, whatever today is.
      const friday = addDays(bookableDates(draft, 2)[1]!, -1);
      expectRefused(await bookAt(t, draft.id, friday, '10:00', 'Anna'), 400, b.slotUnavailable);
      await setRules(a, draft.id, {
        dateOverrides: [{ date: friday, startTime: '10:00', endTime: '11:00' }],
      });
      expect(await monthSlots(t, draft.id, friday)).toEqual({ '10:00': false, '10:30': false });
      await booked(t, draft.id, friday, '10:00', 'Anna');
    });
  });

  describe('slotIntervalMinutes', () => {
    it('steps a 45-minute service by 15 minutes and refuses a time off the grid', async () => {
      const a = await owner(t);
      const service = await ruledService(a, 'Kleuren', 45, { slotIntervalMinutes: 15 });
      const date = nextBookableDate(service);
      const slots = await monthSlots(t, service.id, date);
      expect(Object.keys(slots)).toEqual(gridTimes('09:00', '17:00', 15, 45));
      expect(Object.keys(slots)).toHaveLength(30); // 09:00 … 16:15
      expect(Object.keys(slots).at(-1)).toBe('16:15');

      for (const offGrid of ['09:10', '09:05', '16:30'])
        expectRefused(await bookAt(t, service.id, date, offGrid, 'Anna'), 400, b.slotUnavailable);
      await booked(t, service.id, date, '09:15', 'Anna'); // 09:15–10:00
      expect(busyTimes(await monthSlots(t, service.id, date))).toEqual(['09:00', '09:15', '09:30', '09:45']);
      expect(await takenTimes(t, service.id, date)).toEqual(['09:00', '09:15', '09:30', '09:45']);
      expectRefused(await bookAt(t, service.id, date, '09:45', 'Bram'), 409, b.slotTaken);
      await booked(t, service.id, date, '10:00', 'Bram');
    });
  });

  describe('maxBookingsPerDay', () => {
    it('refuses the third booking of a day with a limit of two; a cancellation frees the place', async () => {
      const a = await owner(t);
      const service = await ruledService(a, 'Knippen', 30, { maxBookingsPerDay: 2 });
      const [date, other] = bookableDates(service, 2);
      await booked(t, service.id, date!, '09:00', 'Anna');
      expect(busyTimes(await monthSlots(t, service.id, date!))).toEqual(['09:00']);
      const second = await booked(t, service.id, date!, '10:00', 'Bram');

      // Full: every slot of the day is busy and taken, and the third booking hears why.
      expect(busyTimes(await monthSlots(t, service.id, date!))).toEqual(SATURDAY_30);
      expect(await takenTimes(t, service.id, date!)).toEqual(SATURDAY_30);
      expectRefused(await bookAt(t, service.id, date!, '11:00', 'Cor'), 409, 'Deze dag is vol.');
      expect((await bookAt(t, service.id, date!, '11:00', 'Cor')).json().code).toBe('SLOT_TAKEN');
      // Another day is not affected.
      expect(busyTimes(await monthSlots(t, service.id, other!))).toEqual([]);
      await booked(t, service.id, other!, '11:00', 'Cor');

      // A reschedule into the full day is refused as well.
      const mover = await booked(t, service.id, other!, '12:00', 'Dirk');
      const moved = await rescheduleVia(mover.token, date!, '12:00');
      expectRefused(moved, 409, 'Deze dag is vol.');

      expect((await cancelVia(second.token)).statusCode).toBe(200);
      expect(busyTimes(await monthSlots(t, service.id, date!))).toEqual(['09:00']);
      await booked(t, service.id, date!, '11:00', 'Cor');
      expectRefused(await bookAt(t, service.id, date!, '12:00', 'Eva'), 409, 'Deze dag is vol.');
    });

    it('counts a live payment hold but not an expired one', async () => {
      const a = await owner(t);
      const service = await ruledService(a, 'Knippen', 30, { maxBookingsPerDay: 2 });
      const [date, other] = bookableDates(service, 2);
      const hold = async (day: string, time: string, expiresInMinutes: number) => {
        const { start, end } = slotInterval(day, time, 30, OWNER_ZONE);
        await t.database.db.insert(bookings).values({
          eventId: service.id,
          customerName: 'Houder',
          bookingDate: day,
          bookingTime: time,
          startsAt: new Date(start),
          endsAt: new Date(end),
          status: 'pending',
          paymentStatus: 'pending',
          holdExpiresAt: new Date(clock.at.getTime() + expiresInMinutes * 60_000),
          managementTokenHash: `hold-${randomUUID()}`,
          ...stamps(t),
        });
      };
      await hold(date!, '16:00', -1); // expired a minute ago
      await booked(t, service.id, date!, '09:00', 'Anna');
      await booked(t, service.id, date!, '10:00', 'Bram');
      expectRefused(await bookAt(t, service.id, date!, '11:00', 'Cor'), 409, 'Deze dag is vol.');

      await hold(other!, '16:00', 10); // still being paid
      await booked(t, service.id, other!, '09:00', 'Dirk');
      expect(busyTimes(await monthSlots(t, service.id, other!))).toEqual(SATURDAY_30);
      expectRefused(await bookAt(t, service.id, other!, '10:00', 'Eva'), 409, 'Deze dag is vol.');
      // Once the hold has expired, its place is free again.
      clock.setAt(new Date(clock.at.getTime() + 11 * 60_000));
      await booked(t, service.id, other!, '10:00', 'Eva');
    });
  });

  describe('buffers', () => {
    it('keeps 15 minutes free after a booking in its agenda, for every service of that agenda', async () => {
      const a = await owner(t);
      const knippen = await ruledService(a, 'Knippen', 30, {
        bufferAfterMinutes: 15,
        slotIntervalMinutes: 15,
      });
      const fohnen = await ruledService(a, 'Föhnen', 30); // same default agenda, no rules of its own
      expect(fohnen.agendaIds).toEqual(knippen.agendaIds);
      const date = nextBookableDate(knippen);

      await booked(t, knippen.id, date, '09:00', 'Anna'); // blocks 09:00–09:45
      // Right after: its own buffer-free start 09:30 would fall in the 15 minutes after Anna.
      expect(busyTimes(await monthSlots(t, knippen.id, date))).toEqual(['09:00', '09:15', '09:30']);
      expect(await takenTimes(t, knippen.id, date)).toEqual(['09:00', '09:15', '09:30']);
      const right = await bookAt(t, knippen.id, date, '09:30', 'Bram');
      expectRefused(right, 409, b.slotTaken);
      expect(right.json().code).toBe('SLOT_TAKEN');

      // Another service of the agenda respects the blocked range too.
      expect(busyTimes(await monthSlots(t, fohnen.id, date))).toEqual(['09:00', '09:30']);
      expect(await takenTimes(t, fohnen.id, date)).toEqual(['09:00', '09:30']);
      expectRefused(await bookAt(t, fohnen.id, date, '09:30', 'Bram'), 409, b.slotTaken);

      // 15 minutes later is fine: 09:45–10:15, blocking up to 10:30.
      await booked(t, knippen.id, date, '09:45', 'Bram');
      expectRefused(await bookAt(t, fohnen.id, date, '10:00', 'Cor'), 409, b.slotTaken);
      await booked(t, fohnen.id, date, '10:30', 'Cor');

      const rows = await queryRows<{ time: string; from: Date; to: Date }>(
        t.database,
        sql`select booking_time as time, blocked_from as from, blocked_to as to from bookings
             where event_id in (${knippen.id}, ${fohnen.id}) order by starts_at`,
      );
      expect(rows.map((r) => [r.time, new Date(r.from).getTime(), new Date(r.to).getTime()])).toEqual([
        ['09:00', ownerInstant(date, '09:00').getTime(), ownerInstant(date, '09:45').getTime()],
        ['09:45', ownerInstant(date, '09:45').getTime(), ownerInstant(date, '10:30').getTime()],
        ['10:30', ownerInstant(date, '10:30').getTime(), ownerInstant(date, '11:00').getTime()],
      ]);
    });

    it('keeps time free before a booking with bufferBeforeMinutes', async () => {
      const a = await owner(t);
      // An hourly grid: without an interval the buffer would lengthen the step to 90 minutes.
      const massage = await ruledService(a, 'Massage', 60, {
        bufferBeforeMinutes: 30,
        slotIntervalMinutes: 60,
      });
      const fohnen = await ruledService(a, 'Föhnen', 30);
      const date = nextBookableDate(massage);
      await booked(t, fohnen.id, date, '10:00', 'Anna'); // 10:00–10:30
      // Massage at 11:00 would block 10:30–12:00: fine. At 10:00 its range 09:30–11:00 overlaps.
      // (09:00 blocks 08:30–10:00: it only touches Anna.)
      expect(busyTimes(await monthSlots(t, massage.id, date))).toEqual(['10:00']);
      expectRefused(await bookAt(t, massage.id, date, '10:00', 'Bram'), 409, b.slotTaken);
      await booked(t, massage.id, date, '11:00', 'Bram');
      // Föhnen at 10:30 now falls in the half hour before the massage.
      expectRefused(await bookAt(t, fohnen.id, date, '10:30', 'Cor'), 409, b.slotTaken);
      expect(busyTimes(await monthSlots(t, fohnen.id, date))).toEqual(['10:00', '10:30', '11:00', '11:30']);
      await booked(t, fohnen.id, date, '12:00', 'Cor');
    });
    it('costs only its own minutes: the grid steps by duration + buffer and starts again after lunch', async () => {
      const a = await owner(t);
      // 'Knippen', 45 minutes, 'Tijdstap: Gelijk aan de duur', 10 minutes after, lunch 12:00–13:00.
      const knippen = await ruledService(
        a,
        'Knippen',
        45,
        { bufferAfterMinutes: 10, slotIntervalMinutes: null },
        { dailyPauseTimes: { '6': [{ start: '12:00', end: '13:00' }] } },
      );
      const date = nextBookableDate(knippen);
      const grid = ['09:00', '09:55', '10:50', '13:00', '13:55', '14:50', '15:45'];
      expect(Object.keys(await monthSlots(t, knippen.id, date))).toEqual(grid);
      // The old grid's 10:30 is not a start any more.
      expectRefused(await bookAt(t, knippen.id, date, '10:30', 'Anna'), 400, b.slotUnavailable);

      // One booking takes away only its own time.
      await booked(t, knippen.id, date, '10:50', 'Anna');
      expect(busyTimes(await monthSlots(t, knippen.id, date))).toEqual(['10:50']);
      expect(await takenTimes(t, knippen.id, date)).toEqual(['10:50']);

      // Every time offered is accepted, one after the other, until the day is full.
      for (const [i, time] of grid.filter((x) => x !== '10:50').entries()) {
        const slots = await monthSlots(t, knippen.id, date);
        expect(slots[time], time).toBe(false);
        await booked(t, knippen.id, date, time, `Klant ${i}`);
      }
      expect(busyTimes(await monthSlots(t, knippen.id, date))).toEqual(grid);
    });

    it('a booking off the grid takes away only the times that really overlap it', async () => {
      const a = await owner(t);
      const knippen = await ruledService(a, 'Knippen', 45, { bufferAfterMinutes: 10 });
      const date = nextBookableDate(knippen);
      // The owner writes down 10:30 ('Andere tijd...'): it blocks 10:30–11:25.
      const manual = await a.post('/api/bookings', {
        eventId: knippen.id,
        bookingDate: date,
        bookingTime: '10:30',
        customerName: 'Anna',
      });
      expect(manual.statusCode, manual.body).toBe(201);
      const slots = await monthSlots(t, knippen.id, date);
      // 09:55 (its buffer to 11:00) and 10:50 overlap it; nothing else is taken.
      expect(busyTimes(slots)).toEqual(['09:55', '10:50']);
      for (const time of ['09:55', '10:50'])
        expectRefused(await bookAt(t, knippen.id, date, time, 'Bram'), 409, b.slotTaken);
      for (const [i, time] of Object.keys(slots)
        .filter((x) => !slots[x])
        .entries())
        await booked(t, knippen.id, date, time, `Klant ${i}`);
    });
  });

  describe('policyText', () => {
    it('requires acceptedPolicy when the service has a policy', async () => {
      const a = await owner(t);
      const policy = 'Annuleren kan kosteloos tot 24 uur van tevoren.';
      const service = await ruledService(a, 'Knippen', 30, { policyText: policy });
      const publicEvent = await agent(t.app).get(`/api/public/events/${service.slug}`);
      expect(publicEvent.json().policyText).toBe(policy);
      const date = nextBookableDate(service);

      for (const extra of [{}, { acceptedPolicy: false }]) {
        const res = await bookAt(t, service.id, date, '10:00', 'Anna', extra);
        expectRefused(res, 400, 'Ga akkoord met de annuleringsvoorwaarden om te boeken.');
        expect(res.json().fields).toEqual({
          acceptedPolicy: 'Ga akkoord met de annuleringsvoorwaarden om te boeken.',
        });
      }
      await booked(t, service.id, date, '10:00', 'Anna', { acceptedPolicy: true });

      // Without a policy the field is not needed (and ignored when sent).
      await setRules(a, service.id, { policyText: null });
      await booked(t, service.id, date, '11:00', 'Bram');
    });
  });

  describe('cancel and reschedule cut-offs', () => {
    it('lets the manage link change the booking until the deadline, and refuses after it naming the deadline', async () => {
      const a = await owner(t);
      const service = await ruledService(a, 'Knippen', 30, {
        cancelCutoffHours: 24,
        rescheduleCutoffHours: 48,
      });
      // At least four days ahead, so both deadlines are still to come.
      const date = nextBookableDate(service, { after: daysFromToday(3) });
      const first = await booked(t, service.id, date, '10:00', 'Anna');
      const start = ownerInstant(date, '10:00');

      const answer = await manage(first.token);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().deadlines).toEqual({
        cancelUntil: changeDeadline(start, 24)!.toISOString(),
        rescheduleUntil: changeDeadline(start, 48)!.toISOString(),
      });
      expect(answer.json().event).toMatchObject({ cancelCutoffHours: 24, rescheduleCutoffHours: 48 });

      // Exactly at the reschedule deadline the move still works: to 11:00, so the deadline moves an hour.
      clock.setAt(changeDeadline(start, 48)!);
      const moved = await rescheduleVia(first.token, date, '11:00');
      expect(moved.statusCode, moved.body).toBe(200);
      const newStart = ownerInstant(date, '11:00');
      expect(moved.json().deadlines.rescheduleUntil).toBe(changeDeadline(newStart, 48)!.toISOString());

      // A minute past the new deadline: refused, naming until when it was possible.
      const rescheduleDeadline = changeDeadline(newStart, 48)!;
      clock.setAt(new Date(rescheduleDeadline.getTime() + 60_000));
      const late = await rescheduleVia(first.token, date, '12:00');
      expectRefused(
        late,
        409,
        `Wijzigen via deze link kon tot ${formatDutchDeadline(rescheduleDeadline, OWNER_ZONE)}. Neem contact met ons op.`,
      );
      expect(late.json().message).toMatch(
        /^Wijzigen via deze link kon tot [a-z]{2} \d{1,2} [a-z]{3} \d{2}:\d{2}\. /,
      );
      // Cancelling is still possible (its cut-off is 24 hours).
      const second = await booked(t, service.id, date, '14:00', 'Bram');
      const cancelled = await cancelVia(second.token);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().booking.status).toBe('cancelled');

      // At the cancel deadline exactly: still allowed; a minute later: refused.
      const third = await booked(t, service.id, date, '15:00', 'Cor');
      clock.setAt(changeDeadline(ownerInstant(date, '15:00'), 24)!);
      expect((await cancelVia(third.token)).statusCode).toBe(200);
      const cancelDeadline = changeDeadline(newStart, 24)!;
      clock.setAt(new Date(cancelDeadline.getTime() + 60_000));
      expectRefused(
        await cancelVia(first.token),
        409,
        `Annuleren via deze link kon tot ${formatDutchDeadline(cancelDeadline, OWNER_ZONE)}. Neem contact met ons op.`,
      );
      expect((await manage(first.token)).json().booking.status).toBe('confirmed');
    });
  });

  describe('the owner’s move', () => {
    it('ignores notice, horizon, the daily limit, closures and cut-offs, but never overlaps (buffers included)', async () => {
      const a = await owner(t);
      const service = await ruledService(a, 'Knippen', 30, {
        bufferAfterMinutes: 15,
        slotIntervalMinutes: 15,
      });
      const [d1, d2, d3] = bookableDates(service, 3);
      const anna = await booked(t, service.id, d1!, '10:00', 'Anna'); // blocks 10:00–10:45
      await booked(t, service.id, d2!, '10:00', 'Bram'); // blocks 10:00–10:45
      // Now the rules close everything to customers: a month's notice, a horizon up to d1, one booking
      // a day, a closure on d3, and cut-offs that have passed.
      await setRules(a, service.id, {
        minimumNoticeMinutes: 60 * 24 * 60,
        bookingHorizonDays: daysBetween(testToday(), d1!),
        maxBookingsPerDay: 1,
        cancelCutoffHours: 24 * 60,
        rescheduleCutoffHours: 24 * 60,
      });
      const closure = await a.post('/api/closures', { startDate: d3, endDate: d3, label: 'verbouwing' });
      expect(closure.statusCode).toBe(201);

      // Customers: refused by each rule.
      expectRefused(
        await bookAt(t, service.id, d1!, '14:00', 'Cor'),
        400,
        'Boeken kan tot 60 dagen van tevoren.',
      );
      expect((await rescheduleVia(anna.token, d1!, '14:00')).statusCode).toBe(409);
      expect((await rescheduleVia(anna.token, d1!, '14:00')).json().message).toMatch(
        /^Wijzigen via deze link kon tot /,
      );
      expect((await cancelVia(anna.token)).statusCode).toBe(409);
      await setRules(a, service.id, { minimumNoticeMinutes: 0 });
      expectRefused(await bookAt(t, service.id, d1!, '14:00', 'Cor'), 409, 'Deze dag is vol.');
      const horizon = `Boeken kan tot en met ${formatShortDutchDate(d1!)}. Kies een eerdere datum.`;
      expectRefused(await bookAt(t, service.id, d2!, '14:00', 'Cor'), 400, horizon);
      expectRefused(await bookAt(t, service.id, d3!, '14:00', 'Cor'), 400, horizon); // and closed
      await setRules(a, service.id, { bookingHorizonDays: null });
      expectRefused(
        await bookAt(t, service.id, d3!, '14:00', 'Cor'),
        400,
        'Op deze dag is verbouwing: we zijn gesloten.',
      );
      await setRules(a, service.id, { bookingHorizonDays: daysBetween(testToday(), d1!) });
      await setRules(a, service.id, { minimumNoticeMinutes: 60 * 24 * 60 });

      // The owner's move slots on d2 (Bram blocks 10:00–10:45; Anna brings her own 15 minutes).
      const slotsOf = async (date: string) => {
        const res = await a.get(`/api/bookings/${anna.id}/slots?date=${date}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Array<{ time: string; busy: boolean }>;
      };
      const d2Slots = await slotsOf(d2!);
      expect(d2Slots.map((s) => s.time)).toEqual(gridTimes('09:00', '17:00', 15, 30));
      expect(d2Slots.filter((s) => s.busy).map((s) => s.time)).toEqual([
        '09:30',
        '09:45',
        '10:00',
        '10:15',
        '10:30',
      ]);
      // Closed d3 and its own day d1 (notice, horizon): all free for the owner.
      expect((await slotsOf(d3!)).filter((s) => s.busy)).toEqual([]);
      expect((await slotsOf(d1!)).filter((s) => s.busy)).toEqual([]);
      // With the agenda named explicitly the answer is the same.
      const withAgenda = await a.get(`/api/bookings/${anna.id}/slots?date=${d2}&agendaId=${anna.agendaId}`);
      expect(withAgenda.json()).toEqual(d2Slots);

      const move = (date: string, time: string) =>
        a.patch(`/api/bookings/${anna.id}`, { bookingDate: date, bookingTime: time });
      for (const time of ['09:30', '10:00', '10:30']) {
        const res = await move(d2!, time);
        expect(res.statusCode, `${time}: ${res.body}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'SLOT_TAKEN', message: b.slotTaken });
      }
      // 10:45 clears Bram's buffer: the daily limit of one does not bind the owner.
      const ok = await move(d2!, '10:45');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ bookingDate: d2, bookingTime: '10:45' });
      // Onto the closed day past the horizon, within the notice: the owner decides.
      const closedDay = await move(d3!, '09:00');
      expect(closedDay.statusCode, closedDay.body).toBe(200);
      // Off the grid is still refused.
      expect((await move(d3!, '09:10')).statusCode).toBe(400);

      // Anna keeps her buffer on d3 (09:00–09:45): a customer-free check via the DB.
      const [row] = await queryRows<{ from: Date; to: Date }>(
        t.database,
        sql`select blocked_from as from, blocked_to as to from bookings where id = ${anna.id}`,
      );
      expect(new Date(row!.from).getTime()).toBe(ownerInstant(d3!, '09:00').getTime());
      expect(new Date(row!.to).getTime()).toBe(ownerInstant(d3!, '09:45').getTime());

      // The owner's cancel is not bound by the cancel cut-off the customer's link is.
      expect((await cancelVia(anna.token)).statusCode).toBe(409);
      const cancelled = await a.patch(`/api/bookings/${anna.id}`, { status: 'cancelled' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().status).toBe('cancelled');
    });
  });

  describe('changing a rule never invalidates existing bookings', () => {
    it('keeps the buffers a booking was made with; new bookings use the new ones', async () => {
      const a = await owner(t);
      const service = await ruledService(a, 'Knippen', 30, {
        bufferAfterMinutes: 30,
        slotIntervalMinutes: 15,
      });
      const date = nextBookableDate(service);
      const old = await booked(t, service.id, date, '09:00', 'Anna'); // blocks 09:00–10:00
      await setRules(a, service.id, { bufferAfterMinutes: 0 });

      // The old booking still blocks its 30 minutes after; new slots carry no buffer of their own.
      expect(busyTimes(await monthSlots(t, service.id, date))).toEqual(['09:00', '09:15', '09:30', '09:45']);
      expectRefused(await bookAt(t, service.id, date, '09:30', 'Bram'), 409, b.slotTaken);
      await booked(t, service.id, date, '10:00', 'Bram');
      await booked(t, service.id, date, '10:30', 'Cor'); // right after Bram: he has no buffer

      const rows = await queryRows<{ name: string; after: number; to: Date }>(
        t.database,
        sql`select customer_name as name, buffer_after_minutes as after, blocked_to as to
              from bookings where event_id = ${service.id} order by starts_at`,
      );
      expect(rows.map((r) => [r.name, r.after, new Date(r.to).getTime()])).toEqual([
        ['Anna', 30, ownerInstant(date, '10:00').getTime()],
        ['Bram', 0, ownerInstant(date, '10:30').getTime()],
        ['Cor', 0, ownerInstant(date, '11:00').getTime()],
      ]);

      // Rescheduled, the old booking takes its buffer along: 14:00 blocks until 15:00.
      const moved = await rescheduleVia(old.token, date, '14:00');
      expect(moved.statusCode, moved.body).toBe(200);
      expect(busyTimes(await monthSlots(t, service.id, date))).toEqual(
        expect.arrayContaining(['14:00', '14:15', '14:30']),
      );
      expectRefused(await bookAt(t, service.id, date, '14:30', 'Dirk'), 409, b.slotTaken);
      await booked(t, service.id, date, '15:00', 'Dirk');
      // And its old place is free again.
      await booked(t, service.id, date, '09:15', 'Eva');
    });
  });

  describe('no rules set', () => {
    it('answers the off values and behaves as before', async () => {
      const a = await owner(t);
      const service = await ruledService(a, 'Knippen', 30);
      const read = await a.get(`/api/events/${service.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ ...NO_RULES });
      const publicEvent = (await agent(t.app).get(`/api/public/events/${service.slug}`)).json();
      expect(publicEvent).toMatchObject({
        policyText: null,
        cancelCutoffHours: null,
        rescheduleCutoffHours: null,
      });

      const dates = bookableDates(service, 3);
      const date = dates[0]!;
      // A minute before the start is still bookable (no notice).
      clock.setTo(date, '08:59');
      expect(Object.keys(await monthSlots(t, service.id, date))).toEqual(SATURDAY_30);
      await booked(t, service.id, date, '09:00', 'Anna');
      // Back to back, no buffer, no daily limit: the whole day can be booked.
      const all = SATURDAY_30.slice(1);
      for (const [i, time] of all.entries()) await booked(t, service.id, date, time, `Klant ${i}`);
      expect(busyTimes(await monthSlots(t, service.id, date))).toEqual(SATURDAY_30);
      expectRefused(await bookAt(t, service.id, date, '12:00', 'Nog een'), 409, b.slotTaken);

      // The last date of the range is bookable (no horizon) ...
      clock.setTo(testToday(), '08:00');
      const lastDate = availableDates(service, { today: testToday() }).at(-1)!;
      expect(daysBetween(testToday(), lastDate)).toBeGreaterThan(50);
      const far = await booked(t, service.id, lastDate, '16:30', 'Ver Weg');
      // ... and the manage link changes it until the start: no deadlines, no policy needed.
      expect((await manage(far.token)).json().deadlines).toEqual({
        cancelUntil: null,
        rescheduleUntil: null,
      });
      clock.setTo(lastDate, '16:00');
      const moved = await rescheduleVia(far.token, lastDate, '16:00');
      expect(moved.statusCode, moved.body).toBe(400); // the past, as always
      expect(moved.json().message).toBe(b.slotPast);
      clock.setTo(lastDate, '16:29');
      const cancelled = await cancelVia(far.token);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    });
  });
});
