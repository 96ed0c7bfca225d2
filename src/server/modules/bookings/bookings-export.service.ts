import type { z } from 'zod';
import type { bookingsExportQuery } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { answersLeavingApp, CSV_BOM, csvAmount, csvDate, csvPhone, csvRow, utcToZoned } from '@core/index';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { bookingsExportRepo } from './bookings-export.repo';
import { ownerBookingsRepo } from './owner-bookings.repo';

const t = nl.dataOut;
/** Rows read per query: a keyset batch with the list's filters, so memory stays flat however many match. */
export const EXPORT_BATCH = 1000;

export function createBookingsExportService(db: Db, opts: { now: () => Date }) {
  return {
    /** The download's name, with the owner's today. */
    fileName(user: UserRow) {
      return t.exportFileName.replace('{date}', utcToZoned(opts.now(), user.timeZone).date);
    },

    /**
     * Every booking the list's filters match (docs/PRODUCT.md#csv-export), as CSV text chunks: the
     * header row, then one chunk per batch of EXPORT_BATCH rows read with the list's filters and keyset.
     */
    async *csv(user: UserRow, query: z.output<typeof bookingsExportQuery>): AsyncGenerator<string> {
      const c = t.columns;
      // The customer's name, e-mail and phone have their own columns; a field named like one of them
      // holds the same answer (the customer's details come from it) and is not repeated.
      const own = new Set([c.name, c.email, c.phone].map((n) => n.toLowerCase()));
      // Answers of sensitive fields stay in the app (docs/PRODUCT.md#sensitive-answers): a column only
      // such fields have is left out, and a name sensitive in one service only is blank for its bookings.
      const sensitive = new Map<string, string[]>();
      const shared = new Set<string>();
      const fields = await bookingsExportRepo.sensitivity(db, user.id);
      for (const f of fields) {
        if (f.sensitive) sensitive.set(f.eventId, [...(sensitive.get(f.eventId) ?? []), f.name]);
        else shared.add(f.name);
      }
      const everywhereSensitive = new Set(
        fields.filter((f) => f.sensitive && !shared.has(f.name)).map((f) => f.name),
      );
      const fieldNames = (await bookingsExportRepo.fieldNames(db, user.id)).filter(
        (name) => !own.has(name.trim().toLowerCase()) && !everywhereSensitive.has(name),
      );
      yield (
        CSV_BOM +
        csvRow([
          c.date,
          c.time,
          c.event,
          c.agenda,
          c.name,
          c.email,
          c.phone,
          c.status,
          c.payment,
          c.paid,
          c.due,
          c.noShow,
          c.createdAt,
          ...fieldNames,
        ])
      );
      let after: { startsAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await ownerBookingsRepo.exportBatch(db, user.id, {
          ...query,
          limit: EXPORT_BATCH,
          after,
        });
        if (!rows.length) return;
        let chunk = '';
        for (const b of rows) {
          const answers = answersLeavingApp(b.customFieldResponses, sensitive.get(b.eventId) ?? [], {
            to: 'export',
          });
          const created = utcToZoned(b.createdAt, user.timeZone);
          chunk += csvRow([
            csvDate(b.bookingDate),
            b.bookingTime,
            b.eventTitle,
            b.agendaName,
            b.customerName,
            b.customerEmail,
            csvPhone(b.customerPhone),
            nl.bookingsUi.statuses[b.status],
            t.paymentStatuses[b.paymentStatus],
            csvAmount(b.amountPaid),
            csvAmount(b.amountDue),
            b.noShow ? t.yes : t.no,
            `${csvDate(created.date)} ${created.time}`,
            ...fieldNames.map((name) => csvPhone(answers[name])),
          ]);
        }
        yield chunk;
        if (rows.length < EXPORT_BATCH) return;
        const last = rows.at(-1)!;
        after = { startsAt: last.startsAt, id: last.id };
      }
    },
  };
}
export type BookingsExportService = ReturnType<typeof createBookingsExportService>;
