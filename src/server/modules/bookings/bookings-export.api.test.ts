import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToZoned } from '@core/index';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { agent, createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { EXPORT_BATCH } from './bookings-export.service';

// Tuesday 1 December 2026, 09:00 in Amsterdam: the clock is fixed, the service's range is that week.
const NOW = new Date('2026-12-01T08:00:00Z');
/** The Dutch header the file must open with (docs/PRODUCT.md#csv-export), before the custom fields. */
const HEADER = [
  'Datum',
  'Tijd',
  'Dienst',
  'Agenda',
  'Naam',
  'E-mail',
  'Telefoon',
  'Status',
  'Betaling',
  'Betaald',
  'Nog te betalen',
  'Niet verschenen',
  'Gemaakt op',
];

/** A minimal RFC 4180 reader with `;` (quoted cells may hold separators, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += ch;
    } else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  if (cell || row.length) throw new Error('last row not ended by CRLF');
  return rows;
}

describe.each(dbKinds())('bookings CSV export on %s', (kind) => {
  let t: TestApp;
  let anna: Agent & { id: string };
  let knippen: string;
  let kleuren: string;
  let now = NOW;
  const csv = async (who: Agent, query = '') => {
    const res = await who.get(`/api/bookings/export.csv${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // UTF-8 BOM
    return { res, rows: parseCsv(res.body.replace(/^\uFEFF/, '')) };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => now });
    anna = await owner(t);
    knippen = (
      await anna.post(
        '/api/events',
        eventPayload({
          title: 'Knippen',
          customFields: [
            ...eventPayload().customFields!,
            { fieldName: 'Opmerking', fieldType: 'textarea', isRequired: false, order: 3 },
          ],
        }),
      )
    ).json().id;
    const room = (await anna.post('/api/agendas', { name: 'Kleurkamer' })).json();
    // Made after Knippen (the columns follow the services' order of making).
    now = new Date(NOW.getTime() + 1);
    kleuren = (
      await anna.post(
        '/api/events',
        eventPayload({
          title: 'Kleuren',
          agendaIds: [room.id],
          customFields: [
            ...eventPayload().customFields!,
            { fieldName: 'Welke kleur?', fieldType: 'text', isRequired: false, order: 3 },
            { fieldName: 'Noodnummer', fieldType: 'phone', isRequired: false, order: 4 },
          ],
        }),
      )
    ).json().id;
    now = NOW;
    const book = async (eventId: string, date: string, time: string, answers: Record<string, string>) =>
      expect(
        (
          await agent(t.app).post('/api/public/bookings', {
            eventId,
            bookingDate: date,
            bookingTime: time,
            customFieldResponses: answers,
          })
        ).statusCode,
      ).toBe(201);
    await book(knippen, '2026-12-02', '09:00', {
      Naam: 'Jan de Vries',
      'E-mail': 'jan@example.nl',
      Telefoon: '+31612345678',
      Opmerking: 'Graag kort; "heel" kort\nen de baard ook',
    });
    await book(knippen, '2026-12-03', '10:30', {
      Naam: '=HYPERLINK("https://evil.example","klik")',
      'E-mail': 'evil@example.nl',
      Opmerking: '@SUM(1+1)',
    });
    await book(kleuren, '2026-12-02', '09:00', {
      Naam: 'Sanne Bakker',
      'E-mail': 'sanne@example.nl',
      Telefoon: '+447700900123',
      'Welke kleur?': 'Koper',
      Noodnummer: '+31201234567',
    });
  });
  afterAll(() => t.close());

  it('answers a Dutch CSV download: header, one column per custom field, Dutch dates and values', async () => {
    const { res, rows } = await csv(anna, '?order=asc');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="afspraken-2026-12-01.csv"');
    expect(res.body).toContain('\r\n');
    expect(res.body.replace(/\r\n/g, '').replace(/\n/g, '')).not.toContain('\r'); // CRLF row ends only
    // Custom fields of both services by name; Naam, E-mail and Telefoon only in their own columns.
    expect(rows[0]).toEqual([...HEADER, 'Opmerking', 'Welke kleur?', 'Noodnummer']);
    expect(new Set(rows[0]).size).toBe(rows[0]!.length);
    expect(rows).toHaveLength(4);
    const jan = rows.find((r) => r[4] === 'Jan de Vries')!;
    // Written by the database's clock: the owner's wall-clock time of the list's createdAt.
    const created = utcToZoned(new Date((await anna.get('/api/bookings?q=jan%40')).json()[0].createdAt));
    const createdInAmsterdam = `${created.date.split('-').reverse().join('-')} ${created.time}`;
    expect(jan.slice(0, 13)).toEqual([
      '02-12-2026',
      '09:00',
      'Knippen',
      expect.any(String),
      'Jan de Vries',
      'jan@example.nl',
      '06 12345678', // as people read it: text to a spreadsheet, no apostrophe needed
      'Bevestigd',
      'Geen betaling',
      '',
      '',
      'nee',
      createdInAmsterdam,
    ]);
    // The answer with a separator, quotes and a line break survives quoting whole.
    expect(jan[13]).toBe('Graag kort; "heel" kort\nen de baard ook');
    expect(jan[14]).toBe('');
    const sanne = rows.find((r) => r[4] === 'Sanne Bakker')!;
    expect([sanne[2], sanne[3], sanne[6], sanne[14]]).toEqual([
      'Kleuren',
      'Kleurkamer',
      '0044 7700 900123', // an international number with 00: a leading + would be a formula
      'Koper',
    ]);
    expect(sanne[15]).toBe('020 1234567'); // a phone field's answer reads the same way
    // No phone number carries a visible apostrophe.
    expect(res.body).not.toMatch(/'(\+|00)?\d/);
  });

  it('defuses formulas: a cell starting with = + - @ gets an apostrophe', async () => {
    const { rows } = await csv(anna);
    const evil = rows.find((r) => r[4]!.includes('HYPERLINK'))!;
    expect(evil[4]).toBe(`'=HYPERLINK("https://evil.example","klik")`);
    expect(evil[13]).toBe("'@SUM(1+1)");
    expect(rows.flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it('applies the list’s filters: event, agenda, text, dates, status, order', async () => {
    const names = async (query: string) => (await csv(anna, query)).rows.slice(1).map((r) => r[4]);
    expect(await names(`?eventId=${kleuren}`)).toEqual(['Sanne Bakker']);
    expect(await names('?q=jan%40')).toEqual(['Jan de Vries']);
    expect(await names('?from=2026-12-03&to=2026-12-03')).toHaveLength(1);
    expect(await names('?status=cancelled')).toEqual([]);
    expect(await names('?order=desc&eventId=' + knippen)).toEqual([
      `'=HYPERLINK("https://evil.example","klik")`,
      'Jan de Vries',
    ]);
    expect((await anna.get('/api/bookings/export.csv?status=kapot')).statusCode).toBe(400);
  });

  it('exports nothing of another owner and nothing without a session', async () => {
    const mallory = await owner(t);
    const { rows } = await csv(mallory);
    expect(rows).toEqual([HEADER]);
    expect((await csv(mallory, `?eventId=${knippen}`)).rows).toHaveLength(1);
    expect((await agent(t.app).get('/api/bookings/export.csv')).statusCode).toBe(401);
  });

  it('streams thousands of rows in keyset batches, every booking once, including equal start times', async () => {
    const n = 2 * EXPORT_BATCH + 500;
    // Cancelled rows (outside the overlap constraint) that all start at once: the batches' keyset
    // must break the tie on the id, or rows would repeat or go missing at a batch boundary.
    await t.database.db.execute(sql`
      insert into bookings (event_id, customer_name, booking_date, booking_time, starts_at, ends_at, status, management_token_hash, created_at, updated_at)
      select ${knippen}::uuid, 'Massa ' || g, '2026-12-04', '11:00', timestamptz '2026-12-04 10:00+00',
             timestamptz '2026-12-04 10:30+00', 'cancelled', 'export-' || g,
             ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz
      from generate_series(1, ${n}) g`);
    const { rows } = await csv(anna, '?status=cancelled');
    const names = rows.slice(1).map((r) => r[4]);
    expect(names).toHaveLength(n);
    expect(new Set(names).size).toBe(n);
    expect(rows.slice(1).every((r) => r[7] === 'Geannuleerd' && r[0] === '04-12-2026')).toBe(true);
  });
});
