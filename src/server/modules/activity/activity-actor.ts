import type { MemberRow } from '../../db/schema';
import type { NewActivity } from './activity.repo';

/** Who an entry names when a member acted: their id and their name at the time (kept after removal). */
export function byMember(member: Pick<MemberRow, 'id' | 'name' | 'businessId'>) {
  return {
    businessId: member.businessId,
    actor: 'member',
    memberId: member.id,
    memberName: member.name,
  } satisfies Partial<NewActivity>;
}
