/**
 * Form values shared by the event form and the template editor, and their conversion from and to
 * the API shapes. The shared tabs (Tijd, Pauzes, Velden, Betaling) edit a `ScheduleValues`.
 */
import type { CustomFieldDto } from '@contracts/events';
import type { TemplateDto } from '@contracts/templates';
import { CHOICE_FIELD_TYPES } from '@contracts/schedule';
import {
  compactPauses,
  DEFAULT_COLOR,
  DEFAULT_CURRENCY,
  DEFAULT_DURATION,
  defaultWorkingDays,
  type DailyPauseTimes,
  type WorkingDays,
} from '@core/index';
import { amountForInput } from './amount-input';
import { defaultRuleValues, rulesPayload, rulesToValues, type RuleValues } from './booking-rules-form';
import { defaultDepositValues, depositPayload, depositToValues, type DepositValues } from './deposit-form';

export interface CustomFieldValue {
  /** Stable React key; `id` is only set for fields the server already stored. */
  key: string;
  id?: string;
  fieldName: string;
  fieldType: string;
  isRequired: boolean;
  /** A select's or multiselect's options as typed, one per line. */
  optionsText?: string;
  /** A number field's bounds as typed; blank is none. */
  minValue?: string;
  maxValue?: string;
  /** 'Gevoelig (bijv. medisch)' (docs/PRODUCT.md#sensitive-answers). */
  sensitive?: boolean;
}

const boundText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The shared tabs' values; the booking rules (Tijd tab, section "Boekingsregels") keep their API names. */
export interface ScheduleValues extends RuleValues, DepositValues {
  workingDays: WorkingDays;
  dailyPauseTimes: DailyPauseTimes;
  durationMinutes: number;
  customFields: CustomFieldValue[];
  requiresPayment: boolean;
  /** As typed; normalised to 'NN.NN' by the server. */
  paymentAmount: string;
  currency: string;
  themeColor: string;
  /** Not editable until Google Calendar can be connected; kept as loaded. */
  googleCalendarId: string | null;
  /**
   * The agendas the service books into, in the owner's order. null: none chosen yet, which the
   * server reads as the owner's default agenda (a new event or template), so the form needs no
   * agenda list to start.
   */
  agendaIds: string[] | null;
}

// crypto.randomUUID exists only in secure contexts; keys only need to be unique within this page.
let keyCounter = 0;
export const newKey = (): string => `k${++keyCounter}`;

/** All seven weekdays present (a missing day means disabled), so the editor can show every row. */
export function completeWorkingDays(days: WorkingDays | null | undefined): WorkingDays {
  const defaults = defaultWorkingDays();
  const result: WorkingDays = {};
  for (const key of Object.keys(defaults)) {
    result[key] = days?.[key] ? { ...days[key] } : { ...defaults[key]!, enabled: false };
  }
  return result;
}

export function defaultScheduleValues(): ScheduleValues {
  return {
    workingDays: defaultWorkingDays(),
    dailyPauseTimes: {},
    durationMinutes: DEFAULT_DURATION,
    customFields: [],
    requiresPayment: false,
    paymentAmount: '',
    currency: DEFAULT_CURRENCY,
    themeColor: DEFAULT_COLOR,
    googleCalendarId: null,
    agendaIds: null,
    ...defaultRuleValues(),
    ...defaultDepositValues(),
  };
}

export function fieldValuesFrom(
  fields: ReadonlyArray<
    Pick<CustomFieldDto, 'fieldName' | 'fieldType' | 'isRequired' | 'order'> &
      Partial<Pick<CustomFieldDto, 'options' | 'minValue' | 'maxValue' | 'sensitive'>> & { id?: string }
  >,
): CustomFieldValue[] {
  return [...fields]
    .sort((a, b) => a.order - b.order)
    .map((f) => ({
      key: newKey(),
      id: f.id,
      fieldName: f.fieldName,
      fieldType: f.fieldType,
      isRequired: f.isRequired,
      optionsText: (f.options ?? []).join('\n'),
      minValue: boundText(f.minValue),
      maxValue: boundText(f.maxValue),
      sensitive: f.sensitive ?? false,
    }));
}

export { amountForInput };

/** What a template prefills (docs/PRODUCT.md#event-form): everything but the webhooks, which are created after saving. */
export function scheduleFromTemplate(t: TemplateDto): ScheduleValues {
  return {
    workingDays: completeWorkingDays(t.workingDays),
    dailyPauseTimes: structuredClone(t.dailyPauseTimes ?? {}),
    durationMinutes: t.durationMinutes,
    customFields: fieldValuesFrom(t.customFieldsConfig),
    requiresPayment: t.requiresPayment,
    paymentAmount: amountForInput(t.paymentAmount),
    currency: t.currency,
    themeColor: t.themeColor,
    googleCalendarId: t.googleCalendarId,
    agendaIds: agendaIdsFrom(t.agendaIds),
    ...rulesToValues(t),
    ...depositToValues(t),
  };
}

/** A stored service's agendas as form values; none stored means the default agenda (null). */
export const agendaIdsFrom = (ids: readonly string[]): string[] | null => (ids.length ? [...ids] : null);

/** The schedule part of an API payload; field order is the list order. */
export function schedulePayload(v: ScheduleValues) {
  return {
    workingDays: v.workingDays,
    dailyPauseTimes: compactPauses(v.dailyPauseTimes),
    durationMinutes: v.durationMinutes,
    requiresPayment: v.requiresPayment,
    // The price is kept without online payment too: it is then paid at the salon.
    paymentAmount: v.paymentAmount.trim() || null,
    currency: v.currency as 'EUR' | 'USD' | 'GBP',
    googleCalendarId: v.googleCalendarId,
    themeColor: v.themeColor,
    // Left out while none were chosen: the server then books into the default agenda.
    ...(v.agendaIds ? { agendaIds: v.agendaIds } : {}),
    ...rulesPayload(v),
    ...depositPayload(v),
  };
}

export function fieldsPayload(fields: readonly CustomFieldValue[]) {
  return fields.map((f, order) => ({
    ...(f.id ? { id: f.id } : {}),
    fieldName: f.fieldName.trim(),
    fieldType: f.fieldType,
    isRequired: f.isRequired,
    order,
    sensitive: f.sensitive ?? false,
    // Only what the type uses: the options of a choice field, the bounds of a number.
    ...(CHOICE_FIELD_TYPES.includes(f.fieldType) && {
      options: (f.optionsText ?? '')
        .split('\n')
        .map((o) => o.trim())
        .filter(Boolean),
    }),
    ...(f.fieldType === 'number' && { minValue: f.minValue ?? '', maxValue: f.maxValue ?? '' }),
  }));
}
