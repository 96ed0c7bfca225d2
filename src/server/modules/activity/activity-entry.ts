import type { ActivityKind } from '@contracts/enums';
import type { Db } from '../../db/client';
import type { MemberRow } from '../../db/schema';
import type { ActivityChange } from './activity-diff';
import { activityRepo, byMember, type ActivityBy, type ActivityWhat } from './activity.repo';

/** An update's entry, written only when a field changed (`change` from activityDiff). */
export async function logUpdate(
  tx: Db,
  by: ActivityBy,
  at: Date,
  what: Omit<ActivityWhat, 'before' | 'after'>,
  change: ActivityChange | null,
): Promise<void> {
  if (change) await activityRepo.record(tx, by, at, { ...what, ...change });
}

/** A member's own sign-in or account security change: the member both acted and is the subject. */
export function logSignIn(
  tx: Db,
  member: Pick<MemberRow, 'id' | 'name' | 'businessId'>,
  at: Date,
  kind: Extract<ActivityKind, `sign_in.${string}`>,
  after?: Record<string, unknown>,
): Promise<void> {
  return activityRepo.record(tx, byMember(member), at, {
    kind,
    subjectId: member.id,
    subjectName: member.name,
    after,
  });
}
