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

/**
 * A service's agenda groups (docs/PRODUCT.md#agenda-groups), checked as `ownedAgendaIds` checks one
 * list, all at once and under the same share lock: every agenda of every group a live one of the
 * owner. Left out: the default agenda as the only group. The answer names the group at fault (the
 * first group as `agendaIds`, which is what it is stored as).
 */
export async function ownedAgendaGroups(
  db: Db,
  userId: string,
  groups: ReadonlyArray<readonly string[]> | undefined,
): Promise<{ agendaIds: string[]; extraAgendaGroups: string[][] }> {
  if (!groups?.length)
    return { agendaIds: await ownedAgendaIds(db, userId, undefined), extraAgendaGroups: [] };
  const live = await agendasRepo.liveIdsOf(db, userId, groups.flat(), { lock: true });
  const wrong = groups.findIndex((group) => group.some((id) => !live.has(id)));
  if (wrong >= 0) {
    const field = wrong === 0 ? 'agendaIds' : `agendaGroups.${wrong}`;
    throw badRequest(nl.agendas.unknown, { [field]: nl.agendas.unknown });
  }
  const [first, ...extra] = groups;
  return { agendaIds: [...first!], extraAgendaGroups: extra.map((group) => [...group]) };
}
