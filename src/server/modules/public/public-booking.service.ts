import type {
  CreatedBooking,
  ManagedBooking,
  MonthAvailabilityDto,
  PublicBookingBody,
  PublicEvent,
  RescheduleBody,
} from '@contracts/public-booking';
import { nl } from '@contracts/messages';
import {
  addDays,
  approvalDeadline,
  calendarTitle,
  changeDeadlines,
  dayVerdicts,
  depositValueText,
  daysInMonth,
  formatDutchDeadline,
  monthAvailability,
  needsApproval,
  onlineChanges,
  todayInZone,
} from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow, EventRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { sha256, type SecretBox } from '../../lib/crypto';
import { bookingsRepo } from '../bookings/bookings.repo';
import { approvalsRepo } from '../approvals/approvals.repo';
import { issueApprovalToken } from '../bookings/management-token';
import { businessProfileRepo } from '../business-profile/business-profile.repo';
import {
  agendaCandidates,
  bookingBuffers,
  checkSlot,
  classClaimOf,
  dayLimitOf,
  takeSlot,
  extraCandidates,
} from '../bookings/slot-rules';
import { paymentKeysStatus } from '../payments/payment-keys';
import { eventsRepo } from '../events/events.repo';
import type { BookingNotifier, NewBooking } from '../notifications/booking-notifier';
import { refundable, type Refunds } from '../payments/refunds';
import { usersRepo } from '../users/users.repo';
import { atSalonAmounts, customerSplit, splitAmounts } from '../payments/deposit-split';
import { toPublicBusiness } from '../business-profile/public-business';
import { checkedCustomer, draftBooking, managementUrl, toPublicBooking } from './booking-draft';
import { bookPublicSeries } from './public-series';
import type { SeriesFollowing } from '../bookings/series-following';
import type { SeriesScope } from '@contracts/enums';
import { nlPublicSeries } from '@contracts/messages-public-series';
import type { CreatedSeriesBooking, PublicSeriesBookingBody } from '@contracts/public-series';
import { byCustomer } from '../activity/activity.repo';
import { createSlotClaims, isSlotRefusal, slotRequestKey, type ClaimOutcome } from '../bookings/slot-claims';
import { createSlotRefusals } from './slot-refusals';
import { bookingUid, downloadIcs } from '../notifications/booking-ics';
import { visitCalendarEntry } from '../notifications/notification-content';
import type { AvailabilityCache, Computed } from './availability-cache';
import { segmentInput, withNeighbours, type PublicEventRow } from './availability-input';
import type { ManagedVisit } from '@contracts/visit-segments';
import { managedVisit } from '../visits/visit-segments';
import type { VisitManage } from '../visits/visit-manage';
import { sendsTexts } from '@contracts/text-messages';
import { customersRepo } from '../customers/customers.repo';

const b = nl.booking;

export function toPublicEvent(
  { event, timeZone, category, agendas, paymentKeys, business, textConnected }: PublicEventRow,
  box: SecretBox,
): PublicEvent {
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    description: event.description,
    workingDays: event.workingDays,
    dateRangeType: event.dateRangeType,
    dateRangeStart: event.dateRangeStart,
    dateRangeEnd: event.dateRangeEnd,
    specificDates: event.specificDates,
    dailyPauseTimes: event.dailyPauseTimes,
    durationMinutes: event.durationMinutes,
    requiresPayment: event.requiresPayment,
    paymentsUnavailable: event.requiresPayment && paymentKeysStatus(paymentKeys, box) !== 'ok',
    paymentAmount: event.paymentAmount,
    currency: event.currency,
    depositType: event.depositType,
    depositValue: depositValueText(event),
    depositFor: event.depositFor,
    themeColor: event.themeColor,
    timeZone,
    category: category?.name ? { name: category.name, color: category.color } : null,
    // Names only when there is a choice: one agenda's name is the owner's business alone.
    agendas: agendas.length > 1 ? agendas : [],
    policyText: event.policyText,
    cancelCutoffHours: event.cancelCutoffHours,
    rescheduleCutoffHours: event.rescheduleCutoffHours,
    bookingHorizonDays: event.bookingHorizonDays,
    // A class is never part of a visit (visit-services.ts): the wizard offers no combination.
    allowCombinations: event.allowCombinations && event.seats <= 1,
    bufferBeforeMinutes: event.bufferBeforeMinutes,
    bufferAfterMinutes: event.bufferAfterMinutes,
    seats: event.seats,
    maxSeatsPerBooking: event.maxSeatsPerBooking,
    waitlistEnabled: event.waitlistEnabled,
    seriesOptions: event.seriesOptions,
    textChannel: textConnected && sendsTexts(event.textMessages) ? event.textMessages!.channel : null,
    business: toPublicBusiness(business),
  };
}

