import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventWebhooks, events } from '../../db/schema';
import { setsNothing } from '../../db/sets-nothing';

export type WebhookRow = typeof eventWebhooks.$inferSelect;

export const webhooksRepo = {
  listByEvent(db: Db, eventId: string) {
    return db
      .select()
      .from(eventWebhooks)
      .where(eq(eventWebhooks.eventId, eventId))
      .orderBy(asc(eventWebhooks.createdAt), asc(eventWebhooks.id));
  },
  /** A webhook only if its event belongs to the owner. */
  async findOwned(db: Db, userId: string, id: string): Promise<WebhookRow | undefined> {
    const [row] = await db
      .select({ webhook: eventWebhooks })
      .from(eventWebhooks)
      .innerJoin(events, eq(events.id, eventWebhooks.eventId))
      .where(and(eq(eventWebhooks.id, id), eq(events.userId, userId)));
    return row?.webhook;
  },
  /** The business-wide hooks (REST-hook subscriptions of API keys), oldest first. */
  listByOwner(db: Db, ownerId: string) {
    return db
      .select()
      .from(eventWebhooks)
      .where(eq(eventWebhooks.ownerId, ownerId))
      .orderBy(asc(eventWebhooks.createdAt), asc(eventWebhooks.id));
  },
  /** A business-wide hook only if it is this business's. */
  async findBusinessHook(db: Db, ownerId: string, id: string): Promise<WebhookRow | undefined> {
    const [row] = await db
      .select()
      .from(eventWebhooks)
      .where(and(eq(eventWebhooks.id, id), eq(eventWebhooks.ownerId, ownerId)));
    return row;
  },
  async countByOwner(db: Db, ownerId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(eventWebhooks)
      .where(eq(eventWebhooks.ownerId, ownerId));
    return row?.n ?? 0;
  },
  async findById(db: Db, id: string): Promise<WebhookRow | undefined> {
    const [row] = await db.select().from(eventWebhooks).where(eq(eventWebhooks.id, id));
    return row;
  },
  async countByEvent(db: Db, eventId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(eventWebhooks)
      .where(eq(eventWebhooks.eventId, eventId));
    return row?.n ?? 0;
  },
  async insert(db: Db, values: typeof eventWebhooks.$inferInsert) {
    const [row] = await db.insert(eventWebhooks).values(values).returning();
    return row!;
  },
  async update(
    db: Db,
    id: string,
    values: Partial<Pick<WebhookRow, 'name' | 'url' | 'isActive' | 'triggers'>>,
  ) {
    if (setsNothing(values)) return (await webhooksRepo.findById(db, id))!;
    const [row] = await db.update(eventWebhooks).set(values).where(eq(eventWebhooks.id, id)).returning();
    return row!;
  },
  async delete(db: Db, id: string) {
    await db.delete(eventWebhooks).where(eq(eventWebhooks.id, id));
  },
};
