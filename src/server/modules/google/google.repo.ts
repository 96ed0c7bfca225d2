import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { TakenInterval } from '@core/index';
import type { Db } from '../../db/client';
import {
  agendas,
  bookings,
  events,
  googleBusyTimes,
  googleCalendarChannels,
  googleCalendarSyncs,
  users,
} from '../../db/schema';

export type ChannelRow = typeof googleCalendarChannels.$inferSelect;
export const PRIMARY = 'primary';
/** The calendar an event's bookings go to and whose busy times block it. */
export const calendarOf = (event: { googleCalendarId: string | null }) => event.googleCalendarId || PRIMARY;

export const googleRepo = {
  /** Every calendar the owner's events and agendas use (the primary one always). */
  async calendarsInUse(db: Db, userId: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ id: sql<string>`coalesce(nullif(${events.googleCalendarId}, ''), ${PRIMARY})` })
      .from(events)
      .where(eq(events.userId, userId));
    // Agendas' own calendars (a stylist's) block them too, so they are mirrored as well.
    const own = await db
      .selectDistinct({ id: agendas.googleCalendarId })
      .from(agendas)
      .where(and(eq(agendas.userId, userId), isNull(agendas.deletedAt), isNotNull(agendas.googleCalendarId)));
    return [...new Set([PRIMARY, ...rows.map((r) => r.id), ...own.flatMap((r) => (r.id ? [r.id] : []))])];
  },

  async syncToken(db: Db, userId: string, calendarId: string) {
    const [row] = await db
      .select()
      .from(googleCalendarSyncs)
      .where(and(eq(googleCalendarSyncs.userId, userId), eq(googleCalendarSyncs.calendarId, calendarId)));
    return row?.syncToken ?? null;
  },
  async saveSyncToken(db: Db, userId: string, calendarId: string, syncToken: string | null, at: Date) {
    await db
      .insert(googleCalendarSyncs)
      .values({ userId, calendarId, syncToken, syncedAt: at })
      .onConflictDoUpdate({
        target: [googleCalendarSyncs.userId, googleCalendarSyncs.calendarId],
        set: { syncToken, syncedAt: at },
      });
  },

  async upsertBusy(db: Db, row: typeof googleBusyTimes.$inferInsert) {
    await db
      .insert(googleBusyTimes)
      .values(row)
      .onConflictDoUpdate({
        target: [googleBusyTimes.userId, googleBusyTimes.calendarId, googleBusyTimes.googleEventId],
        set: { startsAt: row.startsAt, endsAt: row.endsAt },
      });
  },
  async deleteBusy(db: Db, userId: string, calendarId: string, googleEventId?: string) {
    await db
      .delete(googleBusyTimes)
      .where(
        and(
          eq(googleBusyTimes.userId, userId),
          eq(googleBusyTimes.calendarId, calendarId),
          googleEventId ? eq(googleBusyTimes.googleEventId, googleEventId) : undefined,
        ),
      );
  },
  async countBusy(db: Db, userId: string) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(googleBusyTimes)
      .where(eq(googleBusyTimes.userId, userId));
    return row?.n ?? 0;
  },

  /** A booking of this owner whose calendar event is this one. */
  async bookingByGoogleEvent(db: Db, userId: string, googleEventId: string) {
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.ownerId, userId), eq(bookings.googleCalendarEventId, googleEventId)));
    return row;
  },
  /** Confirmed upcoming bookings that are not in Google yet. */
  async unpushedBookings(db: Db, userId: string, now: Date) {
    return db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.ownerId, userId),
          eq(bookings.status, 'confirmed'),
          isNull(bookings.googleCalendarEventId),
          gte(bookings.endsAt, now),
        ),
      );
  },

  channels: {
    async ofUser(db: Db, userId: string) {
      return db.select().from(googleCalendarChannels).where(eq(googleCalendarChannels.userId, userId));
    },
    async byChannelId(db: Db, channelId: string) {
      const [row] = await db
        .select()
        .from(googleCalendarChannels)
        .where(eq(googleCalendarChannels.channelId, channelId));
      return row;
    },
    async insert(db: Db, values: typeof googleCalendarChannels.$inferInsert): Promise<ChannelRow> {
      const [row] = await db.insert(googleCalendarChannels).values(values).returning();
      return row!;
    },
    async delete(db: Db, ids: string[]) {
      if (ids.length) await db.delete(googleCalendarChannels).where(inArray(googleCalendarChannels.id, ids));
    },
    /** Channels that end before `before` (to renew) of owners still connected. */
    async expiring(db: Db, before: Date) {
      return db
        .select({ channel: googleCalendarChannels })
        .from(googleCalendarChannels)
        .innerJoin(users, eq(users.id, googleCalendarChannels.userId))
        .where(
          and(
            lt(googleCalendarChannels.expiration, before),
            isNotNull(users.googleAccessToken),
            isNull(users.googleBrokenAt),
          ),
        );
    },
  },

  /** Owners whose Calendar connection works (for the periodic sync). */
  async connectedOwnerIds(db: Db): Promise<string[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(isNotNull(users.googleAccessToken), isNull(users.googleBrokenAt)));
    return rows.map((r) => r.id);
  },

  /**
   * Busy intervals per agenda overlapping [from, to), empty lists when the owner is not connected.
   * An agenda is busy in its own calendar (if it names one) and in the calendar of every service
   * that books into it (the service's calendar, or the primary one): the owner's or stylist's time.
   */
  async busyForAgendas(
    db: Db,
    agendaIds: readonly string[],
    from: Date,
    to: Date,
  ): Promise<Map<string, TakenInterval[]>> {
    const busy = new Map<string, TakenInterval[]>(agendaIds.map((id) => [id, []]));
    if (!agendaIds.length) return busy;
    const calendarsOfAgenda = sql`(
      select nullif(${agendas.googleCalendarId}, '')
      union
      select coalesce(nullif(${events.googleCalendarId}, ''), ${PRIMARY}) from ${events}
        where ${events.userId} = ${agendas.userId} and ${agendas.id} = any(${events.agendaIds})
    )`;
    const rows = await db
      .select({ agendaId: agendas.id, startsAt: googleBusyTimes.startsAt, endsAt: googleBusyTimes.endsAt })
      .from(agendas)
      .innerJoin(users, and(eq(users.id, agendas.userId), isNotNull(users.googleAccessToken)))
      .innerJoin(
        googleBusyTimes,
        and(
          eq(googleBusyTimes.userId, agendas.userId),
          sql`${googleBusyTimes.calendarId} in ${calendarsOfAgenda}`,
        ),
      )
      .where(
        and(
          inArray(agendas.id, [...agendaIds]),
          lt(googleBusyTimes.startsAt, to),
          gt(googleBusyTimes.endsAt, from),
        ),
      );
    for (const r of rows)
      busy.get(r.agendaId)!.push({ start: r.startsAt.getTime(), end: r.endsAt.getTime() });
    return busy;
  },

  async clearOwner(db: Db, userId: string) {
    await db.delete(googleBusyTimes).where(eq(googleBusyTimes.userId, userId));
    await db.delete(googleCalendarSyncs).where(eq(googleCalendarSyncs.userId, userId));
    await db.delete(googleCalendarChannels).where(eq(googleCalendarChannels.userId, userId));
  },
};
