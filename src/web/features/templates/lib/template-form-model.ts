/** Values, payload and checks of the template editor (docs/PRODUCT.md#templates, #validation-templates). */
import { templateBody, type TemplateBody, type TemplateDto } from '@contracts/templates';
import { RULE_FIELDS } from '@web/lib/booking-rules-form';
import { DEPOSIT_FIELDS } from '@web/lib/deposit-form';
import { contractResolver } from '@web/lib/form-errors';
import {
  defaultScheduleValues,
  fieldsPayload,
  newKey,
  schedulePayload,
  scheduleFromTemplate,
  type ScheduleValues,
} from '@web/lib/schedule-form';

export interface WebhookConfigValue {
  key: string;
  name: string;
  url: string;
}

export interface TemplateFormValues extends ScheduleValues {
  templateName: string;
  webhooksConfig: WebhookConfigValue[];
}

export const TEMPLATE_TABS = [
  'basis',
  'tijd',
  'pauzes',
  'velden',
  'betaling',
  'kalender',
  'webhooks',
] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

export function defaultTemplateValues(): TemplateFormValues {
  return { ...defaultScheduleValues(), templateName: '', webhooksConfig: [] };
}

export function templateToValues(t: TemplateDto): TemplateFormValues {
  return {
    ...scheduleFromTemplate(t),
    templateName: t.templateName,
    webhooksConfig: t.webhooksConfig.map((w) => ({ key: newKey(), name: w.name, url: w.url })),
  };
}

/** A template payload from any schedule (the template editor, or "Opslaan als template" on the event form). */
export function templatePayload(
  name: string,
  schedule: ScheduleValues,
  webhooks: ReadonlyArray<{ name: string; url: string }>,
): TemplateBody {
  return {
    ...schedulePayload(schedule),
    templateName: name.trim(),
    // Template fields are copies, never bound to an event's stored field ids.
    customFieldsConfig: fieldsPayload(schedule.customFields).map(({ id: _id, ...f }) => f),
    webhooksConfig: webhooks.map((w) => ({ name: w.name.trim(), url: w.url.trim() })),
  };
}

/** The template's field list is called customFieldsConfig by the API and customFields by the shared tabs. */
export const templateFieldName = (path: string) =>
  path.replace(/^customFieldsConfig(?=$|\.)/, 'customFields');

/** The editor checks its payload with the contract the server validates it with (docs/PRODUCT.md#validation-templates). */
export const templateResolver = contractResolver<TemplateFormValues, TemplateBody>(
  templateBody,
  (v) => templatePayload(v.templateName, v, v.webhooksConfig),
  templateFieldName,
);

/** "Opslaan als template" asks only a name; the rest of the template is the event form's current schedule. */
export const saveAsTemplateResolver = (
  getSchedule: () => ScheduleValues,
  webhooks: ReadonlyArray<{ name: string; url: string }>,
) =>
  contractResolver<{ templateName: string }, TemplateBody>(
    templateBody,
    (v) => templatePayload(v.templateName, getSchedule(), webhooks),
    templateFieldName,
  );

const TAB_OF_FIELD: Record<string, TemplateTab> = {
  templateName: 'basis',
  themeColor: 'basis',
  agendaIds: 'basis',
  workingDays: 'tijd',
  durationMinutes: 'tijd',
  dailyPauseTimes: 'pauzes',
  customFields: 'velden',
  requiresPayment: 'betaling',
  paymentAmount: 'betaling',
  currency: 'betaling',
  ...Object.fromEntries(DEPOSIT_FIELDS.map((field) => [field, 'betaling'])),
  googleCalendarId: 'kalender',
  webhooksConfig: 'webhooks',
  // Section "Boekingsregels" of the Tijd tab.
  ...Object.fromEntries(RULE_FIELDS.map((field) => [field, 'tijd'])),
};

export function templateTabOf(path: string): TemplateTab {
  return TAB_OF_FIELD[path.split('.')[0] ?? ''] ?? 'basis';
}
