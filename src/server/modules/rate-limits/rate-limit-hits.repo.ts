import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitHits } from '../../db/schema';

/** Fixed-window counters in `rate_limit_hits`, shared by every instance on the database. */
export const rateLimitHitsRepo = {
  /**
   * Counts one hit for `key` and answers the count so far in its window and when the window ends.
   * A key without a live window starts a new one of `windowMs` at `now`. One statement: two
   * instances hitting the same key at once both count (the row lock of the upsert orders them).
   */
  async hit(db: Db, key: string, now: Date, windowMs: number): Promise<{ count: number; expiresAt: Date }> {
    return (await this.hitMany(db, [{ key, hits: 1, windowMs }], now)).get(key)!;
  },

  /**
   * Counts `hits` hits on each key in one statement (the rate-limit store's batch): a key without a
   * live window starts one of its `windowMs` at `now` with its hits. Answers each key's count after
   * its hits and its window's end. The keys must be distinct (one row is updated once per statement)
   * and are locked in sorted order, so two instances' batches never wait on each other in a circle.
   */
  async hitMany(
    db: Db,
    entries: ReadonlyArray<{ key: string; hits: number; windowMs: number }>,
    now: Date,
  ): Promise<Map<string, { count: number; expiresAt: Date }>> {
    const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const ended = sql`${rateLimitHits.expiresAt} <= ${now.toISOString()}::timestamptz`;
    // Each column goes as one array parameter (sql.param), not spread into a list of parameters.
    const keys = sql.param(sorted.map((e) => e.key));
    const hits = sql.param(sorted.map((e) => e.hits));
    const ends = sql.param(sorted.map((e) => new Date(now.getTime() + e.windowMs).toISOString()));
    const rows = await db
      .insert(rateLimitHits)
      .select(sql`select * from unnest(${keys}::text[], ${hits}::int[], ${ends}::timestamptz[])`)
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          count: sql`case when ${ended} then excluded.count else ${rateLimitHits.count} + excluded.count end`,
          expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
        },
      })
      .returning({ key: rateLimitHits.key, count: rateLimitHits.count, expiresAt: rateLimitHits.expiresAt });
    return new Map(rows.map((r) => [r.key, { count: r.count, expiresAt: r.expiresAt }]));
  },

  /** The hits counted in `key`'s live window (0 when it has none). */
  async count(db: Db, key: string, now: Date): Promise<number> {
    const [row] = await db
      .select({ count: rateLimitHits.count })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.expiresAt, now)));
    return row?.count ?? 0;
  },

  async clear(db: Db, key: string): Promise<void> {
    await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
  },

  /** Removes the windows that have ended; a hit on such a key starts a new window anyway. */
  async deleteEnded(db: Db, now: Date): Promise<void> {
    await db.delete(rateLimitHits).where(lte(rateLimitHits.expiresAt, now));
  },
};
