import type { CreateVisitBody, CreatedVisit } from '@contracts/public-visits';
import type { MonthAvailabilityDto } from '@contracts/public-booking';
import { nl as nlAll } from '@contracts/messages';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import {
  addDays,
  centsToAmount,
  daysInMonth,
  formatTime,
  keepFieldAnswers,
  todayInZone,
  visitFields,
  visitMonthAvailability,
  visitPlaces,
  zonedTimeToUtc,
  type AvailabilityInput,
  type SegmentPlace,
} from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import { bookingsRepo, type Except } from '../bookings/bookings.repo';
import { issueManagementToken } from '../bookings/management-token';
import {
  bookingBuffers,
  claimIn,
  dayLimitOf,
  guardOverlap,
  refusalError,
  refuseSkippedTime,
  type SlotClaim,
} from '../bookings/slot-rules';
import type { BookingNotifier, NewBooking } from '../notifications/booking-notifier';
import { paymentKeysStatus } from '../payments/payment-keys';
import { segmentInput, withNeighbours } from '../public/availability-input';
import { checkedCustomer, managementUrl, refuseUnwelcome } from '../public/booking-draft';
import { toVisitSegments, toVisitTotals } from './visit-segments';
import { visitAmounts, type VisitAmounts } from './visit-amounts';
import { visitServices, type VisitServiceRow } from './visit-services';

const b = nl.booking;
const MINUTE_MS = 60_000;

/**
 * The first and last date of `month` ('yyyy-MM'), checked before any date arithmetic: the reads look
 * a day past either end, so the months at the ends of the calendar are a Dutch 400, not a 5xx.
 */
export function monthDates(month: string): { first: string; last: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  if (!withNeighbours(first)) throw badRequest(b.invalidMonth);
  const next = addDays(first, daysInMonth(year, mon));
  if (!withNeighbours(next)) throw badRequest(b.invalidMonth);
  return { first, last: addDays(next, -1) };
}

/** Core's input for every segment of the visit on the dates [from, to], the visit's own segments not blocking. */
export function visitInputs(
  db: Db,
  services: readonly VisitServiceRow[],
  from: string,
  to: string,
  at: Date,
  except?: Except,
): Promise<AvailabilityInput[]> {
  return Promise.all(services.map((s) => segmentInput(db, s.found, from, to, s.agendaIds, at, except)));
}

/**
 * Each segment's claim at its place (core visitPlaces): its interval, its buffers, the agendas of
 * each group that were free when read, and its service's daily limit.
 */
export function segmentClaims(
  services: readonly VisitServiceRow[],
  inputs: readonly AvailabilityInput[],
  places: readonly SegmentPlace[],
  date: string,
  except?: Except,
): Array<SlotClaim & { time: string }> {
  return places.map((place, k) => {
    const { found, chosen } = services[k]!;
    const ids = inputs[k]!.agendaIds ?? [];
    const [agendaIds = [], ...extraGroups] = place.free.map((g) => g.map((i) => ids[i]!));
    const time = formatTime(place.minutes);
    const startsAt = zonedTimeToUtc(date, time, found.timeZone);
    return {
      time,
      startsAt,
      endsAt: new Date(startsAt.getTime() + found.event.durationMinutes * MINUTE_MS),
      buffers: bookingBuffers(found.event),
      agendaIds,
      extraGroups,
      spread: chosen ? undefined : { date },
      dayLimit: dayLimitOf(found.event, date),
      googleConnected: found.googleConnected,
      hasHolds: found.hasHolds,
      exceptId: except,
    };
  });
}

/** Where each segment lands when the visit starts at `time` on `date`, or the Dutch refusal. */
export async function placeVisit(
  db: Db,
  services: readonly VisitServiceRow[],
  date: string,
  time: string,
  at: Date,
  except?: Except,
) {
  const first = services[0]!.found;
  // The reads look a day past the date: the calendar's last day (9999-12-31) is a Dutch 400.
  if (!withNeighbours(date)) throw badRequest(b.invalidDate, { date: b.invalidDate });
  refuseSkippedTime(date, time, first.timeZone);
  const inputs = await visitInputs(db, services, date, date, at, except);
  const places = visitPlaces(inputs, date, time);
  if (!Array.isArray(places)) throw refusalError(places, first.event);
  return segmentClaims(services, inputs, places, date, except);
}

