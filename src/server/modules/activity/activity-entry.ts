import type { ActivityKind } from '@contracts/enums';
import type { Db } from '../../db/client';
import type { ActivityChange } from './activity-diff';
import { activityRepo, type NewActivity } from './activity.repo';

/** Who an entry names: the business and the member who acted (byMember), or the system (a job). */
export type ActivityBy = Pick<NewActivity, 'businessId' | 'actor' | 'memberId' | 'memberName'>;

/** The system acting for the business: a job, a payment provider's answer. */
export const bySystem = (businessId: string): ActivityBy => ({
  businessId,
  actor: 'systeem',
  memberId: null,
  memberName: null,
});

export interface ActivityWhat {
  kind: ActivityKind;
  subjectId?: string | null;
  subjectName?: string | null;
  bookingId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes one entry at `at`; call it with the change's own transaction, so both commit or neither. */
export function logActivity(tx: Db, by: ActivityBy, at: Date, what: ActivityWhat): Promise<void> {
  return activityRepo.record(tx, {
    ...by,
    at,
    kind: what.kind,
    subjectId: what.subjectId ?? null,
    subjectName: what.subjectName ?? null,
    bookingId: what.bookingId ?? null,
    before: what.before ?? null,
    after: what.after ?? null,
  });
}

/** An update's entry, written only when a field changed (`change` from activityDiff). */
export async function logUpdate(
  tx: Db,
  by: ActivityBy,
  at: Date,
  what: Omit<ActivityWhat, 'before' | 'after'>,
  change: ActivityChange | null,
): Promise<void> {
  if (change) await logActivity(tx, by, at, { ...what, ...change });
}
