import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import type { CreateEventBody } from '@contracts/events';
import { dbKinds, queryRows } from '../../test/databases';
import { intentIdOf, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { eventPayload, owner } from '../../test/fixtures';
import { paidAnswers, paidEventOwner, paidFlow } from '../../test/paid-events';
import { agent, createTestApp, type TestApp } from '../../test/test-app';

const b = nl.booking;
const m = nl.eventRules;
// Tuesday 2 March 2027, 08:00 in Amsterdam (UTC+1); the services run Monday to Friday in March's
// first two weeks, before the clocks change. Later than the database's own clock, so its counter
// treats these classes as still to come as the app does.
const NOW = new Date('2027-03-02T07:00:00Z');
const WED = '2027-03-03';
const THU = '2027-03-04';
const FRI = '2027-03-05';
const MON = '2027-03-08';
const TUE = '2027-03-09';
const NEXT_WED = '2027-03-10';
const range = { dateRangeStart: '2027-03-01', dateRangeEnd: '2027-03-12' } as const;

type Slot = { time: string; busy: boolean; seatsLeft?: number };

/**
 * Group classes end to end (docs/PRODUCT.md#classes): the places of a class time sold exactly under
 * concurrency, what the month offers, the agenda shared by one class only, a cancel giving places
 * back, fewer seats than sold refused, and a paid class charged per place.
 */
describe.each(dbKinds())('classes through the public API on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let a: Awaited<ReturnType<typeof owner>>;
  let customers = 0;

  async function service(title: string, extra: Partial<CreateEventBody> = {}) {
    const res = await a.post(
      '/api/events',
      eventPayload({ title, durationMinutes: 60, dailyPauseTimes: {}, ...range, ...extra }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; seats: number; maxSeatsPerBooking: number };
  }
  const book = (eventId: string, date: string, time: string, extra: Record<string, unknown> = {}) => {
    const name = `Klant ${++customers}`;
    return agent(t.app).post('/api/public/bookings', {
      eventId,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: { Naam: name, 'E-mail': `klant${customers}@example.nl` },
      ...extra,
    });
  };
  async function day(eventId: string, date: string): Promise<Slot[]> {
    const res = await agent(t.app).get(
      `/api/public/events/${eventId}/availability?month=${date.slice(0, 7)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().days as Array<{ date: string; slots: Slot[] }>).find((d) => d.date === date)!.slots;
  }
  const slotAt = async (eventId: string, date: string, time: string) =>
    (await day(eventId, date)).find((s) => s.time === time)!;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, { now: () => NOW, env: { STRIPE_API_BASE: fake.url } });
    a = await owner(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('validates seats and maxSeatsPerBooking in Dutch; one seat is the default', async () => {
    const plain = await service('Knippen');
    expect(plain).toMatchObject({ seats: 1, maxSeatsPerBooking: 1 });
    const cases: Array<[Partial<CreateEventBody>, string, string]> = [
      [{ seats: 0 }, 'seats', m.seatsInvalid],
      [{ seats: 501 }, 'seats', m.seatsInvalid],
      [{ seats: 2.5 }, 'seats', m.seatsInvalid],
      [{ seats: 4, maxSeatsPerBooking: 5 }, 'maxSeatsPerBooking', m.maxSeatsAboveSeats],
      [{ seats: 4, maxSeatsPerBooking: 0 }, 'maxSeatsPerBooking', m.maxSeatsInvalid],
    ];
    for (const [extra, field, message] of cases) {
      const res = await a.post('/api/events', eventPayload({ ...range, ...extra }));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors?.[field] ?? res.json().message).toBe(message);
    }
    // A one-seat service takes one place per booking.
    const two = await book(plain.id, WED, '09:00', { seats: 2 });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(b.tooManySeats.replace('{n}', '1'));
    const pub = (
      await agent(t.app).get(`/api/public/events/${(await a.get(`/api/events/${plain.id}`)).json().slug}`)
    ).json();
    expect(pub).toMatchObject({ seats: 1, maxSeatsPerBooking: 1 });
  });

  it('sells exactly 8 places to 50 customers at once; the month then shows the time full', async () => {
    const pilates = await service('Pilates', { seats: 8 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => book(pilates.id, WED, '10:00')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(8);
    expect(codes.filter((c) => c === 409)).toHaveLength(42);
    for (const r of answers.filter((r) => r.statusCode === 409))
      expect([b.classFull, b.slotTaken]).toContain(r.json().message);
    expect(answers.find((r) => r.statusCode === 201)!.json().booking.seats).toBe(1);
    expect(await slotAt(pilates.id, WED, '10:00')).toEqual({ time: '10:00', busy: true, seatsLeft: 0 });
    expect(await slotAt(pilates.id, WED, '11:00')).toEqual({ time: '11:00', busy: false, seatsLeft: 8 });
    const [{ seats_taken }] = (await queryRows<{ seats_taken: number }>(
      t.database,
      sql`select seats_taken from class_sessions where event_id = ${pilates.id}`,
    )) as [{ seats_taken: number }];
    expect(seats_taken).toBe(8);
    const late = await book(pilates.id, WED, '10:00');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(b.classFull);

    // A cancel through the manage link gives its place back: offered again, and taken again.
    const token = answers.find((r) => r.statusCode === 201)!.json().managementToken as string;
    const cancel = await agent(t.app).delete(`/api/public/bookings/manage/${token}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await slotAt(pilates.id, WED, '10:00')).toEqual({ time: '10:00', busy: false, seatsLeft: 1 });
    expect((await book(pilates.id, WED, '10:00')).statusCode).toBe(201);
    expect(await slotAt(pilates.id, WED, '10:00')).toEqual({ time: '10:00', busy: true, seatsLeft: 0 });

    // Fewer seats than that class has sold: refused naming it; as many is fine.
    const fewer = await a.patch(`/api/events/${pilates.id}`, { seats: 5, maxSeatsPerBooking: 1 });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().message).toBe(
      'Op woensdag 3 maart om 10:00 zijn al 8 plekken verkocht; kies ten minste 8 plekken.',
    );
    const more = await a.patch(`/api/events/${pilates.id}`, { seats: 10 });
    expect(more.statusCode, more.body).toBe(200);
    expect(await slotAt(pilates.id, WED, '10:00')).toEqual({ time: '10:00', busy: false, seatsLeft: 2 });
  });

  it('a full class refuses at once, and takes a booking again as soon as a place comes free anywhere', async () => {
    const spinning = await service('Spinning', { seats: 2 });
    const sold = [await book(spinning.id, NEXT_WED, '10:00'), await book(spinning.id, NEXT_WED, '10:00')];
    expect(sold.map((r) => r.statusCode)).toEqual([201, 201]);
    // One after the other, as customers arrive after the last place went: each is told it is full.
    for (let i = 0; i < 3; i++) {
      const late = await book(spinning.id, NEXT_WED, '10:00');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(b.classFull);
    }
    // A place freed by a write this app did not make (another instance, a script): bookable at once.
    const freed = sold[0]!.json().booking.id as string;
    await queryRows(t.database, sql`update bookings set status = 'cancelled' where id = ${freed}`);
    const again = await book(spinning.id, NEXT_WED, '10:00');
    expect(again.statusCode, again.body).toBe(201);
    expect((await book(spinning.id, NEXT_WED, '10:00')).statusCode).toBe(409);
    // A third place: taken at once too.
    expect((await a.patch(`/api/events/${spinning.id}`, { seats: 3 })).statusCode).toBe(200);
    expect((await book(spinning.id, NEXT_WED, '10:00')).statusCode).toBe(201);
    expect((await book(spinning.id, NEXT_WED, '10:00')).json().message).toBe(b.classFull);
    // Another time of the same service is a class of its own.
    expect((await book(spinning.id, NEXT_WED, '11:00')).statusCode).toBe(201);
  });

  it('refuses a duo the last single place, and more places than a booking may take', async () => {
    const yoga = await service('Yoga', { seats: 3, maxSeatsPerBooking: 2 });
    const duo = await book(yoga.id, THU, '10:00', { seats: 2 });
    expect(duo.statusCode, duo.body).toBe(201);
    expect(duo.json().booking.seats).toBe(2);
    expect(await slotAt(yoga.id, THU, '10:00')).toEqual({ time: '10:00', busy: false, seatsLeft: 1 });
    const second = await book(yoga.id, THU, '10:00', { seats: 2 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(b.classFull);
    const three = await book(yoga.id, THU, '11:00', { seats: 3 });
    expect(three.statusCode).toBe(400);
    expect(three.json().message).toBe(b.tooManySeats.replace('{n}', '2'));
    expect((await book(yoga.id, THU, '10:00')).statusCode).toBe(201);
  });

  it('a class with one place sold occupies its agenda for every other service', async () => {
    const spinning = await service('Spinning', { seats: 10 });
    const intake = await service('Intake', { durationMinutes: 30 });
    expect((await book(spinning.id, FRI, '14:00')).statusCode).toBe(201);
    // Intake 14:30 overlaps the class: refused, and not offered.
    const other = await book(intake.id, FRI, '14:30');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(b.slotTaken);
    const intakeDay = await day(intake.id, FRI);
    expect(intakeDay.filter((s) => s.busy).map((s) => s.time)).toEqual(['14:00', '14:30']);
    // A second attendee of the class still fits, by the owner's hand too.
    expect((await book(spinning.id, FRI, '14:00')).statusCode).toBe(201);
    const manual = await a.post('/api/bookings', {
      eventId: spinning.id,
      bookingDate: FRI,
      bookingTime: '14:00',
      customerName: 'Els Bakker',
    });
    expect(manual.statusCode, manual.body).toBe(201);
    expect(await slotAt(spinning.id, FRI, '14:00')).toEqual({ time: '14:00', busy: false, seatsLeft: 7 });
    // Removed for good by the owner: its place is given back too (the counter's trigger sees no delete).
    const removed = await a.delete(`/api/bookings/${manual.json().id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await slotAt(spinning.id, FRI, '14:00')).toEqual({ time: '14:00', busy: false, seatsLeft: 8 });
    const [{ seats_taken }] = (await queryRows<{ seats_taken: number }>(
      t.database,
      sql`select seats_taken from class_sessions where event_id = ${spinning.id}`,
    )) as [{ seats_taken: number }];
    expect(seats_taken).toBe(2);
    // The owner moves a one-place booking of another class time into this one: accepted.
    const single = await book(spinning.id, FRI, '16:00');
    expect(single.statusCode).toBe(201);
    const moved = await agent(t.app).patch(`/api/public/bookings/manage/${single.json().managementToken}`, {
      bookingDate: FRI,
      bookingTime: '14:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await slotAt(spinning.id, FRI, '14:00')).toEqual({ time: '14:00', busy: false, seatsLeft: 7 });
    expect(await slotAt(spinning.id, FRI, '16:00')).toEqual({ time: '16:00', busy: false, seatsLeft: 10 });
  });

  it('a paid class of two places charges twice the price, and is no part of a visit', async () => {
    const paid = await paidEventOwner(t, fake, {
      title: 'Dansles',
      durationMinutes: 60,
      dailyPauseTimes: {},
      ...range,
      seats: 6,
      maxSeatsPerBooking: 2,
    });
    const flow = paidFlow(t, paid.event.id);
    const hold = await flow.hold(MON, '10:00', { seats: 2 });
    expect(hold.statusCode, hold.body).toBe(201);
    const pi = intentIdOf(hold.json().clientSecret);
    expect(fake.intent(pi)?.amount).toBe(5000);
    fake.setStatus(pi, 'succeeded');
    const confirmed = await flow.confirm(pi, MON, '10:00', { seats: 2 });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().booking).toMatchObject({ seats: 2, amountPaid: '50.00', status: 'confirmed' });
    expect(await slotAt(paid.event.id, MON, '10:00')).toEqual({ time: '10:00', busy: false, seatsLeft: 4 });
    const quote = await agent(t.app).post(`/api/public/events/${paid.event.id}/payment-quote`, {
      customerEmail: 'nieuw@example.nl',
      seats: 2,
    });
    expect(quote.json()).toMatchObject({ payNow: '50.00' });
    const visit = await agent(t.app).post('/api/public/visits', {
      services: [{ eventId: paid.event.id }],
      date: TUE,
      time: '10:00',
      answers: paidAnswers(),
    });
    expect(visit.statusCode).toBe(400);
    expect(visit.json().message).toBe(b.classInVisit);
  });
});
