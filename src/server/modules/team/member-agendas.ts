import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/app-error';
import { agendasRepo } from '../agendas/agendas.repo';

/**
 * The linked agendas of a member, checked: each a live agenda of the business (another business's
 * id, a deleted or made-up one answers 400). Share-locked until the transaction ends, as a
 * service's agendas are (agendas/owned-agendas.ts), so a parallel delete cannot slip in between.
 */
export async function memberAgendaIds(tx: Db, businessId: string, ids: readonly string[]): Promise<string[]> {
  const live = await agendasRepo.liveIdsOf(tx, businessId, ids, { lock: true });
  if (ids.some((id) => !live.has(id)))
    throw badRequest(nl.agendas.unknown, { agendaIds: nl.agendas.unknown });
  return [...ids];
}
