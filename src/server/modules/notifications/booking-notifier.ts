import type { Db } from '../../db/client';
import type { BookingActor, BookingHistoryKind, NotificationKind, WebhookTrigger } from '@contracts/enums';
import { nl } from '@contracts/messages';
import type { BookingRow } from '../../db/schema';
import type { EnqueueName, EnqueueOptions, JobQueue } from '../../jobs/job-queue';
import { CHANNEL_QUEUE, DELIVERY_QUEUES } from '../../jobs/delivery-queues';
import { textSendAt } from '@core/quiet-hours';
import type { TextKind } from '@contracts/enums';
import {
  bookingHistoryRepo,
  type ChangeWrites,
  type NewHistoryEntry,
} from '../bookings/booking-history.repo';
import { bookingsRepo, type BookingInsert } from '../bookings/bookings.repo';
import { eventsRepo } from '../events/events.repo';
import { notificationsRepo, type NewNotification } from './notifications.repo';
import {
  plannedMove,
  reminderOffsetMs,
  webhookPayload,
  type PlannedMove,
  type WebhookBooking,
} from './notification-content';

/** The follow-up goes out this long after the appointment ended. */
export const FOLLOW_UP_AFTER_MS = 2 * 60 * 60 * 1000;

/**
 * At most this many customer e-mails per booking are sent per rolling hour; the rest are stored as
 * skipped with the reason (docs/PRODUCT.md#booking-history), so changing a booking over and over
 * (e.g. through the manage link) cannot flood the customer's inbox.
 */
export const MAX_CUSTOMER_MAILS_PER_HOUR = 10;
const CAP_WINDOW_MS = 60 * 60 * 1000;
const CAP_REACHED = nl.bookingHistory.mailCapReached.replace('{max}', String(MAX_CUSTOMER_MAILS_PER_HOUR));
const MERGED = nl.bookingHistory.mailMerged;
/** The e-mails that go to the customer (all but the owner's notice). */
const CUSTOMER_MAILS: NotificationKind[] = [
  'confirmation',
  'modification',
  'cancellation',
  'reminder',
  'follow_up',
  'request_received',
  'request_declined',
];

/** Messages timed to the appointment: a reschedule replaces them, a cancel drops them. */
const TIMED: NotificationKind[] = ['reminder', 'follow_up'];

export type ChangedBy = BookingActor;

/** Where a moved booking was before the move (history and the `booking.rescheduled` payload). */
export interface PreviousSlot {
  bookingDate: string;
  bookingTime: string;
  agendaId: string;
}

export interface CancelledOptions {
  /** The owner's cancel may tell the customer (the cancellation e-mail with the calendar CANCEL). */
  notifyCustomer?: boolean;
  /** The member who cancelled. */
  member?: ActingMember;
  /** A later segment of a visit: its first segment's messages tell the whole visit. */
  laterSegment?: boolean;
}

/** A change's history entry, with the id its messages carry. */
type HistoryEntry = NewHistoryEntry & { id: string };

/** What a change plans its messages from: a stored booking, or a new one written with them. */
type PlannedBooking = WebhookBooking &
  Pick<BookingRow, 'startsAt' | 'endsAt'> &
  Partial<Pick<BookingRow, 'textConsent'>>;

const HOUR_MS = 60 * 60 * 1000;
const QUIET_SKIP = nl.textMessages.skipped.quietHours;

/** A new booking for `createdChange`: its id is made by the caller, like every message's. */
export type NewBooking = BookingInsert & PlannedBooking & Pick<BookingRow, 'agendaId'>;

/** A job a change adds beside its messages' (JobQueue.insertStatement). */
type ChangeJob = { name: EnqueueName; data: object; options: EnqueueOptions };

/** The event, owner, reminder templates and webhooks a change plans its messages from. */
export type NotifierContext = NonNullable<Awaited<ReturnType<typeof eventsRepo.notifierContext>>>;

/**
 * The member behind an owner-side change (docs/PRODUCT.md#roles): the history names them. The
 * services hand it in; the notifier only writes it on the entry.
 */
