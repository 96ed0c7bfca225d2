/**
 * Which slots of an event are free, per day of a month, given the taken intervals. One pass over
 * sorted slots and sorted intervals, so a year with thousands of bookings stays cheap.
 */
import { agendaWindows, fitsWindows, type AgendaHours, type MinuteWindows } from './agenda-hours';
import { hasDateOverride, isDateAvailable, pauseIntervals, slotsForDay, workingDayOn } from './availability';
import { closureOn, horizonLastDate, isAgendaClosed, type BookingRules, type Closure } from './booking-rules';
import { compareDates, daysInMonth, isValidDate, parseTime, weekdayKeyOf } from './time';
import { DEFAULT_TIME_ZONE, skippedMinutes, todayInZone, zonedDayToUtc, zonedTimeToUtc } from './timezone';
import type { SchedulableEvent } from './types';

/**
 * A taken interval in epoch milliseconds, [start, end). `session`: the class (class_sessions) the
 * booking holds places of (docs/PRODUCT.md#classes); that class's own bookings do not occupy its time
 * for it, only take places.
 */
export type TakenInterval = { start: number; end: number; session?: string };
/** `seatsLeft`: a class service's places left at that time (0 when it is busy); other services have none. */
export type SlotState = { time: string; busy: boolean; seatsLeft?: number };

/**
 * A class time of the service being judged that has places sold (docs/PRODUCT.md#classes): in the
 * agenda `agenda` (an index into `agendaTaken`, of the first group), starting at `start` (epoch ms).
 */
export type ClassSession = { id: string; agenda: number; start: number; seatsTaken: number };
export type DayAvailability = { date: string; slots: SlotState[] };

const MINUTE = 60_000;

/** The absolute interval of a slot in the owner's time zone. */
export function slotInterval(
  date: string,
  time: string,
  durationMinutes: number,
  timeZone = DEFAULT_TIME_ZONE,
): TakenInterval {
  const start = zonedTimeToUtc(date, time, timeZone).getTime();
  return { start, end: start + durationMinutes * MINUTE };
}

/** A service with its booking rules; rules left out do nothing (docs/PRODUCT.md#booking-rules). */
export type RulesEvent = SchedulableEvent &
  Partial<
    Pick<
      BookingRules,
      | 'minimumNoticeMinutes'
      | 'bookingHorizonDays'
      | 'bufferBeforeMinutes'
      | 'bufferAfterMinutes'
      | 'maxBookingsPerDay'
    >
  > & {
    /** Places per time (docs/PRODUCT.md#classes): more than one makes it a class; left out, one. */
    seats?: number;
  };

export interface AvailabilityInput {
  event: RulesEvent;
  timeZone?: string;
  /** Intervals that block the slot whatever agenda would take it; any order. */
  taken: readonly TakenInterval[];
  /**
   * Per agenda the booking may use (docs/PRODUCT.md#agendas): what occupies it (the blocked ranges of
   * live bookings of any service, its Google busy times). A slot is busy when every agenda is; left
   * out, `taken` decides.
   */
  agendaTaken?: ReadonlyArray<readonly TakenInterval[]>;
  /** The ids of `agendaTaken`'s agendas, in the same order: their own closures close them. */
  agendaIds?: readonly string[];
  /**
   * Each agenda's own week and absences, in the order of `agendaIds` (docs/PRODUCT.md#agenda-hours):
   * an agenda is free only for a booking that lies within them. Left out or null: no own limits.
   * The owner's moves are not bound by them (ownerBookingWarnings warns instead).
   */
  agendaHours?: ReadonlyArray<AgendaHours | null | undefined>;
  /**
   * The groups the booking needs one free agenda of each (docs/PRODUCT.md#agenda-groups), as indexes
   * into `agendaIds`; left out: one group of them all.
   */
  agendaGroups?: ReadonlyArray<readonly number[]>;
  /** The owner's closed periods; an agenda's own close only that agenda. */
  closures?: readonly Closure[];
  /**
   * The service's class times with places sold (a class service only): there its own bookings do not
   * occupy the agenda, and the places left must hold `seats`.
   */
  classSessions?: readonly ClassSession[];
  /** The places the booking takes (a class service only); left out, one. */
  seats?: number;
  /** Live bookings of this service per date, for its daily limit. */
  dayCounts?: ReadonlyMap<string, number>;
  now: Date;
  /**
   * The owner moving a booking: minimum notice, horizon, closures and the daily limit are theirs to
   * overrule; the grid, the past and overlaps (buffers included) still hold.
   */
  owner?: boolean;
  /**
   * The buffers the candidate blocks with when they are not the service's: a moved booking keeps its
   * own. The grid always follows the service's rules, so what is offered is what the check accepts.
   */
  ownBuffers?: { bufferBeforeMinutes: number; bufferAfterMinutes: number };
}

