import { z } from 'zod';
import { CUSTOMER_IMPORT_FIELDS, IMPORT_REFUSAL_CODES } from '@core/index';
import { nl } from './messages';

const m = nl.customerImport;

/**
 * POST /api/customers/import (docs/PRODUCT.md#customer-import-and-export): a multipart/form-data body
 * with the CSV file in the field `file` and, after the mapping step, the field `mapping` holding a
 * JSON `ImportMapping`. Without `mapping` nothing is read beyond the file: the answer is an
 * `ImportPreview` for the wizard's mapping step. With it the answer is an `ImportResult`;
 * `?dryRun=1` counts and refuses exactly like the real run but writes nothing.
 */

/** Data rows (after the header) one file may hold; more is a 400. */
export const CUSTOMER_IMPORT_MAX_ROWS = 20_000;
/** The file's size; more is a 413. */
export const CUSTOMER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows of the file the preview shows under the headers. */
export const CUSTOMER_IMPORT_PREVIEW_ROWS = 5;

export { CUSTOMER_IMPORT_FIELDS, IMPORT_REFUSAL_CODES };
export type { CustomerImportField, ImportRefusalCode } from '@core/index';

/** A header index: 0 is the file's first column. */
const column = z.number({ error: m.mappingInvalid }).int(m.mappingInvalid).min(0, m.mappingInvalid);

/**
 * Which column holds what. A name needs `name`, or `firstName` and/or `lastName` (with `infix`, the
 * Dutch "tussenvoegsel", between them): joined with single spaces. Every other field is optional; a
 * column may be used once only. Column indexes beyond the file's headers are refused (400).
 */
export const columnMapping = z.object({
  name: column.optional(),
  firstName: column.optional(),
  lastName: column.optional(),
  infix: column.optional(),
  email: column.optional(),
  phone: column.optional(),
  birthDate: column.optional(),
  notes: column.optional(),
  tags: column.optional(),
});

/** The mapping a run needs: a name column, each column once. */
export const importMapping = columnMapping
  .refine((map) => map.name !== undefined || map.firstName !== undefined || map.lastName !== undefined, {
    error: m.mappingNoName,
  })
  .refine(
    (map) => {
      const used = Object.values(map).filter((c) => c !== undefined);
      return new Set(used).size === used.length;
    },
    { error: m.mappingDuplicate },
  );
export type ImportMapping = z.infer<typeof importMapping>;

export const importQuery = z.object({
  /** '1' (or 'true'): count and refuse, write nothing. */
  dryRun: z
    .enum(['0', '1', 'true', 'false'], { error: m.dryRunInvalid })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** The answer without `mapping`: what the file holds, for the mapping step. */
export const importPreview = z.object({
  kind: z.literal('preview'),
  /** How the bytes were read: UTF-8 (with or without BOM) or Windows-1252 (Dutch Excel's "CSV"). */
  encoding: z.enum(['utf-8', 'windows-1252']),
  separator: z.enum([';', ',']),
  /** The header row's cells, as written (trimmed). */
  headers: z.array(z.string()),
  /**
   * The mapping the headers suggest (Naam, Voornaam, E-mail, Telefoon, Geboortedatum, …): a start
   * for the owner to correct. It may lack a name column (`{}` when no header is recognised).
   */
  suggested: columnMapping,
  /** The first CUSTOMER_IMPORT_PREVIEW_ROWS data rows, each with one cell per header. */
  rows: z.array(z.array(z.string())),
  /** Data rows in the file (blank lines not counted). */
  totalRows: z.number(),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** A row not imported: `row` is its line in the spreadsheet (the header is row 1). */
export const importRefusal = z.object({
  row: z.number(),
  code: z.enum(IMPORT_REFUSAL_CODES),
  /** The Dutch reason to show (nl.customerImport.refusals[code]). */
  reason: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusal>;

/**
 * The answer with `mapping` (dry run or real). Every non-blank data row is counted once:
 * created + merged + refused.length = data rows. `merged` counts rows that went into an existing
 * customer of the business or into an earlier row of the same file (the same person twice).
 */
export const importResult = z.object({
  kind: z.literal('result'),
  dryRun: z.boolean(),
  created: z.number(),
  merged: z.number(),
  refused: z.array(importRefusal),
});
export type ImportResult = z.infer<typeof importResult>;

export const importAnswer = z.discriminatedUnion('kind', [importPreview, importResult]);
export type ImportAnswer = z.infer<typeof importAnswer>;
