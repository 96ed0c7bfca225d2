import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../test/databases';
import { emptyDatabase, migrationsBefore, type RawDatabase, insertOwnerRow } from '../test/migration-db';
import { migrationsFolder, PG_EXCLUSION_VIOLATION, pgErrorCode } from './client';

/**
 * Migration 0012 (booking rules) on a database that lived before it: every existing booking blocks
 * exactly its own interval (no buffers), the trigger keeps the blocked range in step with the times
 * and buffers on every write, and the agenda's no-overlap rule is now on the blocked range.
 */

const RULES_MIGRATION = 12;

const workingDays = JSON.stringify({ '6': { enabled: true, startTime: '09:00', endTime: '17:00' } });
const DAY = '2027-03-06';
/** A wall-clock time on DAY in Amsterdam (UTC+1 in March) as an ISO instant. */
const at = (time: string) => new Date(`${DAY}T${time}:00+01:00`).toISOString();
const ms = (value: Date | string) => new Date(value).getTime();

describe.each(dbKinds())('migration 0012 (booking rules) over existing data on %s', (kind) => {
  let folder: string;
  let db: RawDatabase;
  const ids: Record<string, string> = {};
  let tokens = 0;

  async function user(username: string) {
    return insertOwnerRow(db, username, '2026-11-01T09:00:00Z');
  }
  async function event(userId: string, title: string) {
    const [row] = await db.query<{ id: string }>(
      `insert into events (user_id, title, working_days, date_range_type, duration_minutes, slug, created_at)
       values ($1, $2, $3, 'range', 30, $4, '2026-11-01T09:00:00Z') returning id`,
      [userId, title, workingDays, `${title.toLowerCase()}-${userId.slice(0, 8)}`],
    );
    return row!.id;
  }
  /** A booking on DAY from `from` to `to` (wall-clock times), in the event's first agenda. */
  async function booking(
    eventId: string,
    from: string,
    to: string,
    opts: { status?: 'confirmed' | 'pending' | 'cancelled'; before?: number; after?: number } = {},
  ) {
    const buffers = opts.before !== undefined || opts.after !== undefined;
    const [row] = await db.query<{ id: string }>(
      `insert into bookings (event_id, customer_name, booking_date, booking_time, starts_at, ends_at, status, management_token_hash, created_at, updated_at${buffers ? ', buffer_before_minutes, buffer_after_minutes' : ''})
       values ($1, 'Klant', $2, $3, $4, $5, $6, $7, '2026-11-01T09:00:00Z', '2026-11-01T09:00:00Z'${buffers ? ', $8, $9' : ''}) returning id`,
      [
        eventId,
        DAY,
        from,
        at(from),
        at(to),
        opts.status ?? 'confirmed',
        `hash-${++tokens}`,
        ...(buffers ? [opts.before ?? 0, opts.after ?? 0] : []),
      ],
    );
    return row!.id;
  }
  async function blocked(id: string) {
    const [row] = await db.query<{
      starts_at: Date;
      ends_at: Date;
      blocked_from: Date;
      blocked_to: Date;
      buffer_before_minutes: number;
      buffer_after_minutes: number;
    }>(
      `select starts_at, ends_at, blocked_from, blocked_to, buffer_before_minutes, buffer_after_minutes
         from bookings where id = $1`,
      [id],
    );
    return row!;
  }
  async function codeOf(p: Promise<unknown>) {
    try {
      await p;
      return 'ok';
    } catch (err) {
      return pgErrorCode(err);
    }
  }

  beforeAll(async () => {
    folder = migrationsBefore(RULES_MIGRATION, '0012_booking_rules');
    db = await emptyDatabase(kind);
    await db.migrate(folder);
    const [before] = await db.query<{ exists: boolean }>(
      `select exists (select 1 from information_schema.columns
                       where table_name = 'bookings' and column_name = 'blocked_from') as exists`,
    );
    expect(before!.exists).toBe(false);

    ids.anna = await user('anna');
    ids.knippen = await event(ids.anna, 'Knippen');
    ids.fohnen = await event(ids.anna, 'Föhnen'); // the same default agenda
    ids.k1 = await booking(ids.knippen, '09:00', '09:30');
    ids.k2 = await booking(ids.knippen, '09:30', '10:00'); // back to back: fine without buffers
    ids.k3 = await booking(ids.knippen, '09:00', '09:30', { status: 'cancelled' });
    ids.f1 = await booking(ids.fohnen, '11:00', '11:30', { status: 'pending' });
    ids.f2 = await booking(ids.fohnen, '12:00', '12:30');
    await db.query(
      `insert into event_templates (user_id, template_name, working_days, created_at) values ($1, 'Basis', $2, '2026-11-01T09:00:00Z')`,
      [ids.anna, workingDays],
    );

    await db.migrate(migrationsFolder);
  });
  afterAll(async () => {
    await db?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('gives every existing booking blocked_from/blocked_to = starts_at/ends_at and no buffers', async () => {
    const rows = await db.query<{ n: number; exact: number; unbuffered: number }>(
      `select count(*)::int as n,
              count(*) filter (where blocked_from = starts_at and blocked_to = ends_at)::int as exact,
              count(*) filter (where buffer_before_minutes = 0 and buffer_after_minutes = 0)::int as unbuffered
         from bookings`,
    );
    expect(rows).toEqual([{ n: 5, exact: 5, unbuffered: 5 }]);
    const k2 = await blocked(ids.k2!);
    expect(ms(k2.blocked_from)).toBe(ms(at('09:30')));
    expect(ms(k2.blocked_to)).toBe(ms(at('10:00')));
  });

  it('gives existing events and templates every rule off', async () => {
    const rules = `minimum_notice_minutes, booking_horizon_days, buffer_before_minutes, buffer_after_minutes,
                   slot_interval_minutes, max_bookings_per_day, cancel_cutoff_hours, reschedule_cutoff_hours,
                   policy_text, date_overrides`;
    const off = {
      minimum_notice_minutes: 0,
      booking_horizon_days: null,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      slot_interval_minutes: null,
      max_bookings_per_day: null,
      cancel_cutoff_hours: null,
      reschedule_cutoff_hours: null,
      policy_text: null,
      date_overrides: [],
    };
    expect(await db.query(`select ${rules} from events`)).toEqual([off, off]);
    expect(await db.query(`select ${rules} from event_templates`)).toEqual([off]);
    expect(await db.query(`select count(*)::int as n from closures`)).toEqual([{ n: 0 }]);
  });

  it('recomputes the blocked range when buffers or times change, and ignores a range written directly', async () => {
    const id = ids.f2!; // 12:00–12:30
    await db.query(`update bookings set buffer_after_minutes = 15 where id = $1`, [id]);
    let row = await blocked(id);
    expect([ms(row.blocked_from), ms(row.blocked_to)]).toEqual([ms(at('12:00')), ms(at('12:45'))]);

    await db.query(`update bookings set buffer_before_minutes = 10 where id = $1`, [id]);
    row = await blocked(id);
    expect([ms(row.blocked_from), ms(row.blocked_to)]).toEqual([ms(at('11:50')), ms(at('12:45'))]);

    await db.query(`update bookings set starts_at = $2, ends_at = $3, booking_time = '13:00' where id = $1`, [
      id,
      at('13:00'),
      at('13:30'),
    ]);
    row = await blocked(id);
    expect([ms(row.blocked_from), ms(row.blocked_to)]).toEqual([ms(at('12:50')), ms(at('13:45'))]);

    // Only the trigger decides the range: a write of blocked_from/blocked_to is recomputed.
    await db.query(`update bookings set blocked_from = $2, blocked_to = $3 where id = $1`, [
      id,
      at('06:00'),
      at('20:00'),
    ]);
    row = await blocked(id);
    expect([ms(row.blocked_from), ms(row.blocked_to)]).toEqual([ms(at('12:50')), ms(at('13:45'))]);

    // An update of other columns leaves it as it is.
    await db.query(`update bookings set customer_name = 'Bram' where id = $1`, [id]);
    row = await blocked(id);
    expect([ms(row.blocked_from), ms(row.blocked_to)]).toEqual([ms(at('12:50')), ms(at('13:45'))]);

    // A new booking with buffers gets its range on insert.
    const fresh = await booking(ids.fohnen!, '15:00', '15:30', { before: 5, after: 20 });
    row = await blocked(fresh);
    expect([ms(row.blocked_from), ms(row.blocked_to)]).toEqual([ms(at('14:55')), ms(at('15:50'))]);
  });

  it('refuses overlapping blocked ranges of live bookings in one agenda', async () => {
    // Knippen 09:30–10:00 (k2) gets 15 minutes after: a booking at 10:00 now overlaps its range.
    await db.query(`update bookings set buffer_after_minutes = 15 where id = $1`, [ids.k2]);
    expect(await codeOf(booking(ids.fohnen!, '10:00', '10:30'))).toBe(PG_EXCLUSION_VIOLATION);
    expect(await codeOf(booking(ids.fohnen!, '10:00', '10:30', { status: 'cancelled' }))).toBe('ok');
    expect(await codeOf(booking(ids.fohnen!, '10:15', '10:45'))).toBe('ok');
    // A buffer before that reaches back into a live booking's range is refused too (10:45 … 11:00 f1).
    expect(await codeOf(booking(ids.knippen!, '11:30', '12:00', { before: 15 }))).toBe(
      PG_EXCLUSION_VIOLATION,
    );
    expect(await codeOf(booking(ids.knippen!, '11:30', '12:00', { before: 0, after: 5 }))).toBe('ok');
    // Widening an existing booking's buffers into its neighbour is refused as well: k1 09:00–09:30
    // would reach into k2 (09:30).
    expect(
      await codeOf(db.query(`update bookings set buffer_after_minutes = 1 where id = $1`, [ids.k1])),
    ).toBe(PG_EXCLUSION_VIOLATION);
    // The cancelled k3 (09:00–09:30) may take any buffers.
    expect(
      await codeOf(db.query(`update bookings set buffer_after_minutes = 60 where id = $1`, [ids.k3])),
    ).toBe('ok');
    // Another owner's agenda is another agenda.
    const bram = await user('bram');
    const massage = await event(bram, 'Massage');
    expect(await codeOf(booking(massage, '09:00', '10:00', { before: 30, after: 30 }))).toBe('ok');

    const [constraint] = await db.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'bookings_no_overlap'`,
    );
    expect(constraint!.def).toContain('tstzrange(blocked_from, blocked_to)');
  });

  it('is applied once: running the migrations again changes nothing', async () => {
    const count = async () =>
      (await db.query<{ n: number }>(`select count(*)::int as n from bookings`))[0]!.n;
    const before = await count();
    await db.migrate(migrationsFolder);
    expect(await count()).toBe(before);
  });
});