/**
 * What a cached answer is computed as (public/availability-cache.ts, its `Computed`): restated here,
 * since the public module's service band imports this module.
 */
interface Computed<T> {
  ownerId: string;
  value: T;
  expiresAt: number;
}
/** The part of the public availability cache a visit's month uses. */
export interface JsonCache {
  json<T>(key: string, eventId: string, now: number, compute: () => Promise<Computed<T>>): Promise<string>;
}

/** A visit checked and placed, not yet written. */
export interface VisitDraft {
  body: CreateVisitBody;
  services: VisitServiceRow[];
  customer: Awaited<ReturnType<typeof checkedCustomer>>;
  claims: Array<SlotClaim & { time: string }>;
  amounts: VisitAmounts;
  at: Date;
}
/** A visit written: its id (the first segment's), the manage token shown this once, its rows in order. */
export interface WrittenVisit {
  visitId: string;
  token: string;
  rows: BookingRow[];
}

export interface VisitBookingDeps {
  /** The public availability cache (services.ts gives one per app); none computes every time. */
  availabilityCache?: JsonCache;
  appUrl: string;
  box: SecretBox;
  notifier: BookingNotifier;
  now: () => Date;
}

/** Without a cache: every answer computed. */
const uncached: JsonCache = {
  json: async (_key, _eventId, _now, compute) => JSON.stringify((await compute()).value),
};

