import { nl } from '@contracts/messages';
import { CSV_BOM, csvDate, csvPhone, csvRow, utcToZoned } from '@core/index';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { customersExportRepo } from './customers-export.repo';

const t = nl.customerImport;
/** Customers read per query: memory stays flat however many the business has. */
export const CUSTOMERS_EXPORT_BATCH = 1000;

/** GET /api/customers/export.csv (docs/PRODUCT.md#customer-import-and-export). */
export function createCustomersExportService(db: Db, opts: { now: () => Date }) {
  return {
    fileName(user: UserRow) {
      return t.exportFileName.replace('{date}', utcToZoned(opts.now(), user.timeZone).date);
    },

    /**
     * Every customer of the business by name, as CSV the way the bookings export writes it (`;`,
     * BOM, CRLF, Dutch dates, phones as people read them), one chunk per batch. Its columns are ones
     * the import recognises, so an exported file imports back into the same customers.
     */
    async *csv(user: UserRow): AsyncGenerator<string> {
      const c = t.columns;
      const now = opts.now();
      const day = (at: Date | null) => (at ? csvDate(utcToZoned(at, user.timeZone).date) : '');
      const instant = (at: Date | null) => {
        if (!at) return '';
        const local = utcToZoned(at, user.timeZone);
        return `${csvDate(local.date)} ${local.time}`;
      };
      yield (
        CSV_BOM +
        csvRow([
          c.name,
          c.email,
          c.phone,
          c.birthDate,
          c.tags,
          c.marketingConsent,
          c.marketingConsentAt,
          c.visits,
          c.noShows,
          c.lastVisit,
          c.createdAt,
        ])
      );
      let after: { nameKey: string; id: string } | undefined;
      for (;;) {
        const rows = await customersExportRepo.batch(db, user.id, now, CUSTOMERS_EXPORT_BATCH, after);
        if (!rows.length) return;
        let chunk = '';
        for (const r of rows) {
          chunk += csvRow([
            r.name,
            r.email,
            csvPhone(r.phone),
            r.birthDate ? csvDate(r.birthDate) : '',
            r.tags.join(', '),
            r.marketingConsent ? nl.dataOut.yes : nl.dataOut.no,
            r.marketingConsent ? instant(r.marketingConsentAt) : '',
            String(r.visits),
            String(r.noShows),
            day(r.lastVisitAt),
            day(r.createdAt),
          ]);
        }
        yield chunk;
        if (rows.length < CUSTOMERS_EXPORT_BATCH) return;
        const last = rows.at(-1)!;
        after = { nameKey: last.nameKey, id: last.id };
      }
    },
  };
}
export type CustomersExportService = ReturnType<typeof createCustomersExportService>;
