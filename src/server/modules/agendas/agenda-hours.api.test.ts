import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '@contracts/activity';
import type { AbsenceDto } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import type { MemberRole } from '@core/index';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { createAgenda, createService } from '../../test/agenda-fixtures';
import { agent, createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { daysFromToday, nextBookableDate } from '../../test/test-today';
import { hashPassword } from '../auth/password';
import { membersRepo } from '../team/members.repo';

const m = nl.agendas;
const e = nl.eventRules;

/** Monday to Friday 09:00–17:00, Wednesday a short day; a lunch on Monday. */
const week = {
  '1': { enabled: true, startTime: '09:00', endTime: '17:00' },
  '2': { enabled: true, startTime: '09:00', endTime: '17:00' },
  '3': { enabled: true, startTime: '09:00', endTime: '13:00' },
  '4': { enabled: true, startTime: '09:00', endTime: '17:00' },
  '5': { enabled: true, startTime: '09:00', endTime: '17:00' },
};
const lunch = { '1': [{ start: '12:00', end: '12:30' }] };

describe.each(dbKinds())('agenda hours and absences API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  let memberCount = 0;
  async function member(businessId: string, role: MemberRole, agendaIds: string[] = []) {
    const username = `uren${++memberCount}${kind}`;
    const row = await membersRepo.insert(t.database.db, {
      businessId,
      username,
      password: await hashPassword('geheim123'),
      name: `${role} ${memberCount}`,
      role,
      createdAt: new Date(),
    });
    await membersRepo.setAgendas(t.database.db, row!.id, agendaIds);
    const a = agent(t.app);
    const res = await a.post('/api/login', { username, password: 'geheim123' });
    expect(res.statusCode, res.body).toBe(200);
    return a;
  }
  const absences = async (a: Agent, id: string) => {
    const res = await a.get(`/api/agendas/${id}/absences`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AbsenceDto[];
  };
  const refused = async (res: { statusCode: number; json(): unknown }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(message);
  };

  it('sets, keeps and clears an agenda’s own week with its pauses', async () => {
    const a = await owner(t);
    const id = await createAgenda(a, 'Mila');
    expect((await a.get('/api/agendas')).json()[1]).toMatchObject({
      workingDays: null,
      dailyPauseTimes: null,
    });

    const set = await a.patch(`/api/agendas/${id}`, { workingDays: week, dailyPauseTimes: lunch });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ workingDays: week, dailyPauseTimes: lunch });
    // A rename leaves the week as it is.
    const renamed = await a.patch(`/api/agendas/${id}`, { name: 'Mila B.' });
    expect(renamed.json()).toMatchObject({ name: 'Mila B.', workingDays: week, dailyPauseTimes: lunch });
    // A week without pauses drops the old pauses.
    const noLunch = await a.patch(`/api/agendas/${id}`, { workingDays: week });
    expect(noLunch.json()).toMatchObject({ workingDays: week, dailyPauseTimes: null });
    await a.patch(`/api/agendas/${id}`, { workingDays: week, dailyPauseTimes: lunch });
    // Null: no own hours any more (and no pauses).
    const cleared = await a.patch(`/api/agendas/${id}`, { workingDays: null });
    expect(cleared.json()).toMatchObject({ workingDays: null, dailyPauseTimes: null });
    expect((await a.get('/api/agendas')).json()[1]).toMatchObject({
      workingDays: null,
      dailyPauseTimes: null,
    });
  });

  it('refuses a week that does not hold with the event form’s Dutch messages', async () => {
    const a = await owner(t);
    const id = await createAgenda(a, 'Noor');
    const patch = (body: object) => a.patch(`/api/agendas/${id}`, body);
    await refused(await patch({ workingDays: { '1': { ...week['1'], enabled: false } } }), e.needWorkingDay);
    await refused(
      await patch({ workingDays: { '1': { enabled: true, startTime: '17:00', endTime: '09:00' } } }),
      e.endBeforeStart,
    );
    await refused(
      await patch({ workingDays: { '1': { enabled: true, startTime: '9 uur', endTime: '17:00' } } }),
      e.invalidTime,
    );
    await refused(
      await patch({ workingDays: week, dailyPauseTimes: { '1': [{ start: '08:00', end: '09:30' }] } }),
      e.pauseOutsideDay,
    );
    await refused(
      await patch({
        workingDays: week,
        dailyPauseTimes: {
          '1': [
            { start: '12:00', end: '13:00' },
            { start: '12:30', end: '13:30' },
          ],
        },
      }),
      e.pausesOverlap,
    );
    await refused(await patch({ dailyPauseTimes: lunch }), m.pausesNeedHours);
    expect((await a.get('/api/agendas')).json()[1]).toMatchObject({ workingDays: null });
  });

  it('adds, lists and deletes absences: whole days or hours, current and upcoming first', async () => {
    const a = await owner(t);
    const id = await createAgenda(a, 'Sem');
    const post = (body: object) => a.post(`/api/agendas/${id}/absences`, body);
    const holiday = await post({
      startDate: daysFromToday(20),
      endDate: daysFromToday(27),
      reason: ' Vakantie ',
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    expect(holiday.json()).toEqual({
      id: expect.any(String),
      agendaId: id,
      startDate: daysFromToday(20),
      endDate: daysFromToday(27),
      startTime: null,
      endTime: null,
      reason: 'Vakantie',
    });
    const doctor = await post({
      startDate: daysFromToday(3),
      endDate: daysFromToday(3),
      startTime: '10:00',
      endTime: '11:30',
      reason: 'Tandarts',
    });
    expect(doctor.statusCode, doctor.body).toBe(201);
    // Running now (began yesterday), and one that ended: the list keeps the first, not the second.
    const current = (await post({ startDate: daysFromToday(-1), endDate: daysFromToday(1) })).json();
    expect(current.reason).toBe('');
    expect((await post({ startDate: daysFromToday(-10), endDate: daysFromToday(-5) })).statusCode).toBe(201);

    expect((await absences(a, id)).map((x) => x.id)).toEqual([
      current.id,
      doctor.json().id,
      holiday.json().id,
    ]);
    const range = await a.get(`/api/agenda-absences?from=${daysFromToday(-10)}&to=${daysFromToday(5)}`);
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json().map((x: AbsenceDto) => x.startDate)).toEqual([
      daysFromToday(-10),
      daysFromToday(-1),
      daysFromToday(3),
    ]);

    const gone = await a.delete(`/api/agendas/${id}/absences/${doctor.json().id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await absences(a, id)).map((x) => x.id)).toEqual([current.id, holiday.json().id]);
    const again = await a.delete(`/api/agendas/${id}/absences/${doctor.json().id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(m.absenceNotFound);
  });

  it('refuses absences that do not hold with Dutch 400s, storing nothing', async () => {
    const a = await owner(t);
    const id = await createAgenda(a, 'Lotte');
    const post = (body: object) => a.post(`/api/agendas/${id}/absences`, body);
    const day = daysFromToday(5);
    await refused(await post({ startDate: day, endDate: daysFromToday(4) }), m.absenceEndBeforeStart);
    await refused(await post({ startDate: '2026-02-30', endDate: day }), e.invalidDate);
    await refused(await post({ endDate: day }), m.absenceStartRequired);
    await refused(await post({ startDate: day, endDate: daysFromToday(5 + 367) }), m.absenceTooLong);
    expect((await post({ startDate: day, endDate: daysFromToday(5 + 366) })).statusCode).toBe(201);
    await refused(
      await post({ startDate: day, endDate: day, startTime: '25:00', endTime: '26:00' }),
      e.invalidTime,
    );
    await refused(await post({ startDate: day, endDate: day, startTime: '10:00' }), m.absenceBothTimes);
    await refused(
      await post({ startDate: day, endDate: day, startTime: '11:00', endTime: '10:00' }),
      e.endBeforeStart,
    );
    await refused(
      await post({ startDate: day, endDate: day, reason: 'x'.repeat(201) }),
      m.absenceReasonTooLong,
    );
    expect((await post({ startDate: day, endDate: day, reason: 'x'.repeat(200) })).statusCode).toBe(201);
    expect(await absences(a, id)).toHaveLength(2);

    await refused(
      await a.get(`/api/agenda-absences?from=${day}&to=${daysFromToday(4)}`),
      m.absenceEndBeforeStart,
    );
    await refused(await a.get(`/api/agenda-absences?from=${day}`), m.absenceRangeRequired);
    await refused(await a.get(`/api/agenda-absences?from=gisteren&to=${day}`), e.invalidDate);
    const bad = await a.get('/api/agendas/niet-een-id/absences');
    expect(bad.statusCode).toBe(404);
  });

  it('keeps owners apart: another owner’s agenda or absence is 404 and never listed', async () => {
    const a = await owner(t);
    const b = await owner(t);
    const theirs = await createAgenda(b, 'Van B');
    const mine = await createAgenda(a, 'Van A');
    const absence = (
      await b.post(`/api/agendas/${theirs}/absences`, {
        startDate: daysFromToday(2),
        endDate: daysFromToday(2),
        reason: 'Geheim',
      })
    ).json();
    for (const res of [
      await a.get(`/api/agendas/${theirs}/absences`),
      await a.post(`/api/agendas/${theirs}/absences`, {
        startDate: daysFromToday(2),
        endDate: daysFromToday(2),
      }),
      await a.delete(`/api/agendas/${theirs}/absences/${absence.id}`),
      await a.patch(`/api/agendas/${theirs}`, { workingDays: week }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(m.notFound);
    }
    // Their absence under my agenda is no absence of mine.
    const crossed = await a.delete(`/api/agendas/${mine}/absences/${absence.id}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe(m.absenceNotFound);
    const range = await a.get(`/api/agenda-absences?from=${daysFromToday(0)}&to=${daysFromToday(10)}`);
    expect(range.json()).toEqual([]);
    expect(await absences(b, theirs)).toHaveLength(1);
  });

  it('lets the managers manage; a medewerker reads only their own agendas’ absences, without reasons', async () => {
    const a = await owner(t);
    const mila = await createAgenda(a, 'Mila');
    const sem = await createAgenda(a, 'Sem');
    const body = { startDate: daysFromToday(4), endDate: daysFromToday(4), reason: 'Cursus' };
    const admin = await member(a.id, 'beheerder');
    expect((await admin.post(`/api/agendas/${mila}/absences`, body)).statusCode).toBe(201);
    expect((await admin.patch(`/api/agendas/${mila}`, { workingDays: week })).statusCode).toBe(200);
    expect((await a.post(`/api/agendas/${sem}/absences`, body)).statusCode).toBe(201);

    const staff = await member(a.id, 'medewerker', [mila]);
    const own = await absences(staff, mila);
    expect(own).toEqual([expect.objectContaining({ agendaId: mila, reason: '' })]);
    expect((await staff.get(`/api/agendas/${sem}/absences`)).statusCode).toBe(404);
    const range = await staff.get(`/api/agenda-absences?from=${daysFromToday(0)}&to=${daysFromToday(10)}`);
    expect(range.json().map((x: AbsenceDto) => x.agendaId)).toEqual([mila]);
    const post = await staff.post(`/api/agendas/${mila}/absences`, body);
    expect(post.statusCode).toBe(403);
    expect((await staff.delete(`/api/agendas/${mila}/absences/${own[0]!.id}`)).statusCode).toBe(403);
    expect((await staff.patch(`/api/agendas/${mila}`, { workingDays: null })).statusCode).toBe(403);

    // The desk sees every agenda's absences, the reasons stay the managers'.
    const desk = await member(a.id, 'receptie');
    const all = await desk.get(`/api/agenda-absences?from=${daysFromToday(0)}&to=${daysFromToday(10)}`);
    expect(all.json().map((x: AbsenceDto) => x.reason)).toEqual(['', '']);
    expect((await absences(a, mila))[0]!.reason).toBe('Cursus');
  });

  it('records the week and each absence in the activity log as changes of the agenda', async () => {
    const a = await owner(t);
    const id = await createAgenda(a, 'Fleur');
    await a.patch(`/api/agendas/${id}`, { workingDays: week, dailyPauseTimes: lunch });
    const day = daysFromToday(6);
    const absence = (
      await a.post(`/api/agendas/${id}/absences`, {
        startDate: day,
        endDate: day,
        startTime: '14:00',
        endTime: '15:00',
        reason: 'Huisarts',
      })
    ).json();
    await a.delete(`/api/agendas/${id}/absences/${absence.id}`);
    const page = (await a.get('/api/activity?kind=agenda')).json() as ActivityPage;
    const [removed, added, hours] = page.entries;
    const shown = `${day}, 14:00–15:00, Huisarts`;
    expect(removed).toMatchObject({ kind: 'agenda.updated', subjectId: id, subjectName: 'Fleur' });
    expect(removed).toMatchObject({ before: { absence: shown }, after: { absence: null } });
    expect(added).toMatchObject({ before: { absence: null }, after: { absence: shown } });
    expect(hours).toMatchObject({
      kind: 'agenda.updated',
      before: { workingDays: null, dailyPauseTimes: null },
      after: { workingDays: week, dailyPauseTimes: lunch },
    });
  });

  it('lets the owner book into an absence or outside the own week, with a warning', async () => {
    const a = await owner(t);
    const mila = await createAgenda(a, 'Mila');
    // Saturdays 09:00–17:00; Mila works Saturdays from 12:00 and is at a course 14:00–16:00.
    const service = await createService(a, 'Knippen', 60, { agendaIds: [mila] });
    const date = nextBookableDate(service);
    await a.patch(`/api/agendas/${mila}`, {
      workingDays: { '6': { enabled: true, startTime: '12:00', endTime: '17:00' } },
    });
    await a.post(`/api/agendas/${mila}/absences`, {
      startDate: date,
      endDate: date,
      startTime: '14:00',
      endTime: '16:00',
      reason: 'Cursus',
    });
    const book = (bookingTime: string, customerName: string) =>
      a.post('/api/bookings', {
        eventId: service.id,
        agendaId: mila,
        bookingDate: date,
        bookingTime,
        customerName,
      });
    const absent = await book('14:00', 'Anna');
    expect(absent.statusCode, absent.body).toBe(201);
    expect(absent.json().warnings).toEqual(['agendaAbsent']);
    const early = await book('10:00', 'Bram');
    expect(early.statusCode, early.body).toBe(201);
    expect(early.json().warnings).toEqual(['agendaOutsideHours']);
    const fine = await book('12:00', 'Cas');
    expect(fine.json().warnings).toEqual([]);
    // The owner's move into the absence is theirs to make too.
    const moved = await a.patch(`/api/bookings/${fine.json().id}`, {
      bookingDate: date,
      bookingTime: '15:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ bookingTime: '15:00', agendaId: mila });
  });
});
