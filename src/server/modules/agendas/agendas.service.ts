import type { z } from 'zod';
import {
  MAX_AGENDA_ABSENCES,
  MAX_AGENDAS,
  type AbsenceDto,
  type AgendaDto,
  type absencesRangeQuery,
  type createAbsenceBody,
  type createAgendaBody,
  type updateAgendaBody,
} from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { can, formatLongDutchDate, todayInZone } from '@core/index';
import type { Db } from '../../db/client';
import type { AgendaAbsenceRow, AgendaRow, UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { activityDiff, activityFields } from '../activity/activity-diff';
import { closuresRepo } from '../closures/closures.repo';
import { agendasRepo } from './agendas.repo';
import { agendaScope, type BookingViewer } from '../bookings/booking-viewer';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';
import { logUpdate } from '../activity/activity-entry';
import { agendaAbsencesRepo } from './agenda-absences.repo';

const m = nl.agendas;

export function toAgendaDto(row: AgendaRow): AgendaDto {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    isDefault: row.isDefault,
    googleCalendarId: row.googleCalendarId,
    needsReview: row.needsReview,
    workingDays: row.workingDays ?? null,
    dailyPauseTimes: row.workingDays ? (row.dailyPauseTimes ?? null) : null,
  };
}

/** The fields of an agenda its activity entries show (its own week included). */
const SHOWN = ['name', 'color', 'googleCalendarId', 'workingDays', 'dailyPauseTimes'] as const;

/**
 * An absence as the views read it; its reason only for members who manage the agendas (a doctor's
 * visit is not every colleague's business), never for customers.
 */
function toAbsenceDto(row: AgendaAbsenceRow, withReason = true): AbsenceDto {
  return {
    id: row.id,
    agendaId: row.agendaId,
    startDate: row.startDate,
    endDate: row.endDate,
    startTime: row.startTime,
    endTime: row.endTime,
    reason: withReason ? row.reason : '',
  };
}

/** The absence as its activity entry shows it: 'van – tot' with the hours and the reason. */
const absenceShown = (row: AgendaAbsenceRow) => ({
  absence: [
    row.startDate === row.endDate ? row.startDate : `${row.startDate} – ${row.endDate}`,
    row.startTime ? `${row.startTime}–${row.endTime}` : null,
    row.reason || null,
  ]
    .filter(Boolean)
    .join(', '),
});

