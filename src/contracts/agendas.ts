import { z } from 'zod';
import { DEFAULT_COLOR } from '@core/index';
import { nl } from './messages';
import { calendarIdSchema, hexColor } from './schedule';
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
});
export type AgendaDto = z.infer<typeof agendaDto>;

export const createAgendaBody = z.object({
  name: agendaName,
  color: hexColor.optional().transform((c) => c ?? DEFAULT_COLOR),
  googleCalendarId: calendarIdSchema,
});
export type CreateAgendaBody = z.input<typeof createAgendaBody>;

/** Rename, recolour, (un)link a calendar, or mark the migration's notice as seen. */
export const updateAgendaBody = someChange(
  z.object({
    name: agendaName.optional(),
    color: hexColor.optional(),
    // The outer optional keeps a left-out calendar undefined (the inner schema turns it into null).
    googleCalendarId: calendarIdSchema.optional(),
    needsReview: z.literal(false).optional(),
  }),
);
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
