import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/app-error';
import { agendasRepo } from './agendas.repo';

/**
 * The agendas a service (event or template) books into, checked: each must be a live agenda of the
 * owner (another owner's id, a deleted or made-up one answers 400). Left out: the default agenda.
 * Call it inside the transaction that saves the service: the rows stay share-locked until it ends,
 * so a parallel delete of one of them either waits and then sees the service (409), or wins first
 * and this check no longer finds the agenda (400); never a service in a deleted agenda.
 */
export async function ownedAgendaIds(
  db: Db,
  userId: string,
  ids: readonly string[] | undefined,
): Promise<string[]> {
  if (!ids?.length) return [(await agendasRepo.defaultOf(db, userId)).id];
  const live = await agendasRepo.liveIdsOf(db, userId, ids, { lock: true });
  if (ids.some((id) => !live.has(id)))
    throw badRequest(nl.agendas.unknown, { agendaIds: nl.agendas.unknown });
  return [...ids];
}