/**
 * Why a customer cannot take a slot. Date-wide: `notOffered` (not one of the service's dates or not on
 * its grid), `horizon`, `closed`; per slot: `past`, `notice`, `dayFull`, `taken`.
 */
export type SlotRefusal =
  | { rule: 'notOffered' }
  | { rule: 'horizon'; lastDate: string }
  | { rule: 'closed'; label: string }
  | { rule: 'agendaOff' }
  | { rule: 'past' }
  | { rule: 'notice' }
  | { rule: 'dayFull' }
  | { rule: 'taken' };

// One object per slot-wide refusal: a year of slots is judged per request, allocations add up.
const PAST: SlotRefusal = Object.freeze({ rule: 'past' });
const NOTICE: SlotRefusal = Object.freeze({ rule: 'notice' });
const DAY_FULL: SlotRefusal = Object.freeze({ rule: 'dayFull' });
const TAKEN: SlotRefusal = Object.freeze({ rule: 'taken' });
const NOT_OFFERED: SlotRefusal = Object.freeze({ rule: 'notOffered' });
const AGENDA_OFF: SlotRefusal = Object.freeze({ rule: 'agendaOff' });

type DayPlan = {
  date: string;
  /** The grid of the date, ignoring every rule but the schedule's. */
  grid: ReadonlyArray<{ time: string; minutes: number }>;
  /** A refusal that holds for every slot of the date. */
  refusal: SlotRefusal | null;
  toUtc: (minutes: number) => number;
  /** Indexes into agendaTaken of the agendas open that date. */
  open: number[];
  /** Per agenda, when its own hours and absences let it work that date (null: no own limits). */
  windows: ReadonlyArray<MinuteWindows | null>;
  full: boolean;
};

/** Answers "does [start, end) overlap any taken interval?" in O(log n) for any set of intervals. */
export function takenIndex(intervals: readonly TakenInterval[]) {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const starts = sorted.map((t) => t.start);
  // prefixMaxEnd[i] = the latest end among the first i + 1 intervals by start.
  const prefixMaxEnd: number[] = [];
  sorted.forEach((t, i) => prefixMaxEnd.push(Math.max(t.end, i > 0 ? prefixMaxEnd[i - 1]! : -Infinity)));
  return (slot: TakenInterval): boolean => {
    // hi = number of intervals that start before the slot ends.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! < slot.end) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && prefixMaxEnd[lo - 1]! > slot.start;
  };
}

/** A daily limit is reached when the live bookings of the date are at least the limit. */
export function isDayFull(count: number, limit: number | null | undefined): boolean {
  return limit != null && count >= limit;
}

/**
 * The one decision of whether a customer may book a slot (docs/PRODUCT.md#booking-rules), shared by
 * the month view, the taken times, the booking and reschedule calls and, with `owner`, the owner's
 * moves. `day` plans a date once; `slot` judges one of its grid times.
 */
