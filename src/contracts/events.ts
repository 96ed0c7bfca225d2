import { z } from 'zod';
import { DATE_RANGE_TYPES, DEFAULT_COLOR, daysBetween, isValidDate } from '@core/index';
import { agendaGroupsSchema, agendaIdsSchema } from './agendas';
import { bookingRulesDto, bookingRulesFields } from './booking-rules';
import { checkDeposit, DEPOSIT_DEFAULTS, depositDto, depositFields } from './deposits';
import { APPROVAL_MODES, WEBHOOK_TRIGGERS } from './enums';
import { nl } from './messages';
import { someChange } from './some-change';
import { textMessagesDto, textMessagesSchema } from './text-messages';
import {
  amountSchema,
  calendarIdSchema,
  checkPauses,
  currencySchema,
  customFieldList,
  dateString,
  durationSchema,
  hexColor,
  pausesSchema,
  workingDaysSchema,
} from './schedule';

/** What one owner may keep (docs/PRODUCT.md#constants): far above real use, below a runaway script. */
export const MAX_CATEGORIES = 100;
export const MAX_WEBHOOKS_PER_EVENT = 20;

const m = nl.eventRules;

/** Every editable field of an event (docs/PRODUCT.md#validation-events), before cross-field rules. */
export const eventFields = z.object({
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(200, m.titleTooLong),
  description: z
    .string()
    .trim()
    .max(5000, m.descriptionTooLong)
    .nullable()
    .optional()
    .transform((s) => s || null),
  categoryId: z
    .uuid()
    .nullable()
    .optional()
    .transform((s) => s ?? null),
  workingDays: workingDaysSchema,
  dateRangeType: z.enum(DATE_RANGE_TYPES),
  dateRangeStart: dateString
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  dateRangeEnd: dateString
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  specificDates: z.array(dateString).max(366, m.tooManyDates).nullable().optional(),
  dailyPauseTimes: pausesSchema.nullable().optional(),
  durationMinutes: durationSchema,
  requiresPayment: z.boolean(),
  paymentAmount: amountSchema,
  currency: currencySchema,
  googleCalendarId: calendarIdSchema,
  themeColor: hexColor,
  /** The agendas the service books into; left out on create, the owner's default agenda. */
  agendaIds: agendaIdsSchema.optional(),
  /**
   * Every agenda group the service needs one agenda of (docs/PRODUCT.md#agenda-groups): the first is
   * `agendaIds`, the others rooms or means it occupies as well. Only `agendaIds` given: the first
   * group changes and the others stay.
   */
  agendaGroups: agendaGroupsSchema.optional(),
  /** The customer may book it together with other services as one visit (docs/PRODUCT.md#agenda-groups). */
  allowCombinations: z.boolean().optional(),
  /**
   * Places per time (docs/PRODUCT.md#classes): more than one makes the service a class, whose
   * bookings share the agenda at its time until the places are sold.
   */
  seats: z
    .number({ error: m.seatsInvalid })
    .int(m.seatsInvalid)
    .min(1, m.seatsInvalid)
    .max(500, m.seatsInvalid),
  /** The most places one booking of a class may take (1..seats). */
  maxSeatsPerBooking: z
    .number({ error: m.maxSeatsInvalid })
    .int(m.maxSeatsInvalid)
    .min(1, m.maxSeatsInvalid)
    .max(500, m.maxSeatsInvalid),
  /** Customers may wait for a full time or day (docs/PRODUCT.md#waitlist); off by default. */
  waitlistEnabled: z.boolean(),
  /** How long a freed place of a time is held for the first one waiting: 15 minutes to 24 hours. */
  waitlistOfferMinutes: z
    .number({ error: m.waitlistOfferMinutesInvalid })
    .int(m.waitlistOfferMinutesInvalid)
    .min(15, m.waitlistOfferMinutesInvalid)
    .max(1440, m.waitlistOfferMinutesInvalid),
  /**
   * The numbers of weekly times a customer may book as one series (docs/PRODUCT.md#series), e.g.
   * [4, 6, 8]; empty: customers book one time. Up to 6 different numbers of 2–52, kept in order.
   */
  seriesOptions: z
    .array(
      z
        .number({ error: m.seriesOptionsInvalid })
        .int(m.seriesOptionsInvalid)
        .min(2, m.seriesOptionsInvalid)
        .max(52, m.seriesOptionsInvalid),
      { error: m.seriesOptionsInvalid },
    )
    .max(6, m.seriesOptionsInvalid)
    .refine((v) => new Set(v).size === v.length, m.seriesOptionsInvalid)
    .transform((v) => [...v].sort((x, y) => x - y)),
  /** Whose bookings wait for the owner's approval (docs/PRODUCT.md#approval); none by default. */
  approval: z.enum(APPROVAL_MODES, { error: m.approvalInvalid }),
  /** 'Niet tonen op de overzichtspagina': still bookable by its own link (docs/PRODUCT.md#business-page). */
  hiddenOnProfile: z.boolean().optional(),
  /** Which customer messages also go by SMS or WhatsApp (docs/PRODUCT.md#text-messages); null: none. */
  textMessages: textMessagesSchema.nullable().optional(),
  ...bookingRulesFields,
  ...depositFields,
});

