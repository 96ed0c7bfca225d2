import { z } from 'zod';
import { daysBetween, DEFAULT_COLOR, isValidDate, parseTime } from '@core/index';
import { nl } from './messages';
import { calendarIdSchema, checkPauses, hexColor, pausesSchema, workingDaysSchema } from './schedule';
import { someChange } from './some-change';

const m = nl.agendas;

/** How many agendas one owner may keep, and one service may book into. */
export const MAX_AGENDAS = 50;
export const MAX_AGENDAS_PER_EVENT = 20;
/** How many groups a service may need one agenda of each of (a person, a room, …; docs/PRODUCT.md#agenda-groups). */
export const MAX_AGENDA_GROUPS = 4;

const agendaName = z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(100, m.nameTooLong);

/** GET /api/agendas: the owner's agendas, the default first, then by creation. */
export const agendaDto = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  isDefault: z.boolean(),
  /** A Google calendar of this agenda's own; its busy times block the agenda for every service. */
  googleCalendarId: z.string().nullable(),
  /** Created by the move to agendas because bookings overlapped: the owner should look at it. */
  needsReview: z.boolean(),
  /**
   * The agenda's own week (docs/PRODUCT.md#agenda-hours), in the shape a service uses; null: no own
   * hours, open whenever its services are.
   */
  workingDays: z
    .record(z.string(), z.object({ enabled: z.boolean(), startTime: z.string(), endTime: z.string() }))
    .nullable(),
  dailyPauseTimes: z.record(z.string(), z.array(z.object({ start: z.string(), end: z.string() }))).nullable(),
});
export type AgendaDto = z.infer<typeof agendaDto>;

export const createAgendaBody = z.object({
  name: agendaName,
  color: hexColor.optional().transform((c) => c ?? DEFAULT_COLOR),
  googleCalendarId: calendarIdSchema,
});
export type CreateAgendaBody = z.input<typeof createAgendaBody>;

/**
 * Rename, recolour, (un)link a calendar, mark the migration's notice as seen, or set the agenda's own
 * week: `workingDays` null clears it (and its pauses); pauses come with the week they lie in.
 */
export const updateAgendaBody = someChange(
  z.object({
    name: agendaName.optional(),
    color: hexColor.optional(),
    // The outer optional keeps a left-out calendar undefined (the inner schema turns it into null).
    googleCalendarId: calendarIdSchema.optional(),
    needsReview: z.literal(false).optional(),
    workingDays: workingDaysSchema.nullable().optional(),
    dailyPauseTimes: pausesSchema.nullable().optional(),
  }),
).superRefine((b, ctx) => {
  if (b.workingDays) checkPauses(b.workingDays, b.dailyPauseTimes, ctx);
  else if (b.workingDays === undefined && b.dailyPauseTimes)
    ctx.addIssue({ code: 'custom', path: ['dailyPauseTimes'], message: m.pausesNeedHours });
});
export type UpdateAgendaBody = z.input<typeof updateAgendaBody>;

export const agendaIdParams = z.object({ id: z.uuid({ error: m.notFound }) });

/**
 * The agendas a service (event or template) books into. Left out on create: the owner's default
 * agenda. Unique ids; the service checks that each is the owner's own and not deleted.
 */
export const agendaIdsSchema = z
  .array(z.uuid({ error: m.unknown }), { error: m.needOne })
  .min(1, m.needOne)
  .max(MAX_AGENDAS_PER_EVENT, m.tooManyForEvent)
  .transform((ids) => [...new Set(ids)]);

/**
 * The agenda groups a service needs one agenda of each of, for its whole time (docs/PRODUCT.md#agenda-groups):
 * the first is `agendaIds` (the person), the others the rooms or means beside it. 1 to
 * MAX_AGENDA_GROUPS groups, each as `agendaIdsSchema`; no agenda in two groups (a booking would
 * otherwise need it twice at once).
 */
export const agendaGroupsSchema = z
  .array(agendaIdsSchema, { error: m.needOne })
  .min(1, m.needOne)
  .max(MAX_AGENDA_GROUPS, m.tooManyGroups)
  .superRefine((groups, ctx) => {
    if (!Array.isArray(groups)) return;
    const seen = new Set<string>();
    groups.forEach((group, i) => {
      if (!Array.isArray(group)) return;
      if (group.some((id) => seen.has(id)))
        ctx.addIssue({ code: 'custom', path: [i], message: m.inTwoGroups });
      for (const id of group) seen.add(id);
    });
  });

/** At most this many absences per agenda that have not ended (docs/PRODUCT.md#constants). */
export const MAX_AGENDA_ABSENCES = 200;
/** The longest absence, in days after its first (a year, leap day included). */
export const MAX_ABSENCE_DAYS = 366;

const absenceDate = (required: string) =>
  z.string({ error: required }).min(1, required).refine(isValidDate, nl.eventRules.invalidDate);
const absenceTime = z
  .string({ error: nl.eventRules.invalidTime })
  .refine((s) => parseTime(s) !== null, nl.eventRules.invalidTime);

/**
 * POST /api/agendas/{id}/absences: inclusive dates; without times whole days, with both times the
 * hours [startTime, endTime) of each of those days (docs/PRODUCT.md#agenda-hours).
 */
export const createAbsenceBody = z
  .object({
    startDate: absenceDate(m.absenceStartRequired),
    endDate: absenceDate(m.absenceEndRequired),
    startTime: absenceTime
      .nullable()
      .optional()
      .transform((s) => s || null),
    endTime: absenceTime
      .nullable()
      .optional()
      .transform((s) => s || null),
    reason: z
      .string({ error: m.absenceReasonTooLong })
      .trim()
      .max(200, m.absenceReasonTooLong)
      .optional()
      .transform((s) => s ?? ''),
  })
  .superRefine((a, ctx) => {
    if (isValidDate(a.startDate) && isValidDate(a.endDate)) {
      const days = daysBetween(a.startDate, a.endDate);
      if (days < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: m.absenceEndBeforeStart });
      else if (days > MAX_ABSENCE_DAYS)
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: m.absenceTooLong });
    }
    if (!a.startTime !== !a.endTime)
      ctx.addIssue({
        code: 'custom',
        path: [a.startTime ? 'endTime' : 'startTime'],
        message: m.absenceBothTimes,
      });
    else if (a.startTime && a.endTime && parseTime(a.endTime)! <= parseTime(a.startTime)!)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: nl.eventRules.endBeforeStart });
  });
export type CreateAbsenceBody = z.input<typeof createAbsenceBody>;

export const absenceDto = z.object({
  id: z.string(),
  agendaId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Both null: whole days. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** The owner's own note ('Vakantie'); never shown to customers. */
  reason: z.string(),
});
export type AbsenceDto = z.infer<typeof absenceDto>;

export const absenceParams = z.object({
  id: z.uuid({ error: m.notFound }),
  absenceId: z.uuid({ error: m.absenceNotFound }),
});

/** GET /api/agenda-absences?from=&to=: the absences of the owner's agendas touching [from, to]. */
export const absencesRangeQuery = z
  .object({
    from: absenceDate(m.absenceRangeRequired),
    to: absenceDate(m.absenceRangeRequired),
  })
  .superRefine((q, ctx) => {
    if (!isValidDate(q.from) || !isValidDate(q.to)) return;
    const days = daysBetween(q.from, q.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: m.absenceEndBeforeStart });
    else if (days > MAX_ABSENCE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: m.absenceTooLong });
  });
export type AbsencesRangeQuery = z.input<typeof absencesRangeQuery>;
