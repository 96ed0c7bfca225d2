import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode, PG_UNIQUE_VIOLATION } from './client';
import { MAX_NAMED_STATEMENTS, withNamedStatements } from './pglite-named-statements';

const prepared = async (pg: PGlite) =>
  (await pg.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n;

describe('PGlite statements kept by name', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = new PGlite();
    await pg.exec(`create table t (
      id int primary key, at timestamptz, day date, doc jsonb, tags text[], ok boolean, amount numeric(10,2),
      uid uuid default gen_random_uuid()
    )`);
  });
  afterAll(() => pg.close());

  it('writes values and reads rows exactly as PGlite’s own query, in both row modes', async () => {
    const client = withNamedStatements(pg);
    const at = new Date('2026-11-24T10:30:00.000Z');
    const insert = `insert into t (id, at, day, doc, tags, ok, amount) values ($1, $2, $3, $4, $5, $6, $7)`;
    // One row through each client, the same values but the key.
    const values = (id: number) => [id, at, '2026-11-24', { a: [1, 'x'] }, ['p', 'q r'], true, '12.50'];
    const written = await client.query(insert, values(1));
    const theirsWritten = await pg.query(insert, values(2));
    expect(written).toEqual(theirsWritten);
    expect(written.affectedRows).toBe(1);
    const select = `select id, at, day, doc, tags, ok, amount from t where id = $1`;
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const mine = await client.query(select, [1], options);
      const theirs = await pg.query(select, [2], options);
      // Everything but the rows (fields, counts, command) is PGlite's answer to the letter.
      expect({ ...mine, rows: [] }).toEqual({ ...theirs, rows: [] });
      const [row] = mine.rows as Array<Record<string, unknown>> | unknown[][];
      const [other] = theirs.rows as Array<Record<string, unknown>> | unknown[][];
      if (Array.isArray(row)) expect(row.slice(1)).toEqual((other as unknown[]).slice(1));
      else expect({ ...row, id: 2 }).toEqual(other);
    }
    const [row] = (await client.query<{ at: Date; doc: unknown; tags: string[] }>(select, [1])).rows;
    expect(row).toMatchObject({ at, doc: { a: [1, 'x'] }, tags: ['p', 'q r'] });
  });

  it('parses a text once: later calls run the kept statement', async () => {
    const client = withNamedStatements(pg);
    const before = await prepared(pg);
    const text = `select count(*)::int as n from t where ok = $1`;
    for (let i = 0; i < 3; i++) expect((await client.query(text, [true])).rows).toEqual([{ n: 2 }]);
    expect(await prepared(pg)).toBe(before + 1);
    // One client per instance: a second call shares the names (two would collide on the connection).
    expect(withNamedStatements(pg)).toBe(client);
  });

  it('keeps the connection usable after errors, and keeps nothing of a text that does not parse', async () => {
    const client = withNamedStatements(pg);
    const insert = `insert into t (id) values ($1)`;
    await client.query(insert, [10]);
    const err = await client.query(insert, [10]).catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe(PG_UNIQUE_VIOLATION);
    const before = await prepared(pg);
    const syntax = await client.query(`selec oops $1`, [1]).catch((e: unknown) => e);
    expect(pgErrorCode(syntax)).toBe('42601');
    expect(await prepared(pg)).toBe(before);
    await client.query(insert, [11]);
    expect((await pg.query(`select id from t where id >= 10 order by id`)).rows).toEqual([
      { id: 10 },
      { id: 11 },
    ]);
  });

  it('runs inside a transaction: its rows are seen there, and a rollback undoes them', async () => {
    const client = withNamedStatements(pg);
    const failed = await client
      .transaction(async (tx) => {
        await tx.query(`insert into t (id) values ($1)`, [20]);
        expect((await tx.query(`select id from t where id = $1`, [20])).rows).toEqual([{ id: 20 }]);
        await tx.query(`insert into t (id) values ($1)`, [20]);
      })
      .catch((e: unknown) => e);
    expect(pgErrorCode(failed)).toBe(PG_UNIQUE_VIOLATION);
    expect((await client.query(`select id from t where id = $1`, [20])).rows).toEqual([]);
    await client.transaction((tx) => tx.query(`insert into t (id) values ($1)`, [21]));
    // The statement parsed inside the rolled-back transaction still runs.
    expect((await client.query(`select id from t where id = $1`, [21])).rows).toEqual([{ id: 21 }]);
  });

  it(`keeps at most ${MAX_NAMED_STATEMENTS} statements, closing the first parsed`, async () => {
    const client = withNamedStatements(pg);
    const text = (i: number) => `select $1::int + ${i} as n`;
    for (let i = 0; i < MAX_NAMED_STATEMENTS + 20; i++) {
      await client.query(text(i), [1]);
      // A hit does not keep the first statement longer: first in, first out.
      if (i === 10) await client.query(text(0), [1]);
    }
    expect(await prepared(pg)).toBe(MAX_NAMED_STATEMENTS);
    const kept = async (i: number) =>
      (await pg.query(`select 1 from pg_prepared_statements where statement = $1`, [text(i)])).rows.length;
    expect(await kept(0)).toBe(0);
    expect(await kept(19)).toBe(0);
    expect(await kept(20)).toBe(1);
    // An evicted text is parsed again and answers as before.
    expect((await client.query(`select $1::int + 0 as n`, [1])).rows).toEqual([{ n: 1 }]);
  });
});
