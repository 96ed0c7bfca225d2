import type { CreateVisitBody, CreatedVisit } from '@contracts/public-visits';
import type { MonthAvailabilityDto } from '@contracts/public-booking';
import { nl as nlAll } from '@contracts/messages';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { todayInZone, visitMonthAvailability } from '@core/index';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../http/app-error';
import { bookingsRepo } from '../bookings/bookings.repo';
import { paymentKeysStatus } from '../payments/payment-keys';
import { monthDates, visitInputs } from './visit-placement';
import { visitServices } from './visit-services';
import { draftVisit, visitAnswer, writeVisit, type VisitWriteDeps } from './visit-write';

const b = nl.booking;

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

export interface VisitBookingDeps extends VisitWriteDeps {
  /** The public availability cache (services.ts gives one per app); none computes every time. */
  availabilityCache?: JsonCache;
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

    /**
     * POST /api/public/visits: every segment in one transaction, each taking one free agenda of each
     * of its groups; a segment that lost its place makes the whole visit a 409 and nothing is stored.
     * The first segment carries the manage link; its messages tell the whole visit. A visit this
     * customer pays for online now goes through its payment (POST /api/public/visits/payment-intent).
     */
    async create(body: CreateVisitBody): Promise<CreatedVisit> {
      const d = await draftVisit(db, deps, body);
      if (d.services.some((s) => s.found.event.requiresPayment)) {
        // As for one paid service: not bookable while the owner's payment keys do not work.
        if (paymentKeysStatus(d.services[0]!.found.paymentKeys, deps.box) !== 'ok')
          throw new AppError('PAYMENTS_UNAVAILABLE', nlAll.bookingUnavailable.title);
        if (d.amounts.payNowCents > 0) throw badRequest(b.paymentRequired);
      }
      return visitAnswer(db, deps, d, await writeVisit(db, deps, d, null));
    },
  };
}
export type VisitBooking = ReturnType<typeof createVisitBooking>;
