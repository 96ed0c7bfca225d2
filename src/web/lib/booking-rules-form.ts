/**
 * The booking rules as form values of the event form and the template editor (section
 * "Boekingsregels" of the Tijd tab, docs/PRODUCT.md#booking-rules), and their conversion from and to
 * the API. The values keep the API's names and units (minutes, days, hours), so the server's field
 * messages ('dateOverrides.0.endTime') land on the same paths; the pickers convert their units.
 */
import type { BookingRules, DateOverride } from '@core/index';
import { NO_RULES } from '@core/index';

/** One row of the "Afwijkende datums" list; `key` is only React's. */
export interface DateOverrideValue {
  key: string;
  date: string;
  closed: boolean;
  /** Kept while the row is closed, so switching back restores the hours typed. */
  startTime: string;
  endTime: string;
}

/** The rules as the API has them, but the policy as typed (empty: none) and the date rows keyed. */
export type RuleValues = Omit<BookingRules, 'policyText' | 'dateOverrides'> & {
  policyText: string;
  dateOverrides: DateOverrideValue[];
};

/** The API fields of the rules: all of them are edited on the Tijd tab. */
export const RULE_FIELDS = Object.keys(NO_RULES) as Array<keyof BookingRules>;

let overrideKeys = 0;
const overrideKey = () => `o${++overrideKeys}`;

export const DEFAULT_OVERRIDE_HOURS: { startTime: string; endTime: string } = {
  startTime: '09:00',
  endTime: '17:00',
};

export function overrideValue(o: DateOverride): DateOverrideValue {
  return o.closed
    ? { key: overrideKey(), date: o.date, closed: true, ...DEFAULT_OVERRIDE_HOURS }
    : { key: overrideKey(), date: o.date, closed: false, startTime: o.startTime, endTime: o.endTime };
}

/** A new row for `date`: closed, the most common reason to add a date. */
export function newOverride(date: string, hours = DEFAULT_OVERRIDE_HOURS): DateOverrideValue {
  return { key: overrideKey(), date, closed: true, startTime: hours.startTime, endTime: hours.endTime };
}

/** A stored service's rules as form values (a field the answer lacks reads as off). */
export function rulesToValues(rules: Partial<BookingRules>): RuleValues {
  return {
    minimumNoticeMinutes: rules.minimumNoticeMinutes ?? NO_RULES.minimumNoticeMinutes,
    bookingHorizonDays: rules.bookingHorizonDays ?? null,
    bufferBeforeMinutes: rules.bufferBeforeMinutes ?? NO_RULES.bufferBeforeMinutes,
    bufferAfterMinutes: rules.bufferAfterMinutes ?? NO_RULES.bufferAfterMinutes,
    slotIntervalMinutes: rules.slotIntervalMinutes ?? null,
    maxBookingsPerDay: rules.maxBookingsPerDay ?? null,
    cancelCutoffHours: rules.cancelCutoffHours ?? null,
    rescheduleCutoffHours: rules.rescheduleCutoffHours ?? null,
    policyText: rules.policyText ?? '',
    dateOverrides: (rules.dateOverrides ?? []).map(overrideValue),
  };
}

export const defaultRuleValues = (): RuleValues => rulesToValues(NO_RULES);

/** The rules part of an event or template payload; every rule is sent, so the form's state is what is stored. */
export function rulesPayload(v: RuleValues): BookingRules {
  return {
    minimumNoticeMinutes: v.minimumNoticeMinutes,
    bookingHorizonDays: v.bookingHorizonDays,
    bufferBeforeMinutes: v.bufferBeforeMinutes,
    bufferAfterMinutes: v.bufferAfterMinutes,
    slotIntervalMinutes: v.slotIntervalMinutes,
    maxBookingsPerDay: v.maxBookingsPerDay,
    cancelCutoffHours: v.cancelCutoffHours,
    rescheduleCutoffHours: v.rescheduleCutoffHours,
    policyText: v.policyText.trim() || null,
    dateOverrides: v.dateOverrides.map((o) =>
      o.closed
        ? { date: o.date, closed: true as const }
        : { date: o.date, startTime: o.startTime, endTime: o.endTime },
    ),
  };
}

/** The units a picker offers, as multiples of the field's own unit. */
export const NOTICE_UNITS = { minutes: 1, hours: 60, days: 24 * 60 } as const;
export const CUTOFF_UNITS = { hours: 1, days: 24 } as const;
export type RuleUnit = 'minutes' | 'hours' | 'days';
export type UnitFactors = Partial<Record<RuleUnit, number>>;

/** A stored amount shown in the largest unit it fits exactly (90 minutes stays minutes, 120 is 2 hours). */
export function splitAmount(value: number, units: UnitFactors): { amount: string; unit: RuleUnit } {
  const entries = (Object.entries(units) as Array<[RuleUnit, number]>).sort((a, b) => b[1] - a[1]);
  const smallest = entries[entries.length - 1]![0];
  if (!Number.isFinite(value)) return { amount: '', unit: smallest };
  const fit = entries.find(([, factor]) => value !== 0 && value % factor === 0);
  const [unit, factor] = fit ?? [smallest, units[smallest]!];
  return { amount: String(value / factor), unit };
}

/**
 * The amount typed in a unit as the field's own unit; NaN when it is not a number (empty included),
 * which the contract refuses with the rule's message. A decimal comma is read as a point.
 */
export function joinAmount(amount: string, unit: RuleUnit, units: UnitFactors): number {
  const text = amount.trim().replace(',', '.');
  const n = text === '' ? Number.NaN : Number(text);
  const value = n * (units[unit] ?? 1);
  // 1.5 hours is 90 minutes, not 90.00000000000001.
  return Number.isFinite(value) ? Math.round(value * 1e6) / 1e6 : Number.NaN;
}
