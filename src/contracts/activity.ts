import { z } from 'zod';
import { ACTIVITY_ACTORS, ACTIVITY_KINDS, BOOKING_HISTORY_KINDS, type BookingHistoryKind } from './enums';
import { nl } from './messages';
import { dateString } from './schedule';

/**
 * Every kind the activity log answers (docs/PRODUCT.md#activity-log): its own ACTIVITY_KINDS and a
 * booking's history kinds as `booking.<kind>`. The one list the filter, the answer and the web's
 * labels follow.
 */
export const ACTIVITY_ENTRY_KINDS = [
  ...ACTIVITY_KINDS,
  ...BOOKING_HISTORY_KINDS.map((k) => `booking.${k}` as `booking.${BookingHistoryKind}`),
] as const;
export type ActivityEntryKind = (typeof ACTIVITY_ENTRY_KINDS)[number];

/** The groups a kind belongs to: the part before the dot (`service.updated` → `service`). */
export const ACTIVITY_GROUPS = [...new Set(ACTIVITY_ENTRY_KINDS.map((k) => k.split('.')[0]!))] as [
  string,
  ...string[],
];
export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number];
export const groupOf = (kind: string) => kind.split('.')[0]!;

/** A page holds this many entries; `nextCursor` asks for the next. */
export const ACTIVITY_PAGE_SIZE = 50;

const m = nl.activity;

export const activityQuery = z.object({
  bookingId: z.uuid({ error: m.invalidFilter }).optional(),
  memberId: z.uuid({ error: m.invalidFilter }).optional(),
  /** One kind, or a whole group (`service`, `booking`…). */
  kind: z
    .string()
    .refine(
      (k) => (ACTIVITY_ENTRY_KINDS as readonly string[]).includes(k) || ACTIVITY_GROUPS.includes(k),
      m.invalidKind,
    )
    .optional(),
  /** Days in the business's time zone, both included. */
  from: dateString.optional(),
  to: dateString.optional(),
  cursor: z.string().max(200).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuery>;

export const activityEntryDto = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({
    kind: z.enum(ACTIVITY_ACTORS),
    memberId: z.string().nullable(),
    name: z.string().nullable(),
  }),
  kind: z.enum(ACTIVITY_ENTRY_KINDS),
  bookingId: z.string().nullable(),
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEntryDto = z.infer<typeof activityEntryDto>;

export const activityPage = z.object({
  entries: z.array(activityEntryDto),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPage>;
