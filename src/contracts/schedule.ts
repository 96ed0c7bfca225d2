import { z } from 'zod';
import {
  CURRENCIES,
  DURATIONS,
  isHexColor,
  isValidDate,
  parseAmountToCents,
  parseTime,
  pauseIntervals,
} from '@core/index';
import { nl } from './messages';
import { isReservedFieldName } from './notifications';

/** Schedule building blocks shared by events and templates (docs/PRODUCT.md#schedule-shapes, #validation-events). */
const m = nl.eventRules;
export const WEEKDAY_KEYS = ['0', '1', '2', '3', '4', '5', '6'] as const;

export const timeString = z
  .string({ error: m.invalidTime })
  .refine((s) => parseTime(s) !== null, m.invalidTime);
export const dateString = z.string({ error: m.invalidDate }).refine(isValidDate, m.invalidDate);
/** The Google calendar bookings go to; blank means the owner's primary calendar (null). */
export const calendarIdSchema = z
  .string()
  .trim()
  .max(300)
  .nullable()
  .optional()
  .transform((s) => s || null);

export const hexColor = z.string({ error: m.invalidColor }).refine(isHexColor, m.invalidColor);

export const workingDaySchema = z.object({
  enabled: z.boolean(),
  startTime: timeString,
  endTime: timeString,
});
export const workingDaysSchema = z
  .partialRecord(z.enum(WEEKDAY_KEYS), workingDaySchema)
  .superRefine((days, ctx) => {
    for (const [key, day] of Object.entries(days)) {
      const [start, end] = [parseTime(day?.startTime ?? ''), parseTime(day?.endTime ?? '')];
      if (day?.enabled && start !== null && end !== null && end <= start) {
        ctx.addIssue({ code: 'custom', path: [key, 'endTime'], message: m.endBeforeStart });
      }
    }
    if (!Object.values(days).some((d) => d?.enabled))
      ctx.addIssue({ code: 'custom', message: m.needWorkingDay });
  });

export const pauseSchema = z.object({ start: timeString, end: timeString }).refine(
  (p) => {
    const [start, end] = [parseTime(p.start), parseTime(p.end)];
    return start === null || end === null || end > start; // invalid times are reported by timeString
  },
  { message: m.endBeforeStart, path: ['end'] },
);
export const pausesSchema = z.partialRecord(z.enum(WEEKDAY_KEYS), z.array(pauseSchema).max(10));

/** Pauses must lie inside their day's hours and not overlap one another. */
export function checkPauses(
  workingDays: z.infer<typeof workingDaysSchema>,
  pauses: z.infer<typeof pausesSchema> | null | undefined,
  ctx: z.RefinementCtx,
  path: PropertyKey[] = ['dailyPauseTimes'],
): void {
  for (const [key, list] of Object.entries(pauses ?? {})) {
    const day = workingDays[key as (typeof WEEKDAY_KEYS)[number]];
    if (!list || !day?.enabled) continue;
    const [start, end] = [parseTime(day.startTime), parseTime(day.endTime)];
    if (start === null || end === null) continue;
    list.forEach((p, i) => {
      const [ps, pe] = [parseTime(p.start), parseTime(p.end)];
      if (ps !== null && pe !== null && (ps < start || pe > end)) {
        ctx.addIssue({ code: 'custom', path: [...path, key, i], message: m.pauseOutsideDay });
      }
    });
    const sorted = pauseIntervals(list).sort((a, b) => a[0] - b[0]);
    if (sorted.some((iv, i) => i > 0 && iv[0] < sorted[i - 1]![1])) {
      ctx.addIssue({ code: 'custom', path: [...path, key], message: m.pausesOverlap });
    }
  }
}

export const durationSchema = z
  .number({ error: m.invalidDuration })
  .refine((d) => (DURATIONS as readonly number[]).includes(d), m.invalidDuration);
export const currencySchema = z.enum(CURRENCIES, { error: m.invalidCurrency });

