import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../test/databases';
import { emptyDatabase, migrationsBefore, type RawDatabase } from '../test/migration-db';
import { migrationsFolder } from './client';

/**
 * Migration 0024 (team members) on a database that lived before it, with several owners who signed
 * in, asked for a reset link and changed bookings: each owner becomes the eigenaar member of their
 * business with the same id, username and password hash, their sessions and reset links keep
 * pointing at them, and their booking changes so far name them.
 */
const TEAM_MIGRATION = 24;
const AT = '2026-11-01T09:00:00.000Z';
const LATER = '2027-01-01T09:00:00.000Z';

interface Owner {
  id: string;
  username: string;
  hash: string;
  session: string;
  historyId: string;
  customerHistoryId: string;
}

describe.each(dbKinds())('migration 0024 (team members) over existing owners on %s', (kind) => {
  let folder: string;
  let db: RawDatabase;
  const owners: Owner[] = [];

  async function ownerAt0023(username: string): Promise<Owner> {
    const hash = `$argon2id$v=19$m=19456,t=2,p=1$${username}$hash`;
    const [row] = await db.query<{ id: string }>(
      `insert into users (username, password, email, created_at) values ($1, $2, $3, $4) returning id`,
      [username, hash, `${username}@example.nl`, AT],
    );
    const id = row!.id;
    const session = `sess-${username}`;
    await db.query(`insert into sessions (id, user_id, created_at, expires_at) values ($1, $2, $3, $4)`, [
      session,
      id,
      AT,
      LATER,
    ]);
    await db.query(
      `insert into password_reset_tokens (user_id, token_hash, expires_at, created_at) values ($1, $2, $3, $4)`,
      [id, `reset-${username}`, LATER, AT],
    );
    // History rows without their booking: the foreign key is not what this migration is about.
    const history = async (actor: string) =>
      (
        await db.query<{ id: string }>(
          `insert into booking_history (booking_id, owner_id, kind, actor, at)
           values (gen_random_uuid(), $1, 'rescheduled', $2, $3) returning id`,
          [id, actor, AT],
        )
      )[0]!.id;
    await db.query(`set session_replication_role = replica`);
    const historyId = await history('owner');
    const customerHistoryId = await history('customer');
    await db.query(`set session_replication_role = origin`);
    return { id, username, hash, session, historyId, customerHistoryId };
  }

  beforeAll(async () => {
    folder = migrationsBefore(TEAM_MIGRATION, '0024_team_members');
    db = await emptyDatabase(kind);
    await db.migrate(folder);
    for (const name of ['anna', 'bram', 'Claire.V']) owners.push(await ownerAt0023(name));
    await db.migrate(migrationsFolder);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('makes each owner the eigenaar member of their business with the same id, username and hash', async () => {
    for (const o of owners) {
      const rows = await db.query<Record<string, unknown>>(
        `select id, business_id, username, password, email, role from members where business_id = $1`,
        [o.id],
      );
      expect(rows).toEqual([
        {
          id: o.id,
          business_id: o.id,
          username: o.username,
          password: o.hash,
          email: `${o.username}@example.nl`,
          role: 'eigenaar',
        },
      ]);
    }
  });

  it('keeps every session resolving to its owner, as member and business', async () => {
    for (const o of owners) {
      const rows = await db.query<{ member_id: string; business_id: string; role: string }>(
        `select s.member_id, m.business_id, m.role from sessions s
         join members m on m.id = s.member_id join users u on u.id = m.business_id
         where s.id = $1 and s.expires_at > $2`,
        [o.session, AT],
      );
      expect(rows).toEqual([{ member_id: o.id, business_id: o.id, role: 'eigenaar' }]);
    }
  });

  it('keeps the reset links of the owners', async () => {
    const rows = await db.query<{ n: number }>(`select count(*)::int as n from password_reset_tokens`);
    expect(rows[0]!.n).toBe(owners.length);
  });

  it('names the owner in their booking changes so far, and nobody in the customer’s', async () => {
    for (const o of owners) {
      const [own] = await db.query<{ member_id: string | null; member_name: string | null }>(
        `select member_id, member_name from booking_history where id = $1`,
        [o.historyId],
      );
      expect(own).toEqual({ member_id: o.id, member_name: o.username });
      const [customer] = await db.query<{ member_id: string | null }>(
        `select member_id from booking_history where id = $1`,
        [o.customerHistoryId],
      );
      expect(customer!.member_id).toBeNull();
    }
  });

  it('keeps one eigenaar per business', async () => {
    await expect(
      db.query(
        `insert into members (business_id, username, password, name, role, created_at)
         values ($1, 'tweede', 'x', 'Tweede', 'eigenaar', $2)`,
        [owners[0]!.id, AT],
      ),
    ).rejects.toThrow();
  });
});
