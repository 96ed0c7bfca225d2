import { nl } from '@contracts/messages';
import {
  agendaOrder,
  blockedRange,
  formatShortDutchDate,
  isDayFull,
  isExistingWallTime,
  isValidDate,
  ownerBookingWarnings,
  dayVerdicts,
  groupIndexes,
  parseTime,
  slotAgendas,
  slotInterval,
  zonedTimeToUtc,
  type ClassSession,
  type SlotRefusal,
  type TakenInterval,
} from '@core/index';
import { isClassFull, PG_EXCLUSION_VIOLATION, pgErrorCode, type Db } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import { agendaLimits, type AgendaWeek } from '../agendas/agenda-limits';
import { closuresRepo } from '../closures/closures.repo';
import { googleRepo } from '../google/google.repo';
import { bookingsRepo, type Except } from './bookings.repo';

const b = nl.booking;

/** The Dutch refusal of a booking rule (docs/PRODUCT.md#booking-rules), with the field it concerns. */
export function refusalError(refusal: SlotRefusal, event: Pick<EventRow, 'minimumNoticeMinutes'>): AppError {
  switch (refusal.rule) {
    case 'notOffered':
      return badRequest(b.slotUnavailable, { bookingTime: b.slotUnavailable });
    case 'past':
      return badRequest(b.slotPast, { bookingTime: b.slotPast });
    case 'notice': {
      const message = noticeMessage(event.minimumNoticeMinutes);
      return badRequest(message, { bookingTime: message });
    }
    case 'horizon': {
      const message = b.horizon.replace('{date}', formatShortDutchDate(refusal.lastDate));
      return badRequest(message, { bookingDate: message });
    }
    case 'closed': {
      const message = b.closed.replace('{label}', refusal.label);
      return badRequest(message, { bookingDate: message });
    }
    case 'agendaOff':
      return badRequest(b.agendaOff, { bookingDate: b.agendaOff });
    case 'dayFull':
      return new AppError('SLOT_TAKEN', b.dayFull);
    case 'taken':
      return new AppError('SLOT_TAKEN', b.slotTaken);
  }
}

/** 'Boeken kan tot 2 uur van tevoren.': in days, hours or minutes, whichever is whole. */
function noticeMessage(minutes: number): string {
  if (minutes === 1440) return b.noticeOneDay;
  if (minutes === 1) return b.noticeOneMinute;
  if (minutes % 1440 === 0) return b.noticeDays.replace('{n}', String(minutes / 1440));
  if (minutes % 60 === 0) return b.noticeHours.replace('{n}', String(minutes / 60));
  return b.noticeMinutes.replace('{n}', String(minutes));
}

/**
 * A time the clock skips in spring (02:30 on the last Sunday of March in Amsterdam) does not exist:
 * stored, it would become another hour than the one the customer, the e-mails and the pages show.
 */
export function refuseSkippedTime(date: string, time: string, timeZone: string) {
  if (parseTime(time) !== null && !isExistingWallTime(date, time, timeZone))
    throw badRequest(b.slotSkipped, { bookingTime: b.slotSkipped });
}

export interface SlotRequest {
  event: EventRow;
  timeZone: string;
  date: string;
  time: string;
  /** The agendas the booking may use (agendaCandidates); those closed that day drop out. */
  agendaIds: readonly string[];
  /** The candidates of each of the service's further groups (extraCandidates): one of each too. */
  extraGroups?: ReadonlyArray<readonly string[]>;
  /**
   * The agendas' own weeks and whether the owner has absences (the public event read): a customer's
   * booking must lie within them. Left out: no own limits are read.
   */
  limits?: { agendaWeeks: readonly AgendaWeek[]; hasAbsences: boolean };
  /** The owner's own move: notice, horizon, closures and the daily limit are theirs to overrule. */
  owner?: boolean;
  /** False when the owner has no closure at all (eventsRepo.findPublic): none to read. */
  hasClosures?: boolean;
}

/**
 * A booking the owner writes down: any valid date and time, in the past too; what a customer would be
 * refused by comes back as warnings (core ownerBookingWarnings), only an overlap refuses (takeSlot).
 */
