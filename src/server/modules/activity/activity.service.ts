import {
  ACTIVITY_ENTRY_KINDS,
  ACTIVITY_PAGE_SIZE,
  type ActivityEntryDto,
  type ActivityPage,
  type ActivityQuery,
} from '@contracts/activity';
import { nl } from '@contracts/messages';
import { addDays, zonedDayToUtc } from '@core/index';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../http/app-error';
import { activityRepo, type ActivityCursor, type ActivityLogRow } from './activity.repo';

const m = nl.activity;
/** How long the log keeps its own entries (docs/PRODUCT.md#activity-log). */
export const ACTIVITY_RETENTION_YEARS = 2;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The cursor is opaque to the client: base64url of [at, seq, source] of the page's last entry. */
export const encodeCursor = (c: ActivityCursor) =>
  Buffer.from(JSON.stringify([c.at, c.seq, c.source])).toString('base64url');

export function decodeCursor(text: string): ActivityCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [at, seq, source] = value as unknown[];
      if (
        typeof at === 'string' &&
        ISO.test(at) &&
        !Number.isNaN(Date.parse(at)) &&
        typeof seq === 'string' &&
        /^\d{1,18}$/.test(seq) &&
        (source === 'a' || source === 'h')
      )
        return { at, seq, source };
    }
  } catch {
    // Not base64url JSON: refused below like any other bad cursor.
  }
  throw badRequest(m.invalidCursor, { cursor: m.invalidCursor });
}

const KINDS: readonly string[] = ACTIVITY_ENTRY_KINDS;

function toDto(row: ActivityLogRow): ActivityEntryDto {
  return {
    id: row.id,
    at: row.at,
    actor: { kind: row.actor, memberId: row.member_id, name: row.member_name },
    kind: row.kind as ActivityEntryDto['kind'],
    bookingId: row.booking_id,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    before: row.before,
    after: row.after,
  };
}

/** The business's activity log (docs/PRODUCT.md#activity-log): reading it and keeping it two years. */
export function createActivityService(db: Db, { now }: { now: () => Date }) {
  return {
    async list(user: UserRow, q: ActivityQuery): Promise<ActivityPage> {
      if (q.from && q.to && q.from > q.to) throw badRequest(m.invalidPeriod, { from: m.invalidPeriod });
      const exact = q.kind && KINDS.includes(q.kind) ? q.kind : undefined;
      const rows = await activityRepo.page(
        db,
        user.id,
        {
          bookingId: q.bookingId,
          memberId: q.memberId,
          kind: exact,
          group: q.kind && !exact ? q.kind : undefined,
          // The days of the business's own calendar, whatever zone the server runs in.
          from: q.from ? new Date(zonedDayToUtc(q.from, user.timeZone)(0)) : undefined,
          to: q.to ? new Date(zonedDayToUtc(addDays(q.to, 1), user.timeZone)(0)) : undefined,
          cursor: q.cursor ? decodeCursor(q.cursor) : undefined,
        },
        ACTIVITY_PAGE_SIZE + 1,
      );
      const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
      const last = page.at(-1);
      return {
        entries: page.map(toDto),
        nextCursor:
          rows.length > ACTIVITY_PAGE_SIZE && last
            ? encodeCursor({ at: last.at, seq: last.seq, source: last.source })
            : null,
      };
    },

    /**
     * The daily retention step: the log's own entries older than two years go. A booking's history
     * stays with its booking, which the privacy retention anonymises or its account deletion removes.
     */
    async applyRetention(): Promise<number> {
      const cutoff = new Date(now());
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - ACTIVITY_RETENTION_YEARS);
      return activityRepo.deleteBefore(db, cutoff);
    },
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
