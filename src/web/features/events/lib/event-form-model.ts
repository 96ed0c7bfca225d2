/** Values, payload and client-side checks of the event form (docs/PRODUCT.md#event-form, #validation-events). */
import { createEventBody, type CreateEventBody, type CustomFieldDto, type EventDto } from '@contracts/events';
import { TEXT_KINDS, type TextChannel, type TextKind } from '@contracts/enums';
import type { TextMessagesInput } from '@contracts/text-messages';
import type { ApprovalMode, DateRangeType } from '@core/index';
import { RULE_FIELDS, rulesToValues } from '@web/lib/booking-rules-form';
import { DEPOSIT_FIELDS, depositToValues } from '@web/lib/deposit-form';
import { contractResolver } from '@web/lib/form-errors';
import {
  agendaIdsFrom,
  amountForInput,
  completeWorkingDays,
  defaultScheduleValues,
  fieldsPayload,
  fieldValuesFrom,
  schedulePayload,
  type ScheduleValues,
} from '@web/lib/schedule-form';
import {
  agendaGroupsField,
  agendaGroupsPayload,
  extraGroupsFrom,
  type AgendaGroupValue,
} from './agenda-groups-form';

export interface EventFormValues extends ScheduleValues {
  title: string;
  description: string;
  categoryId: string | null;
  dateRangeType: DateRangeType;
  dateRangeStart: string;
  dateRangeEnd: string;
  specificDates: string[];
  /** 'Niet tonen op de overzichtspagina' (docs/PRODUCT.md#business-page). */
  hiddenOnProfile: boolean;
  /** The groups after the first ('Ook nodig', docs/PRODUCT.md#agenda-groups); templates have none. */
  extraAgendaGroups: AgendaGroupValue[];
  /** 'Combineren met andere diensten toestaan'. */
  allowCombinations: boolean;
  /** 'Plaatsen per tijdstip': more than one makes the service a class (docs/PRODUCT.md#classes). */
  seats: number;
  /** 'Maximaal per boeking', shown for a class only. */
  maxSeatsPerBooking: number;
  /** 'Wachtlijst' (docs/PRODUCT.md#waitlist) and how long a freed place is held for the first one. */
  waitlistEnabled: boolean;
  waitlistOfferMinutes: number;
  /** 'Reeks boeken' (docs/PRODUCT.md#series): the numbers of weekly times a customer may book at once. */
  seriesOptions: number[];
  /** 'Goedkeuring' (docs/PRODUCT.md#approval): whose bookings wait for the owner's decision. */
  approval: ApprovalMode;
  /** 'Sms en WhatsApp' (docs/PRODUCT.md#text-messages), on the Webhooks tab. */
  textMessages: TextMessagesValues;
}

/**
 * The service's text messages as the form edits them: off is stored as null; the channel, hours and
 * texts are kept while the switch is off, so switching back on shows what was there.
 */
export interface TextMessagesValues {
  enabled: boolean;
  channel: TextChannel;
  send: TextKind[];
  reminderHours: number;
  /** The owner's own text per message; '' sends the built-in one. */
  templates: Record<TextKind, string>;
}

/** The reminder's hours before the appointment when the owner has not chosen (PRODUCT.md#text-messages). */
export const DEFAULT_REMINDER_HOURS = 24;

const noTemplates = (): Record<TextKind, string> =>
  Object.fromEntries(TEXT_KINDS.map((kind) => [kind, ''])) as Record<TextKind, string>;

export const defaultTextMessagesValues = (): TextMessagesValues => ({
  enabled: false,
  channel: 'sms',
  send: ['confirmation', 'reminder'],
  reminderHours: DEFAULT_REMINDER_HOURS,
  templates: noTemplates(),
});

export function textMessagesToValues(stored: EventDto['textMessages']): TextMessagesValues {
  if (!stored) return defaultTextMessagesValues();
  return {
    enabled: stored.send.length > 0,
    channel: stored.channel,
    send: TEXT_KINDS.filter((kind) => stored.send.includes(kind)),
    reminderHours: stored.reminderHours,
    templates: { ...noTemplates(), ...stored.templates },
  };
}

/**
 * Off: null, as for an owner who never touched it. On: every own text that is not blank (a text
 * of a message not chosen now is kept for when it is chosen again); the reminder's hours only
 * matter when the reminder is sent, so a blank hidden field falls back to the default.
 */
export function textMessagesPayload(v: TextMessagesValues): TextMessagesInput | null {
  if (!v.enabled) return null;
  const templates: Partial<Record<TextKind, string>> = {};
  for (const kind of TEXT_KINDS) if (v.templates[kind].trim()) templates[kind] = v.templates[kind];
  const hoursShown = v.send.includes('reminder');
  const hoursValid = Number.isInteger(v.reminderHours) && v.reminderHours >= 1 && v.reminderHours <= 168;
  return {
    channel: v.channel,
    send: TEXT_KINDS.filter((kind) => v.send.includes(kind)),
    reminderHours: hoursShown || hoursValid ? v.reminderHours : DEFAULT_REMINDER_HOURS,
    templates,
  };
}

export const EVENT_TABS = ['basis', 'tijd', 'pauzes', 'velden', 'betaling', 'calendar', 'webhooks'] as const;
export type EventTab = (typeof EVENT_TABS)[number];

