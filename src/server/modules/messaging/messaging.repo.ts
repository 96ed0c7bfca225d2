import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, messagingConnections, textOptOuts, type MessagingConnectionRow } from '../../db/schema';

export type MessagingConnectionValues = typeof messagingConnections.$inferInsert;

/** The owner's text-message connection (docs/PRODUCT.md#messaging): one row per owner, or none. */
export const messagingRepo = {
  async find(db: Db, ownerId: string): Promise<MessagingConnectionRow | undefined> {
    const [row] = await db
      .select()
      .from(messagingConnections)
      .where(eq(messagingConnections.ownerId, ownerId));
    return row;
  },

  /** Writes the connection whole: a new provider's row leaves nothing of the previous one. */
  async save(db: Db, values: MessagingConnectionValues): Promise<MessagingConnectionRow> {
    const { ownerId: _owner, createdAt: _created, ...changed } = values;
    const [row] = await db
      .insert(messagingConnections)
      .values(values)
      .onConflictDoUpdate({ target: messagingConnections.ownerId, set: changed })
      .returning();
    return row!;
  },

  /** Whether there was a connection to remove. */
  async remove(db: Db, ownerId: string): Promise<boolean> {
    const rows = await db
      .delete(messagingConnections)
      .where(eq(messagingConnections.ownerId, ownerId))
      .returning({ ownerId: messagingConnections.ownerId });
    return rows.length > 0;
  },

  /** The provider refused the stored keys (`at`), or accepted them again (null). */
  async setBroken(db: Db, ownerId: string, at: Date | null): Promise<void> {
    await db
      .update(messagingConnections)
      .set({ brokenAt: at })
      .where(eq(messagingConnections.ownerId, ownerId));
  },

  /** Whether the number replied STOP to this business (docs/PRODUCT.md#text-messages). */
  async optedOut(db: Db, ownerId: string, phone: string): Promise<boolean> {
    const [row] = await db
      .select({ at: textOptOuts.at })
      .from(textOptOuts)
      .where(and(eq(textOptOuts.ownerId, ownerId), eq(textOptOuts.phone, phone)));
    return Boolean(row);
  },

  /** The connection whose callbacks carry the token of this hash (the providers' reports). */
  async findByTokenHash(db: Db, hash: string): Promise<MessagingConnectionRow | undefined> {
    const [row] = await db
      .select()
      .from(messagingConnections)
      .where(eq(messagingConnections.ownerTokenHash, hash));
    return row;
  },

  /**
   * The number replied STOP: kept (once), and the consent of its coming bookings with this business
   * cleared in the same transaction. Answers how many bookings lost it.
   */
  async optOut(db: Db, ownerId: string, phone: string, at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.insert(textOptOuts).values({ ownerId, phone, at }).onConflictDoNothing();
      const cleared = await tx
        .update(bookings)
        .set({ textConsent: false })
        .where(
          and(
            eq(bookings.ownerId, ownerId),
            eq(bookings.customerPhone, phone),
            eq(bookings.textConsent, true),
            gt(bookings.startsAt, at),
          ),
        )
        .returning({ id: bookings.id });
      return cleared.length;
    });
  },

  /** The number replied START: a later booking's consent counts again (earlier ones stay cleared). */
  async optIn(db: Db, ownerId: string, phone: string): Promise<void> {
    await db.delete(textOptOuts).where(and(eq(textOptOuts.ownerId, ownerId), eq(textOptOuts.phone, phone)));
  },
};
