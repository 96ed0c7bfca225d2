import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** The stored answers of `Idempotency-Key` requests (modules/idempotency/idempotency.plugin.ts decides what they mean). */
export const idempotencyKeysRepo = {
  /** Claims the key for a first request; false when a row for it exists already. */
  async claim(
    db: Db,
    row: { scope: string; key: string; fingerprint: string; createdAt: Date },
  ): Promise<boolean> {
    const inserted = await db
      .insert(idempotencyKeys)
      .values(row)
      .onConflictDoNothing()
      .returning({ scope: idempotencyKeys.scope });
    return inserted.length === 1;
  },

  async find(db: Db, scope: string, key: string): Promise<IdempotencyRow | undefined> {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return row;
  },

  /** Stores the answer of the request that claimed the key. */
  async complete(db: Db, scope: string, key: string, statusCode: number, body: string): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ statusCode, body })
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          isNull(idempotencyKeys.statusCode),
        ),
      );
  },

  /** Forgets a claim (the request failed in a way a retry may do better), or a row past its time. */
  async release(db: Db, scope: string, key: string, createdAt?: Date): Promise<void> {
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          ...(createdAt ? [eq(idempotencyKeys.createdAt, createdAt)] : []),
        ),
      );
  },

  async deleteOlderThan(db: Db, before: Date): Promise<void> {
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
  },
};
