import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../test/databases';
import { emptyDatabase, insertOwnerRow, migrationsBefore, type RawDatabase } from '../test/migration-db';
import { migrationsFolder } from './client';

/**
 * Migration 0026 (customer records) on a database with bookings from before it: one customer per
 * address (trimmed, any case), else per phone, else per name; another owner's booking of the same
 * address is another owner's customer; every booking is linked; the migration notes what it made.
 */
const CUSTOMERS_MIGRATION = 26;

describe.each(dbKinds())('migration 0026 (customers) over existing bookings on %s', (kind) => {
  let folder: string;
  let db: RawDatabase;
  let anna: string;
  let bram: string;
  const booking: Record<string, string> = {};

  async function eventOf(owner: string): Promise<string> {
    const [row] = await db.query<{ id: string }>(
      `insert into events (user_id, title, working_days, date_range_type, duration_minutes, slug, created_at)
       values ($1, 'Knippen', '{}'::jsonb, 'ongoing', 30, $2, '2026-01-01T09:00:00Z') returning id`,
      [owner, `knippen-${owner.slice(0, 8)}`],
    );
    return row!.id;
  }

  async function old(
    key: string,
    eventId: string,
    at: string,
    who: { name: string; email?: string | null; phone?: string | null },
  ): Promise<void> {
    const [row] = await db.query<{ id: string }>(
      `insert into bookings (event_id, customer_name, customer_email, customer_phone, booking_date, booking_time,
         starts_at, ends_at, management_token_hash, created_at, updated_at)
       values ($1, $2, $3, $4, '2026-03-02', '10:00', $5, $5::timestamptz + interval '30 minutes', $6, $5, $5)
       returning id`,
      [eventId, who.name, who.email ?? null, who.phone ?? null, at, `hash-${key}`],
    );
    booking[key] = row!.id;
  }

  beforeAll(async () => {
    folder = migrationsBefore(CUSTOMERS_MIGRATION, '0026_customers');
    db = await emptyDatabase(kind);
    await db.migrate(folder);
    anna = await insertOwnerRow(db, 'anna', '2026-01-01T09:00:00Z');
    bram = await insertOwnerRow(db, 'bram', '2026-01-01T09:00:00Z');
    const annaEvent = await eventOf(anna);
    const bramEvent = await eventOf(bram);
    await old('jan1', annaEvent, '2026-02-01T09:00:00Z', { name: 'jan', email: 'jan@example.nl' });
    await old('jan2', annaEvent, '2026-03-01T09:00:00Z', { name: 'Jan Jansen', email: '  JAN@Example.NL ' });
    await old('jan3', annaEvent, '2026-04-01T09:00:00Z', {
      name: 'Jan J.',
      email: 'Jan@example.nl',
      phone: '+31611111111',
    });
    await old('piet1', annaEvent, '2026-02-02T09:00:00Z', { name: 'Piet', phone: '+31622222222' });
    await old('piet2', annaEvent, '2026-02-03T09:00:00Z', { name: 'Piet de Boer', phone: '+31622222222' });
    await old('walkin1', annaEvent, '2026-02-04T09:00:00Z', { name: 'Loes' });
    await old('walkin2', annaEvent, '2026-02-05T09:00:00Z', { name: ' loes ' });
    await old('bramjan', bramEvent, '2026-02-06T09:00:00Z', { name: 'Jan', email: 'jan@example.nl' });
    await db.migrate(migrationsFolder);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const customerOf = async (key: string) =>
    (
      await db.query<{ customer_id: string }>(`select customer_id from bookings where id = $1`, [
        booking[key],
      ])
    )[0]!.customer_id;

  it('makes one customer of an address in any case and spacing, named as they booked last', async () => {
    const jan = await customerOf('jan1');
    expect(await customerOf('jan2')).toBe(jan);
    expect(await customerOf('jan3')).toBe(jan);
    const [row] = await db.query<Record<string, unknown>>(
      `select name, email, phone, business_id, created_at from customers where id = $1`,
      [jan],
    );
    expect(row).toMatchObject({
      name: 'Jan J.',
      email: 'Jan@example.nl',
      phone: '+31611111111',
      business_id: anna,
    });
    expect(new Date(row!.created_at as string).toISOString()).toBe('2026-02-01T09:00:00.000Z');
  });

  it('links bookings without an address by the phone, and bookings with neither by the name', async () => {
    expect(await customerOf('piet2')).toBe(await customerOf('piet1'));
    expect(await customerOf('walkin2')).toBe(await customerOf('walkin1'));
    expect(await customerOf('walkin1')).not.toBe(await customerOf('piet1'));
  });

  it("keeps another owner's customer of the same address apart", async () => {
    expect(await customerOf('bramjan')).not.toBe(await customerOf('jan1'));
    const [row] = await db.query<{ business_id: string }>(`select business_id from customers where id = $1`, [
      await customerOf('bramjan'),
    ]);
    expect(row!.business_id).toBe(bram);
  });

  it('links every booking and notes how many customers it made', async () => {
    const [unlinked] = await db.query<{ n: number }>(
      `select count(*)::int as n from bookings where customer_id is null`,
    );
    expect(unlinked!.n).toBe(0);
    const [made] = await db.query<{ n: number }>(`select count(*)::int as n from customers`);
    expect(made!.n).toBe(4);
    const notes = await db.query<{ note: string }>(`select note from migration_notes`);
    expect(notes.map((n) => n.note)).toEqual(['migration 0026: 4 customers made for 8 existing bookings']);
  });

  it('refuses a second customer of one address in a business', async () => {
    await expect(
      db.query(
        `insert into customers (business_id, name, email, created_at, updated_at)
         values ($1, 'Dubbel', ' JAN@example.nl', now(), now())`,
        [anna],
      ),
    ).rejects.toThrow();
  });
});
