import type { Db } from '../../db/client';
import type { BookingActor, NotificationKind, WebhookTrigger } from '@contracts/enums';
import type { BookingRow, EventRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { bookingsRepo } from '../bookings/bookings.repo';
import { emailTemplatesRepo } from '../email-templates/email-templates.repo';
import { eventsRepo } from '../events/events.repo';
import { webhooksRepo } from '../webhooks/webhooks.repo';
import { notificationsRepo, type NewNotification } from './notifications.repo';
import { reminderOffsetMs, webhookPayload } from './notification-content';

/** The follow-up goes out this long after the appointment ended. */
export const FOLLOW_UP_AFTER_MS = 2 * 60 * 60 * 1000;

/** Messages timed to the appointment: a reschedule replaces them, a cancel drops them. */
const TIMED: NotificationKind[] = ['reminder', 'follow_up'];

export type ChangedBy = BookingActor;

/** Where a moved booking was before the move (history and the `booking.rescheduled` payload). */
export interface PreviousSlot {
  bookingDate: string;
  bookingTime: string;
  agendaId: string;
}

export interface CreatedOptions {
  /** Who made it: the customer on the booking page (default) or the owner (a manual booking). */
  by?: ChangedBy;
  /** A manual booking: whether the customer gets the confirmation (with the manage link). */
  notifyCustomer?: boolean;
}

/**
 * Which notification kind each webhook trigger plans (event_webhooks.triggers). A new trigger is one
 * row here plus the change that calls `webhooks(tx, booking, trigger)`.
 */
export const WEBHOOK_KIND_OF: Record<WebhookTrigger, NotificationKind> = {
  'booking.created': 'booking_created',
  'booking.rescheduled': 'booking_rescheduled',
  'booking.cancelled': 'booking_cancelled',
  'booking.paid': 'booking_paid',
  'booking.no_show': 'booking_no_show',
};

/**
 * Plans every e-mail and webhook a booking change causes, inside that change's transaction: the
 * notification rows and their jobs commit with the booking or not at all (docs/PRODUCT.md#emails,
 * docs/PRODUCT.md#webhook-payload). Sending happens later in the jobs (`notification-delivery.ts`).
 */
export function createBookingNotifier({ jobs, now }: { jobs: JobQueue; now: () => Date }) {
  async function contextOf(tx: Db, booking: BookingRow) {
    const row = await eventsRepo.withOwner(tx, booking.eventId);
    if (!row) throw new Error(`event ${booking.eventId} of booking ${booking.id} not found`);
    return row;
  }

  async function add(tx: Db, rows: NewNotification[]) {
    const at = now();
    for (const row of await notificationsRepo.insertMany(tx, rows)) {
      const queue = row.channel === 'email' ? 'mail' : 'webhook';
      // The queue waits by the database's clock; how long is measured on the app's (the same clock in
      // production; a test's, e.g. TEST_TODAY's, may be days away from the real one).
      const wait = row.dueAt.getTime() - at.getTime();
      await jobs.enqueue(
        tx,
        queue,
        { notificationId: row.id },
        { id: row.id, startAfter: wait > 0 ? new Date(Date.now() + wait) : undefined },
      );
    }
  }

  /** Reminders per active reminder template and the follow-up, timed to the booking's current slot. */
  async function timedMessages(tx: Db, booking: BookingRow, ownerId: string): Promise<NewNotification[]> {
    if (!booking.customerEmail) return [];
    const at = now().getTime();
    const base = {
      ownerId,
      bookingId: booking.id,
      webhookId: null,
      channel: 'email' as const,
      payload: { startsAt: booking.startsAt.toISOString() },
    };
    const reminders = await emailTemplatesRepo.activeReminders(tx, ownerId);
    const rows: NewNotification[] = reminders
      .map((t) => ({
        ...base,
        kind: 'reminder' as const,
        templateId: t.id,
        dueAt: new Date(booking.startsAt.getTime() - reminderOffsetMs(t.reminderTiming)),
      }))
      // A reminder whose moment has already passed (a booking made at short notice) is not sent.
      .filter((r) => r.dueAt.getTime() > at);
    rows.push({
      ...base,
      kind: 'follow_up',
      templateId: null,
      dueAt: new Date(booking.endsAt.getTime() + FOLLOW_UP_AFTER_MS),
    });
    return rows;
  }

  /** Keeps the owner's Google Calendar in line with the booking (a keyed, retried job). */
  async function pushToCalendar(
    tx: Db,
    booking: BookingRow,
    owner: { googleAccessToken: string | null; googleBrokenAt: Date | null },
  ) {
    if (!owner.googleAccessToken || owner.googleBrokenAt) return;
    await jobs.enqueue(
      tx,
      'calendar',
      { bookingId: booking.id },
      { id: crypto.randomUUID(), singletonKey: booking.id },
    );
  }

  /** Drops the reminders and follow-up planned for the booking's previous slot. */
  async function dropTimed(tx: Db, booking: BookingRow) {
    await jobs.cancel(tx, 'mail', await notificationsRepo.skipPending(tx, booking.id, TIMED));
  }

  const email = (
    ownerId: string,
    booking: BookingRow,
    kind: NotificationKind,
    payload: Record<string, unknown> = {},
  ): NewNotification => ({
    ownerId,
    bookingId: booking.id,
    webhookId: null,
    channel: 'email',
    kind,
    templateId: null,
    payload,
    dueAt: now(),
  });

  /** One webhook per active webhook of the event that listens to `trigger`, with a frozen body. */
  async function webhookRows(
    tx: Db,
    event: EventRow,
    ownerId: string,
    booking: BookingRow,
    trigger: WebhookTrigger,
  ): Promise<NewNotification[]> {
    const hooks = (await webhooksRepo.activeByEvent(tx, event.id)).filter((h) =>
      h.triggers.includes(trigger),
    );
    const body = { ...webhookPayload(event, booking, now()), type: trigger };
    return hooks.map((hook) => ({
      ownerId,
      bookingId: booking.id,
      webhookId: hook.id,
      channel: 'webhook' as const,
      kind: WEBHOOK_KIND_OF[trigger],
      templateId: null,
      payload: body,
      dueAt: now(),
    }));
  }

  return {
    /** A new confirmed booking (free, or paid and verified). */
    async created(tx: Db, booking: BookingRow, _opts: CreatedOptions = {}) {
      const { event, owner } = await contextOf(tx, booking);
      const rows: NewNotification[] = [];
      if (booking.customerEmail) rows.push(email(owner.id, booking, 'confirmation'));
      if (owner.email) rows.push(email(owner.id, booking, 'owner_notice', { action: 'created' }));
      rows.push(...(await timedMessages(tx, booking, owner.id)));
      rows.push(...(await webhookRows(tx, event, owner.id, booking, 'booking.created')));
      await add(tx, rows);
      await pushToCalendar(tx, booking, owner);
    },

    /** The booking moved (by the customer's manage link or by the owner): the customer always hears. */
    async rescheduled(tx: Db, booking: BookingRow, by: ChangedBy, _previous: PreviousSlot) {
      const { owner } = await contextOf(tx, booking);
      const moved = await bookingsRepo.update(tx, booking.id, { icsSequence: booking.icsSequence + 1 });
      await dropTimed(tx, moved);
      const rows: NewNotification[] = [];
      if (moved.customerEmail) rows.push(email(owner.id, moved, 'modification'));
      if (by === 'customer' && owner.email)
        rows.push(email(owner.id, moved, 'owner_notice', { action: 'rescheduled' }));
      rows.push(...(await timedMessages(tx, moved, owner.id)));
      await add(tx, rows);
      await pushToCalendar(tx, moved, owner);
    },

    /** The owner marked the booking as not shown: the webhooks listening to `booking.no_show`. */
    async noShow(tx: Db, booking: BookingRow, _marked = true) {
      const { event, owner } = await contextOf(tx, booking);
      await add(tx, await webhookRows(tx, event, owner.id, booking, 'booking.no_show'));
    },

    /** The owner edited the customer details (`fields`: the names of the changed fields). */
    async detailsChanged(_tx: Db, _booking: BookingRow, _fields: string[]) {
      // Issue 19 in progress: the history entry is written here.
    },

    /** The owner deleted the booking: its calendar event goes too. */
    async deleted(tx: Db, booking: BookingRow) {
      if (!booking.googleCalendarEventId || !booking.ownerId) return;
      const job = {
        ownerId: booking.ownerId,
        calendarId: booking.googleCalendarId ?? 'primary',
        eventId: booking.googleCalendarEventId,
      };
      await jobs.enqueue(tx, 'calendar', job, {
        id: crypto.randomUUID(),
        singletonKey: `delete:${job.eventId}`,
      });
    },

    /** Cancelled: reminders stop; only a customer's own cancel is confirmed by e-mail (docs/PRODUCT.md#bookings-page). */
    async cancelled(tx: Db, booking: BookingRow, by: ChangedBy, _opts: { notifyCustomer?: boolean } = {}) {
      const { owner } = await contextOf(tx, booking);
      const cancelled = await bookingsRepo.update(tx, booking.id, { icsSequence: booking.icsSequence + 1 });
      await dropTimed(tx, cancelled);
      await pushToCalendar(tx, cancelled, owner);
      if (by !== 'customer') return;
      const rows: NewNotification[] = [];
      if (cancelled.customerEmail) rows.push(email(owner.id, cancelled, 'cancellation'));
      if (owner.email) rows.push(email(owner.id, cancelled, 'owner_notice', { action: 'cancelled' }));
      await add(tx, rows);
    },
  };
}
export type BookingNotifier = ReturnType<typeof createBookingNotifier>;
