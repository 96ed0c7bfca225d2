import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';

export const depositsRepo = {
  /**
   * What the owner's own bookings say about this e-mail address (docs/PRODUCT.md#deposits):
   * `returning` when an earlier booking took place (confirmed, started before now, not marked as
   * not shown), `noShowBefore` when one was marked as not shown. Compared case-insensitively; one
   * indexed range over the owner's bookings.
   */
  async customerHistory(
    db: Db,
    ownerId: string,
    email: string,
    now: Date,
  ): Promise<{ returning: boolean; noShowBefore: boolean }> {
    const [row] = await db
      .select({
        returning: sql<boolean>`coalesce(bool_or(${bookings.status} = 'confirmed' and not ${bookings.noShow}), false)`,
        noShowBefore: sql<boolean>`coalesce(bool_or(${bookings.noShow}), false)`,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.ownerId, ownerId),
          lt(bookings.startsAt, now),
          sql`lower(${bookings.customerEmail}) = lower(${email})`,
        ),
      );
    return { returning: Boolean(row?.returning), noShowBefore: Boolean(row?.noShowBefore) };
  },
};