export async function checkManualSlot(db: Db, req: Omit<SlotRequest, 'owner'>, now: Date) {
  const { event, timeZone, date, time, agendaIds } = req;
  if (!isValidDate(date)) throw badRequest(b.invalidDate, { bookingDate: b.invalidDate });
  refuseSkippedTime(date, time, timeZone);
  const [closures, dayCount] = await Promise.all([
    closuresRepo.overlapping(db, event.userId, date, date),
    bookingsRepo.liveOnEventDate(db, event.id, date, now),
  ]);
  const warnings = ownerBookingWarnings({ event, timeZone, closures, agendaIds, dayCount, now }, date, time);
  const interval = slotInterval(date, time, event.durationMinutes, timeZone);
  return { startsAt: new Date(interval.start), endsAt: new Date(interval.end), warnings };
}

/**
 * Every rule the wizard applies to a slot, re-checked on the server with the same core function
 * (slotRefusal): bookable date and grid, pauses, the day's hours, the past, minimum notice, horizon
 * and closures. What only the database can decide under concurrency (overlaps with buffers, the
 * daily limit) is takeSlot's. Returns the interval to store and the agendas open that day.
 */
export async function checkSlot(db: Db, req: SlotRequest, now: Date) {
  const { event, timeZone, date, time, agendaIds, owner, hasClosures = true } = req;
  if (!isValidDate(date)) throw badRequest(b.invalidDate, { bookingDate: b.invalidDate });
  refuseSkippedTime(date, time, timeZone);
  const extra = req.extraGroups ?? [];
  const all = [...agendaIds, ...extra.flat()];
  const [closures, agendaHours] = await Promise.all([
    owner || !hasClosures ? [] : closuresRepo.overlapping(db, event.userId, date, date),
    owner || !req.limits ? undefined : agendaLimits(db, req.limits, all, date, date),
  ]);
  const input = {
    event,
    timeZone,
    taken: [],
    // Nothing occupies them here (that is takeSlot's, under concurrency): this asks which agendas are
    // open that day and work at that time.
    agendaTaken: all.map(() => []),
    agendaIds: all,
    agendaGroups: groupIndexes([agendaIds, ...extra]),
    agendaHours,
    closures,
    now,
    owner,
  };
  const verdict = slotAgendas(input, date, time);
  if (!Array.isArray(verdict)) throw refusalError(verdict, event);
  const interval = slotInterval(date, time, event.durationMinutes, timeZone);
  const [open = [], ...openExtra] = verdict.map((group) => group.map((i) => all[i]!));
  return {
    startsAt: new Date(interval.start),
    endsAt: new Date(interval.end),
    agendaIds: open,
    extraGroups: openExtra,
  };
}

/** The buffers a new booking of `event` is written with (and keeps when the rules change later). */
export const bookingBuffers = (event: Pick<EventRow, 'bufferBeforeMinutes' | 'bufferAfterMinutes'>) => ({
  bufferBeforeMinutes: event.bufferBeforeMinutes,
  bufferAfterMinutes: event.bufferAfterMinutes,
});

/** The daily limit a customer's booking on `date` must respect, if the service has one. */
export const dayLimitOf = (event: Pick<EventRow, 'id' | 'maxBookingsPerDay'>, date: string) =>
  event.maxBookingsPerDay == null ? undefined : { eventId: event.id, date, max: event.maxBookingsPerDay };

/**
 * PostgreSQL's deadlock_detected. Two bookings whose blocked ranges overlap, inserted at once, can
 * each wait for the other's row in the exclusion constraint; PostgreSQL then aborts one of them. That
 * one lost the race like an exclusion violation (booking-rules-races.api.test.ts).
 */
const PG_DEADLOCK = '40P01';

/** Whether a write lost its slot to another booking (buffers included) under the exclusion constraint. */
const lostSlot = (err: unknown) => {
  const code = pgErrorCode(err);
  return code === PG_EXCLUSION_VIOLATION || code === PG_DEADLOCK;
};

/** Whether a write lost its slot or, for a class, its places (class_sessions_seats_left) to another booking. */
const lostPlace = (err: unknown) => lostSlot(err) || isClassFull(err);

