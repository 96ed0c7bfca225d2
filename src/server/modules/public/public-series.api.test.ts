/**
 * A customer's appointment series (docs/PRODUCT.md#series): only the counts the service offers,
 * all or nothing, one confirmation listing every date, and "Deze en alle volgende" through the
 * manage link. The clock stands on 1 March 2027, so the dates follow the calendar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { nlPublicSeries } from '@contracts/messages-public-series';
import { formatLongDutchDate } from '@core/index';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { settableClock } from '../../test/rules-fixtures';
import { invitationOf } from '../../test/smtp';
import { agent, createMailingApp, type Agent, type MailingApp } from '../../test/test-app';
import { eventually } from '../../test/wait';

const s = nlPublicSeries.publicSeries;
const TUESDAYS = ['2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23'];
const everyDay = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: true, startTime: '08:30', endTime: '17:00' },
  ]),
);

describe.each(dbKinds())('a customer books a series on %s', (kind) => {
  let t: MailingApp;
  const clock = settableClock('2027-03-01', '08:00');
  beforeAll(async () => {
    t = await createMailingApp(kind, { now: clock.now });
  });
  afterAll(() => t?.close());

  async function physio(
    seriesOptions: number[],
    rules: Record<string, unknown> = {},
  ): Promise<{ a: Agent; event: EventDto }> {
    const a = await owner(t);
    const res = await a.post(
      '/api/events',
      eventPayload({
        title: 'Fysiotherapie',
        workingDays: everyDay,
        dailyPauseTimes: {},
        dateRangeType: 'range',
        dateRangeStart: '2027-03-01',
        dateRangeEnd: '2027-12-31',
        seriesOptions,
        ...rules,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().seriesOptions).toEqual([...seriesOptions].sort((x, y) => x - y));
    return { a, event: res.json() };
  }
  const book = (event: EventDto, email: string, series?: { every: string; count: number }) =>
    agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: TUESDAYS[0],
      bookingTime: '08:30',
      customFieldResponses: { Naam: 'Anna de Vries', 'E-mail': email },
      ...(series ? { series } : {}),
    });
  const seriesOf = async (a: Agent, seriesId: string) =>
    (await a.get(`/api/bookings?seriesId=${seriesId}&order=asc`)).json() as Array<{
      bookingDate: string;
      bookingTime: string;
      status: string;
      seriesId: string;
    }>;

  it('books the offered weekly count in one go, with one confirmation listing every date', async () => {
    const { a, event } = await physio([8, 4]);
    const res = await book(event, 'anna@example.nl', { every: '1w', count: 4 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.series.map((b: { bookingDate: string }) => b.bookingDate)).toEqual(TUESDAYS);
    expect(body.booking.id).toBe(body.series[0].id);
    const list = (await a.get('/api/bookings?order=asc')).json() as Array<{ seriesId: string }>;
    expect(list).toHaveLength(4);
    expect(new Set(list.map((b) => b.seriesId)).size).toBe(1);
    const mail = await eventually(
      () => t.smtp.received.find((m) => m.envelope.to.includes('anna@example.nl')),
      15_000,
      'the confirmation',
    );
    for (const d of TUESDAYS) expect(mail!.mail.text).toContain(`${formatLongDutchDate(d)} om 08:30`);
    expect(invitationOf(mail!).match(/BEGIN:VEVENT/g)).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.received.filter((m) => m.envelope.to.includes('anna@example.nl'))).toHaveLength(1);
  });

  it('refuses a count the service does not offer, and a series of a service without options', async () => {
    const { event } = await physio([4]);
    const six = await book(event, 'bram@example.nl', { every: '1w', count: 6 });
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe(s.notOffered);
    const { a, event: plain } = await physio([]);
    const none = await book(plain, 'bram@example.nl', { every: '1w', count: 4 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(s.notOffered);
    // Without a series the booking is the single one it always was.
    const single = await book(plain, 'bram@example.nl');
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json()).not.toHaveProperty('series');
    expect((await a.get('/api/bookings')).json()).toMatchObject([{ seriesId: null }]);
  });

  it('refuses the whole series when one date is taken, naming it, and writes nothing', async () => {
    const { a, event } = await physio([4]);
    const taken = await a.post('/api/bookings', {
      eventId: event.id,
      bookingDate: TUESDAYS[2],
      bookingTime: '08:30',
      customerName: 'Piet',
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const res = await book(event, 'cas@example.nl', { every: '1w', count: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      s.dateRefused.replace('{date}', formatLongDutchDate(TUESDAYS[2]!)).replace('{time}', '08:30'),
    );
    expect((await a.get('/api/bookings')).json()).toHaveLength(1);
  });

  it('moves and cancels "Deze en alle volgende" through the manage link', async () => {
    const { a, event } = await physio([4]);
    const res = await book(event, 'dirk@example.nl', { every: '1w', count: 4 });
    expect(res.statusCode, res.body).toBe(201);
    const { managementToken: token, booking } = res.json();
    const seriesId = (await a.get(`/api/bookings/${booking.id}`)).json().seriesId as string;
    const guest = agent(t.app);
    // The booking page offers the counts; the manage view tells how many occurrences follow.
    expect((await guest.get(`/api/public/events/${event.slug}`)).json().seriesOptions).toEqual([4]);
    const view = await guest.get(`/api/public/bookings/manage/${token}`);
    expect(view.json().series).toEqual({ later: 3 });
    const moved = await guest.patch(`/api/public/bookings/manage/${token}?scope=following`, {
      bookingDate: '2027-03-03',
      bookingTime: '09:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await seriesOf(a, seriesId)).map((b) => [b.bookingDate, b.bookingTime])).toEqual([
      ['2027-03-03', '09:00'],
      ['2027-03-10', '09:00'],
      ['2027-03-17', '09:00'],
      ['2027-03-24', '09:00'],
    ]);
    const bad = await guest.delete(`/api/public/bookings/manage/${token}?scope=alle`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(s.scopeInvalid);
    const cancelled = await guest.delete(`/api/public/bookings/manage/${token}?scope=following`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Nothing live follows a cancelled series any more.
    expect(cancelled.json().series).toEqual({ later: 0 });
    expect((await seriesOf(a, seriesId)).map((b) => b.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('moves "Deze en alle volgende" under the customer’s rules: a full day refuses the whole', async () => {
    const { a, event } = await physio([4], { maxBookingsPerDay: 1 });
    const res = await book(event, 'els@example.nl', { every: '1w', count: 4 });
    expect(res.statusCode, res.body).toBe(201);
    const { managementToken: token, booking } = res.json();
    const seriesId = (await a.get(`/api/bookings/${booking.id}`)).json().seriesId as string;
    // Another customer takes the only place of the third Wednesday the series would move to.
    const other = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: '2027-03-17',
      bookingTime: '14:00',
      customFieldResponses: { Naam: 'Joost Bakker', 'E-mail': 'joost@example.nl' },
    });
    expect(other.statusCode, other.body).toBe(201);
    const moved = await agent(t.app).patch(`/api/public/bookings/manage/${token}?scope=following`, {
      bookingDate: '2027-03-03',
      bookingTime: '09:00',
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().message).toBe(nl.booking.dayFull);
    expect((await seriesOf(a, seriesId)).map((b) => b.bookingDate)).toEqual(TUESDAYS);
    // Outside the service's hours the move is refused too, before anything is written.
    const late = await agent(t.app).patch(`/api/public/bookings/manage/${token}?scope=following`, {
      bookingDate: '2027-03-04',
      bookingTime: '17:30',
    });
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().message).toBe(nl.booking.slotUnavailable);
    expect((await seriesOf(a, seriesId)).map((b) => b.bookingDate)).toEqual(TUESDAYS);
  });
});
