import { describe, expect, it } from 'vitest';
import {
  decodeCsvBytes,
  decodeWindows1252,
  detectSeparator,
  headerKey,
  importCandidate,
  parseCsv,
  parseImportDate,
  planImport,
  readCsvFile,
  splitTags,
  suggestMapping,
  type CandidateResult,
} from './customer-import';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with and without the BOM', () => {
    expect(decodeCsvBytes(utf8('Naam\r\nRené'))).toEqual({ text: 'Naam\r\nRené', encoding: 'utf-8' });
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Naam;Zoë')]))).toEqual({
      text: 'Naam;Zoë',
      encoding: 'utf-8',
    });
  });

  it('leaves out U+0000, which no database text holds', () => {
    expect(decodeCsvBytes(utf8('Na\u0000am')).text).toBe('Naam');
    expect(decodeCsvBytes(new Uint8Array([0x41, 0x00, 0xe9])).text).toBe('Aé');
  });

  it('reads what is not UTF-8 as Windows-1252, with its own letters at 0x80–0x9F', () => {
    // "Renée; Chloë; Loïs € – ’" as Dutch Excel saves it.
    const bytes = new Uint8Array([
      ...[0x52, 0x65, 0x6e, 0xe9, 0x65, 0x3b],
      ...[0x43, 0x68, 0x6c, 0x6f, 0xeb, 0x3b],
      ...[0x4c, 0x6f, 0xef, 0x73, 0x20, 0x80, 0x20, 0x96, 0x20, 0x92],
    ]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'Renée;Chloë;Loïs € – ’', encoding: 'windows-1252' });
  });

  // Node's own TextDecoder('windows-1252') (without full ICU) reads 0x80–0x9F as ISO-8859-1 control
  // characters, which is why the table is written out here.
  it('reads every byte of 0x80–0x9F as Windows-1252 does', () => {
    const high = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
    expect(decodeWindows1252(high)).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
    const low = Uint8Array.from({ length: 128 }, (_, i) => i);
    expect(decodeWindows1252(low)).toBe(String.fromCharCode(...low));
    expect(decodeWindows1252(new Uint8Array([0xa0, 0xe9, 0xff]))).toBe('\u00a0éÿ');
  });

  it('decodes large files (beyond one chunk) whole', () => {
    const bytes = new Uint8Array(100_000).fill(0xe9);
    expect(decodeWindows1252(bytes)).toBe('é'.repeat(100_000));
  });
});

describe('detectSeparator', () => {
  it('counts the header line’s separators outside quotes', () => {
    expect(detectSeparator('Naam;E-mail;Telefoon\r\na,b,c,d,e')).toBe(';');
    expect(detectSeparator('Naam,E-mail\na;b;c')).toBe(',');
    expect(detectSeparator('"Naam; volledig",E-mail,Telefoon')).toBe(',');
    expect(detectSeparator('"a,b,c";d')).toBe(';');
    expect(detectSeparator('Naam')).toBe(';');
  });
});

