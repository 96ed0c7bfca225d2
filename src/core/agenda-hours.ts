/**
 * An agenda's own week and absences (docs/PRODUCT.md#agenda-hours): when a person or room can be
 * booked at all, on top of the service's hours. One decision for the wizard, the server and the
 * owner's warnings.
 */
import { pauseIntervals } from './availability';
import { compareDates, parseTime, weekdayKeyOf } from './time';
import type { DailyPauseTimes, WorkingDays } from './types';

/** Away from `startDate` to `endDate`: whole days, or on each of them [startTime, endTime). */
export type AgendaAbsence = {
  startDate: string;
  endDate: string;
  startTime?: string | null;
  endTime?: string | null;
};

/** What limits an agenda; hours left null: open whenever its services are. */
export type AgendaHours = {
  workingDays?: WorkingDays | null;
  dailyPauseTimes?: DailyPauseTimes | null;
  absences?: readonly AgendaAbsence[];
};

/** Minute intervals [start, end) of one day, sorted and apart. */
export type MinuteWindows = ReadonlyArray<readonly [number, number]>;

const WHOLE_DAY: MinuteWindows = Object.freeze([Object.freeze([0, 24 * 60] as const)]);
const NONE: MinuteWindows = Object.freeze([]);

/** `windows` without `[from, to)`. */
function without(windows: MinuteWindows, from: number, to: number): MinuteWindows {
  const out: Array<readonly [number, number]> = [];
  for (const [s, e] of windows) {
    if (to <= s || from >= e) out.push([s, e]);
    else {
      if (s < from) out.push([s, from]);
      if (to < e) out.push([to, e]);
    }
  }
  return out;
}

/** Whether `absence` covers (some of) `date`. */
export const absenceOn = (absence: AgendaAbsence, date: string) =>
  compareDates(absence.startDate, date) <= 0 && compareDates(date, absence.endDate) <= 0;

/**
 * When the agenda can be booked on `date`, as minute windows of the wall clock; null when nothing of
 * its own limits it that day (no own hours, no absence), so the service's hours alone decide.
 */
export function agendaWindows(hours: AgendaHours | null | undefined, date: string): MinuteWindows | null {
  if (!hours) return null;
  const absences = (hours.absences ?? []).filter((a) => absenceOn(a, date));
  if (!hours.workingDays && !absences.length) return null;
  let windows: MinuteWindows = WHOLE_DAY;
  if (hours.workingDays) {
    const key = weekdayKeyOf(date);
    const day = hours.workingDays[key];
    const start = day?.enabled ? parseTime(day.startTime) : null;
    const end = day?.enabled ? parseTime(day.endTime) : null;
    if (start === null || end === null || end <= start) return NONE;
    windows = [[start, end]];
    for (const [ps, pe] of pauseIntervals(hours.dailyPauseTimes?.[key])) windows = without(windows, ps, pe);
  }
  for (const a of absences) {
    const from = a.startTime ? parseTime(a.startTime) : null;
    const to = a.endTime ? parseTime(a.endTime) : null;
    if (from === null || to === null) return NONE;
    windows = without(windows, from, to);
  }
  return windows;
}

/** Whether [start, start + minutes) lies inside one window (null windows: no limit). */
export function fitsWindows(windows: MinuteWindows | null, start: number, minutes: number): boolean {
  if (windows === null) return true;
  return windows.some(([s, e]) => start >= s && start + minutes <= e);
}

/** Whether the agenda is away for a reason the owner gave at [start, start + minutes) of `date`. */
export function absentAt(
  absences: readonly AgendaAbsence[] | undefined,
  date: string,
  start: number,
  minutes: number,
): boolean {
  return (absences ?? []).some((a) => {
    if (!absenceOn(a, date)) return false;
    const from = a.startTime ? parseTime(a.startTime) : null;
    const to = a.endTime ? parseTime(a.endTime) : null;
    return from === null || to === null || (start < to && start + minutes > from);
  });
}

/**
 * The agendas of `ids` (with their `hours`, in the same order) that work at [start, start +
 * minutes) of `date`, for the owner's "Geen voorkeur": a booking the owner writes down goes to one
 * of them. When none works then, all of them: the owner may overrule the hours (they are warned).
 */
export function workingFirst(
  ids: readonly string[],
  hours: ReadonlyArray<AgendaHours | null | undefined> | undefined,
  date: string,
  start: number,
  minutes: number,
): string[] {
  if (!hours) return [...ids];
  const working = ids.filter((_, i) => fitsWindows(agendaWindows(hours[i], date), start, minutes));
  return working.length ? working : [...ids];
}
