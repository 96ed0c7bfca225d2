import { and, eq, lt, sql } from 'drizzle-orm';
import type { CustomerPast } from '@core/index';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';

export const depositsRepo = {
  /**
   * What the bookings of the customer with this e-mail address say (docs/PRODUCT.md#deposits): the
   * record is found as a booking finds it (`find_customer`, migration 0026), so a merged customer's
   * past counts whole. `returning` when an earlier booking took place (confirmed, started before now,
   * not marked as not shown), `noShowBefore` when one was marked as not shown, `noShowLastYear` when
   * that was in the 12 months before now. One indexed range over the customer's bookings.
   */
  async customerHistory(db: Db, ownerId: string, email: string, now: Date): Promise<CustomerPast> {
    const yearAgo = new Date(now);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    const [row] = await db
      .select({
        returning: sql<boolean>`coalesce(bool_or(${bookings.status} = 'confirmed' and not ${bookings.noShow}), false)`,
        noShowBefore: sql<boolean>`coalesce(bool_or(${bookings.noShow}), false)`,
        noShowLastYear: sql<boolean>`coalesce(bool_or(${bookings.noShow} and ${bookings.startsAt} >= ${yearAgo.toISOString()}), false)`,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.customerId, sql`find_customer(${ownerId}::uuid, '', ${email}, null)`),
          lt(bookings.startsAt, now),
        ),
      );
    return {
      returning: Boolean(row?.returning),
      noShowBefore: Boolean(row?.noShowBefore),
      noShowLastYear: Boolean(row?.noShowLastYear),
    };
  },
};