describe('parseCsv', () => {
  it('reads quoted cells with separators, doubled quotes and line breaks', () => {
    expect(parseCsv('a;"b;c";"zei ""hoi"""\r\n"regel 1\r\nregel 2";x;\r\n', ';')).toEqual([
      ['a', 'b;c', 'zei "hoi"'],
      ['regel 1\r\nregel 2', 'x', ''],
    ]);
  });

  it('accepts LF and CR line ends and a last line without one', () => {
    expect(parseCsv('a,b\nc,d\re,f', ',')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('keeps a stray quote inside an unquoted cell', () => {
    expect(parseCsv('5" scherm;b', ';')).toEqual([['5" scherm', 'b']]);
  });
});

describe('readCsvFile', () => {
  it('numbers rows as a spreadsheet does: header row 1, blank rows counted, multi-line cells one row', () => {
    const file = readCsvFile(utf8('Naam;Notities\r\nAnna;"twee\nregels"\r\n;\r\nBob;x\r\n'))!;
    expect(file.headers).toEqual(['Naam', 'Notities']);
    expect(file.rows).toEqual([
      { row: 2, cells: ['Anna', 'twee\nregels'] },
      { row: 4, cells: ['Bob', 'x'] },
    ]);
    expect(readCsvFile(utf8('\r\n \r\n'))).toBeNull();
  });
});

describe('header recognition', () => {
  it('ignores case, spaces, dashes and accents', () => {
    expect(headerKey(' E-mailadres ')).toBe('emailadres');
    expect(headerKey('Geboorte­datum')).toBe('geboortedatum');
    expect(headerKey('Téléfoon')).toBe('telefoon');
  });

  it('suggests a mapping from the usual Dutch and English headers', () => {
    expect(
      suggestMapping(['Voornaam', 'Tussenvoegsel', 'Achternaam', 'E-mail', 'Mobiel nummer', 'Geboortedatum']),
    ).toEqual({ firstName: 0, infix: 1, lastName: 2, email: 3, phone: 4, birthDate: 5 });
    expect(
      suggestMapping(['Volledige naam', 'Voornaam', 'Email', 'Telefoonnummer', 'Opmerkingen', 'Labels']),
    ).toEqual({ name: 0, email: 2, phone: 3, notes: 4, tags: 5 });
    expect(suggestMapping(['Name', 'E-mail address', 'Phone', 'Notes', 'Tags'])).toEqual({
      name: 0,
      email: 1,
      phone: 2,
      notes: 3,
      tags: 4,
    });
    expect(suggestMapping(['Iets', 'Anders'])).toEqual({});
  });
});

describe('parseImportDate', () => {
  it('accepts the Dutch and ISO ways to write a date', () => {
    expect(parseImportDate('31-12-1990')).toBe('1990-12-31');
    expect(parseImportDate('1-2-1990')).toBe('1990-02-01');
    expect(parseImportDate('01/02/1990')).toBe('1990-02-01');
    expect(parseImportDate('1.2.1990')).toBe('1990-02-01');
    expect(parseImportDate('1990-02-01')).toBe('1990-02-01');
  });

  it('refuses days that do not exist, two-digit years, old and future dates', () => {
    expect(parseImportDate('31-02-1990')).toBeNull();
    expect(parseImportDate('1-2-90')).toBeNull();
    expect(parseImportDate('12-31-1990')).toBeNull();
    expect(parseImportDate('01-01-1850')).toBeNull();
    expect(parseImportDate('gisteren')).toBeNull();
    expect(parseImportDate('02-12-2026', '2026-12-01')).toBeNull();
    expect(parseImportDate('01-12-2026', '2026-12-01')).toBe('2026-12-01');
  });
});

describe('importCandidate', () => {
  const mapping = { name: 0, email: 1, phone: 2, birthDate: 3, notes: 4, tags: 5 };
  const row = (cells: string[]) => importCandidate(cells, mapping, '2026-12-01');

  it('makes a customer of a good row', () => {
    expect(
      row([
        '  Anna   de Vries ',
        ' Anna@Example.nl ',
        '06-12345678',
        '5-3-1980',
        ' vaste klant ',
        'vip, kort|vip',
      ]),
    ).toEqual({
      ok: true,
      candidate: {
        name: 'Anna de Vries',
        email: 'Anna@Example.nl',
        phone: '+31612345678',
        birthDate: '1980-03-05',
        note: 'vaste klant',
        tags: ['vip', 'kort'],
      },
    });
    // Excel drops the leading 0 of a number; a foreign number keeps its code.
    expect(
      row(['A', '', '612345678']).ok &&
        (row(['A', '', '612345678']) as { candidate: { phone: string } }).candidate.phone,
    ).toBe('+31612345678');
    expect(
      (row(['A', '', '+44 7700 900123']) as { ok: true; candidate: { phone: string } }).candidate.phone,
    ).toBe('+447700900123');
    expect(row(['A'])).toEqual({
      ok: true,
      candidate: { name: 'A', email: null, phone: null, birthDate: null, note: null, tags: [] },
    });
  });

  it('joins first name, infix and last name', () => {
    const r = importCandidate(['Jan', 'van der', 'Berg'], { firstName: 0, infix: 1, lastName: 2 });
    expect(r.ok && r.candidate.name).toBe('Jan van der Berg');
    const noInfix = importCandidate(['Jan', '', 'Berg'], { firstName: 0, infix: 1, lastName: 2 });
    expect(noInfix.ok && noInfix.candidate.name).toBe('Jan Berg');
  });

  it('refuses each bad field with its code', () => {
    const code = (cells: string[]) => {
      const r = row(cells);
      return r.ok ? null : r.code;
    };
    expect(code(['', 'a@b.nl'])).toBe('nameMissing');
    expect(code(['x'.repeat(201)])).toBe('nameTooLong');
    expect(code(['A', 'geen-adres'])).toBe('emailInvalid');
    expect(code(['A', 'rené@example.nl'])).toBe('emailNonAscii');
    expect(code(['A', '', '12345'])).toBe('phoneInvalid');
    expect(code(['A', '', 'bel maar'])).toBe('phoneInvalid');
    expect(code(['A', '', '', '31-02-1990'])).toBe('birthDateInvalid');
    expect(code(['A', '', '', '', 'x'.repeat(4001)])).toBe('noteTooLong');
    expect(code(['A', '', '', '', '', 'x'.repeat(41)])).toBe('tagsInvalid');
    expect(splitTags(' a ; b | | c ,a')).toEqual(['a', 'b', 'c']);
  });
});

describe('planImport', () => {
  const ok = (
    c: Partial<{
      name: string;
      email: string;
      phone: string;
      note: string;
      tags: string[];
      birthDate: string;
    }>,
  ): CandidateResult => ({
    ok: true,
    candidate: {
      name: c.name ?? 'Naam',
      email: c.email ?? null,
      phone: c.phone ?? null,
      birthDate: c.birthDate ?? null,
      note: c.note ?? null,
      tags: c.tags ?? [],
    },
  });

  it('merges a later row with the same address in another case into the earlier one', () => {
    const plan = planImport(
      [
        { row: 2, result: ok({ name: 'Anna', email: 'anna@example.nl', note: 'eerste', tags: ['a'] }) },
        {
          row: 3,
          result: ok({
            name: 'ANNA',
            email: 'ANNA@Example.NL',
            phone: '+31612345678',
            note: 'tweede',
            tags: ['b', 'a'],
          }),
        },
        { row: 4, result: ok({ name: 'Anna', email: 'anna@example.nl', note: 'eerste' }) },
        { row: 5, result: { ok: false, code: 'nameMissing' } },
      ],
      [],
    );
    expect(plan.created).toBe(1);
    expect(plan.merged).toBe(2);
    expect(plan.refused).toEqual([{ row: 5, code: 'nameMissing' }]);
    expect(plan.creates).toEqual([
      {
        id: null,
        name: 'Anna',
        email: 'anna@example.nl',
        phone: '+31612345678',
        birthDate: null,
        tags: ['a', 'b'],
        notes: ['eerste', 'tweede'],
        changed: false,
      },
    ]);
  });

  it('matches existing customers by address, else phone, else name only; fills only what is empty', () => {
    const existing = [
      { id: 'e1', name: 'Eva', email: 'eva@example.nl', phone: null, birthDate: '1990-01-01', tags: ['x'] },
      { id: 'p1', name: 'Piet', email: null, phone: '+31611111111', birthDate: null, tags: [] },
      { id: 'n1', name: 'Nina', email: null, phone: null, birthDate: null, tags: [] },
      { id: 'o1', name: 'Olga', email: 'olga@example.nl', phone: '+31622222222', birthDate: null, tags: [] },
    ];
    const plan = planImport(
      [
        {
          row: 2,
          result: ok({
            name: 'Eva B',
            email: 'EVA@example.nl',
            phone: '+31633333333',
            birthDate: '1991-01-01',
          }),
        },
        { row: 3, result: ok({ name: 'P', phone: '+31611111111', email: 'piet@example.nl' }) },
        { row: 4, result: ok({ name: ' nina ', note: 'hoi' }) },
        // Olga's number with another address: someone else (the number belongs to an address).
        { row: 5, result: ok({ name: 'Oscar', email: 'oscar@example.nl', phone: '+31622222222' }) },
        // Without an address, the number finds Olga.
        { row: 6, result: ok({ name: 'O', phone: '+31622222222', tags: ['nieuw'] }) },
      ],
      existing,
    );
    expect(plan.created).toBe(1);
    expect(plan.merged).toBe(4);
    expect(plan.creates.map((c) => c.name)).toEqual(['Oscar']);
    const byId = Object.fromEntries(plan.updates.map((u) => [u.id, u]));
    // Eva's name and birth date stay; her empty phone is filled.
    expect(byId.e1).toMatchObject({
      name: 'Eva',
      phone: '+31633333333',
      birthDate: '1990-01-01',
      changed: true,
    });
    expect(byId.p1).toMatchObject({ email: 'piet@example.nl', changed: true });
    expect(byId.n1).toMatchObject({ notes: ['hoi'], changed: false });
    expect(byId.o1).toMatchObject({ tags: ['nieuw'], changed: true });
  });

  it('changes nothing when every row is already there', () => {
    const existing = [
      { id: 'e1', name: 'Eva', email: 'eva@example.nl', phone: null, birthDate: null, tags: ['x'] },
    ];
    const plan = planImport(
      [{ row: 2, result: ok({ name: 'Eva', email: 'eva@example.nl', tags: ['x'] }) }],
      existing,
    );
    expect(plan).toMatchObject({ created: 0, merged: 1, updates: [], creates: [] });
  });
});
