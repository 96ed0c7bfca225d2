import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases';
import { eventPayload, insertBooking, owner } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

describe.each(dbKinds())('dashboard and statistics on %s', (kind) => {
  let clock = new Date('2026-12-02T10:00:00Z'); // Wednesday 2 December, 11:00 in Amsterdam
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());

  it('computes the dashboard figures and lists in SQL', async () => {
    const a = await owner(t);
    expect((await a.get('/api/dashboard')).json()).toEqual({
      eventCount: 0,
      paidEventCount: 0,
      bookingCount: 0,
      todayCount: 0,
      revenue: '0.00',
      recentBookings: [],
      events: [],
    });

    const paid = (
      await a.post(
        '/api/events',
        eventPayload({
          title: 'Massage',
          requiresPayment: true,
          paymentAmount: '45.50',
          dateRangeStart: '2026-11-01',
        }),
      )
    ).json();
    const free = (
      await a.post(
        '/api/events',
        eventPayload({
          title: 'Intake',
          dateRangeType: 'specific',
          specificDates: ['2026-12-03', '2026-12-04'],
        }),
      )
    ).json();
    // One after the other, as an owner makes them (the app's clock stamps created_at).
    const made = clock;
    for (let i = 0; i < 6; i++) {
      clock = new Date(made.getTime() + i);
      await a.post('/api/events', eventPayload({ title: `Extra ${i}` }));
    }
    clock = made;
    await insertBooking(t, paid.id, '2026-12-02', '09:00', {
      paymentStatus: 'paid',
      customerName: 'Vandaag betaald',
    });
    await insertBooking(t, paid.id, '2026-12-02', '10:00', {
      paymentStatus: 'pending',
      customerName: 'Vandaag open',
    });
    await insertBooking(t, paid.id, '2026-11-30', '10:00', {
      paymentStatus: 'paid',
      status: 'cancelled',
      customerName: 'Geannuleerd betaald',
    });
    await insertBooking(t, free.id, '2026-12-03', '09:00', { customerName: 'Morgen' });
    for (let i = 0; i < 4; i++)
      await insertBooking(t, free.id, '2026-12-04', `1${i}:00`, {
        customerName: `Vrijdag ${i}`,
        createdAt: new Date(Date.UTC(2026, 10, 20 + i)),
      });

    const d = (await a.get('/api/dashboard')).json();
    expect(d).toMatchObject({
      eventCount: 8,
      paidEventCount: 1,
      bookingCount: 8,
      todayCount: 2,
      revenue: '91.00',
    });
    expect(d.recentBookings).toHaveLength(5);
    expect(d.recentBookings.map((b: { customerName: string }) => b.customerName)).not.toContain('Vrijdag 0');
    expect(d.events).toHaveLength(5);
    expect(d.events[0]).toMatchObject({
      title: 'Extra 5',
      durationMinutes: 30,
      dateRangeType: 'range',
      requiresPayment: false,
    });

    const other = await owner(t);
    expect((await other.get('/api/dashboard')).json().bookingCount).toBe(0);
  });

  it('gives statistics per period, by appointment date in the owner’s time zone', async () => {
    const a = await owner(t);
    const event = (
      await a.post(
        '/api/events',
        eventPayload({
          title: 'Yoga',
          dateRangeStart: '2026-11-01',
          dateRangeEnd: '2026-12-31',
          requiresPayment: true,
          paymentAmount: '10',
        }),
      )
    ).json();
    await insertBooking(t, event.id, '2026-12-02', '09:00', { paymentStatus: 'paid' });
    await insertBooking(t, event.id, '2026-12-02', '14:00');
    await insertBooking(t, event.id, '2026-12-01', '14:30', { status: 'cancelled' });
    await insertBooking(t, event.id, '2026-11-26', '09:00', { paymentStatus: 'paid' });
    await insertBooking(t, event.id, '2026-11-02', '09:00');

    const today = (await a.get('/api/analytics?period=today')).json();
    expect(today).toMatchObject({
      period: 'today',
      from: '2026-12-02',
      to: '2026-12-02',
      bookings: 2,
      cancellations: 0,
      revenue: '10.00',
    });
    expect(today.overview).toEqual({ totalEvents: 1, totalBookings: 5 });
    expect(today.byHour).toEqual([
      { hour: 9, count: 1 },
      { hour: 14, count: 1 },
    ]);
    expect(today.topEvents).toEqual([{ eventId: event.id, title: 'Yoga', count: 2 }]);
    // Wednesday, no pause: 09:00–17:00 in 30 minutes = 16 slots; 2 confirmed.
    expect(today.occupancy).toEqual({ totalSlots: 16, booked: 2, percentage: 13 });

    expect((await a.get('/api/analytics?period=yesterday')).json()).toMatchObject({
      from: '2026-12-01',
      bookings: 0,
      cancellations: 1,
    });
    const week = (await a.get('/api/analytics?period=week')).json();
    expect(week).toMatchObject({ from: '2026-11-26', to: '2026-12-02', bookings: 3, revenue: '20.00' });
    expect(week.perDay).toEqual([
      { date: '2026-11-26', count: 1 },
      { date: '2026-12-02', count: 2 },
    ]);
    expect(week.byWeekday).toEqual([
      { weekday: 3, count: 2 },
      { weekday: 4, count: 1 },
    ]);
    expect((await a.get('/api/analytics?period=month')).json()).toMatchObject({
      from: '2026-11-02',
      bookings: 4,
    });
    expect((await a.get('/api/analytics?period=jaar')).statusCode).toBe(400);
  });

  it('looks forward: confirmed appointments from now through the coming seven days, with their expected revenue', async () => {
    const a = await owner(t);
    const paid = (
      await a.post(
        '/api/events',
        eventPayload({
          title: 'Behandeling',
          dateRangeStart: '2026-11-01',
          dateRangeEnd: '2026-12-31',
          requiresPayment: true,
          paymentAmount: '40',
        }),
      )
    ).json();
    const free = (
      await a.post('/api/events', eventPayload({ dateRangeStart: '2026-11-01', dateRangeEnd: '2026-12-31' }))
    ).json();
    // The clock is 11:00 on Wednesday 2 December in Amsterdam: the window is 2–8 December.
    await insertBooking(t, paid.id, '2026-12-02', '09:00', { customerName: 'Al begonnen' });
    await insertBooking(t, paid.id, '2026-12-02', '11:00', {
      paymentStatus: 'paid',
      amountPaid: '10.00',
      amountDue: '30.00',
      customerName: 'Aanbetaling, begint nu',
    });
    await insertBooking(t, paid.id, '2026-12-04', '10:00', {
      paymentStatus: 'paid',
      customerName: 'Van voor aanbetalingen',
    });
    await insertBooking(t, paid.id, '2026-12-05', '10:00', { status: 'cancelled', paymentStatus: 'paid' });
    await insertBooking(t, paid.id, '2026-12-06', '10:00', { status: 'pending', paymentStatus: 'pending' });
    await insertBooking(t, free.id, '2026-12-07', '10:00', { customerName: 'Gratis' });
    await insertBooking(t, paid.id, '2026-12-08', '16:00', {
      paymentStatus: 'refunded',
      amountPaid: '10.00',
      amountDue: '30.00',
      customerName: 'Aanbetaling terugbetaald',
    });
    await insertBooking(t, paid.id, '2026-12-09', '09:00', { customerName: 'Na het venster' });
    await insertBooking(t, paid.id, '2026-12-01', '16:00', { customerName: 'Gisteren' });

    // 40 (10 paid + 30 due) + 40 (the event's price) + 0 (free) + 30 (only the part still due).
    const expected = { from: '2026-12-02', to: '2026-12-08', bookings: 4, expectedRevenue: '110.00' };
    expect((await a.get('/api/analytics?period=today')).json().upcoming).toEqual(expected);
    // The forward figure is the same whatever period the owner looks at, and leaves the periods alone.
    const month = (await a.get('/api/analytics?period=month')).json();
    expect(month.upcoming).toEqual(expected);
    expect(month).toMatchObject({ from: '2026-11-02', to: '2026-12-02', bookings: 3 });

    // A minute later the 11:00 appointment has started and drops out.
    clock = new Date('2026-12-02T10:01:00Z');
    expect((await a.get('/api/analytics?period=today')).json().upcoming).toEqual({
      ...expected,
      bookings: 3,
      expectedRevenue: '70.00',
    });
    // Another owner sees none of these.
    expect((await (await owner(t)).get('/api/analytics?period=today')).json().upcoming).toEqual({
      ...expected,
      bookings: 0,
      expectedRevenue: '0.00',
    });
    clock = new Date('2026-12-02T10:00:00Z');
  });

  it('moves "today" at local midnight across the autumn and spring DST changes', async () => {
    const a = await owner(t);
    const event = (
      await a.post('/api/events', eventPayload({ dateRangeStart: '2026-03-01', dateRangeEnd: '2026-12-31' }))
    ).json();
    await insertBooking(t, event.id, '2026-10-26', '09:00');
    await insertBooking(t, event.id, '2026-03-30', '09:00');

    clock = new Date('2026-10-25T22:59:00Z'); // 23:59 CET on Sunday 25 October (after fall-back)
    expect((await a.get('/api/analytics?period=today')).json()).toMatchObject({
      from: '2026-10-25',
      bookings: 0,
    });
    clock = new Date('2026-10-25T23:00:00Z'); // 00:00 CET on Monday 26 October
    expect((await a.get('/api/analytics?period=today')).json()).toMatchObject({
      from: '2026-10-26',
      bookings: 1,
    });
    expect((await a.get('/api/dashboard')).json().todayCount).toBe(1);

    clock = new Date('2026-03-29T21:59:00Z'); // 23:59 CEST on Sunday 29 March (after spring-forward)
    expect((await a.get('/api/analytics?period=today')).json()).toMatchObject({
      from: '2026-03-29',
      bookings: 0,
    });
    clock = new Date('2026-03-29T22:00:00Z'); // 00:00 CEST on Monday 30 March
    expect((await a.get('/api/analytics?period=today')).json()).toMatchObject({
      from: '2026-03-30',
      bookings: 1,
    });
    clock = new Date('2026-12-02T10:00:00Z');
  });
});