export function defaultEventValues(): EventFormValues {
  return {
    ...defaultScheduleValues(),
    title: '',
    description: '',
    categoryId: null,
    dateRangeType: 'range',
    dateRangeStart: '',
    dateRangeEnd: '',
    specificDates: [],
    hiddenOnProfile: false,
    extraAgendaGroups: [],
    allowCombinations: false,
    seats: 1,
    maxSeatsPerBooking: 1,
    waitlistEnabled: false,
    waitlistOfferMinutes: 120,
    seriesOptions: [],
    approval: 'none',
    textMessages: defaultTextMessagesValues(),
  };
}

export function eventToValues(event: EventDto, fields: readonly CustomFieldDto[]): EventFormValues {
  return {
    title: event.title,
    description: event.description ?? '',
    categoryId: event.categoryId,
    workingDays: completeWorkingDays(event.workingDays),
    dateRangeType: event.dateRangeType,
    dateRangeStart: event.dateRangeStart ?? '',
    dateRangeEnd: event.dateRangeEnd ?? '',
    specificDates: [...(event.specificDates ?? [])].sort(),
    dailyPauseTimes: structuredClone(event.dailyPauseTimes ?? {}),
    durationMinutes: event.durationMinutes,
    customFields: fieldValuesFrom(fields),
    requiresPayment: event.requiresPayment,
    paymentAmount: amountForInput(event.paymentAmount),
    currency: event.currency,
    themeColor: event.themeColor,
    googleCalendarId: event.googleCalendarId,
    agendaIds: agendaIdsFrom(event.agendaIds),
    hiddenOnProfile: event.hiddenOnProfile,
    extraAgendaGroups: extraGroupsFrom(event.agendaGroups),
    allowCombinations: event.allowCombinations,
    seats: event.seats,
    maxSeatsPerBooking: event.maxSeatsPerBooking,
    waitlistEnabled: event.waitlistEnabled,
    waitlistOfferMinutes: event.waitlistOfferMinutes,
    seriesOptions: [...event.seriesOptions],
    approval: event.approval,
    textMessages: textMessagesToValues(event.textMessages),
    ...rulesToValues(event),
    ...depositToValues(event),
  };
}

/** The complete event; used for create and for edit (PATCH accepts every field). */
export function eventPayload(v: EventFormValues): CreateEventBody {
  const isRange = v.dateRangeType === 'range';
  const hasStart = v.dateRangeType !== 'specific';
  // Every group as agendaGroups (the first one included), so removing the last added group clears it.
  const { agendaIds: _first, ...schedule } = schedulePayload(v);
  return {
    ...schedule,
    ...agendaGroupsPayload(v),
    title: v.title.trim(),
    description: v.description.trim() || null,
    categoryId: v.categoryId,
    dateRangeType: v.dateRangeType,
    dateRangeStart: hasStart ? v.dateRangeStart || null : null,
    dateRangeEnd: isRange ? v.dateRangeEnd || null : null,
    specificDates: hasStart ? null : [...v.specificDates].sort(),
    customFields: fieldsPayload(v.customFields),
    hiddenOnProfile: v.hiddenOnProfile,
    allowCombinations: v.allowCombinations,
    seats: v.seats,
    // Hidden for a service of one place: a value typed before it became one is not kept.
    maxSeatsPerBooking: v.seats > 1 ? v.maxSeatsPerBooking : 1,
    waitlistEnabled: v.waitlistEnabled,
    waitlistOfferMinutes: v.waitlistOfferMinutes,
    seriesOptions: v.seriesOptions,
    approval: v.approval,
    textMessages: textMessagesPayload(v.textMessages),
  };
}

/** The form checks its payload with the contract the server validates it with (docs/PRODUCT.md#validation-events). */
export const eventResolver = contractResolver<EventFormValues, CreateEventBody>(
  createEventBody,
  eventPayload,
  agendaGroupsField,
);

/** The form's name for a path the contract or the server reports. */
export const eventFieldOf = agendaGroupsField;

const TAB_OF_FIELD: Record<string, EventTab> = {
  title: 'basis',
  description: 'basis',
  categoryId: 'basis',
  themeColor: 'basis',
  agendaIds: 'basis',
  extraAgendaGroups: 'basis',
  hiddenOnProfile: 'basis',
  allowCombinations: 'basis',
  seats: 'basis',
  maxSeatsPerBooking: 'basis',
  waitlistEnabled: 'basis',
  waitlistOfferMinutes: 'basis',
  seriesOptions: 'basis',
  approval: 'basis',
  workingDays: 'tijd',
  dateRangeType: 'tijd',
  dateRangeStart: 'tijd',
  dateRangeEnd: 'tijd',
  specificDates: 'tijd',
  durationMinutes: 'tijd',
  dailyPauseTimes: 'pauzes',
  customFields: 'velden',
  requiresPayment: 'betaling',
  paymentAmount: 'betaling',
  currency: 'betaling',
  ...Object.fromEntries(DEPOSIT_FIELDS.map((field) => [field, 'betaling'])),
  googleCalendarId: 'calendar',
  textMessages: 'webhooks',
  // Section "Boekingsregels" of the Tijd tab.
  ...Object.fromEntries(RULE_FIELDS.map((field) => [field, 'tijd'])),
};

export function eventTabOf(path: string): EventTab {
  return TAB_OF_FIELD[path.split('.')[0] ?? ''] ?? 'basis';
}