/** The owner's agendas (docs/PRODUCT.md#agendas): who or what a booking occupies. */
export function createAgendasService(db: Db, { now }: { now: () => Date }) {
  async function owned(db: Db, user: UserRow, id: string) {
    const row = await agendasRepo.findLive(db, user.id, id);
    if (!row) throw notFound(m.notFound);
    return row;
  }
  async function checkName(user: UserRow, name: string, exceptId?: string) {
    if (await agendasRepo.nameTaken(db, user.id, name, exceptId))
      throw badRequest(m.nameTaken, { name: m.nameTaken });
  }

  return {
    /**
     * The business's live agendas; a member without `bookings.allAgendas` gets only the agendas linked
     * to them (docs/PRODUCT.md#roles): their agenda view shows nothing else.
     */
    list: async (user: UserRow, viewer: BookingViewer) => {
      const scope = agendaScope(viewer);
      const rows = await agendasRepo.listLive(db, user.id);
      return rows.filter((a) => !scope || scope.includes(a.id)).map(toAgendaDto);
    },

    async create(user: UserRow, body: z.output<typeof createAgendaBody>, by: ActivityBy) {
      if ((await agendasRepo.countLive(db, user.id)) >= MAX_AGENDAS) throw badRequest(m.tooMany);
      await checkName(user, body.name);
      return db.transaction(async (tx) => {
        const row = await agendasRepo.insert(tx, { userId: user.id, ...body, createdAt: now() });
        await activityRepo.record(tx, by, now(), {
          kind: 'agenda.created',
          subjectId: row.id,
          subjectName: row.name,
          after: activityFields(row, ['name', 'color', 'googleCalendarId']),
        });
        return toAgendaDto(row);
      });
    },

    async update(user: UserRow, id: string, body: z.output<typeof updateAgendaBody>, by: ActivityBy) {
      const current = await owned(db, user, id);
      if (body.name !== undefined) await checkName(user, body.name, id);
      const { googleCalendarId, workingDays, dailyPauseTimes, ...rest } = body;
      // Left out of the body: the calendar stays; null or '': the agenda no longer has its own.
      const values: Partial<AgendaRow> = 'googleCalendarId' in body ? { ...rest, googleCalendarId } : rest;
      // Own hours: a week replaces the week and its pauses; null clears both (open whenever its
      // services are); left out, both stay.
      if (workingDays !== undefined) {
        values.workingDays = workingDays;
        values.dailyPauseTimes = workingDays ? (dailyPauseTimes ?? null) : null;
      }
      return db.transaction(async (tx) => {
        const row = await agendasRepo.update(tx, id, values);
        await logUpdate(
          tx,
          by,
          now(),
          { kind: 'agenda.updated', subjectId: id, subjectName: row.name },
          activityDiff(current, row, SHOWN),
        );
        return toAgendaDto(row);
      });
    },

    /**
     * Refused for the default agenda and while a service or a live future booking uses it (the
     * owner moves those first). Otherwise marked deleted: its past bookings keep saying whom they
     * were with. The row lock makes a booking written meanwhile wait, so the count stays true.
     */
    async remove(user: UserRow, id: string, by: ActivityBy) {
      await db.transaction(async (tx) => {
        const agenda = await owned(tx, user, id);
        if (agenda.isDefault) throw new AppError('CONFLICT', m.defaultCannotDelete);
        await agendasRepo.lock(tx, id);
        const titles = await agendasRepo.eventTitlesUsing(tx, user.id, id);
        if (titles.length)
          throw new AppError('CONFLICT', m.usedByEvents.replace('{events}', titles.join(', ')));
        const future = await agendasRepo.futureBookings(tx, id, now());
        if (future.count)
          throw new AppError(
            'CONFLICT',
            m.usedByBookings
              .replace('{count}', String(future.count))
              .replace('{date}', formatLongDutchDate(future.date))
              .replace('{time}', future.time),
          );
        const fallback = await agendasRepo.defaultOf(tx, user.id);
        await agendasRepo.markDeleted(tx, agenda, fallback.id, now());
        // Its closures close nothing any more (closures.service locks the agenda before adding one).
        await closuresRepo.deleteOfAgenda(tx, id);
        await activityRepo.record(tx, by, now(), {
          kind: 'agenda.deleted',
          subjectId: id,
          subjectName: agenda.name,
          before: activityFields(agenda, ['name', 'color']),
        });
      });
    },

    /** The agenda's current and upcoming absences, the soonest first (past ones are left out). */
    async absences(user: UserRow, id: string, viewer: BookingViewer) {
      const scope = agendaScope(viewer);
      if (scope && !scope.includes(id)) throw notFound(m.notFound);
      await owned(db, user, id);
      const rows = await agendaAbsencesRepo.listOf(db, id, todayInZone(now(), user.timeZone));
      return rows.map((r) => toAbsenceDto(r, can(viewer.role, 'services.manage')));
    },

    /** The absences of the owner's agendas (those the viewer sees) touching [from, to], for the views. */
    async absencesBetween(user: UserRow, query: z.output<typeof absencesRangeQuery>, viewer: BookingViewer) {
      const scope = agendaScope(viewer);
      const rows = await agendaAbsencesRepo.ofOwner(db, user.id, query.from, query.to);
      return rows
        .filter((r) => !scope || scope.includes(r.agendaId))
        .map((r) => toAbsenceDto(r, can(viewer.role, 'services.manage')));
    },

    async addAbsence(user: UserRow, id: string, body: z.output<typeof createAbsenceBody>, by: ActivityBy) {
      return db.transaction(async (tx) => {
        // Locked like a closure's agenda, so a parallel delete cannot leave an absence behind.
        const agenda = await owned(tx, user, id);
        await agendasRepo.lock(tx, id);
        const today = todayInZone(now(), user.timeZone);
        if ((await agendaAbsencesRepo.countCurrent(tx, id, today)) >= MAX_AGENDA_ABSENCES)
          throw badRequest(m.absenceTooMany);
        const row = await agendaAbsencesRepo.insert(tx, {
          ...body,
          userId: user.id,
          agendaId: id,
          createdAt: now(),
        });
        await activityRepo.record(tx, by, now(), {
          kind: 'agenda.updated',
          subjectId: id,
          subjectName: agenda.name,
          before: { absence: null },
          after: absenceShown(row),
        });
        return toAbsenceDto(row);
      });
    },

    async removeAbsence(user: UserRow, id: string, absenceId: string, by: ActivityBy) {
      await db.transaction(async (tx) => {
        const agenda = await owned(tx, user, id);
        const gone = await agendaAbsencesRepo.delete(tx, user.id, id, absenceId);
        if (!gone) throw notFound(m.absenceNotFound);
        await activityRepo.record(tx, by, now(), {
          kind: 'agenda.updated',
          subjectId: id,
          subjectName: agenda.name,
          before: absenceShown(gone),
          after: { absence: null },
        });
      });
    },
  };
}
export type AgendasService = ReturnType<typeof createAgendasService>;
