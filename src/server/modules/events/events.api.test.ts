import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { bookings } from '../../db/schema';
import { dbKinds, queryRows } from '../../test/databases';
import { eventPayload, owner, stamps } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';

const m = nl.eventRules;
// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');

describe.each(dbKinds())('events API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  it('creates an event with its fields and a readable unique slug', async () => {
    const a = await owner(t);
    const res = await a.post('/api/events', eventPayload({ title: 'Knippen & Föhnen' }));
    expect(res.statusCode).toBe(201);
    const event = res.json();
    expect(event).toMatchObject({
      slug: 'knippen-en-fohnen',
      durationMinutes: 30,
      currency: 'EUR',
      themeColor: '#3B82F6',
      requiresPayment: false,
    });
    const again = await a.post('/api/events', eventPayload({ title: 'Knippen & Föhnen' }));
    expect(again.json().slug).toBe('knippen-en-fohnen-2');

    const fields = (await a.get(`/api/events/${event.id}/fields`)).json();
    expect(fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['Naam', 'E-mail', 'Telefoon']);
    expect(fields[0]).toMatchObject({ fieldType: 'text', isRequired: true, order: 0 });
    expect((await a.get(`/api/events/${event.id}`)).json().dailyPauseTimes).toEqual(
      eventPayload().dailyPauseTimes,
    );
  });

  it('lists events with category and occupancy from today on, counting only confirmed bookings', async () => {
    const a = await owner(t);
    const cat = (await a.post('/api/event-categories', { name: 'Haar', color: '#FF0000' })).json();
    const event = (await a.post('/api/events', eventPayload({ categoryId: cat.id }))).json();
    // 1–7 Dec 2026: Tue, Wed, Thu, Fri and Mon are working days. Mon/Tue have a 1-hour pause: 14 slots;
    // Wed–Fri 16 slots. Total 14 + 16 + 16 + 16 + 14 = 76.
    const insert = (date: string, time: string, status: 'confirmed' | 'cancelled' | 'pending') =>
      t.database.db.insert(bookings).values({
        eventId: event.id,
        customerName: 'K',
        bookingDate: date,
        bookingTime: time,
        status,
        startsAt: new Date(`${date}T${time}:00+01:00`),
        endsAt: new Date(new Date(`${date}T${time}:00+01:00`).getTime() + 1_800_000),
        managementTokenHash: `${event.id}-${date}-${time}-${status}`,
        ...stamps(t),
      });
    await insert('2026-12-01', '09:00', 'confirmed');
    await insert('2026-12-02', '09:00', 'confirmed');
    await insert('2026-12-02', '10:00', 'cancelled');
    await insert('2026-12-03', '10:00', 'pending');
    await insert('2026-11-30', '10:00', 'confirmed'); // before today: not in the window
    const list = (await a.get('/api/events')).json();
    expect(list).toHaveLength(1);
    expect(list[0].category).toMatchObject({ id: cat.id, name: 'Haar', color: '#FF0000' });
    expect(list[0].occupancy).toEqual({ totalSlots: 76, booked: 2, available: 74, percentage: 3 });
  });

  describe('rejects bad input with the Dutch message and stores nothing', () => {
    const day = (enabled: boolean, startTime = '09:00', endTime = '17:00') => ({
      enabled,
      startTime,
      endTime,
    });
    const cases: [string, Record<string, unknown>, string][] = [
      ['no customer field', { customFields: [] }, m.needField],
      ['range without end', { dateRangeEnd: null }, m.needRange],
      ['ongoing without start', { dateRangeType: 'ongoing', dateRangeStart: null }, m.needStart],
      [
        'range end before start',
        { dateRangeStart: '2026-12-10', dateRangeEnd: '2026-12-09' },
        m.rangeEndBeforeStart,
      ],
      ['specific without dates', { dateRangeType: 'specific', specificDates: [] }, m.needSpecificDate],
      [
        'specific date in the past',
        { dateRangeType: 'specific', specificDates: ['2026-11-30', '2026-12-02'] },
        m.specificDateInPast,
      ],
      ['no working day', { workingDays: { '1': day(false), '2': day(false) } }, m.needWorkingDay],
      ['invalid time', { workingDays: { '1': day(true, '25:00', '17:00') } }, m.invalidTime],
      ['end before start', { workingDays: { '1': day(true, '17:00', '09:00') } }, m.endBeforeStart],
      [
        'pause outside hours',
        { dailyPauseTimes: { '1': [{ start: '08:00', end: '09:30' }] } },
        m.pauseOutsideDay,
      ],
      [
        'overlapping pauses',
        {
          dailyPauseTimes: {
            '1': [
              { start: '12:00', end: '13:00' },
              { start: '12:30', end: '13:30' },
            ],
          },
        },
        m.pausesOverlap,
      ],
      ['duration not offered', { durationMinutes: 20 }, m.invalidDuration],
      ['zero amount', { requiresPayment: true, paymentAmount: '0' }, m.invalidAmount],
      ['three decimals', { requiresPayment: true, paymentAmount: '12.345' }, m.invalidAmount],
      ['payment without amount', { requiresPayment: true, paymentAmount: null }, m.invalidAmount],
      ['unknown currency', { currency: 'JPY' }, m.invalidCurrency],
      ['colour not hex', { themeColor: 'blauw' }, m.invalidColor],
      ['empty title', { title: '   ' }, m.titleRequired],
      [
        'duplicate field names',
        {
          customFields: [
            { fieldName: 'Naam', fieldType: 'text' },
            { fieldName: 'naam', fieldType: 'email' },
          ],
        },
        m.fieldNamesUnique,
      ],
      ['invalid date', { dateRangeStart: '2026-02-30' }, m.invalidDate],
    ];
    it.each(cases)('%s', async (_name, overrides, message) => {
      const a = await owner(t);
      const res = await a.post('/api/events', eventPayload(overrides as never));
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().fields ?? {}).concat(res.json().message)).toContain(message);
      expect((await a.get('/api/events')).json()).toHaveLength(0);
    });

    it('a category of another owner', async () => {
      const other = await owner(t);
      const cat = (await other.post('/api/event-categories', { name: 'Van een ander' })).json();
      const a = await owner(t);
      const res = await a.post('/api/events', eventPayload({ categoryId: cat.id }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(m.categoryNotFound);
    });
  });

  it("stores an ongoing ('Doorlopend') service without an end; the horizon limits it", async () => {
    const a = await owner(t);
    const res = await a.post(
      '/api/events',
      eventPayload({ dateRangeType: 'ongoing', dateRangeStart: '2026-12-01', dateRangeEnd: '2026-12-07' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json();
    // An end sent with it means nothing: the service has none.
    expect(event).toMatchObject({
      dateRangeType: 'ongoing',
      dateRangeStart: '2026-12-01',
      dateRangeEnd: null,
    });
    const book = (date: string, time: string) =>
      agent(t.app).post('/api/public/bookings', {
        eventId: event.id,
        bookingDate: date,
        bookingTime: time,
        customFieldResponses: { Naam: 'Sanne de Vries', 'E-mail': 'sanne@example.nl' },
      });
    // Tuesday 1 June 2027: half a year after any end a range of this form would have had.
    expect((await book('2027-06-01', '10:00')).statusCode).toBe(201);
    expect(
      (await agent(t.app).get(`/api/public/events/${event.id}/availability?month=2027-06`)).json().days
        .length,
    ).toBeGreaterThan(0);
    // With a horizon of 60 days, June is out of reach; a date within it is not.
    expect((await a.patch(`/api/events/${event.id}`, { bookingHorizonDays: 60 })).statusCode).toBe(200);
    expect((await book('2027-06-02', '10:00')).statusCode).toBe(400);
    expect((await book('2026-12-08', '10:00')).statusCode).toBe(201);
    // A range still needs its end: the spec's rule is unchanged.
    const range = await a.patch(`/api/events/${event.id}`, { dateRangeType: 'range', dateRangeEnd: null });
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toBe(m.needRange);
  });

  it('patches by merging, re-checks the whole event, and replaces fields when given', async () => {
    const a = await owner(t);
    const event = (
      await a.post(
        '/api/events',
        eventPayload({ requiresPayment: true, paymentAmount: '12.5', currency: 'EUR' }),
      )
    ).json();
    expect(event.paymentAmount).toBe('12.50');

    const renamed = await a.patch(`/api/events/${event.id}`, { title: 'Knippen lang haar' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      title: 'Knippen lang haar',
      requiresPayment: true,
      paymentAmount: '12.50',
      slug: event.slug,
    });

    const bad = await a.patch(`/api/events/${event.id}`, { dateRangeEnd: '2026-11-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(m.rangeEndBeforeStart);
    expect((await a.get(`/api/events/${event.id}`)).json().dateRangeEnd).toBe('2026-12-07');

    const fields = (await a.get(`/api/events/${event.id}/fields`)).json();
    const res = await a.patch(`/api/events/${event.id}`, {
      customFields: [
        { ...fields[1], isRequired: false, order: 0 },
        { fieldName: 'Opmerking', fieldType: 'textarea', isRequired: false, order: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = (await a.get(`/api/events/${event.id}/fields`)).json();
    expect(after.map((f: { fieldName: string }) => f.fieldName)).toEqual(['E-mail', 'Opmerking']);
    expect(after[0].id).toBe(fields[1].id); // kept its id
    expect(after[0].isRequired).toBe(false);

    const gone = await a.patch(`/api/events/${event.id}`, { customFields: [] });
    expect(gone.json().message).toBe(m.needField);
  });

  it('keeps past specific dates that were already on the event', async () => {
    const early = await createTestApp(kind, { now: () => new Date('2026-11-20T08:00:00Z') });
    try {
      const a = await owner(early);
      const event = (
        await a.post(
          '/api/events',
          eventPayload({ dateRangeType: 'specific', specificDates: ['2026-12-02', '2026-11-25'] }),
        )
      ).json();
      expect(event.specificDates).toEqual(['2026-11-25', '2026-12-02']);
      expect(event.dateRangeStart).toBeNull();
    } finally {
      await early.close();
    }
    const a = await owner(t);
    const event = (
      await a.post('/api/events', eventPayload({ dateRangeType: 'specific', specificDates: ['2026-12-02'] }))
    ).json();
    const past = await a.patch(`/api/events/${event.id}`, { specificDates: ['2026-11-29', '2026-12-02'] });
    expect(past.json().message).toBe(m.specificDateInPast);
    await t.database.db.execute(
      sql`update events set specific_dates = array['2026-11-25','2026-12-02'] where id = ${event.id}`,
    );
    const keep = await a.patch(`/api/events/${event.id}`, { title: 'Nieuwe titel' });
    expect(keep.statusCode).toBe(200);
    expect(keep.json().specificDates).toEqual(['2026-11-25', '2026-12-02']);
  });

  it('deletes an event with its fields, bookings and webhooks', async () => {
    const a = await owner(t);
    const event = (await a.post('/api/events', eventPayload())).json();
    await a.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: 'https://crm.example.nl/hook' });
    await t.database.db.insert(bookings).values({
      eventId: event.id,
      customerName: 'K',
      bookingDate: '2026-12-02',
      bookingTime: '09:00',
      startsAt: new Date('2026-12-02T08:00:00Z'),
      endsAt: new Date('2026-12-02T08:30:00Z'),
      managementTokenHash: `del-${event.id}`,
      ...stamps(t),
    });
    const res = await a.delete(`/api/events/${event.id}`);
    expect(res.statusCode).toBe(200);
    expect((await a.get(`/api/events/${event.id}`)).statusCode).toBe(404);
    for (const table of ['custom_fields', 'bookings', 'event_webhooks']) {
      const rows = await queryRows<{ n: number }>(
        t.database,
        sql`select count(*)::int as n from ${sql.identifier(table)} where event_id = ${event.id}`,
      );
      expect(rows[0]!.n, table).toBe(0);
    }
    expect(await t.database.db.select().from(bookings).where(eq(bookings.eventId, event.id))).toHaveLength(0);
  });

  it('answers 404 for a malformed or unknown id', async () => {
    const a = await owner(t);
    expect((await a.get('/api/events/niet-een-id')).statusCode).toBe(404);
    expect((await a.get('/api/events/00000000-0000-4000-8000-000000000000')).json().message).toBe(
      m.eventNotFound,
    );
  });
});
