import { and, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendaAbsences } from '../../db/schema';

export const agendaAbsencesRepo = {
  /** The absences of `agendaIds` that touch the dates [from, to]. */
  async overlapping(db: Db, agendaIds: readonly string[], from: string, to: string) {
    if (!agendaIds.length) return [];
    return db
      .select({
        agendaId: agendaAbsences.agendaId,
        startDate: agendaAbsences.startDate,
        endDate: agendaAbsences.endDate,
        startTime: agendaAbsences.startTime,
        endTime: agendaAbsences.endTime,
      })
      .from(agendaAbsences)
      .where(
        and(
          inArray(agendaAbsences.agendaId, [...agendaIds]),
          lte(agendaAbsences.startDate, to),
          gte(agendaAbsences.endDate, from),
        ),
      );
  },
};