export function slotJudge(input: AvailabilityInput) {
  const { event, now } = input;
  const owner = input.owner === true;
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const common = takenIndex(input.taken);
  const agendaTaken = input.agendaTaken ?? [];
  // A class (docs/PRODUCT.md#classes): its own bookings are left out of the agendas' indexes and
  // judged per class time below. Any other service keeps the one index per agenda, tags ignored.
  const capacity = event.seats ?? 1;
  const isClass = capacity > 1;
  const wanted = input.seats ?? 1;
  const perAgenda = isClass
    ? agendaTaken.map((t) => takenIndex(t.filter((x) => x.session === undefined)))
    : agendaTaken.map(takenIndex);
  const classSpans = isClass ? agendaTaken.map(sessionSpans) : [];
  /** The service's class times with places sold, by start. */
  const sessionsAt = new Map<number, ClassSession[]>();
  if (isClass)
    for (const s of input.classSessions ?? []) {
      const list = sessionsAt.get(s.start);
      if (list) list.push(s);
      else sessionsAt.set(s.start, [s]);
    }
  const agendaIds = input.agendaIds ?? [];
  const closures = owner ? [] : (input.closures ?? []);
  const nowMs = now.getTime();
  const noticeMs = owner ? 0 : (event.minimumNoticeMinutes ?? 0) * MINUTE;
  const lastDate = owner ? null : horizonLastDate(todayInZone(now, timeZone), event.bookingHorizonDays);
  const limit = owner ? null : event.maxBookingsPerDay;
  const length = event.durationMinutes * MINUTE;
  const own = input.ownBuffers ?? event;
  const before = (own.bufferBeforeMinutes ?? 0) * MINUTE;
  const after = (own.bufferAfterMinutes ?? 0) * MINUTE;
  // A weekday's grid is the same on every date without an override of its own.
  const weekdayGrid = new Map<string, DayPlan['grid']>();

  function gridOf(date: string): DayPlan['grid'] {
    const key = weekdayKeyOf(date);
    const own = hasDateOverride(event, date);
    const cached = own ? undefined : weekdayGrid.get(key);
    if (cached) return cached;
    const grid = slotsForDay(
      workingDayOn(event, date),
      event.dailyPauseTimes?.[key],
      event.durationMinutes,
      event.slotIntervalMinutes,
      event,
    ).map((time) => ({ time, minutes: parseTime(time)! }));
    if (!own) weekdayGrid.set(key, grid);
    return grid;
  }

  const allAgendas = perAgenda.map((_, i) => i);
  const groups = input.agendaGroups ?? (perAgenda.length ? [allAgendas] : []);
  const hours = owner ? undefined : input.agendaHours;
  const unlimited: null[] = perAgenda.map(() => null);

  function day(date: string): DayPlan {
    const toUtc = zonedDayToUtc(date, timeZone);
    if (!isDateAvailable(event, date))
      return {
        date,
        grid: [],
        refusal: NOT_OFFERED,
        toUtc,
        open: allAgendas,
        windows: unlimited,
        full: false,
      };
    // The hour the clock skips in spring does not exist: none of its times is offered or accepted.
    const gap = skippedMinutes(date, timeZone);
    const grid = gap ? gridOf(date).filter((s) => s.minutes < gap[0] || s.minutes >= gap[1]) : gridOf(date);
    const windows = hours ? perAgenda.map((_, i) => agendaWindows(hours[i], date)) : unlimited;
    const plan: DayPlan = { date, grid, refusal: null, toUtc, open: allAgendas, windows, full: false };
    if (lastDate !== null && compareDates(date, lastDate) > 0) {
      plan.refusal = { rule: 'horizon', lastDate };
      return plan;
    }
    if (closures.length) {
      const closure = closureOn(closures, date, agendaIds);
      if (closure) {
        plan.refusal = { rule: 'closed', label: closure.label };
        return plan;
      }
      plan.open = allAgendas.filter((i) => !agendaIds[i] || !isAgendaClosed(closures, date, agendaIds[i]));
    }
    // A group none of whose open agendas works that date: nobody to book with, the whole day.
    if (hours && groups.some((g) => !g.some((i) => plan.open.includes(i) && plan.windows[i]?.length !== 0))) {
      plan.refusal = AGENDA_OFF;
      return plan;
    }
    plan.full = isDayFull(input.dayCounts?.get(date) ?? 0, limit);
    return plan;
  }

  /** Whether agenda `i` works at `minutes` of the plan's date and nothing occupies it in `blocked`. */
  const plainFree = (plan: DayPlan, minutes: number, blocked: TakenInterval, i: number) =>
    plan.open.includes(i) &&
    fitsWindows(plan.windows[i]!, minutes, event.durationMinutes) &&
    !perAgenda[i]!(blocked);

  /**
   * A class's agenda for one place: free as any other (its untagged occupations, another class
   * overlapping), except that the bookings of this service's class at exactly this start share it.
   */
  const freeForOne = (plan: DayPlan, minutes: number, blocked: TakenInterval, i: number) => {
    if (!plainFree(plan, minutes, blocked, i)) return false;
    const spans = classSpans[i]!;
    if (!spans.any(blocked)) return true;
    const here = sessionsAt.get(blocked.start + before);
    return !spans.list.some(
      (s) => s.start < blocked.end && s.end > blocked.start && !here?.some((h) => h.id === s.id),
    );
  };
  /** The places sold of this service's class at `start` in agenda `i` (0: none sold there yet). */
  const soldAt = (start: number, i: number) =>
    sessionsAt.get(start)?.find((s) => s.agenda === i)?.seatsTaken ?? 0;
  /** A class's agenda for the places wanted: free for one, and that many places left in its class. */
  const classFree = (plan: DayPlan, minutes: number, blocked: TakenInterval, i: number) =>
    capacity - soldAt(blocked.start + before, i) >= wanted && freeForOne(plan, minutes, blocked, i);
  const isFree = isClass ? classFree : plainFree;

  /** The refusal that holds for every agenda at `minutes`, else the range a booking there blocks. */
  function blockedAt(plan: DayPlan, minutes: number): SlotRefusal | TakenInterval {
    const start = plan.toUtc(minutes);
    if (start <= nowMs) return PAST;
    if (plan.refusal) return plan.refusal;
    if (start < nowMs + noticeMs) return NOTICE;
    if (plan.full) return DAY_FULL;
    const blocked = { start: start - before, end: start + length + after };
    return common(blocked) ? TAKEN : blocked;
  }

  function slot(plan: DayPlan, minutes: number): SlotRefusal | null {
    const blocked = blockedAt(plan, minutes);
    if ('rule' in blocked) return blocked;
    for (const group of groups) if (!group.some((i) => isFree(plan, minutes, blocked, i))) return TAKEN;
    return null;
  }

  /**
   * Per group, the agendas free for a booking at `minutes` of the plan's date (working then, not
   * occupied), in their order, or the refusal that holds for all of them.
   */
  function free(plan: DayPlan, minutes: number): SlotRefusal | number[][] {
    const blocked = blockedAt(plan, minutes);
    if ('rule' in blocked) return blocked;
    const out: number[][] = [];
    for (const group of groups) {
      const ok = group.filter((i) => isFree(plan, minutes, blocked, i));
      if (!ok.length) return TAKEN;
      out.push(ok);
    }
    return out;
  }

  /**
   * A class's places left at `minutes` of the plan's date: the most of any agenda of the first group
   * that could take one place there (the further groups too); 0 when the time cannot be taken.
   */
  function seatsLeft(plan: DayPlan, minutes: number): number {
    const blocked = blockedAt(plan, minutes);
    if ('rule' in blocked) return 0;
    if (!groups.length) return capacity;
    for (const group of groups.slice(1))
      if (!group.some((i) => freeForOne(plan, minutes, blocked, i))) return 0;
    const start = blocked.start + before;
    let best = 0;
    for (const i of groups[0]!) {
      const left = capacity - soldAt(start, i);
      if (left > best && freeForOne(plan, minutes, blocked, i)) best = left;
    }
    return best;
  }

  /**
   * Whether a booking of `minutes` (not necessarily a grid time: a later segment of a visit) lies in
   * the service's hours of the plan's date: within the day's start and end, clear of its pauses.
   */
  function withinHours(plan: DayPlan, minutes: number): boolean {
    const wd = workingDayOn(event, plan.date);
    const from = wd?.enabled ? parseTime(wd.startTime) : null;
    const to = wd?.enabled ? parseTime(wd.endTime) : null;
    const end = minutes + event.durationMinutes;
    if (from === null || to === null || minutes < from || end > to) return false;
    const pauses = pauseIntervals(event.dailyPauseTimes?.[weekdayKeyOf(plan.date)]);
    return !pauses.some(([ps, pe]) => minutes < pe && end > ps);
  }

  return { day, slot, free, withinHours, seatsLeft, isClass };
}
export type SlotJudge = ReturnType<typeof slotJudge>;

