/**
 * What the day and week views show of an agenda's own week and absences (docs/PRODUCT.md#agenda-hours):
 * the minutes it does not work as shaded ranges, a short Dutch line of its hours, and whether it works
 * at all that day. Decided by core agendaWindows, the rule the availability follows.
 */
import type { AbsenceDto, AgendaDto } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { absenceOn, agendaWindows, parseTime, pauseIntervals, formatTime, weekdayKeyOf } from '@core/index';
import { fill } from '@web/lib/fill-message';

const t = nl.agendaView;
const DAY = 24 * 60;

export type ShadeKind = 'off' | 'absent';
export interface Shade {
  start: number;
  end: number;
  kind: ShadeKind;
}

type Hours = Partial<Pick<AgendaDto, 'workingDays' | 'dailyPauseTimes'>>;
type Absence = Pick<AbsenceDto, 'startDate' | 'endDate' | 'startTime' | 'endTime'>;

/** The absence's minutes on `date`: the whole day without times. */
function absenceSpan(a: Absence): Shade {
  const from = a.startTime ? parseTime(a.startTime) : null;
  const to = a.endTime ? parseTime(a.endTime) : null;
  return from === null || to === null
    ? { start: 0, end: DAY, kind: 'absent' }
    : { start: from, end: to, kind: 'absent' };
}

/**
 * The agenda's shaded ranges on `date`: outside its own hours and in its pauses ('off'), and its
 * absences ('absent', drawn over the rest). None without own hours or absences that day.
 */
export function agendaShades(agenda: Hours, absences: readonly Absence[], date: string): Shade[] {
  const shades: Shade[] = [];
  const own = agendaWindows(
    { workingDays: agenda.workingDays, dailyPauseTimes: agenda.dailyPauseTimes },
    date,
  );
  if (own) {
    let at = 0;
    for (const [s, e] of own) {
      if (s > at) shades.push({ start: at, end: s, kind: 'off' });
      at = e;
    }
    if (at < DAY) shades.push({ start: at, end: DAY, kind: 'off' });
  }
  for (const a of absences) if (absenceOn(a, date)) shades.push(absenceSpan(a));
  return shades;
}

/** Whether the agenda can be booked at some time of `date` by its own week and absences. */
export function worksOn(agenda: Hours, absences: readonly Absence[], date: string): boolean {
  const windows = agendaWindows({ ...agenda, absences: absences as Absence[] }, date);
  return windows === null || windows.length > 0;
}

/**
 * '09:00–17:00, pauze 12:00–12:30, afwezig 14:00–15:00', 'Vrij', 'Afwezig'; '' when nothing of its
 * own limits the agenda that day.
 */
export function agendaDayText(agenda: Hours, absences: readonly Absence[], date: string): string {
  const today = absences.filter((a) => absenceOn(a, date));
  if (today.some((a) => !a.startTime)) return t.absentAllDay;
  const parts: string[] = [];
  if (agenda.workingDays) {
    const key = weekdayKeyOf(date);
    const day = agenda.workingDays[key];
    if (!day?.enabled) return t.dayOff;
    parts.push(fill(t.hours, { from: day.startTime, to: day.endTime }));
    for (const [s, e] of pauseIntervals(agenda.dailyPauseTimes?.[key]))
      parts.push(fill(t.pause, { from: formatTime(s), to: formatTime(e) }));
  }
  for (const a of today) parts.push(fill(t.absentHours, { from: a.startTime!, to: a.endTime! }));
  return parts.join(', ');
}