/**
 * Defaults are filled in before parsing rather than with `.default()`, because zod applies
 * defaults inside `.partial()` too, which would make a PATCH silently reset those fields.
 */
const withEventDefaults = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? {
        requiresPayment: false,
        currency: 'EUR',
        themeColor: DEFAULT_COLOR,
        allowCombinations: false,
        seats: 1,
        maxSeatsPerBooking: 1,
        waitlistEnabled: false,
        waitlistOfferMinutes: 120,
        seriesOptions: [],
        approval: 'none',
        ...DEPOSIT_DEFAULTS,
        ...v,
      }
    : v;

/** The groups an event body names: `agendaGroups`, else `agendaIds` as the only group; undefined: neither. */
export const agendaGroupsOf = (e: {
  agendaIds?: readonly string[];
  agendaGroups?: ReadonlyArray<readonly string[]>;
}): string[][] | undefined =>
  e.agendaGroups?.map((g) => [...g]) ?? (e.agendaIds ? [[...e.agendaIds]] : undefined);

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

type EventFields = z.output<typeof eventFields>;

/** Cross-field rules that hold for every stored event, whatever today is. */
export function checkEventRules(e: EventFields, ctx: z.RefinementCtx): void {
  if (e.dateRangeType === 'range') {
    if (!e.dateRangeStart || !e.dateRangeEnd) {
      ctx.addIssue({ code: 'custom', path: ['dateRangeStart'], message: m.needRange });
    } else if (!isValidDate(e.dateRangeStart) || !isValidDate(e.dateRangeEnd)) {
      return; // already reported by the field schema; refinements still run after field issues
    } else if (daysBetween(e.dateRangeStart, e.dateRangeEnd) < 0) {
      ctx.addIssue({ code: 'custom', path: ['dateRangeEnd'], message: m.rangeEndBeforeStart });
    } else if (daysBetween(e.dateRangeStart, e.dateRangeEnd) > 3 * 366) {
      ctx.addIssue({ code: 'custom', path: ['dateRangeEnd'], message: m.rangeTooLong });
    }
  } else if (e.dateRangeType === 'ongoing') {
    // 'Doorlopend': a start, no end; the booking horizon limits how far ahead customers book.
    if (!e.dateRangeStart) ctx.addIssue({ code: 'custom', path: ['dateRangeStart'], message: m.needStart });
  } else if (!e.specificDates || e.specificDates.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['specificDates'], message: m.needSpecificDate });
  }
  if (e.requiresPayment && !e.paymentAmount) {
    ctx.addIssue({ code: 'custom', path: ['paymentAmount'], message: m.invalidAmount });
  }
  if (e.agendaIds && e.agendaGroups?.[0] && !sameIds(e.agendaIds, e.agendaGroups[0])) {
    ctx.addIssue({ code: 'custom', path: ['agendaIds'], message: nl.agendas.groupsDisagree });
  }
  if (e.maxSeatsPerBooking > e.seats) {
    ctx.addIssue({ code: 'custom', path: ['maxSeatsPerBooking'], message: m.maxSeatsAboveSeats });
  }
  // A request is decided by the owner before anything else happens: a payment, a visit's other
  // services, a waitlist's offer or a customer's series would each need a decision of their own
  // (docs/PRODUCT.md#approval).
  if (e.approval !== 'none') {
    const clash = e.requiresPayment
      ? m.approvalNotPaid
      : e.allowCombinations
        ? m.approvalNotCombined
        : e.waitlistEnabled
          ? m.approvalNotWaitlist
          : e.seriesOptions?.length
            ? m.approvalNotSeries
            : null;
    if (clash) ctx.addIssue({ code: 'custom', path: ['approval'], message: clash });
  }
  checkDeposit(e, ctx);
  checkPauses(e.workingDays, e.dailyPauseTimes, ctx);
}

export const customFieldsForEvent = customFieldList(m.needField);

const createEventShape = eventFields.extend({ customFields: customFieldsForEvent });
export const createEventBody = z.preprocess(withEventDefaults, createEventShape.superRefine(checkEventRules));
type Defaulted =
  | 'requiresPayment'
  | 'currency'
  | 'themeColor'
  | 'allowCombinations'
  | 'depositType'
  | 'depositFor'
  | 'seats'
  | 'maxSeatsPerBooking'
  | 'waitlistEnabled'
  | 'waitlistOfferMinutes'
  | 'seriesOptions'
  | 'approval';
