import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { addDays } from '@core/index';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { booked, bookAt, expectRefused, ruledService } from '../../test/rules-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookableDates, daysFromToday, testToday, upcomingRange } from '../../test/test-today';

const m = nl.closures;

describe.each(dbKinds())('closures API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('adds closures of the whole business and of one agenda, lists them by first day and deletes one', async () => {
    const a = await owner(t);
    expect((await a.get('/api/closures')).json()).toEqual([]);
    const chair = (await a.post('/api/agendas', { name: 'Stoel 2' })).json();

    const vacation = await a.post('/api/closures', {
      startDate: daysFromToday(40),
      endDate: daysFromToday(53),
      label: ' Zomervakantie ',
    });
    expect(vacation.statusCode).toBe(201);
    expect(vacation.json()).toEqual({
      id: expect.any(String),
      startDate: daysFromToday(40),
      endDate: daysFromToday(53),
      label: 'Zomervakantie',
      agendaId: null,
      yearly: false,
    });
    const day = await a.post('/api/closures', {
      startDate: daysFromToday(10),
      endDate: daysFromToday(10),
      label: 'Cursus',
      agendaId: chair.id,
    });
    expect(day.statusCode).toBe(201);
    expect(day.json()).toMatchObject({ label: 'Cursus', agendaId: chair.id });
    // agendaId null is the whole business, like leaving it out.
    const explicitNull = await a.post('/api/closures', {
      startDate: daysFromToday(5),
      endDate: daysFromToday(6),
      label: 'Verbouwing',
      agendaId: null,
    });
    expect(explicitNull.json()).toMatchObject({ agendaId: null });

    const list = (await a.get('/api/closures')).json();
    expect(list.map((c: { label: string }) => c.label)).toEqual(['Verbouwing', 'Cursus', 'Zomervakantie']);

    const removed = await a.delete(`/api/closures/${day.json().id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await a.get('/api/closures')).json().map((c: { label: string }) => c.label)).toEqual([
      'Verbouwing',
      'Zomervakantie',
    ]);
    // Gone is gone: a second delete finds nothing.
    const again = await a.delete(`/api/closures/${day.json().id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(m.notFound);
  });

  it('keeps a yearly closure on the same date next year: listed as yearly, a booking then refused', async () => {
    const a = await owner(t);
    const service = await ruledService(a, 'Knippen', 30, {}, upcomingRange(800));
    // A bookable Saturday more than a year out, then the same calendar date this year for the closure.
    const [nextYear, weekLater] = bookableDates(service, 2, { after: addDays(testToday(), 366) }).filter(
      (d) => d.slice(5) !== '02-29',
    );
    const thisYear = `${Number(nextYear!.slice(0, 4)) - 1}${nextYear!.slice(4)}`;
    const created = await a.post('/api/closures', {
      startDate: thisYear,
      endDate: thisYear,
      label: 'Jubileum',
      yearly: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ startDate: thisYear, endDate: thisYear, yearly: true });
    expect((await a.get('/api/closures')).json()).toEqual([created.json()]);

    expectRefused(
      await bookAt(t, service.id, nextYear!, '10:00', 'Anna'),
      400,
      'Op deze dag is Jubileum: we zijn gesloten.',
    );
    // Only that date: the Saturday after still books.
    await booked(t, service.id, weekLater!, '10:00', 'Anna');
  });

  it('refuses a yearly closure of a whole year, which would close the business for good', async () => {
    const a = await owner(t);
    // Refused by its length alone, whichever day it starts: today.
    const start = testToday();
    const res = await a.post('/api/closures', {
      startDate: start,
      endDate: addDays(start, 364),
      label: 'Altijd',
      yearly: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ endDate: m.yearlyTooLong });
    const bad = await a.post('/api/closures', { startDate: start, endDate: start, label: 'X', yearly: 'ja' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ yearly: m.yearlyInvalid });
  });

  it('accepts one day, a year-long closure (366 days after the first) and a 100-character label', async () => {
    const a = await owner(t);
    const start = daysFromToday(3);
    for (const body of [
      { startDate: start, endDate: start, label: 'Eén dag' },
      { startDate: start, endDate: addDays(start, 366), label: 'Sabbatical' },
      { startDate: start, endDate: start, label: 'x'.repeat(100) },
    ]) {
      const res = await a.post('/api/closures', body);
      expect(res.statusCode, body.label).toBe(201);
    }
  });

  it('refuses every invalid closure with a Dutch 400 at the field', async () => {
    const a = await owner(t);
    const start = daysFromToday(20);
    const ok = { startDate: start, endDate: addDays(start, 2), label: 'Vakantie' };
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['no first day', { endDate: ok.endDate, label: ok.label }, 'startDate', m.startRequired],
      ['empty first day', { ...ok, startDate: '' }, 'startDate', m.startRequired],
      ['no last day', { startDate: ok.startDate, label: ok.label }, 'endDate', m.endRequired],
      ['empty last day', { ...ok, endDate: '' }, 'endDate', m.endRequired],
      ['not a date', { ...ok, startDate: '2027-02-30' }, 'startDate', nl.eventRules.invalidDate],
      ['last day before first', { ...ok, endDate: addDays(start, -1) }, 'endDate', m.endBeforeStart],
      ['longer than a year', { ...ok, endDate: addDays(start, 367) }, 'endDate', m.tooLong],
      ['no label', { startDate: ok.startDate, endDate: ok.endDate }, 'label', m.labelRequired],
      ['empty label', { ...ok, label: '' }, 'label', m.labelRequired],
      ['blank label', { ...ok, label: '   ' }, 'label', m.labelRequired],
      ['too long label', { ...ok, label: 'x'.repeat(101) }, 'label', m.labelTooLong],
      ['unknown agenda', { ...ok, agendaId: randomUUID() }, 'agendaId', m.agendaNotFound],
      ['malformed agenda id', { ...ok, agendaId: 'stoel-2' }, 'agendaId', m.agendaNotFound],
    ];
    for (const [name, body, field, message] of cases) {
      const res = await a.post('/api/closures', body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ message, fields: { [field]: message } });
    }
    expect((await a.get('/api/closures')).json()).toEqual([]);
  });

  it('keeps owners apart: another owner’s agenda is refused, their closures are neither listed nor deletable', async () => {
    const a = await owner(t);
    const b = await owner(t);
    const [theirAgenda] = (await b.get('/api/agendas')).json();
    const theirs = (
      await b.post('/api/closures', { startDate: daysFromToday(7), endDate: daysFromToday(8), label: 'Weg' })
    ).json();

    const body = {
      startDate: daysFromToday(7),
      endDate: daysFromToday(7),
      label: 'Van mij',
      agendaId: theirAgenda.id,
    };
    const refused = await a.post('/api/closures', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: m.agendaNotFound,
      fields: { agendaId: m.agendaNotFound },
    });

    expect((await a.get('/api/closures')).json()).toEqual([]);
    const notMine = await a.delete(`/api/closures/${theirs.id}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ code: 'NOT_FOUND', message: m.notFound });
    // A malformed id names nothing either.
    expect((await a.delete('/api/closures/abc')).statusCode).toBe(404);
    expect((await b.get('/api/closures')).json()).toEqual([theirs]);
  });

  it('drops the closures of an agenda the owner deletes, and refuses new ones for it', async () => {
    const a = await owner(t);
    const room = (await a.post('/api/agendas', { name: 'Behandelkamer' })).json();
    const business = { startDate: daysFromToday(3), endDate: daysFromToday(3), label: 'Studiedag' };
    await a.post('/api/closures', business);
    await a.post('/api/closures', { ...business, label: 'Onderhoud', agendaId: room.id });
    expect((await a.get('/api/closures')).json()).toHaveLength(2);
    expect((await a.delete(`/api/agendas/${room.id}`)).statusCode).toBe(200);
    expect((await a.get('/api/closures')).json()).toMatchObject([{ label: 'Studiedag', agendaId: null }]);
    const late = await a.post('/api/closures', {
      startDate: daysFromToday(4),
      endDate: daysFromToday(4),
      label: 'Te laat',
      agendaId: room.id,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(m.agendaNotFound);
  });

  it('lists the Dutch holidays of a year, which the picker adds as one-day closures', async () => {
    const a = await owner(t);
    const holidays = (await a.get('/api/closures/holidays?year=2028')).json();
    expect(holidays).toHaveLength(11);
    expect(holidays[0]).toEqual({ date: '2028-01-01', name: 'Nieuwjaarsdag' });
    expect(holidays).toContainEqual({ date: '2028-04-14', name: 'Goede Vrijdag' });
    expect(holidays).toContainEqual({ date: '2028-04-27', name: 'Koningsdag' });
    const christmas = holidays.find((h: { name: string }) => h.name === 'Eerste Kerstdag');
    const added = await a.post('/api/closures', {
      startDate: christmas.date,
      endDate: christmas.date,
      label: christmas.name,
    });
    expect(added.statusCode).toBe(201);
    expect((await a.get('/api/closures')).json()).toEqual([added.json()]);
    const badYear = await a.get('/api/closures/holidays?year=20288');
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json().message).toBe(m.invalidYear);
  });

  it('answers 401 to every call when signed out', async () => {
    const a = await owner(t);
    const mine = (
      await a.post('/api/closures', {
        startDate: daysFromToday(2),
        endDate: daysFromToday(2),
        label: 'Dicht',
      })
    ).json();
    for (const [method, url, payload] of [
      ['GET', '/api/closures', undefined],
      ['POST', '/api/closures', { startDate: daysFromToday(2), endDate: daysFromToday(2), label: 'Dicht' }],
      ['DELETE', `/api/closures/${mine.id}`, undefined],
      ['GET', '/api/closures/holidays?year=2027', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message, `${method} ${url}`).toBe(nl.errors.unauthorized);
    }
    expect((await a.get('/api/closures')).json()).toEqual([mine]);
  });
});
