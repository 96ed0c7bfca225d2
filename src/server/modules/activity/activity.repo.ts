import { lt, sql, type SQL } from 'drizzle-orm';
import { BOOKING_HISTORY_KINDS, type ActivityActor, type ActivityKind } from '@contracts/enums';
import type { Db } from '../../db/client';
import { activityLog, type MemberRow } from '../../db/schema';

export type NewActivity = Omit<typeof activityLog.$inferInsert, 'id' | 'seq'>;

/** Who an entry names: the business and the member who acted (byMember), or the system (bySystem). */
export type ActivityBy = Pick<NewActivity, 'businessId' | 'actor' | 'memberId' | 'memberName'>;

/** A member acting: their id and their name at the time (kept after the member is removed). */
export const byMember = (member: Pick<MemberRow, 'id' | 'name' | 'businessId'>): ActivityBy => ({
  businessId: member.businessId,
  actor: 'member',
  memberId: member.id,
  memberName: member.name,
});

/** The customer acting through their manage link or the booking page. */
export const byCustomer = (businessId: string): ActivityBy => ({
  businessId,
  actor: 'klant',
  memberId: null,
  memberName: null,
});

/** The system acting for the business: a job, a payment provider's answer. */
export const bySystem = (businessId: string): ActivityBy => ({
  businessId,
  actor: 'systeem',
  memberId: null,
  memberName: null,
});

/** What an entry says happened; before and after hold changed values, never a secret. */
export interface ActivityWhat {
  kind: ActivityKind;
  subjectId?: string | null;
  subjectName?: string | null;
  bookingId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Which table an entry comes from: its own log or a booking's history; the last key of the order. */
export type ActivitySource = 'a' | 'h';

/** Where a page starts: strictly after (older than) this entry in the order at, seq, source (all descending). */
export interface ActivityCursor {
  at: string;
  seq: string;
  source: ActivitySource;
}

export interface ActivityFilter {
  bookingId?: string;
  memberId?: string;
  /** An exact kind as the log answers it (`service.updated`, `booking.cancelled`). */
  kind?: string;
  /** A group: the kinds starting with `<group>.`. */
  group?: string;
  /** [from, to) instants. */
  from?: Date;
  to?: Date;
  cursor?: ActivityCursor;
}

/** One row of the merged log: both sides answer these columns, times as ISO text, seq as text. */
export interface ActivityLogRow {
  source: ActivitySource;
  id: string;
  at: string;
  seq: string;
  actor: ActivityActor;
  member_id: string | null;
  member_name: string | null;
  kind: string;
  booking_id: string | null;
  subject_id: string | null;
  subject_name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const HISTORY_KINDS: readonly string[] = BOOKING_HISTORY_KINDS;

/** The filters both sides share, on the side's own columns. */
function common(
  f: ActivityFilter,
  c: { at: SQL; seq: SQL; memberId: SQL; bookingId: SQL },
  source: ActivitySource,
): SQL[] {
  const where: SQL[] = [];
  if (f.memberId) where.push(sql`${c.memberId} = ${f.memberId}`);
  if (f.bookingId) where.push(sql`${c.bookingId} = ${f.bookingId}`);
  if (f.from) where.push(sql`${c.at} >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) where.push(sql`${c.at} < ${f.to.toISOString()}::timestamptz`);
  if (f.cursor)
    where.push(
      sql`(${c.at}, ${c.seq}, ${source}::text) < (${f.cursor.at}::timestamptz, ${f.cursor.seq}::bigint, ${f.cursor.source}::text)`,
    );
  return where;
}

/** The activity_log side, or null when the kind filter leaves nothing of it. */
function ownSide(businessId: string, f: ActivityFilter): SQL | null {
  const where = [
    sql`l.business_id = ${businessId}`,
    ...common(
      f,
      { at: sql`l.at`, seq: sql`l.seq`, memberId: sql`l.member_id`, bookingId: sql`l.booking_id` },
      'a',
    ),
  ];
  if (f.kind) where.push(sql`l.kind = ${f.kind}`);
  if (f.group) where.push(sql`l.kind like ${`${f.group}.%`}`);
  return sql`select 'a'::text as source, l.id::text as id, ${iso(sql`l.at`)} as at_text, l.at, l.seq,
      l.actor, l.member_id::text as member_id, l.member_name, l.kind, l.booking_id::text as booking_id,
      l.subject_id, l.subject_name, l.before, l.after
    from activity_log l where ${sql.join(where, sql` and `)}`;
}

/** The booking_history side: its kinds as `booking.<kind>`, its actors in the log's words. */
function historySide(businessId: string, f: ActivityFilter): SQL | null {
  const where = [
    sql`h.owner_id = ${businessId}`,
    ...common(
      f,
      { at: sql`h.at`, seq: sql`h.seq`, memberId: sql`h.member_id`, bookingId: sql`h.booking_id` },
      'h',
    ),
  ];
  if (f.kind) {
    const own = f.kind.startsWith('booking.') ? f.kind.slice('booking.'.length) : null;
    if (!own || !HISTORY_KINDS.includes(own)) return null;
    where.push(sql`h.kind = ${own}`);
  }
  if (f.group && f.group !== 'booking') return null;
  return sql`select 'h'::text as source, h.id::text as id, ${iso(sql`h.at`)} as at_text, h.at, h.seq,
      case h.actor when 'owner' then 'member' when 'customer' then 'klant' when 'system' then 'systeem'
        when 'api_key' then 'api_sleutel' else 'google' end as actor,
      h.member_id::text as member_id, h.member_name, 'booking.' || h.kind as kind,
      h.booking_id::text as booking_id, h.booking_id::text as subject_id,
      b.customer_name || ' · ' || e.title as subject_name, null::jsonb as before, h.details as after
    from booking_history h
      join bookings b on b.id = h.booking_id
      left join events e on e.id = b.event_id
    where ${sql.join(where, sql` and `)}`;
}

export const activityRepo = {
  /** Writes one entry at `at`; call it with the change's own transaction, so both commit or neither. */
  async record(db: Db, by: ActivityBy, at: Date, what: ActivityWhat): Promise<void> {
    await db.insert(activityLog).values({
      ...by,
      at,
      kind: what.kind,
      subjectId: what.subjectId ?? null,
      subjectName: what.subjectName ?? null,
      bookingId: what.bookingId ?? null,
      before: what.before ?? null,
      after: what.after ?? null,
    });
  },

  /**
   * A page of the business's log, newest first: its own entries and its bookings' history in one
   * UNION ALL, each side filtered on its own (so each uses its index), merged in the order
   * at, seq, source. `limit` rows at most.
   */
  async page(db: Db, businessId: string, f: ActivityFilter, limit: number): Promise<ActivityLogRow[]> {
    const sides = [ownSide(businessId, f), historySide(businessId, f)].filter((s): s is SQL => s !== null);
    if (!sides.length) return [];
    const union = sql.join(
      sides.map((s) => sql`(${s})`),
      sql` union all `,
    );
    const result = (await db.execute(sql`select source, id, at_text as at, seq::text as seq, actor, member_id,
        member_name, kind, booking_id, subject_id, subject_name, before, after
      from (${union}) merged order by merged.at desc, merged.seq desc, merged.source desc limit ${limit}`)) as unknown as {
      rows: ActivityLogRow[];
    };
    return result.rows;
  },

  /** Removes the entries written before `before` (the two years the log keeps); the count removed. */
  async deleteBefore(db: Db, before: Date): Promise<number> {
    const gone = await db
      .delete(activityLog)
      .where(lt(activityLog.at, before))
      .returning({ id: activityLog.id });
    return gone.length;
  },
};
