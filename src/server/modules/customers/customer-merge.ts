import type { CustomerDetail } from '@contracts/customers';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { CustomerRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import type { SignedIn } from '../../http/signed-in';
import { activityRepo, byMember } from '../activity/activity.repo';
import { customersRepo } from './customers.repo';

const m = nl.customers;

/**
 * What the kept record takes of the other: its empty contact fields, every tag, the consent that was
 * given (with when and how), and a block. The other's bookings and notes move over as they are.
 */
function combined(kept: CustomerRow, other: CustomerRow, at: Date): Partial<CustomerRow> {
  const consentFromOther = !kept.marketingConsent && other.marketingConsent;
  return {
    email: kept.email ?? other.email,
    phone: kept.phone ?? other.phone,
    birthDate: kept.birthDate ?? other.birthDate,
    tags: [...new Set([...kept.tags, ...other.tags])],
    ...(consentFromOther
      ? {
          marketingConsent: true,
          marketingConsentAt: other.marketingConsentAt,
          marketingConsentSource: other.marketingConsentSource,
        }
      : {}),
    ...(!kept.blockedAt && other.blockedAt
      ? { blockedAt: other.blockedAt, blockedReason: other.blockedReason }
      : {}),
    updatedAt: at,
  };
}

/**
 * POST /api/customers/{id}/merge: `id` keeps every booking, note, tag and consent of `otherId`,
 * which is gone after. Asked again (a retry, a second tab) it answers the kept card as the first did.
 */
export function createCustomerMerge(
  db: Db,
  deps: { now: () => Date; detail: (who: SignedIn, id: string) => Promise<CustomerDetail> },
) {
  return async function merge(who: SignedIn, id: string, otherId: string): Promise<CustomerDetail> {
    if (id === otherId) throw badRequest(m.mergeSelf);
    const businessId = who.user.id;
    const at = deps.now();
    await db.transaction(async (tx) => {
      const rows = await customersRepo.lockPair(tx, businessId, [id, otherId]);
      const kept = rows.find((r) => r.id === id);
      const other = rows.find((r) => r.id === otherId);
      if (!kept) throw notFound(m.notFound);
      if (!other) {
        if ((await customersRepo.mergedInto(tx, businessId, otherId)) === id) return;
        throw notFound(m.notFound);
      }
      const moved = await customersRepo.moveAndRemove(tx, businessId, otherId, id, at);
      // After the other row is gone, so its address can move to the kept record.
      await customersRepo.update(tx, businessId, id, combined(kept, other, at));
      await activityRepo.record(tx, byMember(who.member), at, {
        kind: 'customer.merged',
        subjectId: id,
        subjectName: kept.name,
        before: { mergedCustomer: other.name },
        after: moved,
      });
    });
    return deps.detail(who, id);
  };
}
