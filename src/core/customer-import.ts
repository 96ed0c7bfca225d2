/**
 * Reading a customer list a business brings along (docs/PRODUCT.md#customer-import-and-export): the
 * bytes as Excel or another program saved them, the columns people name in Dutch or English, and
 * one rule per field for what is accepted. Everything answers codes; the server picks the words.
 */
import { emailAddressProblem } from './email-address';
import { isValidStoredPhone, toStoredPhone } from './phone';
import { isValidDate } from './time';

export type CsvEncoding = 'utf-8' | 'windows-1252';
export type CsvSeparator = ';' | ',';

/** The fields a column can hold. */
export const CUSTOMER_IMPORT_FIELDS = [
  'name',
  'firstName',
  'infix',
  'lastName',
  'email',
  'phone',
  'birthDate',
  'notes',
  'tags',
] as const;
export type CustomerImportField = (typeof CUSTOMER_IMPORT_FIELDS)[number];
/** Which header index holds each field. */
export type ColumnMapping = Partial<Record<CustomerImportField, number>>;

/** Why a row is not imported. */
export const IMPORT_REFUSAL_CODES = [
  'nameMissing',
  'nameTooLong',
  'emailInvalid',
  'emailNonAscii',
  'phoneInvalid',
  'birthDateInvalid',
  'noteTooLong',
  'tagsInvalid',
] as const;
export type ImportRefusalCode = (typeof IMPORT_REFUSAL_CODES)[number];

/** The customer record's limits (the same as src/contracts/customers.ts). */
export const CUSTOMER_LIMITS = { name: 200, tag: 40, tags: 20, note: 4000 } as const;

// ---- Bytes to text -------------------------------------------------------------------------------

/**
 * What Windows-1252 puts at 0x80–0x9F (ISO-8859-1 has control characters there); 0 marks the five
 * bytes it leaves undefined, which decode as the code point of the byte, as browsers do.
 */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

/** Windows-1252 bytes as text: 0x80–0x9F by the table, every other byte is its own code point. */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const codes = Array.from(bytes.subarray(i, i + 8192), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] || b : b,
    );
    out += String.fromCharCode(...codes);
  }
  return out;
}

/**
 * The file's text. Valid UTF-8 (with or without the BOM Excel writes for "CSV UTF-8") is UTF-8;
 * anything else is Windows-1252, what Dutch Excel's plain "CSV (gescheiden door lijstscheidingsteken)"
 * writes. A 1252 file with accents is almost never valid UTF-8 by accident (é alone is 0xE9, a lead
 * byte that needs continuation bytes), so the test is safe.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  let decoded: { text: string; encoding: CsvEncoding };
  try {
    decoded = {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body),
      encoding: 'utf-8',
    };
  } catch {
    decoded = { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
  // U+0000 is no letter anyone types, and no database text can hold it.
  return { ...decoded, text: decoded.text.replaceAll('\u0000', '') };
}

// ---- Text to rows --------------------------------------------------------------------------------

/**
 * The separator of the header line: whichever of `;` and `,` occurs more often outside quotes
 * (Dutch Excel writes `;`, most other programs `,`); `;` when neither does (a single column).
 */
export function detectSeparator(text: string): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/**
 * RFC 4180 records: quoted cells may hold the separator, doubled quotes and line breaks; lines end
 * in CRLF, LF or CR. Leniently, a quote inside an unquoted cell is kept as it is, and text after a
 * closing quote joins the cell. A final line break does not start another record.
 */
export function parseCsv(text: string, separator: CsvSeparator): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let cellStart = true;
  const endCell = () => {
    record.push(cell);
    cell = '';
    cellStart = true;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
      continue;
    }
    if (ch === '"' && cellStart) {
      quoted = true;
      cellStart = false;
    } else if (ch === separator) {
      endCell();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endCell();
      records.push(record);
      record = [];
    } else {
      cell += ch;
      cellStart = false;
    }
  }
  if (!cellStart || cell !== '' || record.length) {
    endCell();
    records.push(record);
  }
  return records;
}

/** One data record: `row` is its line number as a spreadsheet shows it (the header is row 1). */
export interface CsvDataRow {
  row: number;
  cells: string[];
}

export interface CsvFile {
  encoding: CsvEncoding;
  separator: CsvSeparator;
  headers: string[];
  /** The data records that hold anything (blank ones keep their number but are left out). */
  rows: CsvDataRow[];
}

/** Decoded, split and with blank records left out; null when the file has no header row at all. */
export function readCsvFile(bytes: Uint8Array): CsvFile | null {
  const { text, encoding } = decodeCsvBytes(bytes);
  const separator = detectSeparator(text);
  const records = parseCsv(text, separator);
  const headerAt = records.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerAt < 0) return null;
  const headers = records[headerAt]!.map((h) => h.trim());
  const rows: CsvDataRow[] = [];
  for (let i = headerAt + 1; i < records.length; i++) {
    const cells = records[i]!;
    if (cells.some((c) => c.trim() !== '')) rows.push({ row: i + 1, cells });
  }
  return { encoding, separator, headers, rows };
}

// ---- Headers -------------------------------------------------------------------------------------