export type CreateEventBody = Omit<z.input<typeof createEventShape>, Defaulted> &
  Partial<Pick<z.input<typeof createEventShape>, Defaulted>>;

/** PATCH sends any subset; the service merges it with the stored event and re-checks the whole. */
export const updateEventBody = someChange(
  eventFields.partial().extend({ customFields: customFieldsForEvent.optional() }),
);
export type UpdateEventBody = z.input<typeof updateEventBody>;

export const customFieldDto = z.object({
  id: z.string(),
  eventId: z.string(),
  fieldName: z.string(),
  fieldType: z.string(),
  isRequired: z.boolean(),
  order: z.number(),
  options: z.array(z.string()),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  sensitive: z.boolean(),
});
export type CustomFieldDto = z.infer<typeof customFieldDto>;

export const eventDto = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  workingDays: z.record(
    z.string(),
    z.object({ enabled: z.boolean(), startTime: z.string(), endTime: z.string() }),
  ),
  dateRangeType: z.enum(DATE_RANGE_TYPES),
  dateRangeStart: z.string().nullable(),
  dateRangeEnd: z.string().nullable(),
  specificDates: z.array(z.string()).nullable(),
  dailyPauseTimes: z.record(z.string(), z.array(z.object({ start: z.string(), end: z.string() }))).nullable(),
  durationMinutes: z.number(),
  requiresPayment: z.boolean(),
  paymentAmount: z.string().nullable(),
  currency: z.string(),
  slug: z.string(),
  googleCalendarId: z.string().nullable(),
  themeColor: z.string(),
  /** The first agenda group (the person); the same as `agendaGroups[0]`. */
  agendaIds: z.array(z.string()),
  /** Every group the service needs one agenda of, the first being `agendaIds`. */
  agendaGroups: z.array(z.array(z.string())),
  allowCombinations: z.boolean(),
  hiddenOnProfile: z.boolean(),
  /** Places per time; more than one: a class (docs/PRODUCT.md#classes). */
  seats: z.number(),
  maxSeatsPerBooking: z.number(),
  waitlistEnabled: z.boolean(),
  waitlistOfferMinutes: z.number(),
  seriesOptions: z.array(z.number()),
  textMessages: textMessagesDto.nullable(),
  approval: z.enum(APPROVAL_MODES),
  ...bookingRulesDto.shape,
  ...depositDto.shape,
  createdAt: z.string(),
});
export type EventDto = z.infer<typeof eventDto>;

export const occupancyDto = z.object({
  totalSlots: z.number(),
  booked: z.number(),
  available: z.number(),
  percentage: z.number(),
});

export const categoryDto = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  createdAt: z.string(),
});
export type CategoryDto = z.infer<typeof categoryDto>;

/** What the overview needs in one call: the event, its category and its occupancy. */
export const eventListItem = eventDto.extend({
  category: categoryDto.nullable(),
  occupancy: occupancyDto,
});
export type EventListItem = z.infer<typeof eventListItem>;

export const categoryBody = z.object({
  name: z
    .string({ error: m.categoryNameRequired })
    .trim()
    .min(1, m.categoryNameRequired)
    .max(100, m.categoryNameTooLong),
  color: hexColor.optional(),
});
export type CategoryBody = z.input<typeof categoryBody>;

export const webhookUrl = z
  .string({ error: m.webhookUrlRequired })
  .trim()
  .min(1, m.webhookUrlRequired)
  .max(2000, m.webhookUrlInvalid)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (
        (u.protocol === 'https:' || u.protocol === 'http:') &&
        Boolean(u.hostname) &&
        !u.username &&
        !u.password
      );
    } catch {
      return false;
    }
  }, m.webhookUrlInvalid);

export const webhookBody = z.object({
  name: z.string({ error: m.webhookNameRequired }).trim().min(1, m.webhookNameRequired).max(100),
  url: webhookUrl,
  isActive: z.boolean().optional(),
  /** What the webhook reports; left out on create: new bookings only, as before triggers existed. */
  triggers: z
    .array(z.enum(WEBHOOK_TRIGGERS, { error: nl.webhooksUi.triggerInvalid }))
    .min(1, nl.webhooksUi.triggerRequired)
    .transform((t) => [...new Set(t)])
    .optional(),
});
export const webhookPatch = someChange(webhookBody.partial());
export type WebhookBody = z.input<typeof webhookBody>;

export const webhookDto = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  url: z.string(),
  isActive: z.boolean(),
  triggers: z.array(z.enum(WEBHOOK_TRIGGERS)),
  /** Standard Webhooks signing secret ("whsec_…"), shown to the owner to verify deliveries. */
  secret: z.string(),
  createdAt: z.string(),
});
export type WebhookDto = z.infer<typeof webhookDto>;

export const idParams = z.object({ id: z.uuid({ error: nl.errors.notFound }) });