/**
 * The exclusion constraint decides races: whoever commits second gets this 409. A class's counter
 * decides its places (docs/PRODUCT.md#classes): the write past the last place gets the same 409,
 * saying the class is full.
 */
export async function guardOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (lostSlot(err)) throw new AppError('SLOT_TAKEN', b.slotTaken);
    if (isClassFull(err)) throw new AppError('SLOT_TAKEN', b.classFull);
    throw err;
  }
}

/**
 * What a claim of a class service's booking needs (docs/PRODUCT.md#classes): the service, its
 * places per time and the places the booking takes. Left out (a service of one seat): no class.
 */
export type ClassClaim = { eventId: string; capacity: number; seats: number };

/** The class part of a claim for a booking of `event` taking `seats` places; undefined for one seat. */
export const classClaimOf = (event: Pick<EventRow, 'id' | 'seats'>, seats = 1): ClassClaim | undefined =>
  event.seats > 1 ? { eventId: event.id, capacity: event.seats, seats } : undefined;

export interface SlotClaim {
  startsAt: Date;
  endsAt: Date;
  /** The buffers the booking is written with: it blocks [start − before, end + after) of its agenda. */
  buffers: { bufferBeforeMinutes: number; bufferAfterMinutes: number };
  /** A customer's booking of a service with a daily limit: its date may not be full. */
  dayLimit?: { eventId: string; date: string; max: number };
  /** The agendas the booking may occupy, in order of preference (one: the customer's choice). */
  agendaIds: readonly string[];
  /** Per further group of the service (a room), the agendas of which it occupies one as well. */
  extraGroups?: ReadonlyArray<readonly string[]>;
  /**
   * A booking of a class (classClaimOf): its own class's bookings at its start do not occupy the
   * agenda, and the places left must hold its seats.
   */
  classOf?: ClassClaim;
  /**
   * "Geen voorkeur" for a new booking: try the least loaded agenda first (core agendaOrder); for a
   * class, an agenda whose class at that time has places sold first (a class fills before a second
   * opens).
   */
  spread?: { date: string };
  /** The booking being written, which must not release or block itself. */
  exceptId?: Except;
  /** False when the owner has no Google Calendar connection (eventsRepo.findPublic): no busy times to read. */
  googleConnected?: boolean;
  /** False when the owner has no payment hold at all (eventsRepo.findPublic): no expired one to release. */
  hasHolds?: boolean;
}

/**
 * The agendas a booking of `event` may occupy: the one the customer asked for (it must be one of the
 * service's), or all of the service's. `keep` (a booking being moved) goes first; when the customer
 * had chosen it, it is the only one.
 */
export function agendaCandidates(
  event: Pick<EventRow, 'agendaIds'>,
  requested?: string | null,
  keep?: { agendaId: string; chosen: boolean },
): string[] {
  if (requested) {
    if (!event.agendaIds.includes(requested))
      throw badRequest(nl.booking.agendaNotOffered, { agendaId: nl.booking.agendaNotOffered });
    return [requested];
  }
  if (!keep || !event.agendaIds.includes(keep.agendaId)) return [...event.agendaIds];
  if (keep.chosen) return [keep.agendaId];
  return [keep.agendaId, ...event.agendaIds.filter((id) => id !== keep.agendaId)];
}

/**
 * The candidates of each further group of `event` (a room beside the person), in order of
 * preference: the agenda the booking being moved occupies there first.
 */
export function extraCandidates(
  event: Pick<EventRow, 'extraAgendaGroups'>,
  keep: readonly string[] = [],
): string[][] {
  return event.extraAgendaGroups.map((group) => {
    const kept = keep.find((id) => group.includes(id));
    return kept ? [kept, ...group.filter((id) => id !== kept)] : [...group];
  });
}

/** The agendas a write got: the first group's, and one of each further group. */
export type Place = { agendaId: string; extraAgendaIds: string[] };
type PlaceWrite<T> = (tx: Db, agendaId: string, extraAgendaIds: string[]) => Promise<T>;

