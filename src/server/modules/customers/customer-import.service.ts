import {
  CUSTOMER_IMPORT_MAX_ROWS,
  CUSTOMER_IMPORT_PREVIEW_ROWS,
  importMapping,
  type ImportPreview,
  type ImportResult,
} from '@contracts/customer-import';
import { nl } from '@contracts/messages';
import {
  importCandidate,
  planImport,
  readCsvFile,
  suggestMapping,
  utcToZoned,
  type ColumnMapping,
  type CsvFile,
} from '@core/index';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/app-error';
import type { SignedIn } from '../../http/signed-in';
import { activityRepo, byMember } from '../activity/activity.repo';
import { customerImportRepo } from './customer-import.repo';

const m = nl.customerImport;

export interface ImportUpload {
  bytes: Uint8Array;
  fileName: string | null;
  /** The `mapping` field as sent (JSON text), or null for the preview. */
  mapping: string | null;
  dryRun: boolean;
}

/** The file read, or a Dutch 400 for an empty one or one with too many rows. */
function readFile(bytes: Uint8Array): CsvFile {
  const file = readCsvFile(bytes);
  if (!file || !file.headers.some(Boolean)) throw badRequest(m.fileEmpty, { file: m.fileEmpty });
  if (file.rows.length > CUSTOMER_IMPORT_MAX_ROWS) throw badRequest(m.tooManyRows, { file: m.tooManyRows });
  return file;
}

/** The `mapping` field checked against the file's columns. */
function readMapping(text: string, columns: number): ColumnMapping {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(m.mappingJson, { mapping: m.mappingJson });
  }
  const parsed = importMapping.safeParse(json);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? m.mappingInvalid;
    throw badRequest(message, { mapping: message });
  }
  if (Object.values(parsed.data).some((at) => at !== undefined && at >= columns))
    throw badRequest(m.mappingInvalid, { mapping: m.mappingInvalid });
  return parsed.data;
}

/** POST /api/customers/import (docs/PRODUCT.md#customer-import-and-export). */
export function createCustomerImportService(db: Db, opts: { now: () => Date }) {
  return {
    preview(bytes: Uint8Array): ImportPreview {
      const file = readFile(bytes);
      const width = file.headers.length;
      return {
        kind: 'preview',
        encoding: file.encoding,
        separator: file.separator,
        headers: file.headers,
        suggested: suggestMapping(file.headers),
        rows: file.rows
          .slice(0, CUSTOMER_IMPORT_PREVIEW_ROWS)
          .map((r) => Array.from({ length: width }, (_, i) => r.cells[i] ?? '')),
        totalRows: file.rows.length,
      };
    },

    /**
     * Every row checked and matched as planImport says; a dry run stops there. The real run writes
     * the plan in one transaction: new customers and filled-in ones in chunks, the notes, and one
     * activity entry for the whole import.
     */
    async run({ user, member }: SignedIn, upload: ImportUpload & { mapping: string }): Promise<ImportResult> {
      const file = readFile(upload.bytes);
      const mapping = readMapping(upload.mapping, file.headers.length);
      const now = opts.now();
      const today = utcToZoned(now, user.timeZone).date;
      const rows = file.rows.map((r) => ({ row: r.row, result: importCandidate(r.cells, mapping, today) }));
      const candidates = rows.flatMap((r) => (r.result.ok ? [r.result.candidate] : []));
      const keys = {
        emails: [...new Set(candidates.flatMap((c) => (c.email ? [c.email.toLowerCase()] : [])))],
        phones: [...new Set(candidates.flatMap((c) => (c.phone ? [c.phone] : [])))],
        names: [
          ...new Set(candidates.flatMap((c) => (!c.email && !c.phone ? [c.name.trim().toLowerCase()] : []))),
        ],
      };
      const answer = (plan: ReturnType<typeof planImport>, dryRun: boolean): ImportResult => ({
        kind: 'result',
        dryRun,
        created: plan.created,
        merged: plan.merged,
        refused: plan.refused.map((r) => ({ row: r.row, code: r.code, reason: m.refusals[r.code] })),
      });

      if (upload.dryRun)
        return answer(planImport(rows, await customerImportRepo.matching(db, user.id, keys)), true);

      return db.transaction(async (tx) => {
        const plan = planImport(rows, await customerImportRepo.matching(tx, user.id, keys));
        const ids = await customerImportRepo.insert(tx, user.id, plan.creates, now);
        await customerImportRepo.update(
          tx,
          user.id,
          plan.updates.filter((u) => u.changed),
          now,
        );
        const notes = [
          ...plan.creates.flatMap((c, i) => c.notes.map((text) => ({ customerId: ids[i]!, text }))),
          ...plan.updates.flatMap((u) => u.notes.map((text) => ({ customerId: u.id!, text }))),
        ];
        const notesAdded = await customerImportRepo.addNotes(
          tx,
          user.id,
          notes,
          { memberId: member.id, memberName: member.name },
          now,
        );
        const result = answer(plan, false);
        await activityRepo.record(tx, byMember(member), now, {
          kind: 'customer.imported',
          subjectName: upload.fileName,
          after: {
            created: result.created,
            merged: result.merged,
            refused: result.refused.length,
            notes: notesAdded,
          },
        });
        return result;
      });
    },
  };
}

export type CustomerImportService = ReturnType<typeof createCustomerImportService>;
