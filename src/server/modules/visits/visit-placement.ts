import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import {
  addDays,
  daysInMonth,
  formatTime,
  visitPlaces,
  zonedTimeToUtc,
  type AvailabilityInput,
  type SegmentPlace,
} from '@core/index';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/app-error';
import { type Except } from '../bookings/bookings.repo';
import {
  bookingBuffers,
  dayLimitOf,
  refusalError,
  refuseSkippedTime,
  type SlotClaim,
} from '../bookings/slot-rules';
import { segmentInput, withNeighbours } from '../public/availability-input';
import type { VisitServiceRow } from './visit-services';

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