/**
 * Runs a write that takes a slot in one of the claim's agendas and hands it the agenda it got. In one
 * transaction: expired payment holds overlapping the blocked range (the slot with its buffers) are
 * released (an abandoned checkout never blocks it), a full day is refused under a lock of the
 * service's date, agendas busy with a live booking of any service or a Google busy time are skipped, and
 * the free ones are tried in turn, each in a savepoint. The exclusion constraint decides races: a
 * write that lost its agenda to a parallel booking tries the next, so two parallel "Geen voorkeur"
 * bookings of one slot end up in two agendas, and a third gets the 409.
 *
 * `oneStatement`: the write is one statement, atomic on its own. With one agenda, no busy times, no
 * holds and no daily limit there is nothing to release, lock, read or choose, and the write itself is
 * the check (the exclusion constraint refuses an overlap with a live booking), so it runs without a
 * transaction: BEGIN and COMMIT are two round trips of a booking's four (issue 21, B5).
 */
export function takeSlot<T>(
  db: Db,
  claim: SlotClaim,
  now: Date,
  write: PlaceWrite<T>,
  { oneStatement = false }: { oneStatement?: boolean } = {},
): Promise<T> {
  const alone = claim.agendaIds.length === 1 && claim.googleConnected === false && !claim.extraGroups?.length;
  if (oneStatement && alone && claim.hasHolds === false && !claim.dayLimit)
    return guardOverlap(() => write(db, claim.agendaIds[0]!, []));
  return guardOverlap(() => db.transaction((tx) => claimIn(tx, claim, now, write)));
}

/**
 * takeSlot's work inside a transaction the caller holds: a visit claims each of its segments in one
 * transaction, so it is stored whole or not at all.
 */
export async function claimIn<T>(tx: Db, claim: SlotClaim, now: Date, write: PlaceWrite<T>): Promise<T> {
  const { agendaIds, exceptId, dayLimit } = claim;
  const extra = claim.extraGroups ?? [];
  const range = blockedRange(claim.startsAt.getTime(), claim.endsAt.getTime(), claim.buffers);
  const [from, to] = [new Date(range.start), new Date(range.end)];
  const all = [...agendaIds, ...extra.flat()];
  if (!agendaIds.length || extra.some((g) => !g.length)) throw new AppError('SLOT_TAKEN', b.slotTaken);
  // A hold expires minutes after it was taken: none existed when the event was read, so none has expired.
  if (claim.hasHolds !== false) await bookingsRepo.releaseExpiredHolds(tx, all, from, to, now, exceptId);
  if (dayLimit) {
    // One lock per service and date, held to the commit, makes count-then-insert safe across
    // connections and instances; without a limit nothing is locked.
    await bookingsRepo.lockEventDay(tx, dayLimit.eventId, dayLimit.date);
    const live = await bookingsRepo.liveOnEventDate(tx, dayLimit.eventId, dayLimit.date, now, exceptId);
    if (isDayFull(live, dayLimit.max)) throw new AppError('SLOT_TAKEN', b.dayFull);
  }
  // One agenda and no busy times: nothing to choose between, so the write itself is the check (the
  // exclusion constraint refuses an overlap with a live booking, as the read below would).
  if (all.length === 1 && claim.googleConnected === false) return write(tx, agendaIds[0]!, []);
  const cls = claim.classOf;
  /** Per agenda of the first group, the places its class at this start has sold (class claims only). */
  let sold = new Map<string, number>();
  /** Some agenda was refused only for want of places: the answer is that the class is full. */
  let full = false;
  const freeOf = async (ids: readonly string[]) => {
    const read = await agendasFree(tx, claim, ids, from, to, now);
    sold = read.sold;
    full ||= read.full;
    return read.isFree;
  };
  const spread = async (free: string[]) => {
    const ordered =
      claim.spread && free.length > 1
        ? agendaOrder(free, await bookingsRepo.loadOnDate(tx, free, claim.spread.date, now))
        : free;
    // A class fills before a second one opens: agendas whose class here has places sold go first.
    return cls && claim.spread
      ? [...ordered.filter((id) => sold.get(id)), ...ordered.filter((id) => !sold.get(id))]
      : ordered;
  };
  const noPlace = () => new AppError('SLOT_TAKEN', full ? b.classFull : b.slotTaken);
  if (!extra.length) {
    const isFree = await freeOf(agendaIds);
    const free = await spread(agendaIds.filter(isFree));
    if (!free.length) throw noPlace();
    if (free.length === 1) return write(tx, free[0]!, []);
    for (const [i, agendaId] of free.entries()) {
      try {
        return await tx.transaction((savepoint) => write(savepoint as Db, agendaId, []));
      } catch (err) {
        if (i === free.length - 1 || !lostPlace(err)) throw err;
      }
    }
    throw new AppError('SLOT_TAKEN', b.slotTaken);
  }
  // One agenda of every group. A write that lost one of them to a parallel booking reads again and
  // tries the agendas still free: each round one fewer candidate at least, so it ends.
  for (let round = 0; round <= all.length; round++) {
    const isFree = await freeOf(all);
    const groups = await Promise.all([agendaIds, ...extra].map((g) => spread(g.filter(isFree))));
    if (groups.some((g) => !g.length)) break;
    const [agendaId, ...extraAgendaIds] = groups.map((g) => g[0]!);
    try {
      return await tx.transaction((savepoint) => write(savepoint as Db, agendaId!, extraAgendaIds));
    } catch (err) {
      if (!lostPlace(err)) throw err;
    }
  }
  throw noPlace();
}

