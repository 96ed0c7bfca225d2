import { and, asc, desc, eq, exists, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { MailBrokenReason } from '@contracts/notifications';
import type { Db } from '../../db/client';
import { bookings, notifications, users, type UserRow } from '../../db/schema';

const DAY_MS = 86_400_000;
/** Reasons that need the owner at once; the others may be a short outage and get a grace period. */
const NEEDS_OWNER: MailBrokenReason[] = ['smtp_auth', 'gmail_auth'];

const held = and(isNotNull(notifications.heldAt), eq(notifications.status, 'pending'));

/** The SQL of e-mails waiting for an owner's mail connection, and of that connection's state. */
export const mailHealthRepo = {
  /** Parks a pending e-mail: no job is queued for it until it is released. */
  async hold(db: Db, id: string, values: { tried: boolean; lastError: string | null; at: Date }) {
    await db
      .update(notifications)
      .set({
        heldAt: values.at,
        nextAttemptAt: null,
        ...(values.tried ? { attempts: sql`${notifications.attempts} + 1` } : {}),
        ...(values.lastError ? { lastError: values.lastError } : {}),
      })
      .where(and(eq(notifications.id, id), eq(notifications.status, 'pending')));
  },

  /**
   * Claims the owner's waiting e-mails for sending (oldest first, at most `limit`): each is
   * released by exactly one caller, however many release at once, since the update re-checks
   * `held_at` on the row it locks.
   */
  async release(tx: Db, ownerId: string, limit?: number): Promise<string[]> {
    const waiting = tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.ownerId, ownerId), held))
      .orderBy(asc(notifications.dueAt))
      .$dynamic();
    const oldest = limit === undefined ? waiting : waiting.limit(limit);
    const rows = await tx
      .update(notifications)
      .set({ heldAt: null })
      .where(and(inArray(notifications.id, oldest), held))
      .returning({ id: notifications.id });
    return rows.map((r) => r.id);
  },

  async countHeld(db: Db, ownerId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.ownerId, ownerId), held));
    return row?.n ?? 0;
  },

  /** Owners with e-mails waiting (the recovery cron tries one of each). */
  async ownersHolding(db: Db): Promise<string[]> {
    const rows = await db.selectDistinct({ id: notifications.ownerId }).from(notifications).where(held);
    return rows.map((r) => r.id);
  },

  /** Gives up on e-mails that were due before `dueBefore` and still wait; answers how many. */
  async expireHeld(db: Db, dueBefore: Date, lastError: string): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ status: 'failed', heldAt: null, nextAttemptAt: null, lastError })
      .where(and(held, lt(notifications.dueAt, dueBefore)))
      .returning({ id: notifications.id });
    return rows.length;
  },

  /** Failed e-mails due since `since`, newest first, with the booking they were about. */
  async failedSince(db: Db, ownerId: string, since: Date, limit: number) {
    return db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        dueAt: notifications.dueAt,
        lastError: notifications.lastError,
        customerName: bookings.customerName,
        customerEmail: bookings.customerEmail,
        bookingDate: bookings.bookingDate,
        bookingTime: bookings.bookingTime,
      })
      .from(notifications)
      .leftJoin(bookings, eq(bookings.id, notifications.bookingId))
      .where(
        and(
          eq(notifications.ownerId, ownerId),
          eq(notifications.channel, 'email'),
          eq(notifications.status, 'failed'),
          gte(notifications.dueAt, since),
        ),
      )
      .orderBy(desc(notifications.dueAt))
      .limit(limit);
  },

  /** Records that the owner's connection fails; `since` stays the first failure's moment. */
  async markBroken(db: Db, ownerId: string, reason: MailBrokenReason, at: Date) {
    await db
      .update(users)
      .set({
        mailBrokenAt: sql`coalesce(${users.mailBrokenAt}, ${at.toISOString()}::timestamptz)`,
        mailBrokenReason: reason,
      })
      .where(eq(users.id, ownerId));
  },

  /** The connection works again; true when it had been marked broken. */
  async clearBroken(db: Db, ownerId: string): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ mailBrokenAt: null, mailBrokenReason: null })
      .where(and(eq(users.id, ownerId), isNotNull(users.mailBrokenAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /**
   * Claims the warning e-mail for an owner (`ownerId`, or every owner when omitted) whose connection
   * is broken while customer mail waits: at once for a refused login, after `graceMs` for an
   * unreachable server (it may be back in minutes), and at most once a day. The conditional update
   * makes one caller the sender, whatever runs at the same time. Answers the claimed owners.
   */
  async claimWarnings(db: Db, at: Date, graceMs: number, ownerId?: string): Promise<UserRow[]> {
    const waiting = db
      .select({ one: sql`1` })
      .from(notifications)
      .where(and(eq(notifications.ownerId, users.id), held));
    return db
      .update(users)
      .set({ mailWarnedAt: at })
      .where(
        and(
          ownerId ? eq(users.id, ownerId) : undefined,
          isNotNull(users.mailBrokenAt),
          isNotNull(users.email),
          or(isNull(users.mailWarnedAt), lt(users.mailWarnedAt, new Date(at.getTime() - DAY_MS))),
          or(
            inArray(users.mailBrokenReason, NEEDS_OWNER),
            lt(users.mailBrokenAt, new Date(at.getTime() - graceMs)),
          ),
          exists(waiting),
        ),
      )
      .returning();
  },

  /** Undoes a claim whose e-mail could not be sent, so the next chance tries again. */
  async unclaimWarning(db: Db, ownerId: string, claimedAt: Date) {
    await db
      .update(users)
      .set({ mailWarnedAt: null })
      .where(and(eq(users.id, ownerId), eq(users.mailWarnedAt, claimedAt)));
  },
};