export function createVisitBooking(db: Db, deps: VisitBookingDeps) {
  const cached = deps.availabilityCache ?? uncached;

  async function monthNow(query: {
    services: string[];
    month: string;
    agendaId?: string | null;
  }): Promise<Computed<MonthAvailabilityDto>> {
    const services = await visitServices(
      db,
      query.services.map((eventId) => ({ eventId })),
      query.agendaId,
    );
    const { first, last } = monthDates(query.month);
    const at = deps.now();
    const inputs = await visitInputs(db, services, first, last, at);
    const { timeZone, event } = services[0]!.found;
    // Until the first of the owner's payment holds runs out, as for one service's month.
    const holdEnds = await bookingsRepo.nextHoldExpiry(db, event.userId, at);
    return {
      ownerId: event.userId,
      expiresAt: holdEnds?.getTime() ?? Infinity,
      value: {
        month: query.month,
        today: todayInZone(at, timeZone),
        timeZone,
        days: visitMonthAvailability(query.month, inputs),
      },
    };
  }

  async function draft(body: CreateVisitBody): Promise<VisitDraft> {
    const services = await visitServices(db, body.services, body.agendaId);
    const first = services[0]!.found;
    const fields = visitFields(services.map((s) => s.found.fields));
    const customer = await checkedCustomer(
      db,
      first.event.id,
      {
        eventId: first.event.id,
        customerName: body.customerName,
        customerEmail: body.customerEmail,
        customerPhone: body.customerPhone,
        bookingDate: body.date,
        bookingTime: body.time,
        customFieldResponses: body.answers,
      },
      fields,
    );
    await refuseUnwelcome(db, first.event.userId, customer, {
      policy: services.some((s) => Boolean(s.found.event.policyText)),
      accepted: body.acceptedPolicy,
    });
    const at = deps.now();
    const claims = await placeVisit(db, services, body.date, body.time, at);
    const events = services.map((s) => s.found.event);
    const amounts = await visitAmounts(db, events, customer.customerEmail, at);
    return { body, services, customer, claims, amounts, at };
  }

  /**
   * Every segment in one transaction. Confirmed, each with its change (the first one's messages
   * tell the visit); held, each pending until `holdExpiresAt` with no message yet: the payment's
   * confirmation plans them (paid-settlement.ts).
   */
  async function write(d: VisitDraft, hold: { holdExpiresAt: Date } | null): Promise<WrittenVisit> {
    const { services, customer, claims, amounts, at, body } = d;
    const visitId = crypto.randomUUID();
    const { token, ...sealed } = issueManagementToken(deps.box);
    const rows = await guardOverlap(() =>
      db.transaction(async (tx) => {
        const written: BookingRow[] = [];
        for (const [k, claim] of claims.entries()) {
          const { found, chosen } = services[k]!;
          written.push(
            await claimIn(tx, claim, at, async (savepoint, agendaId, extraAgendaIds) => {
              // Only the first segment's link is ever shown: the others' are sealed and forgotten.
              const { token: _unused, ...own } =
                k === 0 ? { token, ...sealed } : issueManagementToken(deps.box);
              const booking: NewBooking = {
                id: k === 0 ? visitId : crypto.randomUUID(),
                eventId: found.event.id,
                customerName: customer.customerName,
                customerEmail: customer.customerEmail,
                customerPhone: customer.customerPhone,
                customFieldResponses: keepFieldAnswers(found.fields, customer.customFieldResponses),
                bookingDate: body.date,
                bookingTime: claim.time,
                startsAt: claim.startsAt,
                endsAt: claim.endsAt,
                ...claim.buffers,
                ...own,
                agendaId,
                extraAgendaIds,
                agendaChosen: chosen,
                visitId,
                visitPosition: k,
                ...(hold
                  ? { status: 'pending', paymentStatus: 'pending', holdExpiresAt: hold.holdExpiresAt }
                  : { status: 'confirmed', paymentStatus: 'not_required' }),
                ...amounts.segments[k],
                createdAt: at,
                updatedAt: at,
              };
              if (hold) return bookingsRepo.insert(savepoint, booking);
              const change = await deps.notifier.createdChange(savepoint, booking, {
                context: found,
                laterSegment: k > 0,
              });
              return bookingsRepo.insertWithChange(savepoint, booking, change);
            }),
          );
        }
        return written;
      }),
    );
    return { visitId, token, rows };
  }

  async function visitAnswer(d: VisitDraft, { visitId, token, rows }: WrittenVisit): Promise<CreatedVisit> {
    const events = d.services.map((s) => s.found.event);
    return {
      visitId,
      managementToken: token,
      managementUrl: managementUrl(deps.appUrl, token),
      segments: await toVisitSegments(
        db,
        rows.map((booking, k) => ({ booking, event: events[k]! })),
      ),
      totals: { ...toVisitTotals(events), payNow: centsToAmount(d.amounts.payNowCents) },
    };
  }

  return {
    /**
     * GET /api/public/visits/availability: the combination's month, in the order asked, as JSON text.
     * Cached as a single service's month is (availability-cache.ts): every service of a visit is one
     * owner's, and any change to that owner's availability data voids the answer.
     */
    monthJson(query: { services: string[]; month: string; agendaId?: string | null }): Promise<string> {
      const key = `v|${query.services.join(',')}|${query.month}|${query.agendaId ?? ''}`;
      return cached.json(key, query.services[0]!, deps.now().getTime(), () => monthNow(query));
    },

    /** What a new visit asks, checked and placed, before anything is written (the paid path's too). */
    draft,
    /** Writes a drafted visit: confirmed as it is, or held while its payment is made. */
    write,
    /** The answer to a visit written. */
    answer: (d: VisitDraft, written: WrittenVisit) => visitAnswer(d, written),

    /**
     * POST /api/public/visits: every segment in one transaction, each taking one free agenda of each
     * of its groups; a segment that lost its place makes the whole visit a 409 and nothing is stored.
     * The first segment carries the manage link; its messages tell the whole visit. A visit this
     * customer pays for online now goes through its payment (POST /api/public/visits/payment-intent).
     */
    async create(body: CreateVisitBody): Promise<CreatedVisit> {
      const d = await draft(body);
      if (d.services.some((s) => s.found.event.requiresPayment)) {
        // As for one paid service: not bookable while the owner's payment keys do not work.
        if (paymentKeysStatus(d.services[0]!.found.paymentKeys, deps.box) !== 'ok')
          throw new AppError('PAYMENTS_UNAVAILABLE', nlAll.bookingUnavailable.title);
        if (d.amounts.payNowCents > 0) throw badRequest(b.paymentRequired);
      }
      return visitAnswer(d, await write(d, null));
    },
  };
}
export type VisitBooking = ReturnType<typeof createVisitBooking>;
