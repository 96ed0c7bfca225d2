import type { z } from 'zod';
import { MAX_CLOSURES, type ClosureDto, type createClosureBody } from '@contracts/closures';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { ClosureRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { agendasRepo } from '../agendas/agendas.repo';
import { activityFields } from '../activity/activity-diff';
import { usersRepo } from '../users/users.repo';
import { closuresRepo } from './closures.repo';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';

const m = nl.closures;
const SHOWN = ['startDate', 'endDate', 'label', 'agendaId', 'yearly'] as const;
const nameOf = (row: ClosureRow) => row.label || `${row.startDate} – ${row.endDate}`;

const toDto = ({ id, startDate, endDate, label, agendaId, yearly }: ClosureRow): ClosureDto => ({
  id,
  startDate,
  endDate,
  label,
  agendaId,
  yearly,
});

/** The owner's closed periods (docs/PRODUCT.md#closures); the booking rules read them through the repo. */
export function createClosuresService(db: Db, deps: { now: () => Date }) {
  const { now } = deps;
  return {
    list: async (user: UserRow) => (await closuresRepo.list(db, user.id)).map(toDto),

    async create(user: UserRow, body: z.output<typeof createClosureBody>, by: ActivityBy) {
      const row = await db.transaction(async (tx) => {
        // Counted under the owner's row lock, so racers for the last place take it once.
        await usersRepo.lockOwner(tx, user.id);
        if ((await closuresRepo.countOf(tx, user.id)) >= MAX_CLOSURES) throw badRequest(m.tooManyClosures);
        // Locked like a service's agendas, so a parallel delete cannot leave a closure of a deleted agenda.
        if (
          body.agendaId &&
          !(await agendasRepo.liveIdsOf(tx, user.id, [body.agendaId], { lock: true })).size
        )
          throw badRequest(m.agendaNotFound, { agendaId: m.agendaNotFound });
        const row = await closuresRepo.insert(tx, { ...body, userId: user.id, createdAt: now() });
        await activityRepo.record(tx, by, now(), {
          kind: 'closure.created',
          subjectId: row.id,
          subjectName: nameOf(row),
          after: activityFields(row, SHOWN),
        });
        return row;
      });
      return toDto(row);
    },

    async remove(user: UserRow, id: string, by: ActivityBy) {
      await db.transaction(async (tx) => {
        const gone = await closuresRepo.delete(tx, user.id, id);
        if (!gone) throw notFound(m.notFound);
        await activityRepo.record(tx, by, now(), {
          kind: 'closure.deleted',
          subjectId: id,
          subjectName: nameOf(gone),
          before: activityFields(gone, SHOWN),
        });
      });
    },
  };
}
export type ClosuresService = ReturnType<typeof createClosuresService>;
