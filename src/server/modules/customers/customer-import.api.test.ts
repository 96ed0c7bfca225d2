import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult } from '@contracts/customer-import';
import { MAX_CUSTOMER_TAGS, MAX_NOTE_LENGTH, MAX_TAG_LENGTH } from '@contracts/customers';
import { nl } from '@contracts/messages';
import { CUSTOMER_LIMITS } from '@core/index';
import { customerNotes, customers } from '../../db/schema';
import { dbKinds, queryRows } from '../../test/databases';
import { owner, stamps } from '../../test/fixtures';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { isDutchMessage } from '../../security/dutch-message';
import { activityOf, teamMember } from '../team/team-test-helpers';

// Tuesday 1 December 2026, 09:00 in Amsterdam: every stored time is the app's clock.
const NOW = new Date('2026-12-01T08:00:00Z');
const r = nl.customerImport.refusals;

/** Windows-1252 bytes of text that holds only Latin-1 letters (what Dutch Excel's "CSV" writes). */
const cp1252 = (text: string) => Buffer.from(text, 'latin1');

/** A multipart/form-data body built by hand, as a browser's FormData sends it. */
function form(parts: { name: string; value: Buffer | string; filename?: string }[]) {
  const boundary = '----klantenimport7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.filename === undefined ? '' : '\r\nContent-Type: text/csv';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (who: Agent, file: Buffer, mapping?: object | string, query = '') => {
  const parts: { name: string; value: Buffer | string; filename?: string }[] = [
    { name: 'file', value: file, filename: 'klanten.csv' },
  ];
  if (mapping !== undefined)
    parts.push({ name: 'mapping', value: typeof mapping === 'string' ? mapping : JSON.stringify(mapping) });
  const body = form(parts);
  return who.post(`/api/customers/import${query}`, body.payload, body.headers);
};

/** The file's rows 2–11 as Dutch Excel saves them: `;`, Windows-1252, CRLF. */
const DUTCH_FILE = [
  'Voornaam;Tussenvoegsel;Achternaam;E-mail;Telefoon;Geboortedatum;Opmerkingen;Labels',
  'Renée;;Jansen;renee@example.nl;06-12345678;05-03-1980;"Allergisch voor; latex";vip|kleur',
  'Chloë;van;Dijk;chloe@example.nl;0201234567;1-2-1975;;',
  'Loïs;;Bakker;;612345670;1990-07-15;"Zegt ""hoi""\r\nen dag";',
  ';;;leeg@example.nl;;;;', // no name
  'Piet;;Fout;geen-adres;;;;', // bad e-mail
  'Kees;;Kort;kees@example.nl;12345;;;', // bad phone
  'Joke;;Datum;joke@example.nl;;31-02-1990;;', // bad date
  ' RENÉE ;; Jansen ;  RENEE@Example.NL ;;;Tweede notitie;nieuw', // Renée again: merged into row 2
  '',
  'Zoë;;Zonder;;;;;', // name only
].join('\r\n');
const DUTCH_MAPPING = {
  firstName: 0,
  infix: 1,
  lastName: 2,
  email: 3,
  phone: 4,
  birthDate: 5,
  notes: 6,
  tags: 7,
};

