import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../test/databases';
import { emptyDatabase, insertOwnerRow, type RawDatabase } from '../test/migration-db';
import { migrationsFolder, PG_EXCLUSION_VIOLATION, pgErrorCode } from './client';

const PG_CHECK_VIOLATION = '23514';
const DAY = '2027-03-06';

/**
 * The database's own guard of a class's places (migration 0030, docs/PRODUCT.md#classes): whatever
 * code writes the bookings, a class's count never passes its seats, a cancel or move gives places
 * back, and the class occupies its agenda once against every other service.
 */
describe.each(dbKinds())('class seats in the database on %s', (kind) => {
  let db: RawDatabase;
  let owner: string;
  let agenda: string;
  let tokens = 0;

  async function event(title: string, seats = 1, maxSeats = 1) {
    const [row] = await db.query<{ id: string }>(
      `insert into events (user_id, title, working_days, date_range_type, duration_minutes, slug, seats, max_seats_per_booking, created_at)
       values ($1, $2, '{}'::jsonb, 'ongoing', 60, $3, $4, $5, '2026-01-01T09:00:00Z') returning id`,
      [owner, title, `${title.toLowerCase()}-${++tokens}`, seats, maxSeats],
    );
    return row!.id;
  }
  /** A booking on DAY from `from` for an hour (wall-clock in Amsterdam, UTC+1 in March). */
  async function booking(eventId: string, from: string, seats = 1) {
    const [row] = await db.query<{ id: string }>(
      `insert into bookings (event_id, agenda_id, customer_name, booking_date, booking_time, starts_at, ends_at,
         seats, management_token_hash, created_at, updated_at)
       values ($1, $2, 'Klant', $3, $4, $5::timestamptz, $5::timestamptz + interval '1 hour', $6, $7, now(), now())
       returning id`,
      [eventId, agenda, DAY, from, `${DAY} ${from}+01`, seats, `hash-${++tokens}`],
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
  const taken = async (eventId: string, from: string) =>
    (
      await db.query<{ seats_taken: number }>(
        `select seats_taken from class_sessions where event_id = $1 and starts_at = $2::timestamptz`,
        [eventId, `${DAY} ${from}+01`],
      )
    )[0]?.seats_taken ?? 0;

  beforeAll(async () => {
    db = await emptyDatabase(kind);
    await db.migrate(migrationsFolder);
    owner = await insertOwnerRow(db, 'studio', '2026-01-01T09:00:00Z');
    [{ id: agenda }] = (await db.query<{ id: string }>(`select id from agendas where user_id = $1`, [
      owner,
    ])) as [{ id: string }];
  }, 60_000);
  afterAll(() => db?.close());

  it('sells exactly the seats of a class to 50 writers at once', async () => {
    const pilates = await event('Pilates', 8);
    const codes = await Promise.all(Array.from({ length: 50 }, () => codeOf(booking(pilates, '10:00'))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(8);
    expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set([PG_CHECK_VIOLATION]));
    expect(await taken(pilates, '10:00')).toBe(8);
  });

  it('refuses a duo the last single place; a cancel or delete gives places back; a move takes them along', async () => {
    const yoga = await event('Yoga', 3, 2);
    const duo = await booking(yoga, '12:00', 2);
    expect(await codeOf(booking(yoga, '12:00', 2))).toBe(PG_CHECK_VIOLATION);
    const single = await booking(yoga, '12:00');
    expect(await taken(yoga, '12:00')).toBe(3);
    await db.query(`update bookings set status = 'cancelled' where id = $1`, [duo]);
    expect(await taken(yoga, '12:00')).toBe(1);
    // Un-cancelled while its places are still free: taken again.
    await db.query(`update bookings set status = 'confirmed' where id = $1`, [duo]);
    expect(await taken(yoga, '12:00')).toBe(3);
    await db.query(`update bookings set status = 'cancelled' where id = $1`, [duo]);
    // Moved to 14:00: its place leaves 12:00 and is counted there.
    await db.query(
      `update bookings set starts_at = $2::timestamptz, ends_at = $2::timestamptz + interval '1 hour',
         booking_time = '14:00' where id = $1`,
      [single, `${DAY} 14:00+01`],
    );
    expect([await taken(yoga, '12:00'), await taken(yoga, '14:00')]).toEqual([0, 1]);
    // Deleted (the owner's delete, an erased customer): its places are free again.
    await db.query(`delete from bookings where id = $1`, [single]);
    expect(await taken(yoga, '14:00')).toBe(0);
    await db.query(`delete from bookings where id = $1`, [duo]);
    expect(await taken(yoga, '12:00')).toBe(0);
  });

  it('occupies the agenda once for the class time against every other service', async () => {
    const spinning = await event('Spinning', 10);
    const intake = await event('Intake');
    await booking(spinning, '16:00');
    await booking(spinning, '16:00');
    expect(await codeOf(booking(intake, '16:30'))).toBe(PG_EXCLUSION_VIOLATION);
    // Another class of the same service overlapping it is another class: refused too.
    expect(await codeOf(booking(spinning, '16:30'))).toBe(PG_EXCLUSION_VIOLATION);
    // One customer per time for a service of one seat, as before classes.
    await booking(intake, '18:00');
    expect(await codeOf(booking(intake, '18:00'))).toBe(PG_EXCLUSION_VIOLATION);
  });

  it('takes the service seats of the moment: fewer than sold lets nobody in, more opens places', async () => {
    const dans = await event('Dans', 4, 2);
    await booking(dans, '19:00', 2);
    await booking(dans, '19:00');
    await db.query(`update events set seats = 2, max_seats_per_booking = 1 where id = $1`, [dans]);
    expect(await codeOf(booking(dans, '19:00'))).toBe(PG_CHECK_VIOLATION);
    await db.query(`update events set seats = 6 where id = $1`, [dans]);
    await booking(dans, '19:00');
    const [{ capacity }] = (await db.query<{ capacity: number }>(
      `select capacity from class_sessions where event_id = $1`,
      [dans],
    )) as [{ capacity: number }];
    expect([capacity, await taken(dans, '19:00')]).toEqual([6, 4]);
    expect(await codeOf(db.query(`update events set max_seats_per_booking = 7 where id = $1`, [dans]))).toBe(
      PG_CHECK_VIOLATION,
    );
  });
});