/** A header as compared: lower case, accents and everything but letters and digits left out. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The headers each field is recognised by, as headerKey writes them, Dutch first. */
const HEADER_NAMES: Record<CustomerImportField, readonly string[]> = {
  name: ['naam', 'volledigenaam', 'klantnaam', 'naamklant', 'klant', 'name', 'fullname', 'customername'],
  firstName: ['voornaam', 'roepnaam', 'voornamen', 'firstname', 'givenname'],
  infix: ['tussenvoegsel', 'tussenvoegsels', 'voorvoegsel', 'infix'],
  lastName: ['achternaam', 'familienaam', 'lastname', 'surname', 'familyname'],
  email: ['email', 'emailadres', 'mail', 'mailadres', 'emailaddress'],
  phone: [
    'telefoon',
    'telefoonnummer',
    'mobiel',
    'mobielnummer',
    'mobielenummer',
    'mobieletelefoon',
    'telefoonmobiel',
    'tel',
    'telnr',
    'gsm',
    'phone',
    'phonenumber',
    'mobile',
  ],
  birthDate: ['geboortedatum', 'verjaardag', 'geboortedag', 'birthdate', 'birthday', 'dateofbirth'],
  notes: ['notities', 'notitie', 'opmerkingen', 'opmerking', 'notes', 'note', 'memo'],
  tags: ['labels', 'label', 'tags', 'tag'],
};

/**
 * The mapping the headers suggest: the first column recognised for each field. A full-name column
 * wins over first and last names, which are then left unmapped.
 */
export function suggestMapping(headers: readonly string[]): ColumnMapping {
  const keys = headers.map(headerKey);
  const mapping: ColumnMapping = {};
  for (const field of CUSTOMER_IMPORT_FIELDS) {
    const at = keys.findIndex((k) => HEADER_NAMES[field].includes(k));
    if (at >= 0) mapping[field] = at;
  }
  if (mapping.name !== undefined) {
    delete mapping.firstName;
    delete mapping.infix;
    delete mapping.lastName;
  }
  return mapping;
}

// ---- Cells to a customer -------------------------------------------------------------------------

/**
 * A birth date as people write it: dd-mm-yyyy, d-m-yyyy, with / or . instead of -, or yyyy-mm-dd.
 * Answers yyyy-mm-dd, or null for anything else, a day that does not exist, a year before 1900, or a
 * day after `today` (yyyy-mm-dd) when given.
 */
export function parseImportDate(value: string, today?: string): string | null {
  const v = value.trim();
  let y: string, m: string, d: string;
  const dutch = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(v);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  if (dutch) [, d, m, y] = dutch as unknown as [string, string, string, string];
  else if (iso) [, y, m, d] = iso as unknown as [string, string, string, string];
  else return null;
  const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  if (!isValidDate(date) || date < '1900-01-01') return null;
  return today && date > today ? null : date;
}

/** What one accepted row says about a customer. */
export interface ImportCandidate {
  name: string;
  /** Trimmed, as written; matched by its lower case. */
  email: string | null;
  /** E.164. */
  phone: string | null;
  birthDate: string | null;
  note: string | null;
  tags: string[];
}

export type CandidateResult =
  { ok: true; candidate: ImportCandidate } | { ok: false; code: ImportRefusalCode };

const cellOf = (cells: readonly string[], at: number | undefined) =>
  at === undefined ? '' : (cells[at] ?? '').trim();
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Labels in one cell: separated by commas, semicolons or '|'; empty ones dropped, each once. */
export function splitTags(value: string): string[] {
  return [...new Set(value.split(/[,;|]/).map(collapse).filter(Boolean))];
}

/**
 * One row checked field by field, the first problem refusing it. The name is the full-name column,
 * or when that is empty the first name, infix and last name joined. A phone number is read as a
 * Dutch one unless it carries its own country code (Excel drops the leading 0: 612345678 is fine).
 */
export function importCandidate(
  cells: readonly string[],
  mapping: ColumnMapping,
  today?: string,
): CandidateResult {
  const full = collapse(cellOf(cells, mapping.name));
  const name =
    full ||
    collapse([mapping.firstName, mapping.infix, mapping.lastName].map((at) => cellOf(cells, at)).join(' '));
  if (!name) return { ok: false, code: 'nameMissing' };
  if (name.length > CUSTOMER_LIMITS.name) return { ok: false, code: 'nameTooLong' };

  const emailText = cellOf(cells, mapping.email);
  const emailProblem = emailText ? emailAddressProblem(emailText) : null;
  if (emailProblem)
    return { ok: false, code: emailProblem === 'nonAscii' ? 'emailNonAscii' : 'emailInvalid' };

  const phoneText = cellOf(cells, mapping.phone);
  const phone = phoneText ? toStoredPhone('NL', phoneText) : '';
  if (phoneText && (!/\d/.test(phoneText) || /[a-z]/i.test(phoneText) || !isValidStoredPhone(phone)))
    return { ok: false, code: 'phoneInvalid' };

  const dateText = cellOf(cells, mapping.birthDate);
  const birthDate = dateText ? parseImportDate(dateText, today) : null;
  if (dateText && !birthDate) return { ok: false, code: 'birthDateInvalid' };

  const note = cellOf(cells, mapping.notes);
  if (note.length > CUSTOMER_LIMITS.note) return { ok: false, code: 'noteTooLong' };

  const tags = splitTags(cellOf(cells, mapping.tags));
  if (tags.length > CUSTOMER_LIMITS.tags || tags.some((t) => t.length > CUSTOMER_LIMITS.tag))
    return { ok: false, code: 'tagsInvalid' };

  return {
    ok: true,
    candidate: { name, email: emailText || null, phone: phone || null, birthDate, note: note || null, tags },
  };
}

