/**
 * Appointment series the owner writes down (docs/PRODUCT.md#series): every date checked first, the
 * free ones booked in one transaction under one seriesId, one confirmation listing every date with
 * one invitation entry per date (read back by ical.js), reminders per date, and 08:30 kept over the
 * spring DST change. The clock stands on 1 March 2027, so the dates follow the calendar.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { formatLongDutchDate, zonedTimeToUtc } from '@core/index';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { bookAs, notificationsOf } from '../../test/notification-fixtures';
import { settableClock } from '../../test/rules-fixtures';
import { invitationOf } from '../../test/smtp';
import { createMailingApp, type Agent, type MailingApp } from '../../test/test-app';
import { eventually } from '../../test/wait';

const s = nl.series;
const TZ = 'Europe/Amsterdam';
/** Tuesdays from 2 March 2027; the clocks go forward on Sunday 28 March. */
const TUESDAYS = [
  '2027-03-02',
  '2027-03-09',
  '2027-03-16',
  '2027-03-23',
  '2027-03-30',
  '2027-04-06',
  '2027-04-13',
  '2027-04-20',
];
const CLASH = '2027-03-16';

const everyDay = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: true, startTime: '08:30', endTime: '17:00' },
  ]),
);

describe.each(dbKinds())('appointment series on %s', (kind) => {
  let t: MailingApp;
  const clock = settableClock('2027-03-01', '08:00');
  beforeAll(async () => {
    t = await createMailingApp(kind, { now: clock.now });
  });
  afterAll(() => t?.close());

  async function physio(): Promise<{ a: Agent; event: EventDto }> {
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
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return { a, event: res.json() };
  }
  const series = (event: EventDto, extra: Record<string, unknown> = {}) => ({
    eventId: event.id,
    date: TUESDAYS[0],
    time: '08:30',
    every: '1w',
    count: 8,
    ...extra,
  });

  it('checks every date, refuses the series whole while one is taken, books the rest in one series', async () => {
    const { a, event } = await physio();
    const taken = await bookAs(t, event.id, CLASH, '08:30', 'Piet', 'piet@example.nl');

    const check = await a.post('/api/bookings/series/check', series(event));
    expect(check.statusCode, check.body).toBe(200);
    const occurrences = check.json().occurrences as Array<{
      date: string;
      free: boolean;
      refusal: string | null;
    }>;
    expect(occurrences.map((o) => o.date)).toEqual(TUESDAYS);
    expect(occurrences.filter((o) => !o.free).map((o) => [o.date, o.refusal])).toEqual([[CLASH, 'taken']]);

    // Not skipped: nothing is written, and the answer names the date.
    const refused = await a.post('/api/bookings/series', { ...series(event), customerName: 'Els Bakker' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      s.dateTaken.replace('{date}', formatLongDutchDate(CLASH)).replace('{time}', '08:30'),
    );
    expect((await a.get('/api/bookings')).json().map((b: { id: string }) => b.id)).toEqual([
      taken.booking.id,
    ]);

    const res = await a.post('/api/bookings/series', {
      ...series(event),
      skip: [CLASH],
      customerName: 'Els Bakker',
      customerEmail: 'els@example.nl',
      notifyCustomer: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { seriesId, bookings } = res.json() as {
      seriesId: string;
      bookings: Array<{ id: string; bookingDate: string; bookingTime: string; seriesId: string }>;
    };
    const kept = TUESDAYS.filter((d) => d !== CLASH);
    expect(bookings.map((b) => b.bookingDate)).toEqual(kept);
    expect(new Set(bookings.map((b) => b.seriesId))).toEqual(new Set([seriesId]));
    // 08:30 in Amsterdam on every date: 07:30 UTC in winter time, 06:30 UTC after 28 March.
    expect(bookings.map((b) => b.bookingTime)).toEqual(kept.map(() => '08:30'));
    const instants = kept.map((d) => zonedTimeToUtc(d, '08:30', TZ).toISOString());
    expect(instants.map((i) => i.slice(11, 16))).toEqual(
      kept.map((d) => (d < '2027-03-28' ? '07:30' : '06:30')),
    );

    const listed = await a.get(`/api/bookings?seriesId=${seriesId}&order=asc`);
    expect(listed.json().map((b: { bookingDate: string }) => b.bookingDate)).toEqual(kept);

    // One confirmation, listing every date; one invitation entry per date, with the series' link.
    const mail = await eventually(
      () => t.smtp.received.find((m) => m.envelope.to.includes('els@example.nl')),
      15_000,
      'the confirmation',
    );
    for (const d of kept) expect(mail!.mail.text).toContain(`${formatLongDutchDate(d)} om 08:30`);
    const root = new ICAL.Component(ICAL.parse(invitationOf(mail!)));
    for (const vtz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(vtz);
    const entries = root.getAllSubcomponents('vevent');
    expect(entries.map((v) => new ICAL.Event(v).uid)).toEqual(bookings.map((b) => `${b.id}@localhost`));
    expect(new Set(entries.map((v) => String(v.getFirstPropertyValue('related-to'))))).toEqual(
      new Set([`${seriesId}@localhost`]),
    );
    expect(entries.map((v) => new ICAL.Event(v).startDate.toJSDate().toISOString())).toEqual(instants);
    expect(entries.map((v) => v.getFirstProperty('dtstart')?.getParameter('tzid'))).toEqual(
      kept.map(() => TZ),
    );

    // No second confirmation; each date has its own reminder.
    const later = await notificationsOf(t, bookings[1]!.id);
    expect(later.map((n) => n.kind)).not.toContain('confirmation');
    expect(later.map((n) => n.kind)).toContain('reminder');
    const first = await notificationsOf(t, bookings[0]!.id);
    expect(first.filter((n) => n.kind === 'confirmation')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.received.filter((m) => m.envelope.to.includes('els@example.nl'))).toHaveLength(1);
  });

  it('checks and books a moved date at its new time', async () => {
    const { a, event } = await physio();
    await bookAs(t, event.id, CLASH, '08:30', 'Piet', 'piet@example.nl');
    const moves = [{ from: CLASH, date: '2027-03-17', time: '09:00' }];
    const check = await a.post('/api/bookings/series/check', series(event, { count: 4, moves }));
    expect(check.json().occurrences[2]).toMatchObject({
      planned: CLASH,
      date: '2027-03-17',
      time: '09:00',
      moved: true,
      free: true,
    });
    const res = await a.post('/api/bookings/series', {
      ...series(event, { count: 4, moves }),
      customerName: 'Els Bakker',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().bookings.map((b: { bookingDate: string }) => b.bookingDate)).toEqual([
      '2027-03-02',
      '2027-03-09',
      '2027-03-17',
      '2027-03-23',
    ]);
  });

  it('answers warnings the owner may overrule, and refuses a bad end with a Dutch message', async () => {
    const { a, event } = await physio();
    // 08:00 is before the hours: every date warns, none is refused.
    const check = await a.post('/api/bookings/series/check', series(event, { time: '08:00', count: 2 }));
    expect(check.json().occurrences).toMatchObject([
      { free: false, refusal: null, warnings: ['outsideHours'] },
      { free: false, refusal: null, warnings: ['outsideHours'] },
    ]);
    const monthly = await a.post('/api/bookings/series/check', series(event, { every: 'month', count: 3 }));
    expect(monthly.json().occurrences.map((o: { date: string }) => o.date)).toEqual([
      '2027-03-02',
      '2027-04-06',
      '2027-05-04',
    ]);
    const tooMany = await a.post('/api/bookings/series/check', series(event, { count: 53 }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual({ count: s.countInvalid });
    const both = await a.post('/api/bookings/series/check', series(event, { until: '2027-04-01' }));
    expect(both.json().fields).toEqual({ count: s.endRequired });
    const short = await a.post(
      '/api/bookings/series/check',
      series(event, { count: undefined, until: '2027-03-05' }),
    );
    expect(short.json().fields).toEqual({ until: s.untilInvalid });
    const until = await a.post(
      '/api/bookings/series/check',
      series(event, { count: undefined, until: '2027-03-16' }),
    );
    expect(until.json().occurrences).toHaveLength(3);
    const stray = await a.post('/api/bookings/series', {
      ...series(event),
      skip: ['2027-03-03'],
      customerName: 'Els',
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toBe(s.moveNotInSeries);
  });
  async function booked(a: Agent, event: EventDto, count: number, extra: Record<string, unknown> = {}) {
    const res = await a.post('/api/bookings/series', {
      ...series(event, { count }),
      customerName: 'Els Bakker',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { seriesId: string; bookings: Array<{ id: string; bookingDate: string }> };
  }
  const seriesList = async (a: Agent, seriesId: string) =>
    (await a.get(`/api/bookings?seriesId=${seriesId}&order=asc`)).json() as Array<{
      id: string;
      bookingDate: string;
      bookingTime: string;
      status: string;
    }>;

  it('cancels "deze en alle volgende": the booking and every later occurrence, the earlier ones stay', async () => {
    const { a, event } = await physio();
    const { seriesId, bookings } = await booked(a, event, 5);
    const res = await a.patch(`/api/bookings/${bookings[2]!.id}?scope=following`, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: bookings[2]!.id, status: 'cancelled', seriesId });
    expect((await seriesList(a, seriesId)).map((b) => b.status)).toEqual([
      'confirmed',
      'confirmed',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    // Without a scope only the booking itself changes.
    const one = await a.patch(`/api/bookings/${bookings[0]!.id}`, { status: 'cancelled' });
    expect(one.statusCode).toBe(200);
    expect((await seriesList(a, seriesId)).map((b) => b.status)).toEqual([
      'cancelled',
      'confirmed',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('moves "deze en alle volgende" by the same days to the same new time, in one go', async () => {
    const { a, event } = await physio();
    const { seriesId, bookings } = await booked(a, event, 4);
    const res = await a.patch(`/api/bookings/${bookings[1]!.id}?scope=following`, {
      bookingDate: '2027-03-10',
      bookingTime: '10:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await seriesList(a, seriesId)).map((b) => [b.bookingDate, b.bookingTime])).toEqual([
      ['2027-03-02', '08:30'],
      ['2027-03-10', '10:00'],
      ['2027-03-17', '10:00'],
      ['2027-03-24', '10:00'],
    ]);
    // One later date taken: nothing of the move is written.
    await bookAs(t, event.id, '2027-03-24', '11:00', 'Piet', 'piet@example.nl');
    const refused = await a.patch(`/api/bookings/${bookings[1]!.id}?scope=following`, {
      bookingDate: '2027-03-10',
      bookingTime: '11:00',
    });
    expect(refused.statusCode).toBe(409);
    expect((await seriesList(a, seriesId)).map((b) => b.bookingTime)).toEqual([
      '08:30',
      '10:00',
      '10:00',
      '10:00',
    ]);
  });

  it('refuses another scope, a booking of no series and other changes with "deze en alle volgende"', async () => {
    const { a, event } = await physio();
    const { bookings } = await booked(a, event, 2);
    const bad = await a.patch(`/api/bookings/${bookings[0]!.id}?scope=alles`, { status: 'cancelled' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(s.scopeInvalid);
    const details = await a.patch(`/api/bookings/${bookings[0]!.id}?scope=following`, {
      customerName: 'Ander',
    });
    expect(details.statusCode).toBe(400);
    expect(details.json().message).toBe(s.followingOnly);
    const single = await bookAs(t, event.id, '2027-03-03', '09:00');
    const alone = await a.patch(`/api/bookings/${single.booking.id}?scope=following`, {
      status: 'cancelled',
    });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe(s.notASeries);
  });
});
