import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';

const b = nl.booking;
// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');
const answers = (overrides: Record<string, string> = {}) => ({
  Naam: 'Sanne de Vries',
  'E-mail': 'sanne@example.nl',
  Telefoon: '+31612345678',
  ...overrides,
});

describe.each(dbKinds())('public booking API on %s', (kind) => {
  let t: TestApp;
  let eventId: string;
  let slug: string;
  const book = (bookingDate: string, bookingTime: string, extra: Record<string, unknown> = {}) =>
    agent(t.app).post('/api/public/bookings', {
      eventId,
      bookingDate,
      bookingTime,
      customFieldResponses: answers(),
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    const a = await owner(t);
    const cat = (await a.post('/api/event-categories', { name: 'Haar', color: '#EC4899' })).json();
    const event = (await a.post('/api/events', eventPayload({ categoryId: cat.id }))).json();
    eventId = event.id;
    slug = event.slug;
  });
  afterAll(() => t.close());

  it('shows the public event without owner data, and its fields', async () => {
    const res = await agent(t.app).get(`/api/public/events/${slug}`);
    expect(res.statusCode).toBe(200);
    const event = res.json();
    expect(event).toMatchObject({
      id: eventId,
      title: 'Knippen',
      timeZone: 'Europe/Amsterdam',
      category: { name: 'Haar', color: '#EC4899' },
    });
    expect(JSON.stringify(event)).not.toMatch(/userId|googleCalendarId|stripe/);
    const fields = (await agent(t.app).get(`/api/public/events/${slug}/fields`)).json();
    expect(fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['Naam', 'E-mail', 'Telefoon']);
    const missing = await agent(t.app).get('/api/public/events/bestaat-niet');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(b.eventNotFound);
  });

  it('books a free slot once and answers the management token this once', async () => {
    const res = await book('2026-12-02', '10:00');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.booking).toMatchObject({
      bookingDate: '2026-12-02',
      bookingTime: '10:00',
      status: 'confirmed',
      paymentStatus: 'not_required',
      customerName: 'Sanne de Vries',
      customerEmail: 'sanne@example.nl',
      customerPhone: '+31612345678',
    });
    expect(body.managementToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.managementUrl).toBe(`http://localhost:3000/booking/manage/${body.managementToken}`);
    const again = await book('2026-12-02', '10:00');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(b.slotTaken);
    const taken = (await agent(t.app).get(`/api/public/events/${eventId}/bookings/2026-12-02`)).json();
    expect(taken).toEqual([{ bookingTime: '10:00' }]);
  });

  describe('refuses every slot the wizard would not offer', () => {
    const cases: [string, string, string, string][] = [
      ['a disabled weekday (Saturday)', '2026-12-05', '10:00', b.slotUnavailable],
      ['a date after the range', '2026-12-08', '10:00', b.slotUnavailable],
      ['a time off the slot grid', '2026-12-03', '10:10', b.slotUnavailable],
      ['a slot inside the Monday pause', '2026-12-07', '12:00', b.slotUnavailable],
      ['a slot overlapping the pause', '2026-12-07', '11:45', b.slotUnavailable],
      ['a slot ending after the day', '2026-12-03', '17:00', b.slotUnavailable],
      ['the slot starting now', '2026-12-01', '09:00', b.slotPast],
      ['a date that does not exist', '2026-02-30', '10:00', b.invalidDate],
      ['a malformed time', '2026-12-03', '9:00', b.invalidTime],
    ];
    it.each(cases)('%s', async (_name, date, time, message) => {
      const res = await book(date, time);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('missing required answers, bad e-mail, bad phone', async () => {
      const noName = await book('2026-12-03', '11:00', { customFieldResponses: answers({ Naam: '' }) });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toBe(`Naam: ${b.required}`);
      const badMail = await book('2026-12-03', '11:00', {
        customFieldResponses: answers({ 'E-mail': 'sanne@' }),
      });
      expect(badMail.json().fields['customFieldResponses.E-mail']).toBe(b.invalidEmail);
      const accented = await book('2026-12-03', '11:00', {
        customFieldResponses: answers({ 'E-mail': 'jürgen@müller.de' }),
      });
      expect(accented.statusCode).toBe(400);
      expect(accented.json().fields['customFieldResponses.E-mail']).toBe(nl.validation.emailChars);
      const badPhone = await book('2026-12-03', '11:00', {
        customFieldResponses: answers({ Telefoon: '+3161234' }),
      });
      expect(badPhone.json().fields['customFieldResponses.Telefoon']).toBe(b.invalidPhone);
      expect(
        (await book('2026-12-03', '11:00', { eventId: '00000000-0000-4000-8000-000000000000' })).statusCode,
      ).toBe(404);
      expect((await agent(t.app).post('/api/public/bookings', { eventId })).statusCode).toBe(400);
    });

    it('stores only answers to the event’s own fields and derives the customer from them', async () => {
      const res = await book('2026-12-03', '14:00', {
        customerName: 'Gefaket',
        customFieldResponses: { ...answers(), Admin: 'ja' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().booking.customerName).toBe('Sanne de Vries');
      expect(res.json().booking.customFieldResponses).toEqual(answers());
    });
  });

  it('gives a month of availability in one request', async () => {
    const res = await agent(t.app).get(`/api/public/events/${eventId}/availability?month=2026-12`);
    expect(res.statusCode).toBe(200);
    const month = res.json();
    expect(month).toMatchObject({ month: '2026-12', today: '2026-12-01', timeZone: 'Europe/Amsterdam' });
    expect(month.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
    ]);
    expect(month.days[0].slots[0]).toEqual({ time: '09:30', busy: false }); // 09:00 is now
    const dec2 = month.days[1].slots;
    expect(dec2.find((s: { time: string }) => s.time === '10:00')).toEqual({ time: '10:00', busy: true });
    expect(dec2.some((s: { time: string }) => s.time === '12:00')).toBe(true); // Wednesday has no pause
    expect(
      (await agent(t.app).get(`/api/public/events/${eventId}/availability?month=2026-13`)).statusCode,
    ).toBe(400);
  });

  it('lets the customer view, reschedule and cancel with the token only', async () => {
    const created = (await book('2026-12-04', '09:00')).json();
    const token = created.managementToken;
    const view = await agent(t.app).get(`/api/public/bookings/manage/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['referrer-policy']).toBe('no-referrer');
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.json().booking).toMatchObject({ bookingDate: '2026-12-04', bookingTime: '09:00' });
    expect(view.json().event.title).toBe('Knippen');

    expect((await agent(t.app).get(`/api/public/bookings/manage/${'x'.repeat(43)}`)).statusCode).toBe(404);
    const same = await agent(t.app).patch(`/api/public/bookings/manage/${token}`, {
      bookingDate: '2026-12-04',
      bookingTime: '09:00',
    });
    expect(same.statusCode).toBe(200); // its own slot does not block itself
    const taken = await agent(t.app).patch(`/api/public/bookings/manage/${token}`, {
      bookingDate: '2026-12-02',
      bookingTime: '10:00',
    });
    expect(taken.statusCode).toBe(409);
    const bad = await agent(t.app).patch(`/api/public/bookings/manage/${token}`, {
      bookingDate: '2026-12-05',
      bookingTime: '10:00',
    });
    expect(bad.json().message).toBe(b.slotUnavailable);
    const moved = await agent(t.app).patch(`/api/public/bookings/manage/${token}`, {
      bookingDate: '2026-12-04',
      bookingTime: '15:00',
    });
    expect(moved.json().booking).toMatchObject({ bookingDate: '2026-12-04', bookingTime: '15:00' });
    expect((await book('2026-12-04', '09:00')).statusCode).toBe(201); // the old slot is free again

    const cancelled = await agent(t.app).delete(`/api/public/bookings/manage/${token}`);
    expect(cancelled.json().booking.status).toBe('cancelled');
    const after = await agent(t.app).patch(`/api/public/bookings/manage/${token}`, {
      bookingDate: '2026-12-04',
      bookingTime: '16:00',
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(b.cancelledCannotChange);
    expect((await book('2026-12-04', '15:00')).statusCode).toBe(201);
  });

  it('refuses a paid event until it is paid', async () => {
    const a = await owner(t);
    const paid = (
      await a.post(
        '/api/events',
        eventPayload({ title: 'Betaald', requiresPayment: true, paymentAmount: '20' }),
      )
    ).json();
    const res = await agent(t.app).post('/api/public/bookings', {
      eventId: paid.id,
      bookingDate: '2026-12-03',
      bookingTime: '10:00',
      customFieldResponses: answers(),
    });
    // This owner has no payment keys: the service is not bookable online at all (with working keys
    // the refusal is 'paymentRequired', paid-booking.api.test.ts).
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE', message: nl.bookingUnavailable.title });
  });
});

describe.each(dbKinds())('booking concurrency on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  it('lets exactly one of 50 parallel bookings of one slot succeed', async () => {
    const a = await owner(t);
    const event = (await a.post('/api/events', eventPayload())).json();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        agent(t.app).post('/api/public/bookings', {
          eventId: event.id,
          bookingDate: '2026-12-03',
          bookingTime: '11:00',
          customFieldResponses: answers(),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
  });

  it('refuses overlaps with bookings made under an earlier duration', async () => {
    const a = await owner(t);
    const event = (await a.post('/api/events', eventPayload())).json();
    const post = (time: string) =>
      agent(t.app).post('/api/public/bookings', {
        eventId: event.id,
        bookingDate: '2026-12-03',
        bookingTime: time,
        customFieldResponses: answers(),
      });
    expect((await post('09:30')).statusCode).toBe(201); // 09:30–10:00 under 30 minutes
    expect((await a.patch(`/api/events/${event.id}`, { durationMinutes: 60 })).statusCode).toBe(200);
    expect((await post('09:00')).statusCode).toBe(409); // 09:00–10:00 overlaps 09:30–10:00
    const month = (
      await agent(t.app).get(`/api/public/events/${event.id}/availability?month=2026-12`)
    ).json();
    const dec3 = month.days.find((d: { date: string }) => d.date === '2026-12-03').slots;
    expect(dec3.slice(0, 2)).toEqual([
      { time: '09:00', busy: true },
      { time: '10:00', busy: false },
    ]);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? '10:00' : '11:00')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
  });
});