/** An amount typed as text or number; normalised to the 'NN.NN' string numeric(10,2) stores. */
export const amountSchema = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const cents = parseAmountToCents(v);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: m.invalidAmount });
      return z.NEVER;
    }
    return (cents / 100).toFixed(2);
  });

/** Field types the booking form knows; others are passed through as the input's type. */
export const KNOWN_FIELD_TYPES = [
  'email',
  'phone',
  'text',
  'textarea',
  'select',
  'multiselect',
  'checkbox',
  'yesno',
  'date',
  'number',
] as const;
/** The types whose answer is one or several of the owner's options. */
export const CHOICE_FIELD_TYPES: readonly string[] = ['select', 'multiselect'];
export const MAX_FIELD_OPTIONS = 50;
export const fieldTypeSchema = z.string().regex(/^[a-z][a-z-]{0,19}$/, m.invalidFieldType);

/** A number field's bound: a number or numeric text ('2,5' too); blank is none. */
const boundSchema = z
  .union([z.number(), z.string()])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && !v.trim())) return null;
    const n = typeof v === 'number' ? v : Number(v.trim().replace(',', '.'));
    if (!Number.isFinite(n) || Math.abs(n) >= 1e15) {
      ctx.addIssue({ code: 'custom', message: m.invalidBound });
      return z.NEVER;
    }
    return n;
  });

const customFieldShape = z.object({
  id: z.uuid().optional(),
  fieldName: z
    .string({ error: m.fieldNameRequired })
    .trim()
    .min(1, m.fieldNameRequired)
    .max(100, m.fieldNameTooLong)
    .refine((name) => !isReservedFieldName(name), m.reservedFieldName),
  fieldType: fieldTypeSchema,
  isRequired: z.boolean().default(false),
  order: z.number().int().min(0).max(1000).optional(),
  /** The choices of a select or multiselect field (docs/PRODUCT.md#customer-answers). */
  options: z.array(z.string().trim().min(1).max(100, m.optionTooLong)).default([]),
  minValue: boundSchema,
  maxValue: boundSchema,
  /** 'Gevoelig (bijv. medisch)' (docs/PRODUCT.md#sensitive-answers). */
  sensitive: z.boolean().default(false),
});

/**
 * A field: choice fields need their options (unique, at most MAX_FIELD_OPTIONS; a multiselect's
 * hold no comma, which joins its answer), a number's minimum is not above its maximum. What does
 * not belong to the type is dropped, so a field changed from a list to text keeps no stale options.
 */
export const customFieldInput = customFieldShape
  .superRefine((f, ctx) => {
    if (CHOICE_FIELD_TYPES.includes(f.fieldType)) {
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['options'], message });
      if (!f.options.length) issue(m.optionsRequired);
      else if (f.options.length > MAX_FIELD_OPTIONS) issue(m.tooManyOptions);
      else if (new Set(f.options.map((o) => o.toLowerCase())).size !== f.options.length)
        issue(m.optionsUnique);
      else if (f.fieldType === 'multiselect' && f.options.some((o) => o.includes(','))) issue(m.optionComma);
    }
    if (f.fieldType === 'number' && f.minValue != null && f.maxValue != null && f.minValue > f.maxValue)
      ctx.addIssue({ code: 'custom', path: ['maxValue'], message: m.minAboveMax });
  })
  .transform((f) => ({
    ...f,
    options: CHOICE_FIELD_TYPES.includes(f.fieldType) ? f.options : [],
    minValue: f.fieldType === 'number' ? (f.minValue ?? null) : null,
    maxValue: f.fieldType === 'number' ? (f.maxValue ?? null) : null,
  }));
export type CustomFieldInput = z.input<typeof customFieldInput>;

/** At least one field, unique names (responses are keyed by field name). */
export const customFieldList = (minMessage: string) =>
  z
    .array(customFieldInput)
    .min(1, minMessage)
    .max(30, m.tooManyFields)
    .superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((f, i) => {
        const key = f.fieldName.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: [i, 'fieldName'], message: m.fieldNamesUnique });
        seen.add(key);
      });
    })
    .transform((fields) => fields.map((f, i) => ({ ...f, order: f.order ?? i })));
