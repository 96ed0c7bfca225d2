import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { BookingRow, UserRow } from '../../db/schema';
import type { Mailer, OutgoingMail } from '../../integrations/mail/mailer';
import type { JobQueue } from '../../jobs/job-queue';
import { bookingsRepo } from '../bookings/bookings.repo';
import { emailTemplatesRepo } from '../email-templates/email-templates.repo';
import { eventsRepo } from '../events/events.repo';
import { businessProfileRepo } from '../business-profile/business-profile.repo';
import { usersRepo } from '../users/users.repo';
import type { BookingNotifier } from './booking-notifier';
import { builtInTemplate, composeEmail, fromNameOf, mailThread } from './notification-content';

/** A farewell mail's job: the mail composed when it was planned, and whose it is. */
export interface FarewellJob {
  ownerId: string;
  /** The sender name when the owner no longer exists (the mail then goes out as the system's). */
  fromName: string;
  mail: OutgoingMail;
}

interface FarewellDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  notifier: BookingNotifier;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

const CANCELLATION = { kind: 'cancellation', payload: {} } as const;

/**
 * Cancellations the customer must still hear about after the data that would write them is gone
 * (docs/PRODUCT.md#privacy): an erasure anonymises the bookings in the same transaction, an account
 * deletion removes the owner. The outbox composes a message when it sends it, from the booking and
 * its owner, so these are composed when they are planned instead, and their jobs carry the whole mail.
 */
export function createFarewellMails(deps: FarewellDeps) {
  const { db, jobs, mailer, notifier, now } = deps;
  const host = new URL(deps.appUrl).hostname;

  /** The owner's cancellation e-mail, or the standard one when they switched theirs off: the customer must know. */
  async function cancellationTemplate(tx: Db, ownerId: string) {
    const own = await emailTemplatesRepo.firstOfType(tx, ownerId, 'cancellation');
    return own?.isActive ? own : builtInTemplate(CANCELLATION);
  }

  return {
    /**
     * Inside the caller's transaction: cancels the owner's live future bookings (all, or one
     * customer's) the way the owner's cancel does (history, webhooks, Google Calendar; no refund),
     * and queues each customer's cancellation e-mail, composed now. Answers the cancelled rows.
     */
    async cancelFuture(tx: Db, owner: UserRow, opts: { customerEmail?: string } = {}): Promise<BookingRow[]> {
      const at = now();
      const live = await bookingsRepo.liveFutureOfOwner(tx, owner.id, at, opts.customerEmail);
      const cancelled: BookingRow[] = [];
      const template = live.length ? await cancellationTemplate(tx, owner.id) : null;
      for (const booking of live) {
        const row = await bookingsRepo.cancelLive(tx, booking.id, at);
        if (!row) continue;
        // An unpaid payment hold is released, not an appointment the customer was promised.
        if (booking.status !== 'confirmed') continue;
        await notifier.cancelled(tx, row, 'owner', { notifyCustomer: false });
        const after = { ...row, icsSequence: row.icsSequence + 1 }; // raised by notifier.cancelled
        cancelled.push(after);
        const context = await eventsRepo.withOwner(tx, row.eventId);
        if (!context) continue;
        const mail = composeEmail({
          notification: CANCELLATION,
          booking: after,
          event: context.event,
          owner: context.owner,
          template,
          managementUrl: null,
          appUrl: deps.appUrl,
          fromAddress: mailer.senderOf(context.owner).address,
          now: at,
        });
        if (!mail) continue; // no e-mail address
        const job: FarewellJob = {
          ownerId: owner.id,
          fromName: fromNameOf(context.owner),
          mail: { ...mail, ...mailThread({ id: `farewell-${row.id}`, kind: 'cancellation' }, row.id, host) },
        };
        await jobs.enqueue(tx, 'farewellMail', job, { id: crypto.randomUUID() });
      }
      return cancelled;
    },

    /** Sends one farewell mail: through the owner's own connection while they exist, else as the system. */
    async send(job: FarewellJob) {
      const owner = await usersRepo.findById(db, job.ownerId);
      // Under the same sender name as the owner's other mail: it may be the business name.
      const result = owner
        ? await mailer.send(
            { ...owner, businessName: await businessProfileRepo.nameOf(db, owner.id) },
            job.mail,
          )
        : await mailer.sendAsSystem(job.fromName, job.mail);
      if (!result.delivered) deps.log.info({ ownerId: job.ownerId }, 'farewell mail logged: no SMTP_URL');
    },
  };
}
export type FarewellMails = ReturnType<typeof createFarewellMails>;