/** Until when the manage link may change a booking (the same deadlines the server enforces). */
function deadlinesOf(booking: BookingRow, event: EventRow) {
  return changeDeadlines(booking.startsAt, {
    // Releasing an unpaid payment hold is not a cancellation the cut-off is about.
    cancelCutoffHours: booking.status === 'confirmed' ? event.cancelCutoffHours : null,
    rescheduleCutoffHours: event.rescheduleCutoffHours,
  });
}

/** Money paid online for the booking (the intent's whole amount): what a refund gives back. */
const paidOnline = (booking: BookingRow, event: EventRow) => booking.amountPaid ?? event.paymentAmount;

/**
 * A customer's cancel through the manage link refunds automatically when the owner switched that on,
 * the booking was paid online and the cancellation cut-off has not passed (no cut-off: until the start).
 */
function refundsOnCancel(booking: BookingRow, event: EventRow, autoRefund: boolean, at: Date) {
  return (
    autoRefund &&
    booking.status === 'confirmed' &&
    refundable(booking) &&
    booking.startsAt.getTime() > at.getTime() &&
    onlineChanges(deadlinesOf(booking, event), at).cancel
  );
}

/** What the manage page says about money paid online (null: nothing was paid online). */
function refundInfo(
  booking: BookingRow,
  event: EventRow,
  autoRefund: boolean,
  at: Date,
): ManagedBooking['refund'] {
  const amount = paidOnline(booking, event);
  const paid = booking.paymentStatus === 'paid' || booking.paymentStatus === 'refunded';
  // A paid series' later occurrence was paid through its first one's intent.
  if (!paid || (!booking.stripePaymentIntentId && !booking.paidById) || !amount) return null;
  return {
    amount,
    currency: event.currency,
    onCancel: refundsOnCancel(booking, event, autoRefund, at),
    status: booking.refundStatus,
  };
}

function managedAnswer(
  booking: BookingRow,
  event: PublicEventRow,
  box: SecretBox,
  refund: ManagedBooking['refund'],
  contact: ManagedBooking['contact'],
): ManagedBooking {
  const { cancel, reschedule } = deadlinesOf(booking, event.event);
  return {
    refund,
    contact,
    booking: toPublicBooking(booking),
    event: toPublicEvent(event, box),
    deadlines: {
      cancelUntil: cancel?.toISOString() ?? null,
      rescheduleUntil: reschedule?.toISOString() ?? null,
    },
  };
}

/** The cut-off refusal: until when the change was possible, in the owner's time zone. */
function cutoffPassed(template: string, deadline: Date, timeZone: string) {
  return new AppError('CONFLICT', template.replace('{deadline}', formatDutchDeadline(deadline, timeZone)));
}

/** Confirms a booking of a paid event with its payment intent (payments module). */
export type ConfirmPaidBooking = (
  event: { event: EventRow; timeZone: string },
  body: PublicBookingBody & { stripePaymentIntentId: string },
) => Promise<CreatedSeriesBooking>;

export interface PublicBookingDeps {
  appUrl: string;
  box: SecretBox;
  notifier: BookingNotifier;
  now: () => Date;
  confirmPaid?: ConfirmPaidBooking;
  /** Refunds of paid bookings (payments module); a customer's timely cancel may ask one. */
  refunds?: Refunds;
  /** The month availability and taken times cache (services.ts gives one per app); none computes every time. */
  availabilityCache?: AvailabilityCache;
  /** Visits (modules/visits): a visit's manage link shows, moves and cancels all of its segments. */
  visits?: VisitManage;
  /** "Deze en alle volgende" of a series (docs/PRODUCT.md#series) through the manage link. */
  following?: SeriesFollowing;
}

/** Without a cache: every answer computed. */
const uncached: Pick<AvailabilityCache, 'get' | 'json'> = {
  get: async (_key, _eventId, _now, compute) => (await compute()).value,
  json: async (_key, _eventId, _now, compute) => JSON.stringify((await compute()).value),
};