/**
 * The classes in one agenda's occupations, each as one span: a class's bookings all contain its
 * start, so their union is one interval [earliest start, latest end).
 */
function sessionSpans(taken: readonly TakenInterval[]) {
  const byId = new Map<string, { id: string; start: number; end: number }>();
  for (const t of taken) {
    if (t.session === undefined) continue;
    const span = byId.get(t.session);
    if (!span) byId.set(t.session, { id: t.session, start: t.start, end: t.end });
    else {
      span.start = Math.min(span.start, t.start);
      span.end = Math.max(span.end, t.end);
    }
  }
  const list = [...byId.values()];
  return { list, any: takenIndex(list) };
}

/**
 * Per group (`agendaGroups`), the agendas that can take `time` on `date` (indexes into `agendaIds`),
 * or why the customer (or, with `owner`, the owner) cannot take it.
 */
export function slotAgendas(input: AvailabilityInput, date: string, time: string): SlotRefusal | number[][] {
  if (!isValidDate(date)) return NOT_OFFERED;
  const judge = slotJudge(input);
  const plan = judge.day(date);
  const minutes = parseTime(time);
  if (
    plan.refusal?.rule === 'notOffered' ||
    minutes === null ||
    !plan.grid.some((s) => s.minutes === minutes)
  )
    return NOT_OFFERED;
  return judge.free(plan, minutes);
}

