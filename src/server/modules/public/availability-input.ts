import { addDays, groupIndexes, isValidDate, zonedTimeToUtc, type AvailabilityInput } from '@core/index';
import type { Db } from '../../db/client';
import { agendaLimits } from '../agendas/agenda-limits';
import { bookingsRepo, type Except } from '../bookings/bookings.repo';
import { extraCandidates, occupancyOf } from '../bookings/slot-rules';
import { closuresRepo } from '../closures/closures.repo';
import type { eventsRepo } from '../events/events.repo';

export type PublicEventRow = NonNullable<Awaited<ReturnType<typeof eventsRepo.findPublic>>>;

const DAY_MS = 86_400_000;

/**
 * A day whose neighbours exist too (years 0001–9999): segmentInput reads a day past either end of
 * what it is asked for, to cover the owner's time zone, and the calendar ends there.
 */
export const withNeighbours = (date: string) =>
  isValidDate(date) && isValidDate(addDays(date, -1)) && isValidDate(addDays(date, 1));

/**
 * What core's slot decision needs for a booking of `found`'s service on the dates [from, to]
 * (docs/PRODUCT.md#booking-rules): what occupies each agenda it may use, of its first group
 * (`agendaIds`, agendaCandidates) and of its further groups (a room), a day either side for the time
 * zone and buffers; those agendas' own weeks and absences; the owner's closures; and the service's live
 * bookings per date when it has a daily limit. A visit asks it once per segment.
 */
export async function segmentInput(
  db: Db,
  found: PublicEventRow,
  from: string,
  to: string,
  agendaIds: readonly string[],
  at: Date,
  /** The bookings being moved (a visit's segments), which do not block themselves. */
  except?: Except,
): Promise<AvailabilityInput> {
  const { event, timeZone, googleConnected, hasClosures } = found;
  const extra = extraCandidates(event);
  const all = [...agendaIds, ...extra.flat()];
  // A day either side: buffers (at most 3 hours) reach past midnight. In milliseconds, because the
  // calendar's last day (9999-12-31) has no day after it to name.
  const start = new Date(zonedTimeToUtc(from, '00:00', timeZone).getTime() - DAY_MS);
  const end = new Date(zonedTimeToUtc(addDays(to, 1), '00:00', timeZone).getTime() + DAY_MS);
  const [occupied, closures, dayCounts, agendaHours] = await Promise.all([
    occupancyOf(db, event, all, start, end, at, { googleConnected, exceptId: except }),
    hasClosures ? closuresRepo.overlapping(db, event.userId, from, to) : [],
    event.maxBookingsPerDay == null ? undefined : bookingsRepo.liveCountsByDate(db, event.id, from, to, at),
    agendaLimits(db, found, all, from, to),
  ]);
  return {
    event,
    timeZone,
    taken: [],
    ...occupied,
    agendaIds: all,
    agendaGroups: extra.length ? groupIndexes([agendaIds, ...extra]) : undefined,
    agendaHours,
    closures,
    dayCounts,
    now: at,
  };
}