export interface ActingMember {
  /** Null for an API key, which is no member (its entry names it 'API-sleutel {naam}'). */
  id: string | null;
  name: string;
  /** An API key acted: the history's actor is `api_key` instead of `owner`. */
  apiKey?: boolean;
}

export interface CreatedOptions {
  /** The member who wrote a manual booking down. */
  member?: ActingMember;
  /** Who made it: the customer on the booking page (default) or the owner (a manual booking). */
  by?: ChangedBy;
  /** A manual booking: whether the customer gets the confirmation (with the manage link). */
  notifyCustomer?: boolean;
  /** What the messages are planned from, when the caller read it already (eventsRepo.findPublic). */
  context?: NotifierContext;
  /**
   * A later segment of a visit (docs/PRODUCT.md#visits): history and calendar only; the first
   * segment's e-mails, reminders and webhooks tell the whole visit.
   */
  laterSegment?: boolean;
  /**
   * A later occurrence of a series (docs/PRODUCT.md#series): the first occurrence's confirmation and
   * owner's notice tell every date, so this one plans neither; its reminders, follow-up and webhooks
   * are its own.
   */
  laterOccurrence?: boolean;
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
  'waitlist.joined': 'waitlist_joined',
  'waitlist.offered': 'waitlist_offered',
  'waitlist.claimed': 'waitlist_claimed',
  'booking.requested': 'booking_requested',
  'booking.declined': 'booking_declined',
};

/**
 * Plans every e-mail and webhook a booking change causes, inside that change's transaction: the
 * notification rows and their jobs commit with the booking or not at all (docs/PRODUCT.md#emails,
 * docs/PRODUCT.md#webhook-payload). Sending happens later in the jobs (`notification-delivery.ts`).
 */