describe.each(dbKinds())('customer import and export on %s', (kind) => {
  let t: TestApp;
  let anna: Agent & { id: string };
  const customersOf = (businessId: string) =>
    t.database.db.select().from(customers).where(eq(customers.businessId, businessId));
  const notesOf = (businessId: string) =>
    t.database.db.select().from(customerNotes).where(eq(customerNotes.businessId, businessId));

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    anna = await owner(t);
  });
  afterAll(() => t.close());

  it('keeps the limits of the customer record', () => {
    expect(CUSTOMER_LIMITS).toEqual({
      name: 200,
      tag: MAX_TAG_LENGTH,
      tags: MAX_CUSTOMER_TAGS,
      note: MAX_NOTE_LENGTH,
    });
  });

  it('previews a Windows-1252 file with ; : headers, the suggested mapping and the first rows', async () => {
    const res = await upload(anna, cp1252(DUTCH_FILE));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as ImportPreview;
    expect(preview).toMatchObject({
      kind: 'preview',
      encoding: 'windows-1252',
      separator: ';',
      headers: DUTCH_FILE.split('\r\n')[0]!.split(';'),
      suggested: DUTCH_MAPPING,
      totalRows: 9,
    });
    expect(preview.rows).toHaveLength(5);
    expect(preview.rows.map((row) => row[0])).toEqual(['Renée', 'Chloë', 'Loïs', '', 'Piet']);
    expect(preview.rows[2]![6]).toBe('Zegt "hoi"\r\nen dag');
    expect(preview.rows[0]![6]).toBe('Allergisch voor; latex');
    expect(await customersOf(anna.id)).toEqual([]);
  });

  it('previews a UTF-8 file with a BOM and , ', async () => {
    const text =
      '\uFEFFVolledige naam,E-mailadres,Mobiel nummer,Notities\nZoë de Wit,zoe@example.nl,06 11111111,"a, b"\n';
    const res = await upload(anna, Buffer.from(text, 'utf8'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'preview',
      encoding: 'utf-8',
      separator: ',',
      headers: ['Volledige naam', 'E-mailadres', 'Mobiel nummer', 'Notities'],
      suggested: { name: 0, email: 1, phone: 2, notes: 3 },
      rows: [['Zoë de Wit', 'zoe@example.nl', '06 11111111', 'a, b']],
      totalRows: 1,
    });
  });

  it('answers a dry run with its counts and the refused rows in Dutch, and writes nothing', async () => {
    const res = await upload(anna, cp1252(DUTCH_FILE), DUTCH_MAPPING, '?dryRun=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'result',
      dryRun: true,
      created: 4,
      merged: 1,
      refused: [
        { row: 5, code: 'nameMissing', reason: r.nameMissing },
        { row: 6, code: 'emailInvalid', reason: r.emailInvalid },
        { row: 7, code: 'phoneInvalid', reason: r.phoneInvalid },
        { row: 8, code: 'birthDateInvalid', reason: r.birthDateInvalid },
      ],
    } satisfies ImportResult);
    expect(await customersOf(anna.id)).toEqual([]);
    expect((await activityOf(t, anna.id)).filter((a) => a.kind === 'customer.imported')).toEqual([]);
  });

  it('imports in one go: accents, E.164 numbers, dates, labels, notes by the importer, no consent', async () => {
    const res = await upload(anna, cp1252(DUTCH_FILE), DUTCH_MAPPING);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'result', dryRun: false, created: 4, merged: 1 });
    expect((res.json() as ImportResult).refused.map((x) => x.row)).toEqual([5, 6, 7, 8]);

    const rows = await customersOf(anna.id);
    const byName = Object.fromEntries(rows.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual([
      'Chloë van Dijk',
      'Loïs Bakker',
      'Renée Jansen',
      'Zoë Zonder',
    ]);
    expect(byName['Renée Jansen']).toMatchObject({
      email: 'renee@example.nl',
      phone: '+31612345678',
      birthDate: '1980-03-05',
      tags: ['vip', 'kleur', 'nieuw'],
      marketingConsent: false,
      marketingConsentAt: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(byName['Chloë van Dijk']).toMatchObject({
      phone: '+31201234567',
      birthDate: '1975-02-01',
      tags: [],
    });
    expect(byName['Loïs Bakker']).toMatchObject({
      email: null,
      phone: '+31612345670',
      birthDate: '1990-07-15',
    });
    expect(byName['Zoë Zonder']).toMatchObject({ email: null, phone: null });

    const notes = await notesOf(anna.id);
    expect(notes.map((n) => [rows.find((c) => c.id === n.customerId)!.name, n.text]).sort()).toEqual([
      ['Loïs Bakker', 'Zegt "hoi"\r\nen dag'],
      ['Renée Jansen', 'Allergisch voor; latex'],
      ['Renée Jansen', 'Tweede notitie'],
    ]);
    const [me] = await queryRows<{ id: string; name: string }>(
      t.database,
      sql`select id, name from members where business_id = ${anna.id}`,
    );
    expect(notes.every((n) => n.memberId === me!.id && n.memberName === me!.name)).toBe(true);
    expect(notes.every((n) => n.createdAt.getTime() === NOW.getTime())).toBe(true);

    const entries = (await activityOf(t, anna.id)).filter((a) => a.kind === 'customer.imported');
    expect(entries).toEqual([
      expect.objectContaining({ member_id: me!.id, after: { created: 4, merged: 1, refused: 4, notes: 3 } }),
    ]);
    const log = await anna.get('/api/activity?kind=customer.imported');
    expect(log.statusCode, log.body).toBe(200);
    expect(JSON.stringify(log.json())).toContain('klanten.csv');
  });

  it('creates nothing when the same file comes again: every row merges, no note twice', async () => {
    const before = await customersOf(anna.id);
    const res = await upload(anna, cp1252(DUTCH_FILE), DUTCH_MAPPING);
    expect(res.json()).toMatchObject({ created: 0, merged: 5 });
    expect((await customersOf(anna.id)).length).toBe(before.length);
    expect(await notesOf(anna.id)).toHaveLength(3);
  });

  it('merges into existing customers by address or phone, filling only what is empty', async () => {
    const bob = await owner(t);
    await t.database.db.insert(customers).values([
      { businessId: bob.id, name: 'Eva Eerder', email: 'Eva@Example.nl', tags: ['oud'], ...stamps(t) },
      { businessId: bob.id, name: 'Piet Bel', phone: '+31622222222', birthDate: '1970-01-01', ...stamps(t) },
    ]);
    // Anna's Renée is Anna's: another business's customers are never matched.
    const file =
      'Naam,Email,Telefoon,Geboortedatum,Tags\r\n' +
      'Eva Later,eva@example.nl,06 33333333,01-01-1985,"nieuw,oud"\r\n' +
      'P. Bel,,+31 6 22222222,02-02-1972,\r\n' +
      'Renée Jansen,renee@example.nl,,,\r\n';
    const res = await upload(bob, Buffer.from(file), { name: 0, email: 1, phone: 2, birthDate: 3, tags: 4 });
    expect(res.json()).toMatchObject({ created: 1, merged: 2, refused: [] });
    const rows = Object.fromEntries((await customersOf(bob.id)).map((c) => [c.name, c]));
    expect(rows['Eva Eerder']).toMatchObject({
      email: 'Eva@Example.nl',
      phone: '+31633333333',
      birthDate: '1985-01-01',
      tags: ['oud', 'nieuw'],
      updatedAt: NOW,
    });
    expect(rows['Piet Bel']).toMatchObject({ birthDate: '1970-01-01', email: null });
    expect(rows['Renée Jansen']).toBeDefined();
    expect((await customersOf(anna.id)).length).toBe(4);
  });

  it('refuses bad uploads with a Dutch 4xx', async () => {
    const expectDutch = (
      res: { statusCode: number; body: string; json: () => { message?: unknown } },
      status: number,
      message: string,
    ) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      expect(isDutchMessage(res.json().message)).toBe(true);
    };
    const m = nl.customerImport;
    const ok = Buffer.from('Naam\r\nAnna\r\n');
    const big = Buffer.from(`Naam\r\n${'Anna\r\n'.repeat(20_001)}`);
    expectDutch(await upload(anna, big, { name: 0 }), 400, m.tooManyRows);
    expectDutch(await upload(anna, big), 400, m.tooManyRows);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1, 'a');
    expectDutch(await upload(anna, huge), 413, m.fileTooLarge);
    expectDutch(await upload(anna, Buffer.concat([huge, huge])), 413, m.fileTooLarge);
    expectDutch(await anna.post('/api/customers/import', { file: 'Naam' }), 400, m.notMultipart);
    const noFile = form([{ name: 'mapping', value: '{"name":0}' }]);
    expectDutch(
      await anna.post('/api/customers/import', noFile.payload, noFile.headers),
      400,
      m.fileRequired,
    );
    expectDutch(await upload(anna, Buffer.from('\r\n\r\n')), 400, m.fileEmpty);
    expectDutch(await upload(anna, ok, '{kapot'), 400, m.mappingJson);
    expectDutch(await upload(anna, ok, { email: 0 }), 400, m.mappingNoName);
    expectDutch(await upload(anna, ok, { name: 3 }), 400, m.mappingInvalid);
    expectDutch(await upload(anna, ok, { name: -1 }), 400, m.mappingInvalid);
    expectDutch(await upload(anna, ok, { name: 0, email: 0 }), 400, m.mappingDuplicate);
    expectDutch(await upload(anna, ok, { name: 0 }, '?dryRun=ja'), 400, m.dryRunInvalid);
    const truncated = form([{ name: 'file', value: ok, filename: 'a.csv' }]);
    const cut = truncated.payload.subarray(0, truncated.payload.length - 10);
    expectDutch(await anna.post('/api/customers/import', cut, truncated.headers), 400, m.notMultipart);
    // A NUL byte in a cell is no reason for a 5xx.
    const nul = await upload(anna, Buffer.from('Naam\r\nNul\u0000Naam\r\n'), { name: 0 }, '?dryRun=1');
    expect(nul.json()).toMatchObject({ created: 1 });
  });

  it('imports 20,000 rows in one go', async () => {
    const carla = await owner(t);
    const lines = ['Naam;E-mail;Telefoon;Notities'];
    for (let i = 0; i < 20_000; i++)
      lines.push(`Klant ${i};klant${i}@example.nl;06${String(10_000_000 + i)};notitie ${i % 3}`);
    const file = Buffer.from(lines.join('\r\n'));
    const started = Date.now();
    const res = await upload(carla, file, { name: 0, email: 1, phone: 2, notes: 3 });
    expect(res.json()).toMatchObject({ created: 20_000, merged: 0, refused: [] });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await customersOf(carla.id)).toHaveLength(20_000);
    expect(await notesOf(carla.id)).toHaveLength(20_000);
    expect((await upload(carla, file, { name: 0, email: 1, phone: 2, notes: 3 })).json()).toMatchObject({
      created: 0,
      merged: 20_000,
    });
    expect(await notesOf(carla.id)).toHaveLength(20_000);
  }, 120_000);

  it('refuses the import to a medewerker and lets receptie import', async () => {
    const mila = await teamMember(t, anna, 'medewerker');
    const file = Buffer.from('Naam\r\nMila Klant\r\n');
    expect((await upload(mila, file, { name: 0 })).statusCode).toBe(403);
    expect((await upload(mila, file)).statusCode).toBe(403);
    expect((await mila.get('/api/customers/export.csv')).statusCode).toBe(403);
    const rita = await teamMember(t, anna, 'receptie');
    expect((await upload(rita, file, { name: 0 })).json()).toMatchObject({ created: 1 });
    expect((await rita.get('/api/customers/export.csv')).statusCode).toBe(403);
  });

  it('exports every customer as Dutch Excel CSV, which imports back into the same customers', async () => {
    const res = await anna.get('/api/customers/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="klanten-2026-12-01.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Naam;E-mail;Telefoon;Geboortedatum;Labels;Marketing toestemming;Toestemming op;Bezoeken;Niet verschenen;Laatste bezoek;Klant sinds',
    );
    expect(lines).toContain(
      'Renée Jansen;renee@example.nl;06 12345678;05-03-1980;vip, kleur, nieuw;nee;;0;0;;01-12-2026',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 5 + 1); // header, Anna's four and receptie's one, the last CRLF
    const names = lines.slice(1, -1).map((l) => l.split(';')[0]);
    expect(names).toEqual([...names].sort((a, b) => a!.localeCompare(b!)));

    const again = await upload(anna, res.rawPayload);
    const preview = again.json() as ImportPreview;
    expect(preview).toMatchObject({ encoding: 'utf-8', separator: ';' });
    const back = await upload(anna, res.rawPayload, preview.suggested);
    expect(back.json()).toMatchObject({ created: 0, merged: 5, refused: [] });
  });
});