// ---- Rows to changes -----------------------------------------------------------------------------

/** A customer the business already has, as the plan needs it. */
export interface ExistingCustomer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  tags: string[];
}

/** A customer to make, or the fields to fill in an existing one; notes are the texts to add. */
export interface PlannedCustomer {
  /** null: a new customer. */
  id: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  tags: string[];
  notes: string[];
  /** An existing customer whose e-mail, phone, birth date or tags the import fills in. */
  changed: boolean;
}

export interface ImportPlan {
  creates: PlannedCustomer[];
  /** Existing customers the import adds anything to (fields or notes). */
  updates: PlannedCustomer[];
  created: number;
  merged: number;
  refused: { row: number; code: ImportRefusalCode }[];
}

const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * What the import does, row by row, with the rule bookings use to find their customer (the database
 * function find_customer): the same e-mail address in any case; else, for a row without an address
 * or a customer without one, the same phone number (the earliest such customer); else, for a row
 * with neither, a customer of the same name that has neither. A later row of the file that matches
 * an earlier one is the same person and merges into it, so a file with a customer twice makes one.
 * Merging only fills what is empty (a name, address or number already there stays), adds labels
 * (up to the limit) and adds the note unless that customer already has it from this file.
 * `existing` is in the order the customers were made, earliest first.
 */
export function planImport(
  rows: readonly { row: number; result: CandidateResult }[],
  existing: readonly ExistingCustomer[],
): ImportPlan {
  const byEmail = new Map<string, PlannedCustomer>();
  const byPhone = new Map<string, PlannedCustomer[]>();
  const byName = new Map<string, PlannedCustomer[]>();
  const addTo = (map: Map<string, PlannedCustomer[]>, key: string, target: PlannedCustomer) => {
    const list = map.get(key);
    if (list) list.push(target);
    else map.set(key, [target]);
  };
  const index = (target: PlannedCustomer) => {
    if (target.email) byEmail.set(target.email.toLowerCase(), target);
    if (target.phone) addTo(byPhone, target.phone, target);
    if (!target.email && !target.phone) addTo(byName, nameKey(target.name), target);
  };
  for (const c of existing) index({ ...c, tags: [...c.tags], notes: [], changed: false });

  const find = (c: ImportCandidate): PlannedCustomer | undefined => {
    const key = c.email?.toLowerCase();
    if (key && byEmail.has(key)) return byEmail.get(key);
    if (c.phone) return byPhone.get(c.phone)?.find((t) => !key || !t.email);
    if (!key) return byName.get(nameKey(c.name))?.find((t) => !t.email && !t.phone);
    return undefined;
  };

  const plan: ImportPlan = { creates: [], updates: [], created: 0, merged: 0, refused: [] };
  const updated = new Set<PlannedCustomer>();
  for (const { row, result } of rows) {
    if (!result.ok) {
      plan.refused.push({ row, code: result.code });
      continue;
    }
    const c = result.candidate;
    const target = find(c);
    if (!target) {
      const made: PlannedCustomer = {
        id: null,
        name: c.name,
        email: c.email,
        phone: c.phone,
        birthDate: c.birthDate,
        tags: c.tags,
        notes: c.note ? [c.note] : [],
        changed: false,
      };
      index(made);
      plan.creates.push(made);
      plan.created++;
      continue;
    }
    plan.merged++;
    const hadNeither = !target.email && !target.phone;
    let changed = false;
    if (!target.email && c.email) {
      target.email = c.email;
      byEmail.set(c.email.toLowerCase(), target);
      changed = true;
    }
    if (!target.phone && c.phone) {
      target.phone = c.phone;
      addTo(byPhone, c.phone, target);
      changed = true;
    }
    if (hadNeither && (target.email || target.phone)) {
      const list = byName.get(nameKey(target.name));
      list?.splice(list.indexOf(target), 1);
    }
    if (!target.birthDate && c.birthDate) {
      target.birthDate = c.birthDate;
      changed = true;
    }
    for (const tag of c.tags) {
      if (target.tags.length >= CUSTOMER_LIMITS.tags) break;
      if (!target.tags.includes(tag)) {
        target.tags.push(tag);
        changed = true;
      }
    }
    if (c.note && !target.notes.includes(c.note)) target.notes.push(c.note);
    if (target.id !== null) {
      target.changed ||= changed;
      if ((target.changed || target.notes.length) && !updated.has(target)) {
        updated.add(target);
        plan.updates.push(target);
      }
    }
  }
  return plan;
}
