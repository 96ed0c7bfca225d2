import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, type ApiKeyRow } from '../../db/schema';

export const apiKeysRepo = {
  /** The business's keys that are not revoked, newest first. */
  listLive(db: Db, businessId: string): Promise<ApiKeyRow[]> {
    return db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.businessId, businessId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  },

  async insert(db: Db, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [inserted] = await db.insert(apiKeys).values(row).returning();
    if (!inserted) throw new Error('api key not inserted');
    return inserted;
  },

  /** Revokes a live key of the business; undefined when there is none (another business's, or revoked). */
  async revoke(db: Db, businessId: string, id: string, at: Date): Promise<ApiKeyRow | undefined> {
    const [row] = await db
      .update(apiKeys)
      .set({ revokedAt: at })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.businessId, businessId), isNull(apiKeys.revokedAt)))
      .returning();
    return row;
  },

  /** The key with this SHA-256, revoked or not (the caller decides). */
  async findByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
    return row;
  },

  /**
   * Notes the key's use, at most once a minute: a client polling every second would otherwise write
   * the row on every call.
   */
  async touch(db: Db, id: string, at: Date): Promise<void> {
    const minuteAgo = new Date(at.getTime() - 60_000).toISOString();
    await db
      .update(apiKeys)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(apiKeys.id, id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${minuteAgo}::timestamptz`)),
        ),
      );
  },
};