/** Why a customer (or, with `owner`, the owner) cannot take `time` on `date`; null when they can. */
export function slotRefusal(input: AvailabilityInput, date: string, time: string): SlotRefusal | null {
  const verdict = slotAgendas(input, date, time);
  return Array.isArray(verdict) ? null : verdict;
}

/** The groups of agenda lists as indexes into their concatenation (AvailabilityInput.agendaGroups). */
export function groupIndexes(groups: ReadonlyArray<readonly unknown[]>): number[][] {
  let next = 0;
  return groups.map((g) => g.map(() => next++));
}

/**
 * Every grid slot of `date` that has not started, with why it cannot be taken (null: it can). A
 * date the service does not offer has none.
 */
export function dayVerdicts(input: AvailabilityInput, date: string) {
  if (!isValidDate(date)) return [];
  const judge = slotJudge(input);
  const plan = judge.day(date);
  const out: Array<{ time: string; refusal: SlotRefusal | null }> = [];
  for (const { time, minutes } of plan.grid) {
    const refusal = judge.slot(plan, minutes);
    if (refusal?.rule !== 'past') out.push({ time, refusal });
  }
  return out;
}

/**
 * Free and busy slots for the given dates, as the wizard shows them: slots that have started are left
 * out, slots refused by a rule are busy, dates closed or past the horizon are left out, and so are
 * days left without any slot.
 */
export function availabilityForDates(dates: readonly string[], input: AvailabilityInput): DayAvailability[] {
  const judge = slotJudge(input);
  const { isClass } = judge;
  const result: DayAvailability[] = [];
  for (const date of dates) {
    const plan = judge.day(date);
    if (plan.refusal) continue;
    const slots: SlotState[] = [];
    for (const { time, minutes } of plan.grid) {
      const refusal = judge.slot(plan, minutes);
      if (refusal?.rule === 'past') continue;
      if (!isClass) slots.push({ time, busy: refusal !== null });
      else
        slots.push({ time, busy: refusal !== null, seatsLeft: refusal ? 0 : judge.seatsLeft(plan, minutes) });
    }
    if (slots.length > 0) result.push({ date, slots });
  }
  return result;
}

/** Availability of every bookable date of a month ('yyyy-MM'), from the owner's today on. */
export function monthAvailability(month: string, input: AvailabilityInput): DayAvailability[] {
  const today = todayInZone(input.now, input.timeZone ?? DEFAULT_TIME_ZONE);
  // The month's own days only: enumerating the event's whole range (up to three years) to keep one
  // month of it was most of the cost of a booking page's availability call.
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const dates: string[] = [];
  for (let day = 1; day <= daysInMonth(year, mon); day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    if (isDateAvailable(input.event, date, { today })) dates.push(date);
  }
  return availabilityForDates(dates, input);
}

/** A booking's own slot: 'yyyy-MM-dd' and 'HH:mm'. */
export type OwnSlot = { date: string; time: string };

/**
 * The choices for moving a booking: its own slot counts as free (a booking does not block itself) and
 * stays offered on its own day even when the clock or a changed schedule would no longer offer it, so
 * the customer or owner can always keep it. `days` cover the month `month` ('yyyy-MM'); the own day is
 * added only when it lies in that month.
 */
export function withOwnSlot(
  days: readonly DayAvailability[],
  own: OwnSlot,
  month: string,
): DayAvailability[] {
  const free: SlotState = { time: own.time, busy: false };
  const result = days.map((d) =>
    d.date !== own.date
      ? d
      : {
          ...d,
          slots: (d.slots.some((s) => s.time === own.time)
            ? d.slots.map((s) => (s.time === own.time ? free : s))
            : [...d.slots, free]
          ).sort((a, b) => a.time.localeCompare(b.time)),
        },
  );
  if (own.date.startsWith(`${month}-`) && !result.some((d) => d.date === own.date)) {
    result.push({ date: own.date, slots: [free] });
    result.sort((a, b) => a.date.localeCompare(b.date));
  }
  return result;
}