export function createPublicBookingService(db: Db, deps: PublicBookingDeps) {
  const { now } = deps;
  const cached = deps.availabilityCache ?? uncached;
  // The slot requests being written by this process (slot-claims.ts): racers for one slot wait for one write.
  const claims = createSlotClaims();
  // The database's refusals of class times, remembered while nothing of the owner's changed.
  const refusals = deps.availabilityCache && createSlotRefusals(deps.availabilityCache);

  async function eventBy(by: { slug: string } | { id: string }) {
    const row = await eventsRepo.findPublic(db, by);
    if (!row) throw notFound(b.eventNotFound);
    return row;
  }

  /**
   * The booking behind a manage link. A visit's first segment carries the link: the whole visit comes
   * with it, and the cut-offs of its strictest service are the visit's.
   */
  async function managed(token: string) {
    const booking = await bookingsRepo.findByTokenHash(db, sha256(token));
    if (!booking) throw notFound(b.bookingNotFound);
    const event = await eventBy({ id: booking.eventId });
    if (!booking.visitId || !deps.visits) return { booking, event, visit: null };
    const segments = await deps.visits.segments(booking.visitId);
    const cutoffs = deps.visits.cutoffs(segments.map((s) => s.event));
    return {
      booking,
      event: { ...event, event: { ...event.event, ...cutoffs } },
      visit: await managedVisit(db, segments),
    };
  }

  /** The manage page's answer; whether a cancel now refunds depends on the owner's setting. */
  async function answer(booking: BookingRow, event: PublicEventRow, visit: ManagedVisit | null = null) {
    const [owner, profile] = await Promise.all([
      usersRepo.findById(db, event.event.userId),
      businessProfileRepo.find(db, event.event.userId),
    ]);
    const refund = refundInfo(booking, event.event, owner?.autoRefund ?? false, now());
    const contact = {
      address: profile?.address || null,
      phone: profile?.phone || null,
      email: owner?.email || null,
    };
    // docs/PRODUCT.md#series: the page offers "Deze en alle volgende" only with later occurrences.
    const series = booking.seriesId
      ? {
          later: (
            await bookingsRepo.seriesOccurrences(
              db,
              booking.seriesId,
              new Date(booking.startsAt.getTime() + 1),
            )
          ).length,
        }
      : null;
    return { ...managedAnswer(booking, event, deps.box, refund, contact), visit, series };
  }

  const availabilityInput = (
    found: PublicEventRow,
    from: string,
    to: string,
    agendaId: string | null | undefined,
    at: Date,
  ) => segmentInput(db, found, from, to, agendaCandidates(found.event, agendaId), at);

  /**
   * What an answer computed at `at` may be cached with (availability-cache.ts): its owner, and until
   * when it holds by time alone, the first of the owner's payment holds to expire.
   */
  async function computed<T>(found: PublicEventRow, at: Date, value: T): Promise<Computed<T>> {
    const holdEnds = await bookingsRepo.nextHoldExpiry(db, found.event.userId, at);
    return { ownerId: found.event.userId, value, expiresAt: holdEnds?.getTime() ?? Infinity };
  }

  async function takenTimesNow(eventId: string, date: string, agendaId?: string | null) {
    const found = await eventBy({ id: eventId });
    if (!withNeighbours(date)) throw badRequest(b.invalidDate);
    const at = now();
    const input = await availabilityInput(found, date, date, agendaId, at);
    const verdicts = dayVerdicts(input, date);
    const free = new Set(verdicts.filter((v) => !v.refusal).map((v) => v.time));
    const own = await bookingsRepo.eventTimesOnDate(db, eventId, date, at);
    const times = [
      ...new Set([
        ...own.filter((t) => !free.has(t)),
        ...verdicts.filter((v) => v.refusal).map((v) => v.time),
      ]),
    ]
      .sort()
      .map((bookingTime) => ({ bookingTime }));
    return computed(found, at, times);
  }

  async function monthNow(eventId: string, month: string, agendaId?: string | null) {
    const found = await eventBy({ id: eventId });
    const [year, mon] = month.split('-').map(Number) as [number, number];
    const first = `${month}-01`;
    if (!withNeighbours(first) || !withNeighbours(addDays(first, daysInMonth(year, mon))))
      throw badRequest(b.invalidMonth);
    const at = now();
    const last = addDays(first, daysInMonth(year, mon) - 1);
    const input = await availabilityInput(found, first, last, agendaId, at);
    return computed<MonthAvailabilityDto>(found, at, {
      month,
      today: todayInZone(at, found.timeZone),
      timeZone: found.timeZone,
      days: monthAvailability(month, input),
    });
  }

  /**
   * A new booking of a customer (the slot request's one write in flight here: create); a paid event's
   * booking is confirmed only through its payment intent. Also says what it took, for the requests
   * that waited for it (slot-claims.ts).
   */
  async function book(
    body: PublicSeriesBookingBody,
  ): Promise<{ result: CreatedSeriesBooking; took: ClaimOutcome | null }> {
    const found = await eventBy({ id: body.eventId });
    const { event } = found;
    // A series the service offers (docs/PRODUCT.md#series): all its dates or none.
    if (body.series && !body.stripePaymentIntentId)
      return {
        result: await bookPublicSeries(db, deps, found, { ...body, series: body.series }, now()),
        took: null,
      };
    let amounts: { amountPaid?: string; amountDue?: string } = atSalonAmounts(event, body.seats ?? 1);
    const intentId = body.stripePaymentIntentId;
    // A paid visit is confirmed through its first segment's service, which may itself be free.
    if (intentId && deps.confirmPaid && (event.requiresPayment || event.allowCombinations))
      return {
        result: await deps.confirmPaid(found, { ...body, stripePaymentIntentId: intentId }),
        took: null,
      };
    if (event.requiresPayment) {
      // Not bookable online while the owner's payment keys do not work: the wizard says so on its
      // first step, and a customer the deposit is not asked of is no exception.
      if (paymentKeysStatus(found.paymentKeys, deps.box) !== 'ok')
        throw new AppError('PAYMENTS_UNAVAILABLE', nl.bookingUnavailable.title);
      if (intentId || event.depositType === 'none' || event.depositFor === 'everyone')
        throw badRequest(b.paymentRequired);
      const { customerEmail } = await checkedCustomer(db, event.id, body, found.fields);
      const split = await customerSplit(db, event, customerEmail, now(), body.seats ?? 1);
      if (split.payNowCents > 0) throw badRequest(b.paymentRequired);
      amounts = splitAmounts(split);
    }
    const at = now();
    // A class's refusal is remembered with the owner's stamp from before its write (slot-refusals.ts).
    const stamp =
      refusals && event.seats > 1 && found.hasHolds === false ? await refusals.stamp(event.userId) : null;
    try {
      return await write(found, body, amounts, at);
    } catch (err) {
      if (stamp && isSlotRefusal(err)) refusals!.remember(slotRequestKey(body), stamp, at, err);
      throw err;
    }
  }

  /** book()'s free booking once the event and the amounts are known: drafted, then the slot taken. */
  async function write(
    found: PublicEventRow,
    body: PublicBookingBody,
    amounts: { amountPaid?: string; amountDue?: string },
    at: Date,
  ): Promise<{ result: CreatedBooking; took: ClaimOutcome | null }> {
    const { event, timeZone } = found;
    const { token, values, claim } = await draftBooking(db, deps.box, event, timeZone, body, at, found);
    const id = crypto.randomUUID();
    // A service that needs the owner's approval for this customer: a request that holds its time
    // until decided, lapsing after the owner's hours and never past its start (docs/PRODUCT.md#approval).
    const request =
      event.approval !== 'none' &&
      needsApproval(
        event.approval,
        event.approval === 'new_customers' &&
          (await approvalsRepo.knownCustomer(db, event.userId, values.customerEmail, values.customerPhone)),
      )
        ? {
            ...issueApprovalToken(deps.box),
            expiresAt: approvalDeadline(at, found.owner.approvalHours, claim.startsAt),
          }
        : null;
    // With the event's context given, the booking and its change are one statement (insertWithChange).
    const row = await takeSlot(
      db,
      claim,
      at,
      async (tx, agendaId, extraAgendaIds) => {
        const booking: NewBooking = {
          ...values,
          id,
          agendaId,
          extraAgendaIds,
          status: request ? 'requested' : 'confirmed',
          paymentStatus: 'not_required',
          ...amounts,
          ...(request
            ? { approvalTokenHash: request.approvalTokenHash, approvalExpiresAt: request.expiresAt }
            : {}),
        };
        const change = request
          ? await deps.notifier.requestedChange(tx, booking, {
              context: found,
              approvalBox: request.approvalBox,
            })
          : await deps.notifier.createdChange(tx, booking, { context: found });
        const inserted = await bookingsRepo.insertWithChange(tx, booking, change);
        // The customer record keeps when its last consent to text messages was given (the trigger
        // found or made it for this booking); one statement more only with the consent.
        if (inserted.textConsent && inserted.customerId)
          await customersRepo.textConsentGiven(tx, inserted.customerId, inserted.textConsentAt ?? at);
        return inserted;
      },
      { oneStatement: true },
    );
    return {
      result: {
        booking: toPublicBooking(row),
        managementToken: token,
        managementUrl: managementUrl(deps.appUrl, token),
      },
      // A class's agenda takes more bookings after this one: the waiting requests write in turn
      // (the class's counter decides), none is refused for this write's sake.
      took: claim.classOf ? null : { agendaId: row.agendaId, candidates: claim.agendaIds },
    };
  }

  return {
    event: async (slug: string) => toPublicEvent(await eventBy({ slug }), deps.box),

    /** The booking form's questions in their order (the public event read carries them). */
    fields: async (slug: string) => (await eventBy({ slug })).fields,

    /**
     * The event's times on `date` a customer cannot take: every slot a booking rule refuses (busy in
     * all the agendas it may use, booked or busy in Google Calendar, within the minimum notice, on a
     * full, closed or too distant day), and the event's own bookings' times that are not free slots now.
     */
    takenTimes: (eventId: string, date: string, agendaId?: string | null) =>
      cached.get(`d|${eventId}|${date}|${agendaId ?? ''}`, eventId, now().getTime(), () =>
        takenTimesNow(eventId, date, agendaId),
      ),
    /** The same as JSON text, serialized once per cached answer (the public route sends it as it is). */
    takenTimesJson: (eventId: string, date: string, agendaId?: string | null) =>
      cached.json(`d|${eventId}|${date}|${agendaId ?? ''}`, eventId, now().getTime(), () =>
        takenTimesNow(eventId, date, agendaId),
      ),

    /**
     * One request gives the wizard a whole month: bookable days, each slot with a busy flag (busy
     * when a booking rule refuses it, e.g. every agenda the booking may use is taken: the chosen
     * one, or all of the service's).
     */
    month: (eventId: string, month: string, agendaId?: string | null): Promise<MonthAvailabilityDto> =>
      cached.get(`m|${eventId}|${month}|${agendaId ?? ''}`, eventId, now().getTime(), () =>
        monthNow(eventId, month, agendaId),
      ),
    /** The same as JSON text, serialized once per cached answer (the public route sends it as it is). */
    monthJson: (eventId: string, month: string, agendaId?: string | null) =>
      cached.json(`m|${eventId}|${month}|${agendaId ?? ''}`, eventId, now().getTime(), () =>
        monthNow(eventId, month, agendaId),
      ),

    /**
     * A free booking; a paid event's booking is confirmed only through its payment intent, except
     * for a customer the deposit is not asked of (docs/PRODUCT.md#deposits): the server decides that
     * itself, and such a customer books like a free service with the whole price still due.
     */
    async create(body: PublicSeriesBookingBody): Promise<CreatedSeriesBooking> {
      // A payment's confirmation settles the hold it paid for; every other request asks for a slot.
      if (body.stripePaymentIntentId) return (await book(body)).result;
      const key = slotRequestKey(body);
      await refusals?.refuseKnown(key, now());
      return claims.run(key, () => book(body));
    },

    async manage(token: string): Promise<ManagedBooking> {
      const { booking, event, visit } = await managed(token);
      return answer(booking, event, visit);
    },

    /** The manage page's month for moving a visit (its own segments do not block it). */
    async visitMonth(token: string, month: string): Promise<MonthAvailabilityDto> {
      const { booking, visit } = await managed(token);
      if (!visit || !deps.visits) throw notFound(b.bookingNotFound);
      return deps.visits.month(booking, month);
    },

    /**
     * 'Zet in agenda' as a file (docs/PRODUCT.md#good-endings): the appointment with the e-mail
     * invitation's UID and SEQUENCE. A cancelled booking is refused with a Dutch 409 rather than a
     * cancelled entry: a customer who asks to add an appointment expects an answer, not an empty
     * import; the calendar entry they already have was cancelled by the cancellation e-mail. An unpaid
     * hold is not an appointment yet.
     */
    async ics(token: string): Promise<string> {
      const { booking, event, visit } = await managed(token);
      if (booking.status === 'cancelled') throw new AppError('CONFLICT', nl.goodEndings.icsCancelled);
      if (booking.status === 'pending') throw new AppError('CONFLICT', nl.goodEndings.icsAwaitingPayment);
      if (booking.status === 'requested') throw new AppError('CONFLICT', nl.approval.awaitingDecision);
      const url = managementUrl(deps.appUrl, token);
      const { title, description } = event.event;
      // A visit is one entry from its first start to its last end, its services listed (as its
      // e-mail invitation: the same UID and SEQUENCE, its first segment's).
      const live = visit?.segments.filter((s) => s.status !== 'cancelled') ?? [];
      const entry = live.length
        ? visitCalendarEntry(
            live.map((s) => ({
              service: s.service,
              bookingTime: s.time,
              endTime: s.endTime,
              agendaName: s.agendaName,
              extraAgendaNames: s.otherAgendaNames,
              startsAt: new Date(s.startsAt),
              endsAt: new Date(s.endsAt),
            })),
          )
        : { startsAt: booking.startsAt, endsAt: booking.endsAt, summary: title, description };
      return downloadIcs({
        uid: bookingUid(booking.id, deps.appUrl),
        sequence: booking.icsSequence,
        startsAt: entry.startsAt,
        endsAt: entry.endsAt,
        timeZone: event.timeZone,
        summary: calendarTitle(entry.summary, event.business.name, nl.goodEndings.entryTitle),
        description: [entry.description, nl.goodEndings.entryDetails.replace('{url}', () => url)]
          .filter(Boolean)
          .join('\n\n'),
        url,
        now: now(),
      });
    },

    /** The booking's own row is updated in place, so its old slot never blocks the new one. */
    async reschedule(
      token: string,
      body: RescheduleBody,
      scope: SeriesScope = 'this',
    ): Promise<ManagedBooking> {
      const { booking, event, visit } = await managed(token);
      if (booking.status === 'cancelled') throw new AppError('CONFLICT', b.cancelledCannotChange);
      // The intent's metadata names the held slot; moving the hold would make its payment not match.
      if (booking.status === 'pending' && booking.holdExpiresAt)
        throw new AppError('CONFLICT', nl.payments.awaitingPayment);
      // A request is decided for the time it asked; another time is another request.
      if (booking.status === 'requested') throw new AppError('CONFLICT', nl.approval.awaitingDecision);
      // Its own date and time: nothing changes and nothing is sent (a repeated "move" must not
      // flood the customer's inbox or raise the calendar SEQUENCE).
      if (body.bookingDate === booking.bookingDate && body.bookingTime === booking.bookingTime)
        return answer(booking, event, visit);
      const at = now();
      if (booking.startsAt.getTime() <= at.getTime()) throw new AppError('CONFLICT', b.pastCannotChange);
      const deadlines = deadlinesOf(booking, event.event);
      if (!onlineChanges(deadlines, at).reschedule)
        throw cutoffPassed(b.rescheduleCutoffPassed, deadlines.reschedule!, event.timeZone);
      if (scope === 'following') {
        if (!booking.seriesId || !deps.following) throw badRequest(nlPublicSeries.publicSeries.notASeries);
        const row = await deps.following.move(
          booking,
          event.event,
          { date: body.bookingDate, time: body.bookingTime },
          {
            by: 'customer',
            timeZone: event.timeZone,
            owner: false,
            rules: { hasClosures: event.hasClosures, limits: event },
          },
        );
        return answer(row, event);
      }
      if (visit && deps.visits) {
        await deps.visits.reschedule(booking, body, at);
        const after = await managed(token);
        return answer(after.booking, after.event, after.visit);
      }
      // A person the customer chose stays theirs; otherwise the booking keeps its agenda if it is free.
      const candidates = agendaCandidates(event.event, null, {
        agendaId: booking.agendaId,
        chosen: booking.agendaChosen,
      });
      const { startsAt, endsAt, agendaIds, extraGroups } = await checkSlot(
        db,
        {
          event: event.event,
          timeZone: event.timeZone,
          hasClosures: event.hasClosures,
          date: body.bookingDate,
          time: body.bookingTime,
          agendaIds: candidates,
          extraGroups: extraCandidates(event.event, booking.extraAgendaIds),
          limits: event,
        },
        at,
      );
      const claim = {
        startsAt,
        endsAt,
        // The booking keeps the buffers it was made with, whatever the rules say now.
        buffers: bookingBuffers(booking),
        agendaIds,
        extraGroups,
        exceptId: booking.id,
        dayLimit: dayLimitOf(event.event, body.bookingDate),
        classOf: classClaimOf(event.event, booking.seats),
      };
      const row = await takeSlot(db, claim, at, async (tx, agendaId, extraAgendaIds) => {
        const before = await bookingsRepo.lockSlot(tx, booking.id);
        const moved = await bookingsRepo.update(
          tx,
          booking.id,
          {
            bookingDate: body.bookingDate,
            bookingTime: body.bookingTime,
            startsAt,
            endsAt,
            agendaId,
            extraAgendaIds,
            // Still the customer's own choice only if they kept that agenda (it may have left the service).
            agendaChosen: booking.agendaChosen && agendaId === booking.agendaId,
          },
          at,
        );
        await deps.notifier.rescheduled(tx, moved, 'customer', before);
        return moved;
      });
      return answer(row, event);
    },

    async cancel(token: string, scope: SeriesScope = 'this'): Promise<ManagedBooking> {
      const { booking, event, visit } = await managed(token);
      if (booking.status === 'cancelled') throw new AppError('CONFLICT', b.cancelledCannotChange);
      const at = now();
      if (booking.startsAt.getTime() <= at.getTime()) throw new AppError('CONFLICT', b.pastCannotChange);
      const deadlines = deadlinesOf(booking, event.event);
      if (!onlineChanges(deadlines, at).cancel)
        throw cutoffPassed(b.cancelCutoffPassed, deadlines.cancel!, event.timeZone);
      const owner = await usersRepo.findById(db, event.event.userId);
      const autoRefund = owner?.autoRefund ?? false;
      if (scope === 'following') {
        if (!booking.seriesId || !deps.following) throw badRequest(nlPublicSeries.publicSeries.notASeries);
        // A paid series (docs/PRODUCT.md#series): each occurrence cancelled in time gives back its
        // own share, once (marked in the cancel, asked after its commit).
        const { booking: row, refunding } = await deps.following.cancelAll(booking, {
          by: 'customer',
          refunds: (o) => Boolean(deps.refunds) && refundsOnCancel(o, event.event, autoRefund, at),
        });
        let settled = row;
        for (const r of refunding) {
          const done = await deps.refunds!.refund(r.id, byCustomer);
          if (done && r.id === row.id) settled = done;
        }
        return answer(settled, event);
      }
      const refund = Boolean(deps.refunds) && refundsOnCancel(booking, event.event, autoRefund, at);
      if (visit && deps.visits) {
        // A paid visit's payment is its first segment's, whose token this is.
        await deps.visits.cancel(booking, at, { refund });
        if (refund) await deps.refunds!.refund(booking.id, byCustomer);
        const after = await managed(token);
        return answer(after.booking, after.event, after.visit);
      }
      const row = await db.transaction(async (tx) => {
        // Conditional: of two cancels at once only one commits, so a refund is asked once.
        const cancelled = await bookingsRepo.cancelLive(
          tx,
          booking.id,
          at,
          refund ? { refundStatus: 'pending', refundError: null } : {},
        );
        if (!cancelled) throw new AppError('CONFLICT', b.cancelledCannotChange);
        // Releasing an unpaid payment hold (a declined card) is not a cancelled appointment.
        if (booking.status === 'confirmed') await deps.notifier.cancelled(tx, cancelled, 'customer');
        return cancelled;
      });
      // After the commit; a failure stays on the booking for the owner and the job retries it.
      const settled = refund ? ((await deps.refunds!.refund(row.id, byCustomer)) ?? row) : row;
      return answer(settled, event);
    },
  };
}
export type PublicBookingService = ReturnType<typeof createPublicBookingService>;
