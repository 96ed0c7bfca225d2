import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../test/databases';
import { emptyDatabase, migrationsBefore, type RawDatabase, insertOwnerRow } from '../test/migration-db';
import { migrationsFolder } from './client';

/**
 * Migration 0016 (business profile) on a database that lived before it: every existing owner gets a
 * profile whose public address is their username folded to a readable slug, a name too short or
 * already taken gets a piece of its user id, and owners made afterwards get theirs from the database.
 */
const PROFILE_MIGRATION = 16;

describe.each(dbKinds())('migration 0016 (business profile) over existing data on %s', (kind) => {
  let folder: string;
  let db: RawDatabase;
  const ids: Record<string, string> = {};

  // Registered one after the other: the first of two owners whose names fold alike keeps the plain one.
  let registered = 0;
  async function user(username: string) {
    return insertOwnerRow(db, username, new Date(Date.UTC(2026, 10, 1, 9, 0, registered++)).toISOString());
  }
  const slugOf = async (id: string) =>
    (
      await db.query<{ public_slug: string }>(
        `select public_slug from business_profiles where owner_id = $1`,
        [id],
      )
    )[0]?.public_slug;

  beforeAll(async () => {
    folder = migrationsBefore(PROFILE_MIGRATION, '0016_business_profile');
    db = await emptyDatabase(kind);
    await db.migrate(folder);
    ids.anna = await user('Anna.de.Vries');
    ids.anna2 = await user('anna-de-vries');
    ids.short = await user('Jo');
    ids.accents = await user('Zoë');
    // Cut at 30 characters right after a hyphen: the address never ends in one.
    ids.long = await user('abcdefghijklmnopqrstuvwxyz-ab-cd');
    await db.migrate(migrationsFolder);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives every existing owner a readable, unique public address', async () => {
    expect(await slugOf(ids.anna!)).toBe('anna-de-vries');
    // Folds to the same name as the first owner: their own id's piece makes it unique.
    expect(await slugOf(ids.anna2!)).toBe(`anna-de-vries-${ids.anna2!.replace(/-/g, '').slice(0, 8)}`);
    expect(await slugOf(ids.short!)).toBe(`praktijk-${ids.short!.replace(/-/g, '').slice(0, 8)}`);
    expect(await slugOf(ids.accents!)).toBe(`praktijk-${ids.accents!.replace(/-/g, '').slice(0, 8)}`);
    expect(await slugOf(ids.long!)).toBe('abcdefghijklmnopqrstuvwxyz-ab');
  });

  it('makes the profile of a new owner with the user row', async () => {
    const id = await user('Salon Bella');
    expect(await slugOf(id)).toBe('salon-bella');
    const again = await user('salon_bella');
    expect(await slugOf(again)).toBe(`salon-bella-${again.replace(/-/g, '').slice(0, 8)}`);
  });

  it('leaves existing services listed and keeps bookings forever by default', async () => {
    const [owner] = await db.query<{ retention_months: number | null }>(
      `select retention_months from users where id = $1`,
      [ids.anna],
    );
    expect(owner!.retention_months).toBeNull();
    await expect(
      db.query(`update users set retention_months = 0 where id = $1`, [ids.anna]),
    ).rejects.toThrow();
  });

  it('removes the profile with its owner', async () => {
    await db.query(`delete from users where id = $1`, [ids.short]);
    expect(await slugOf(ids.short!)).toBeUndefined();
  });
});