/**
 * Which of `ids` are free for the claim in its blocked range [from, to): no live booking of any
 * service (for a class, only its own class at the claim's start, with the places it needs left) and
 * no Google busy time. `sold`: per agenda, the places its class at that start has sold; `full`: some
 * agenda was refused only for want of places.
 */
async function agendasFree(
  tx: Db,
  claim: SlotClaim,
  ids: readonly string[],
  from: Date,
  to: Date,
  now: Date,
) {
  const { exceptId, agendaIds } = claim;
  const cls = claim.classOf;
  const start = claim.startsAt.getTime();
  let sold = new Map<string, number>();
  let full = false;
  let taken: Map<string, TakenInterval[]>;
  let isOwn = (_t: TakenInterval) => false;
  if (cls) {
    const read = await bookingsRepo.classTakenByAgenda(tx, ids, from, to, now, cls.eventId, exceptId);
    taken = read.taken;
    const own = read.sessions.filter((s) => s.startsAt === start);
    const ownIds = new Set(own.map((s) => s.id));
    sold = new Map(own.map((s) => [s.agendaId, s.seatsTaken]));
    isOwn = (t) => t.session !== undefined && ownIds.has(t.session);
  } else taken = await bookingsRepo.takenByAgenda(tx, ids, from, to, now, exceptId);
  // busyForAgendas reads busy times of connected owners only: without a connection there are none.
  const busy =
    claim.googleConnected === false ? undefined : await googleRepo.busyForAgendas(tx, ids, from, to);
  const verdicts = new Map(
    ids.map((id) => {
      if (busy?.get(id)?.length) return [id, false];
      const list = taken.get(id) ?? [];
      if (!cls) return [id, !list.length];
      if (!list.every(isOwn)) return [id, false];
      if (agendaIds.includes(id) && cls.capacity - (sold.get(id) ?? 0) < cls.seats) {
        full = true;
        return [id, false];
      }
      return [id, true];
    }),
  );
  return { isFree: (id: string) => verdicts.get(id) === true, sold, full };
}

/**
 * Whether a claim would find its agendas free now (one of the first group and one of each further
 * group), read without writing: what takeSlot would decide, for a series' check of every date before
 * any is booked (docs/PRODUCT.md#series). A race after the read is still takeSlot's to refuse.
 */
export async function claimIsFree(db: Db, claim: SlotClaim, now: Date): Promise<boolean> {
  const range = blockedRange(claim.startsAt.getTime(), claim.endsAt.getTime(), claim.buffers);
  const extra = claim.extraGroups ?? [];
  const all = [...claim.agendaIds, ...extra.flat()];
  if (!claim.agendaIds.length || extra.some((g) => !g.length)) return false;
  const { isFree } = await agendasFree(db, claim, all, new Date(range.start), new Date(range.end), now);
  return [claim.agendaIds, ...extra].every((g) => g.some(isFree));
}

