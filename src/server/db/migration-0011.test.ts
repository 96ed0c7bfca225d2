import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds } from '../test/databases';
import { emptyDatabase, migrationsBefore, type RawDatabase, insertOwnerRow } from '../test/migration-db';
import { migrationsFolder, PG_EXCLUSION_VIOLATION, pgErrorCode } from './client';

/**
 * Migration 0011 (agendas) on a database that lived before it: services of one owner whose live
 * bookings overlap (allowed while the no-overlap rule was per event) must not make the migration
 * fail. The first service goes into the owner's default agenda, an overlapping one into an agenda
 * of its own flagged for review, and the rule is per agenda from then on.
 */

const AGENDAS_MIGRATION = 11;

const workingDays = JSON.stringify({ '6': { enabled: true, startTime: '09:00', endTime: '17:00' } });
const DAY = '2027-03-06';

describe.each(dbKinds())('migration 0011 (agendas) over existing data on %s', (kind) => {
  let folder: string;
  let db: RawDatabase;
  const ids: Record<string, string> = {};
  let tokens = 0;

  async function user(username: string) {
    return insertOwnerRow(db, username, '2026-11-01T09:00:00Z');
  }
  async function event(userId: string, title: string, createdAt: string, themeColor = '#3B82F6') {
    const [row] = await db.query<{ id: string }>(
      `insert into events (user_id, title, working_days, date_range_type, duration_minutes, slug, theme_color, created_at)
       values ($1, $2, $3, 'range', 30, $4, $5, $6) returning id`,
      [userId, title, workingDays, `${title.toLowerCase()}-${userId.slice(0, 8)}`, themeColor, createdAt],
    );
    return row!.id;
  }
  /** A booking on DAY from `from` to `to`, wall-clock times in Amsterdam (UTC+1 in March). */
  async function booking(
    eventId: string,
    from: string,
    to: string,
    status: 'confirmed' | 'pending' | 'cancelled' = 'confirmed',
  ) {
    const [row] = await db.query<{ id: string }>(
      `insert into bookings (event_id, customer_name, booking_date, booking_time, starts_at, ends_at, status, management_token_hash, created_at, updated_at)
       values ($1, 'Klant', $2, $3, $4, $5, $6, $7, '2026-11-01T09:00:00Z', '2026-11-01T09:00:00Z') returning id`,
      [eventId, DAY, from, `${DAY} ${from}+01`, `${DAY} ${to}+01`, status, `hash-${++tokens}`],
    );
    return row!.id;
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
    folder = migrationsBefore(AGENDAS_MIGRATION, '0011_agendas');
    db = await emptyDatabase(kind);
    await db.migrate(folder);
    const [before] = await db.query<{ exists: boolean }>(
      `select exists (select 1 from information_schema.tables where table_name = 'agendas') as exists`,
    );
    expect(before!.exists).toBe(false);

    // Owner A: Knippen (X) first, then Föhnen (Y) whose live booking overlaps Knippen's, then
    // Kleuren (Z) that overlaps only a cancelled booking of Knippen's day and Föhnen's own agenda.
    ids.anna = await user('anna');
    ids.bram = await user('bram');
    ids.x = await event(ids.anna, 'Knippen', '2026-01-01T10:00:00Z');
    ids.y = await event(ids.anna, 'Föhnen', '2026-01-02T10:00:00Z', '#EC4899');
    ids.z = await event(ids.anna, 'Kleuren', '2026-01-03T10:00:00Z');
    ids.x1 = await booking(ids.x, '09:00', '09:45');
    ids.x2 = await booking(ids.x, '11:00', '11:30');
    ids.y1 = await booking(ids.y, '09:30', '10:00'); // overlaps X1: allowed per event before 0011
    ids.y2 = await booking(ids.y, '11:00', '11:30', 'cancelled');
    ids.y3 = await booking(ids.y, '12:00', '12:30', 'pending');
    ids.z1 = await booking(ids.z, '09:00', '09:30', 'cancelled'); // overlaps X1, but cancelled
    ids.z2 = await booking(ids.z, '10:00', '10:30'); // touches Y1 and X1, overlaps neither
    ids.z3 = await booking(ids.z, '12:00', '12:30'); // overlaps Y3, which leaves the default agenda
    // Owner B: two services without overlaps, at the same times as owner A's (owners never meet).
    ids.p = await event(ids.bram, 'Massage', '2026-01-01T09:00:00Z');
    ids.q = await event(ids.bram, 'Pedicure', '2026-01-04T09:00:00Z');
    ids.p1 = await booking(ids.p, '09:00', '09:45');
    ids.q1 = await booking(ids.q, '09:45', '10:15');
    ids.q2 = await booking(ids.q, '09:00', '09:45', 'cancelled');
    for (const owner of [ids.anna, ids.bram])
      await db.query(
        `insert into event_templates (user_id, template_name, working_days, created_at) values ($1, 'Basis', $2, '2026-11-01T09:00:00Z')`,
        [owner, workingDays],
      );

    await db.migrate(migrationsFolder);
  });
  afterAll(async () => {
    await db?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const agendasOf = (userId: string) =>
    db.query<{ id: string; name: string; color: string; is_default: boolean; needs_review: boolean }>(
      `select id, name, color, is_default, needs_review from agendas where user_id = $1 order by is_default desc, name`,
      [userId],
    );
  async function agendaIdsOf(eventId: string) {
    const [row] = await db.query<{ agenda_ids: string[] }>(`select agenda_ids from events where id = $1`, [
      eventId,
    ]);
    return row!.agenda_ids;
  }
  async function bookingAgendas(eventId: string) {
    return db.query<{ id: string; agenda_id: string }>(
      `select id, agenda_id from bookings where event_id = $1`,
      [eventId],
    );
  }

  it('gives every owner exactly one default agenda, named after them', async () => {
    const rows = await db.query<{ user_id: string; defaults: number }>(
      `select u.id as user_id, count(a.id) filter (where a.is_default)::int as defaults
         from users u left join agendas a on a.user_id = u.id group by u.id`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.defaults === 1)).toBe(true);
    expect((await agendasOf(ids.anna!))[0]).toMatchObject({
      name: nl.agendas.defaultName,
      is_default: true,
      needs_review: false,
    });
    expect(await agendasOf(ids.bram!)).toEqual([
      expect.objectContaining({ name: nl.agendas.defaultName, is_default: true, needs_review: false }),
    ]);
  });

  it('puts the first service and every service without overlaps in the default agenda', async () => {
    const [annaDefault] = await agendasOf(ids.anna!);
    const [bramDefault] = await agendasOf(ids.bram!);
    expect(await agendaIdsOf(ids.x!)).toEqual([annaDefault!.id]);
    expect(await agendaIdsOf(ids.z!)).toEqual([annaDefault!.id]);
    expect(await agendaIdsOf(ids.p!)).toEqual([bramDefault!.id]);
    expect(await agendaIdsOf(ids.q!)).toEqual([bramDefault!.id]);
    for (const e of [ids.x!, ids.z!])
      expect((await bookingAgendas(e)).every((b) => b.agenda_id === annaDefault!.id)).toBe(true);
    for (const e of [ids.p!, ids.q!])
      expect((await bookingAgendas(e)).every((b) => b.agenda_id === bramDefault!.id)).toBe(true);
  });

  it('moves the overlapping service into an agenda of its own, named after it, flagged for review', async () => {
    const agendas = await agendasOf(ids.anna!);
    expect(agendas).toHaveLength(2);
    const own = agendas.find((a) => !a.is_default)!;
    expect(own).toMatchObject({ name: 'Föhnen', color: '#EC4899', needs_review: true });
    expect(await agendaIdsOf(ids.y!)).toEqual([own.id]);
    const ys = await bookingAgendas(ids.y!);
    expect(ys).toHaveLength(3); // live, cancelled and pending alike
    expect(ys.every((b) => b.agenda_id === own.id)).toBe(true);
  });

  it('leaves no booking without an agenda, and keeps owners and choices as they were', async () => {
    const [row] = await db.query<{ total: number; without: number; chosen: number; owned: number }>(
      `select count(*)::int as total,
              count(*) filter (where agenda_id is null)::int as without,
              count(*) filter (where agenda_chosen)::int as chosen,
              count(*) filter (where b.owner_id = e.user_id)::int as owned
         from bookings b join events e on e.id = b.event_id`,
    );
    expect(row).toEqual({ total: 11, without: 0, chosen: 0, owned: 11 });
    // Every booking's agenda belongs to its owner.
    const [cross] = await db.query<{ n: number }>(
      `select count(*)::int as n from bookings b join agendas a on a.id = b.agenda_id where a.user_id <> b.owner_id`,
    );
    expect(cross!.n).toBe(0);
  });

  it('gives templates the owner’s default agenda', async () => {
    const rows = await db.query<{ agenda_ids: string[]; default_id: string }>(
      `select t.agenda_ids, a.id as default_id
         from event_templates t join agendas a on a.user_id = t.user_id and a.is_default`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.agenda_ids).toEqual([r.default_id]);
  });

  it('now refuses overlapping live bookings of one agenda across services, not across agendas', async () => {
    // Kleuren over Knippen's 09:00–09:45, both in the default agenda.
    expect(await codeOf(booking(ids.z!, '09:15', '09:45'))).toBe(PG_EXCLUSION_VIOLATION);
    // Cancelled bookings never block.
    expect(await codeOf(booking(ids.z!, '09:15', '09:45', 'cancelled'))).toBe('ok');
    // Föhnen's own agenda: clear of Knippen, but not of its own booking 09:30–10:00.
    expect(await codeOf(booking(ids.y!, '09:00', '09:30'))).toBe('ok');
    expect(await codeOf(booking(ids.y!, '09:45', '10:15'))).toBe(PG_EXCLUSION_VIOLATION);
    // Another owner's default agenda is another agenda.
    expect(await codeOf(booking(ids.p!, '11:00', '11:30'))).toBe('ok');
    expect(await codeOf(booking(ids.q!, '11:15', '11:45'))).toBe(PG_EXCLUSION_VIOLATION);
  });

  it('gives owners and services created afterwards the default agenda', async () => {
    const carla = await user('carla');
    const agendas = await agendasOf(carla);
    expect(agendas).toEqual([expect.objectContaining({ name: nl.agendas.defaultName, is_default: true })]);
    const e = await event(carla, 'Manicure', '2027-01-01T10:00:00Z');
    expect(await agendaIdsOf(e)).toEqual([agendas[0]!.id]);
    await booking(e, '09:00', '09:30');
    expect((await bookingAgendas(e)).map((b) => b.agenda_id)).toEqual([agendas[0]!.id]);
  });

  it('is applied once: running the migrations again changes nothing', async () => {
    const count = async () => (await db.query<{ n: number }>(`select count(*)::int as n from agendas`))[0]!.n;
    const before = await count();
    await db.migrate(migrationsFolder);
    expect(await count()).toBe(before);
  });
});
