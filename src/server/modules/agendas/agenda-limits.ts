import type { AgendaHours, DailyPauseTimes, WorkingDays } from '@core/index';
import type { Db } from '../../db/client';
import { agendaAbsencesRepo } from './agenda-absences.repo';

/** An agenda's own week as the public event read carries it (eventsRepo.findPublic `agendaWeeks`). */
export type AgendaWeek = { id: string; workingDays: WorkingDays; dailyPauseTimes: DailyPauseTimes | null };

/**
 * What limits each of `agendaIds` on the dates [from, to] (core AgendaHours, in the same order): its
 * own week from the public event read and its absences, read only when the owner has any. Undefined
 * when none of them has either: the service's hours alone decide (today's behaviour, no extra work).
 */
export async function agendaLimits(
  db: Db,
  found: { agendaWeeks: readonly AgendaWeek[]; hasAbsences: boolean },
  agendaIds: readonly string[],
  from: string,
  to: string,
): Promise<AgendaHours[] | undefined> {
  const absences = found.hasAbsences ? await agendaAbsencesRepo.overlapping(db, agendaIds, from, to) : [];
  if (!found.agendaWeeks.length && !absences.length) return undefined;
  const weeks = new Map(found.agendaWeeks.map((w) => [w.id, w]));
  return agendaIds.map((id) => ({
    workingDays: weeks.get(id)?.workingDays ?? null,
    dailyPauseTimes: weeks.get(id)?.dailyPauseTimes ?? null,
    absences: absences.filter((a) => a.agendaId === id),
  }));
}
