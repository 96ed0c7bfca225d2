import type { BookingActor } from '@contracts/enums';
import { nl } from '@contracts/messages';
import type { CustomerEraseResult, CustomerExport, ExportedBooking } from '@contracts/privacy';
import type { Db } from '../../db/client';
import type { BookingRow, UserRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { addDays, DEFAULT_TIME_ZONE, todayInZone } from '@core/index';
import { waitlistRepo } from '../waitlist/waitlist.repo';
import { privacyRepo } from './privacy.repo';

/** The part of the farewell mails an erasure uses (notifications/farewell-mails.ts). */
export interface FutureCancellation {
  cancelFuture(tx: Db, owner: UserRow, opts?: { customerEmail?: string }): Promise<BookingRow[]>;
}

/** Waitlist entries are kept this many days after the day they waited for, then removed. */
const WAITLIST_KEPT_DAYS = 30;
/** Bookings anonymised per transaction by the retention job. */
export const RETENTION_BATCH = 500;
/**
 * How long after an anonymisation the daily job still clears messages that were under way then: a
 * webhook gives up after about a day of retries (job-queue.ts), so a month leaves ample room.
 */
const SCRUB_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const PLACEHOLDER = nl.privacy.placeholderName;

/**
 * The owner's duties as processor of their customers' data (docs/PRODUCT.md#privacy): a customer's
 * export, their erasure, and the retention period applied by a daily job. Everything is scoped to
 * the owner: a second owner's customer with the same address is another customer.
 */
export function createPrivacyService(
  db: Db,
  deps: { jobs: JobQueue; farewell: FutureCancellation; now: () => Date },
) {
  const { jobs, now } = deps;

  /**
   * The one anonymisation (erasure and retention): personal data gone, an 'anonymised' history
   * entry, and a calendar push for bookings with an event in the owner's Google Calendar, whose
   * title and description name the customer (the push rewrites them from the anonymised row).
   */
  async function anonymise(tx: Db, ownerId: string, ids: string[], actor: BookingActor, at: Date) {
    const changed = await privacyRepo.anonymise(tx, ownerId, ids, PLACEHOLDER, at);
    await privacyRepo.recordAnonymised(
      tx,
      ownerId,
      changed.map((r) => r.id),
      actor,
      at,
    );
    for (const row of changed) {
      if (!row.googleCalendarEventId) continue;
      await jobs.enqueue(
        tx,
        'calendar',
        { bookingId: row.id },
        { id: crypto.randomUUID(), singletonKey: row.id },
      );
    }
    return changed.length;
  }

  return {
    /** GET /api/customers/export: every booking and waitlist entry of the customer with this owner, all data included. */
    async exportCustomer(user: UserRow, email: string): Promise<CustomerExport> {
      const [rows, record, waiting] = await Promise.all([
        privacyRepo.customerBookings(db, user.id, email),
        privacyRepo.customerRecord(db, user.id, email),
        waitlistRepo.ofAddress(db, user.id, email),
      ]);
      const ids = rows.map((r) => r.booking.id);
      const [fields, history] = await Promise.all([
        privacyRepo.fieldsOf(db, [...new Set(rows.map((r) => r.booking.eventId))]),
        privacyRepo.historyOf(db, ids),
      ]);
      const customer = record && {
        name: record.row.name,
        email: record.row.email,
        phone: record.row.phone,
        birthDate: record.row.birthDate,
        tags: record.row.tags,
        marketingConsent: record.row.marketingConsent,
        marketingConsentAt: record.row.marketingConsentAt?.toISOString() ?? null,
        marketingConsentSource: record.row.marketingConsentSource,
        createdAt: record.row.createdAt.toISOString(),
        notes: record.notes.map((n) => ({
          text: n.text,
          followUpOn: n.followUpOn,
          createdAt: n.createdAt.toISOString(),
        })),
      };
      const bookings = rows.map(({ booking: b, service, currency, agenda }): ExportedBooking => {
        // The form's order first, then answers to fields removed since.
        const order = fields.filter((f) => f.eventId === b.eventId).map((f) => f.fieldName);
        const names = [...new Set([...order, ...Object.keys(b.customFieldResponses).sort()])];
        return {
          id: b.id,
          service,
          agenda,
          bookingDate: b.bookingDate,
          bookingTime: b.bookingTime,
          startsAt: b.startsAt.toISOString(),
          endsAt: b.endsAt.toISOString(),
          status: b.status,
          paymentStatus: b.paymentStatus,
          amountPaid: b.amountPaid,
          amountDue: b.amountDue,
          currency,
          refundStatus: b.refundStatus,
          noShow: b.noShow,
          createdAt: b.createdAt.toISOString(),
          customerName: b.customerName,
          customerEmail: b.customerEmail,
          customerPhone: b.customerPhone,
          answers: names
            .filter((n) => b.customFieldResponses[n] !== undefined)
            .map((fieldName) => ({ fieldName, value: b.customFieldResponses[fieldName]! })),
          history: history
            .filter((h) => h.bookingId === b.id)
            .map((h) => ({ kind: h.kind, actor: h.actor, at: h.at.toISOString() })),
        };
      });
      const waitlist = waiting.map(({ entry: w, service }) => ({
        service,
        date: w.waitDate,
        time: w.waitTime,
        seats: w.seats,
        status: w.status,
        customerName: w.customerName,
        customerEmail: w.customerEmail,
        customerPhone: w.customerPhone,
        offerTime: w.offerTime,
        offeredAt: w.offeredAt?.toISOString() ?? null,
        offerExpiresAt: w.offerExpiresAt?.toISOString() ?? null,
        createdAt: w.createdAt.toISOString(),
      }));
      return { email: email.trim(), exportedAt: now().toISOString(), customer, bookings, waitlist };
    },

    /** The export's download name: the address with only characters safe in a header. */
    exportFileName(email: string) {
      const safe = email
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9@._-]/g, '-');
      return nl.privacy.exportFileName.replace('{email}', safe);
    },

    /**
     * POST /api/customers/erase: in one transaction, the customer's live future bookings are
     * cancelled with the usual e-mail (composed before the data goes), then every booking of theirs
     * with this owner is anonymised. A repeated request finds no address left and changes nothing.
     */
    async erase(user: UserRow, email: string): Promise<CustomerEraseResult> {
      return db.transaction(async (tx) => {
        const ids = await privacyRepo.lockCustomerBookings(tx, user.id, email);
        const at = now();
        const cancelled = ids.length
          ? await deps.farewell.cancelFuture(tx, user, { customerEmail: email.trim() })
          : [];
        const changed = await anonymise(tx, user.id, ids, 'owner', at);
        // Last, since the bookings above are found through it. The record goes too (its notes, tags,
        // consent), also when it has no booking (an imported customer).
        await privacyRepo.anonymiseCustomer(tx, user.id, email, PLACEHOLDER, at);
        // Waiting for a place is personal data too (docs/PRODUCT.md#waitlist).
        await waitlistRepo.deleteOfAddress(tx, user.id, email);
        return { changed, cancelled: cancelled.length };
      });
    },

    /**
     * The daily retention job: bookings that ended longer ago than their owner's retention period
     * are anonymised (by the system), a batch per transaction; then messages of recently anonymised
     * bookings that were still under way are cleared now that they are delivered.
     */
    async applyRetention(): Promise<{ anonymised: number; scrubbed: number; customers: number }> {
      const at = now();
      let anonymised = 0;
      for (;;) {
        const due = await privacyRepo.pastRetention(db, at, RETENTION_BATCH);
        if (!due.length) break;
        const byOwner = new Map<string, string[]>();
        for (const { id, ownerId } of due) byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), id]);
        await db.transaction(async (tx) => {
          for (const [ownerId, ids] of byOwner) anonymised += await anonymise(tx, ownerId, ids, 'system', at);
        });
        if (due.length < RETENTION_BATCH) break;
      }
      const since = new Date(at.getTime() - SCRUB_WINDOW_MS);
      const scrubbed = await privacyRepo.scrubRecentlyAnonymised(db, since, PLACEHOLDER);
      const customers = await privacyRepo.retireCustomers(db, at, PLACEHOLDER);
      await waitlistRepo.deletePast(db, addDays(todayInZone(at, DEFAULT_TIME_ZONE), -WAITLIST_KEPT_DAYS));
      return { anonymised, scrubbed, customers };
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