/**
 * What occupies each agenda in [from, to): the blocked ranges of live bookings of every service in
 * it and its Google busy times, one list per agenda in the order asked (core's `agendaTaken`).
 */
export async function agendaOccupancy(
  db: Db,
  agendaIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
  { googleConnected, exceptId }: { googleConnected: boolean; exceptId?: Except },
) {
  const taken = await bookingsRepo.takenByAgenda(db, agendaIds, from, to, now, exceptId);
  // The read hot path skips the busy-time query for owners without Calendar (most of them).
  const busy = googleConnected ? await googleRepo.busyForAgendas(db, agendaIds, from, to) : undefined;
  return agendaIds.map((id) => [...taken.get(id)!, ...(busy?.get(id) ?? [])]);
}

/**
 * agendaOccupancy as core's input for a booking of `event`: for a class service (docs/PRODUCT.md#classes)
 * the occupations tagged with their class and the service's classes in the agendas with the places
 * they sold (`classSessions`, indexes into `agendaIds`); for any other, agendaOccupancy's alone.
 */
export async function occupancyOf(
  db: Db,
  event: Pick<EventRow, 'id' | 'seats'>,
  agendaIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
  opts: { googleConnected: boolean; exceptId?: Except },
): Promise<{ agendaTaken: TakenInterval[][]; classSessions?: ClassSession[] }> {
  if (event.seats <= 1) return { agendaTaken: await agendaOccupancy(db, agendaIds, from, to, now, opts) };
  const [{ taken, sessions }, busy] = await Promise.all([
    bookingsRepo.classTakenByAgenda(db, agendaIds, from, to, now, event.id, opts.exceptId),
    opts.googleConnected ? googleRepo.busyForAgendas(db, agendaIds, from, to) : undefined,
  ]);
  const index = new Map<string, number>();
  agendaIds.forEach((id, i) => index.has(id) || index.set(id, i));
  return {
    agendaTaken: agendaIds.map((id) => [...taken.get(id)!, ...(busy?.get(id) ?? [])]),
    classSessions: sessions
      .filter((s) => index.has(s.agendaId))
      .map((s) => ({
        id: s.id,
        agenda: index.get(s.agendaId)!,
        start: s.startsAt,
        seatsTaken: s.seatsTaken,
      })),
  };
}

/**
 * The owner's grid of `date` (core dayVerdicts with `owner`): the times that have not started, busy
 * when every agenda the booking may use is taken there with `buffers` (a move keeps its own, a new
 * booking has the service's). Notice, horizon, closures and the daily limit do not bind the owner.
 */
export async function ownerDaySlots(
  db: Db,
  req: {
    event: EventRow;
    timeZone: string;
    date: string;
    agendaIds: readonly string[];
    /** The candidates of the service's further groups (a room): one of each must be free too. */
    extraGroups?: ReadonlyArray<readonly string[]>;
    buffers: { bufferBeforeMinutes: number; bufferAfterMinutes: number };
    googleConnected: boolean;
    exceptId?: Except;
    /** The places the booking takes (a class: docs/PRODUCT.md#classes); left out, one. */
    seats?: number;
  },
  now: Date,
) {
  const { event, timeZone, date } = req;
  const extra = req.extraGroups ?? [];
  const agendaIds = [...req.agendaIds, ...extra.flat()];
  // The day with a day either side: buffers reach past midnight.
  const day = zonedTimeToUtc(date, '00:00', timeZone).getTime();
  const [from, to] = [new Date(day - 86_400_000), new Date(day + 2 * 86_400_000)];
  const occupied = await occupancyOf(db, event, agendaIds, from, to, now, {
    googleConnected: req.googleConnected,
    exceptId: req.exceptId,
  });
  const input = {
    event,
    ownBuffers: req.buffers,
    timeZone,
    taken: [],
    ...occupied,
    seats: req.seats,
    agendaIds,
    agendaGroups: groupIndexes([req.agendaIds, ...extra]),
    now,
    owner: true,
  };
  return dayVerdicts(input, date).map((v) => ({ time: v.time, busy: v.refusal !== null }));
}