export function createBookingNotifier({ jobs, now }: { jobs: JobQueue; now: () => Date }) {
  /** The event, owner, reminder templates and webhooks a change plans from (one read). */
  async function contextOf(tx: Db, booking: Pick<BookingRow, 'id' | 'eventId'>) {
    const row = await eventsRepo.notifierContext(tx, booking.eventId);
    if (!row) throw new Error(`event ${booking.eventId} of booking ${booking.id} not found`);
    return row;
  }

  /**
   * The change's history entry, its id made here: every message the change plans carries it, and
   * `writeChange` writes them together.
   */
  function historyEntry(
    booking: Pick<BookingRow, 'id'>,
    ownerId: string,
    entry: {
      kind: BookingHistoryKind;
      actor: BookingActor;
      details?: Record<string, unknown>;
      at?: Date;
      member?: ActingMember;
    },
  ): HistoryEntry {
    return {
      id: crypto.randomUUID(),
      bookingId: booking.id,
      ownerId,
      kind: entry.kind,
      actor: entry.member?.apiKey && entry.actor === 'owner' ? 'api_key' : entry.actor,
      ...(entry.member ? { memberId: entry.member.id, memberName: entry.member.name } : {}),
      details: entry.details,
      at: entry.at ?? now(),
    };
  }

  /**
   * Customer e-mails due now beyond the hourly cap are stored skipped, with the reason, and not sent.
   * The booking's row is locked by the change that called us, so two changes at once count in turn.
   * A booking written by this very change (`fresh`) has had no e-mail yet: nothing to count.
   */
  async function capped(tx: Db, rows: NewNotification[], fresh: boolean): Promise<NewNotification[]> {
    const at = now();
    const sent = new Map<string, number>();
    const out: NewNotification[] = [];
    for (const row of rows) {
      const immediate = row.dueAt.getTime() <= at.getTime();
      if (row.channel !== 'email' || !row.bookingId || !CUSTOMER_MAILS.includes(row.kind) || !immediate) {
        out.push(row);
        continue;
      }
      const soFar =
        sent.get(row.bookingId) ??
        (fresh
          ? 0
          : await notificationsRepo.countMailsDue(
              tx,
              row.bookingId,
              CUSTOMER_MAILS,
              new Date(at.getTime() - CAP_WINDOW_MS),
              at,
            ));
      if (soFar >= MAX_CUSTOMER_MAILS_PER_HOUR) {
        out.push({ ...row, status: 'skipped', lastError: CAP_REACHED });
        sent.set(row.bookingId, soFar);
      } else {
        out.push(row);
        sent.set(row.bookingId, soFar + 1);
      }
    }
    return out;
  }

  /**
   * The change's history entry with its messages (after the cap), their jobs and `more` jobs (the
   * calendar's), for one statement (booking-history.repo.ts).
   */
  async function changeWrites(
    tx: Db,
    entry: HistoryEntry,
    rows: NewNotification[] = [],
    { fresh = false, more = [] }: { fresh?: boolean; more?: ChangeJob[] } = {},
  ): Promise<ChangeWrites> {
    const at = now();
    const messages = (
      await capped(
        tx,
        rows.map((r) => ({ ...r, historyId: entry.id })),
        fresh,
      )
    ).map((row) => ({ ...row, id: crypto.randomUUID(), createdAt: at }));
    // Refused by the cap: stays in the history, unsent. The rest get one job each.
    const jobsOfMessages = messages
      .filter((row) => (row.status ?? 'pending') === 'pending')
      .map((row): ChangeJob => {
        // The queue waits by the database's clock; how long is measured on the app's (the same clock
        // in production; a test's, e.g. TEST_TODAY's, may be days away from the real one).
        const wait = row.dueAt.getTime() - at.getTime();
        return {
          name: CHANNEL_QUEUE[row.channel],
          data: { notificationId: row.id },
          options: { id: row.id, startAfter: wait > 0 ? new Date(Date.now() + wait) : undefined },
        };
      });
    return { entry, messages, jobs: await jobs.insertStatement([...jobsOfMessages, ...more]) };
  }

  /** Writes the change's history entry, messages and jobs in one statement. */
  async function writeChange(
    tx: Db,
    entry: HistoryEntry,
    rows?: NewNotification[],
    opts?: { fresh?: boolean; more?: ChangeJob[] },
  ) {
    await bookingHistoryRepo.insertWithMessages(tx, await changeWrites(tx, entry, rows, opts));
  }

  /** Reminders per active reminder template and the follow-up, timed to the booking's current slot. */
  function timedMessages(context: NotifierContext, booking: PlannedBooking): NewNotification[] {
    if (!booking.customerEmail) return [];
    const ownerId = context.owner.id;
    const at = now().getTime();
    const base = {
      ownerId,
      bookingId: booking.id,
      webhookId: null,
      channel: 'email' as const,
      payload: { startsAt: booking.startsAt.toISOString() },
    };
    const rows: NewNotification[] = context.reminders
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

  /**
   * The job that keeps the owner's Google Calendar in line with the booking (keyed, retried), for
   * the change's statement; none without a working connection.
   */
  function calendarJobs(
    booking: Pick<BookingRow, 'id'>,
    owner: { googleAccessToken: string | null; googleBrokenAt: Date | null },
  ): ChangeJob[] {
    if (!owner.googleAccessToken || owner.googleBrokenAt) return [];
    return [
      {
        name: 'calendar',
        data: { bookingId: booking.id },
        options: { id: crypto.randomUUID(), singletonKey: booking.id },
      },
    ];
  }

  /** Drops the reminders and follow-up planned for the booking's previous slot. */
  async function dropTimed(tx: Db, booking: BookingRow) {
    const ids = await notificationsRepo.skipPending(tx, booking.id, TIMED);
    // E-mail and text reminders alike: each queue drops the jobs it holds of them.
    for (const queue of DELIVERY_QUEUES) await jobs.cancel(tx, queue, ids);
  }

  /**
   * Folds the booking's move e-mails that no worker has started yet into the ones this move plans:
   * their jobs are cancelled and their rows skipped (MERGED), and each recipient's new mail tells the
   * net move, from where the first folded mail started. Answers that start per kind; a kind with none
   * keeps this move's own `previous`. A mail a worker has fetched already is left to be sent as
   * planned, and this move's mail starts where that one ended (JobQueue.cancelUnstarted decides
   * exactly which is which, also beside workers on other connections). The booking's row is locked
   * by the move that called us, so two moves fold in turn; their order is the history's `seq`.
   */
  async function foldPendingMoves(tx: Db, booking: Pick<BookingRow, 'id'>, kinds: NotificationKind[]) {
    const pending = (await notificationsRepo.pendingMoveMails(tx, booking.id)).filter((r) =>
      kinds.includes(r.kind),
    );
    const cancelled = new Set(
      await jobs.cancelUnstarted(
        tx,
        'mail',
        pending.map((r) => r.id),
      ),
    );
    const folded = pending.filter((r) => cancelled.has(r.id));
    await notificationsRepo.skip(
      tx,
      folded.map((r) => r.id),
      MERGED,
    );
    const from = new Map<NotificationKind, PlannedMove['previous']>();
    // Oldest first (by seq): the first folded mail of a kind says where the net move starts.
    for (const row of folded) {
      // A row planned before moves kept their slot: its change's own previous slot (the history's).
      const start =
        plannedMove(row.payload)?.previous ??
        (row.details as { previous?: PlannedMove['previous'] }).previous;
      if (start && !from.has(row.kind)) from.set(row.kind, start);
    }
    return from;
  }

  const email = (
    ownerId: string,
    booking: Pick<BookingRow, 'id'>,
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

  /**
   * The text message (SMS or WhatsApp) of `kind` the service sends besides the e-mail
   * (docs/PRODUCT.md#text-messages): only with a provider connected, to a customer who asked for it
   * with a phone number. Timed out of the quiet hours (core/quiet-hours.ts); a reminder that would
   * fall in them too close to the appointment is written down skipped, so the history says why.
   * `payload` as the e-mail's (a move's planned slot); a reminder's is the start it was timed for.
   */
  function textRows(
    { event, owner, textConnected }: NotifierContext,
    booking: PlannedBooking,
    kind: TextKind,
    payload: Record<string, unknown> = {},
  ): NewNotification[] {
    const settings = event.textMessages;
    if (!settings?.send.includes(kind) || !textConnected || !booking.textConsent || !booking.customerPhone)
      return [];
    const at = now();
    const dueAt =
      kind === 'reminder' ? new Date(booking.startsAt.getTime() - settings.reminderHours * HOUR_MS) : at;
    // A reminder whose moment has passed already (a booking at short notice) is not sent, as by e-mail.
    if (kind === 'reminder' && dueAt.getTime() <= at.getTime()) return [];
    const sendAt = textSendAt(kind, { dueAt, startsAt: booking.startsAt, now: at, timeZone: owner.timeZone });
    const row: NewNotification = {
      ownerId: owner.id,
      bookingId: booking.id,
      webhookId: null,
      channel: settings.channel,
      kind,
      templateId: null,
      payload: kind === 'reminder' ? { startsAt: booking.startsAt.toISOString() } : payload,
      dueAt: sendAt ?? dueAt,
    };
    return [sendAt ? row : { ...row, status: 'skipped', lastError: QUIET_SKIP }];
  }

  /** One webhook per active webhook of the event that listens to `trigger`, with a frozen body. */
  function webhookRows(
    { event, owner, webhooks, sensitiveFields }: NotifierContext,
    booking: PlannedBooking,
    trigger: WebhookTrigger,
    previous?: PreviousSlot,
  ): NewNotification[] {
    const hooks = webhooks.filter((h) => h.triggers.includes(trigger));
    if (!hooks.length) return [];
    const body = webhookPayload(event, booking, sensitiveFields, now(), trigger, previous, owner.timeZone);
    return hooks.map((hook) => ({
      ownerId: owner.id,
      bookingId: booking.id,
      webhookId: hook.id,
      channel: 'webhook' as const,
      kind: WEBHOOK_KIND_OF[trigger],
      templateId: null,
      payload: body,
      dueAt: now(),
    }));
  }

  /** The online payment of a confirmed booking succeeded: history and `booking.paid` webhooks. */
  async function paid(tx: Db, booking: BookingRow, context?: NotifierContext) {
    const ctx = context ?? (await contextOf(tx, booking));
    const history = historyEntry(booking, ctx.owner.id, { kind: 'paid', actor: 'system' });
    await writeChange(tx, history, webhookRows(ctx, booking, 'booking.paid'));
  }

  /**
   * What a new confirmed booking's change writes: the history entry made `madeAt`, the customer's
   * confirmation, reminders and follow-up (a manual booking only with `notifyCustomer`), the owner's
   * notice (never of their own booking), the `booking.created` webhooks and the calendar's job.
   */
  function createdChange(
    context: NotifierContext,
    booking: PlannedBooking,
    opts: CreatedOptions,
    madeAt: Date,
  ) {
    const { owner } = context;
    const by = opts.by ?? 'customer';
    const toCustomer = by !== 'owner' || opts.notifyCustomer === true;
    const entry = historyEntry(booking, owner.id, {
      kind: 'created',
      actor: by,
      at: madeAt,
      member: opts.member,
    });
    const rows: NewNotification[] = [];
    if (opts.laterSegment) return { entry, rows, more: calendarJobs(booking, owner) };
    const first = !opts.laterOccurrence;
    if (booking.customerEmail && toCustomer && first) rows.push(email(owner.id, booking, 'confirmation'));
    if (toCustomer && first) rows.push(...textRows(context, booking, 'confirmation'));
    if (owner.email && by !== 'owner' && first)
      rows.push(email(owner.id, booking, 'owner_notice', { action: 'created' }));
    if (toCustomer) rows.push(...timedMessages(context, booking), ...textRows(context, booking, 'reminder'));
    rows.push(...webhookRows(context, booking, 'booking.created'));
    return { entry, rows, more: calendarJobs(booking, owner) };
  }

  return {
    /**
     * A customer's request (docs/PRODUCT.md#approval), written with the booking in one statement
     * like `createdChange`: the history's 'requested', the customer's 'Uw aanvraag is ontvangen',
     * the owner's notice with the decision links (`approvalBox`: the link's token sealed, opened
     * at send time) and the `booking.requested` webhooks. No reminders and no calendar entry yet.
     */
    async requestedChange(
      tx: Db,
      booking: NewBooking,
      { context, approvalBox }: { context?: NotifierContext; approvalBox: string },
    ): Promise<ChangeWrites> {
      const ctx = context ?? (await contextOf(tx, booking));
      const { owner } = ctx;
      const entry = historyEntry(booking, owner.id, { kind: 'requested', actor: 'customer' });
      const rows: NewNotification[] = [];
      if (booking.customerEmail) rows.push(email(owner.id, booking, 'request_received'));
      if (owner.email)
        rows.push(email(owner.id, booking, 'owner_notice', { action: 'requested', approvalBox }));
      rows.push(...webhookRows(ctx, booking, 'booking.requested'));
      return changeWrites(tx, entry, rows, { fresh: true });
    },

    /**
     * The owner approved a request (now confirmed): the history's 'approved', then what a new
     * booking sends — the customer's confirmation with its invitation, reminders, follow-up, the
     * `booking.created` webhooks and the calendar entry — but no notice to the owner who decided.
     */
    async approved(tx: Db, booking: BookingRow, member?: ActingMember) {
      const context = await contextOf(tx, booking);
      const { owner } = context;
      const entry = historyEntry(booking, owner.id, { kind: 'approved', actor: 'owner', member });
      const rows: NewNotification[] = [];
      if (booking.customerEmail) rows.push(email(owner.id, booking, 'confirmation'));
      rows.push(...textRows(context, booking, 'confirmation'));
      rows.push(...timedMessages(context, booking), ...textRows(context, booking, 'reminder'));
      rows.push(...webhookRows(context, booking, 'booking.created'));
      await writeChange(tx, entry, rows, { more: calendarJobs(booking, owner) });
    },

    /**
     * A request declined by the owner (`reason`: what they told the customer) or lapsed undecided
     * (`by: 'system'`): the history's 'declined', the customer told, the `booking.declined` webhooks.
     */
    async declined(
      tx: Db,
      booking: BookingRow,
      by: 'owner' | 'system',
      { reason, member }: { reason?: string | null; member?: ActingMember } = {},
    ) {
      const context = await contextOf(tx, booking);
      const { owner } = context;
      const expired = by === 'system';
      const entry = historyEntry(booking, owner.id, {
        kind: 'declined',
        actor: by,
        member,
        details: { ...(reason ? { reason } : {}), ...(expired ? { expired } : {}) },
      });
      const rows: NewNotification[] = [];
      if (booking.customerEmail)
        rows.push(
          email(owner.id, booking, 'request_declined', {
            ...(reason ? { reason } : {}),
            ...(expired ? { expired } : {}),
          }),
        );
      rows.push(...webhookRows(context, booking, 'booking.declined'));
      await writeChange(tx, entry, rows);
    },

    /**
     * The change of a new booking without a payment, free or made by the owner (`by: 'owner'`): its
     * history entry, messages and jobs, which the caller writes with the booking in one statement
     * (bookings.repo.ts `insertWithChange`). Planning reads nothing when the caller gives the
     * `context`, so that insert is the only statement (takeSlot's one-statement write).
     */
    async createdChange(tx: Db, booking: NewBooking, opts: CreatedOptions = {}): Promise<ChangeWrites> {
      const context = opts.context ?? (await contextOf(tx, booking));
      const { entry, rows, more } = createdChange(context, booking, opts, now());
      // A booking written by this very change has had no e-mail yet: `fresh`.
      return changeWrites(tx, entry, rows, { fresh: true, more });
    },

    /**
     * A paid booking whose payment was verified (the payment's confirmation, `onConfirmed`): its
     * hold becomes a confirmed booking. The history tells it was made by the customer when the hold
     * was taken, and paid now.
     */
    async paidConfirmed(
      tx: Db,
      booking: BookingRow,
      {
        laterSegment = false,
        laterOccurrence = false,
      }: { laterSegment?: boolean; laterOccurrence?: boolean } = {},
    ) {
      const context = await contextOf(tx, booking);
      const at = now();
      // Made when its hold was taken (stamped by the same clock; never later than now all the same).
      const madeAt = booking.createdAt.getTime() < at.getTime() ? booking.createdAt : at;
      const { entry, rows, more } = createdChange(
        context,
        booking,
        { laterSegment, laterOccurrence },
        madeAt,
      );
      await writeChange(tx, entry, rows, { more });
      // A visit's payment is its first segment's: the webhooks of it tell the visit.
      if (booking.paymentStatus === 'paid' && !laterSegment) await paid(tx, booking, context);
    },

    /** The online payment of a confirmed booking succeeded: history and `booking.paid` webhooks. */
    paid,

    /**
     * The booking moved (by the customer's manage link or by the owner): the customer always hears
     * of a new date or time; a move to another agenda only is told in the history and to webhooks.
     * (A "move" to where it already is never comes here: the services stop it first.)
     */
    async rescheduled(
      tx: Db,
      booking: BookingRow,
      by: ChangedBy,
      previous: PreviousSlot,
      member?: ActingMember,
      { laterSegment = false }: { laterSegment?: boolean } = {},
    ) {
      const sameTime =
        previous.bookingDate === booking.bookingDate && previous.bookingTime === booking.bookingTime;
      const context = await contextOf(tx, booking);
      const { owner } = context;
      const slot = (s: PreviousSlot) => ({
        bookingDate: s.bookingDate,
        bookingTime: s.bookingTime,
        agendaId: s.agendaId,
      });
      const history = historyEntry(booking, owner.id, {
        kind: 'rescheduled',
        actor: by,
        member,
        details: { previous: slot(previous), next: slot(booking) },
      });
      const rows: NewNotification[] = [];
      let moved = booking;
      if (laterSegment) {
        if (!sameTime)
          moved = await bookingsRepo.update(tx, booking.id, { icsSequence: booking.icsSequence + 1 }, now());
        await writeChange(tx, history, rows, { more: sameTime ? [] : calendarJobs(moved, owner) });
        return;
      }
      if (!sameTime) {
        moved = await bookingsRepo.update(tx, booking.id, { icsSequence: booking.icsSequence + 1 }, now());
        await dropTimed(tx, moved);
        const kinds: NotificationKind[] = [];
        if (moved.customerEmail) kinds.push('modification');
        if (by === 'customer' && owner.email) kinds.push('owner_notice');
        const from = await foldPendingMoves(tx, moved, kinds);
        for (const kind of kinds) {
          // Each mail is composed when sent, but tells the slot it was planned for (PlannedMove).
          const start = from.get(kind) ?? {
            bookingDate: previous.bookingDate,
            bookingTime: previous.bookingTime,
          };
          // Moved back to where the unsent mail started: nothing to tell this recipient.
          if (start.bookingDate === moved.bookingDate && start.bookingTime === moved.bookingTime) continue;
          const move: PlannedMove = {
            previous: { bookingDate: start.bookingDate, bookingTime: start.bookingTime },
            slot: {
              bookingDate: moved.bookingDate,
              bookingTime: moved.bookingTime,
              icsSequence: moved.icsSequence,
              startsAt: moved.startsAt.toISOString(),
              endsAt: moved.endsAt.toISOString(),
            },
          };
          rows.push(
            email(
              owner.id,
              moved,
              kind,
              kind === 'owner_notice' ? { action: 'rescheduled', ...move } : { ...move },
            ),
          );
        }
        // The text tells the new slot only (no fold: a short message of each move is what a phone shows).
        rows.push(...textRows(context, moved, 'modification'));
        rows.push(...timedMessages(context, moved), ...textRows(context, moved, 'reminder'));
      }
      rows.push(...webhookRows(context, moved, 'booking.rescheduled', previous));
      await writeChange(tx, history, rows, { more: sameTime ? [] : calendarJobs(moved, owner) });
    },

    /**
     * The owner marked the booking as not shown (`marked`) or took the mark back: history; marking
     * also plans the webhooks listening to `booking.no_show`.
     */
    async noShow(tx: Db, booking: BookingRow, marked = true, member?: ActingMember) {
      const context = await contextOf(tx, booking);
      const kind = marked ? 'no_show' : 'no_show_cleared';
      const history = historyEntry(booking, context.owner.id, { kind, actor: 'owner', member });
      await writeChange(tx, history, marked ? webhookRows(context, booking, 'booking.no_show') : []);
    },

    /** The owner edited the customer details (`fields`: the names of the changed fields). */
    async detailsChanged(tx: Db, booking: BookingRow, fields: string[], member?: ActingMember) {
      if (!fields.length) return;
      const { owner } = await contextOf(tx, booking);
      await writeChange(
        tx,
        historyEntry(booking, owner.id, {
          kind: 'details_changed',
          actor: 'owner',
          member,
          details: { fields },
        }),
      );
    },

    /** The owner deleted the booking: its calendar event goes too (and its history with it). */
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

    /**
     * A confirmed booking was cancelled: reminders stop and `booking.cancelled` webhooks go out. The
     * customer's own cancel is confirmed to them and told to the owner; the owner's tells the customer
     * only with `notifyCustomer`; Google's (the owner deleted the calendar event) tells nobody
     * (docs/PRODUCT.md#bookings-page).
     */
    async cancelled(tx: Db, booking: BookingRow, by: ChangedBy, opts: CancelledOptions = {}) {
      const context = await contextOf(tx, booking);
      const { owner } = context;
      const history = historyEntry(booking, owner.id, { kind: 'cancelled', actor: by, member: opts.member });
      const cancelled = await bookingsRepo.update(
        tx,
        booking.id,
        { icsSequence: booking.icsSequence + 1 },
        now(),
      );
      await dropTimed(tx, cancelled);
      const toCustomer = by === 'customer' || (by === 'owner' && opts.notifyCustomer === true);
      const rows: NewNotification[] = [];
      if (opts.laterSegment) return writeChange(tx, history, rows, { more: calendarJobs(cancelled, owner) });
      if (cancelled.customerEmail && toCustomer) rows.push(email(owner.id, cancelled, 'cancellation'));
      if (toCustomer) rows.push(...textRows(context, cancelled, 'cancellation'));
      if (by === 'customer' && owner.email)
        rows.push(email(owner.id, cancelled, 'owner_notice', { action: 'cancelled' }));
      rows.push(...webhookRows(context, cancelled, 'booking.cancelled'));
      await writeChange(tx, history, rows, { more: calendarJobs(cancelled, owner) });
    },
  };
}
export type BookingNotifier = ReturnType<typeof createBookingNotifier>;
