import { NO_RULES } from '@core/booking-rules';
import { describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import type { TemplateDto } from '@contracts/templates';
import { newOverride, RULE_FIELDS } from '@web/lib/booking-rules-form';
import { errorEntries } from '@web/lib/form-errors';
import { newKey } from '@web/lib/schedule-form';
import {
  defaultTemplateValues,
  saveAsTemplateResolver,
  templatePayload,
  templateResolver,
  templateTabOf,
  templateToValues,
} from './template-form-model';

const options = { fields: {}, shouldUseNativeValidation: false };
const messages = (errors: unknown) =>
  Object.fromEntries(errorEntries(errors).map((e) => [e.path, e.message]));

const storedTemplate = (patch: Partial<TemplateDto> = {}): TemplateDto => ({
  id: 't1',
  templateName: 'Intake',
  workingDays: { '1': { enabled: true, startTime: '09:00', endTime: '17:00' } },
  dailyPauseTimes: null,
  durationMinutes: 30,
  requiresPayment: false,
  paymentAmount: null,
  currency: 'EUR',
  googleCalendarId: null,
  themeColor: '#3B82F6',
  agendaIds: [],
  ...NO_RULES,
  dateOverrides: [],
  depositType: 'none',
  depositValue: null,
  depositFor: 'everyone',
  customFieldsConfig: [
    {
      fieldName: 'Naam',
      fieldType: 'text',
      isRequired: true,
      order: 0,
      options: [],
      minValue: null,
      maxValue: null,
      sensitive: false,
    },
  ],
  webhooksConfig: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  ...patch,
});
const rulesOfBody = (body: Record<string, unknown>) =>
  Object.fromEntries(RULE_FIELDS.map((k) => [k, body[k]]));

describe('template form model', () => {
  it('needs a name and at least one form field (docs/PRODUCT.md#validation-templates)', async () => {
    const { errors } = await templateResolver(defaultTemplateValues(), undefined, options);
    expect(messages(errors).templateName).toBe(nl.eventRules.templateNameRequired);
    // The API calls the list customFieldsConfig; the shared tabs read customFields.
    expect(messages(errors).customFields).toBe(nl.eventRules.templateNeedField);
    expect(templateTabOf('customFields')).toBe('velden');
  });

  it('copies fields without their event ids and keeps the webhooks', async () => {
    const schedule = {
      ...defaultTemplateValues(),
      customFields: [
        {
          key: newKey(),
          id: '0b7f6c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
          fieldName: 'Naam',
          fieldType: 'text',
          isRequired: true,
        },
      ],
    };
    const webhooks = [{ name: 'CRM', url: 'https://example.com/h' }];
    const body = templatePayload(' Intake ', schedule, webhooks);
    expect(body.templateName).toBe('Intake');
    expect(body.customFieldsConfig).toEqual([
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0, sensitive: false },
    ]);
    expect(body.webhooksConfig).toEqual([{ name: 'CRM', url: 'https://example.com/h' }]);
    // "Opslaan als template" on an event form: the name plus the form's schedule.
    const fromEvent = await saveAsTemplateResolver(() => schedule, webhooks)(
      { templateName: ' Intake ' },
      undefined,
      options,
    );
    expect(fromEvent).toMatchObject({ values: body, errors: {} });
  });

  it('carries the agendas from the form and from a stored template; none stored is the default agenda', () => {
    const a = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
    expect(templatePayload('Intake', defaultTemplateValues(), [])).not.toHaveProperty('agendaIds');
    expect(templatePayload('Intake', { ...defaultTemplateValues(), agendaIds: [a] }, []).agendaIds).toEqual([
      a,
    ]);
    const stored = (agendaIds: string[]): TemplateDto => ({
      id: 't1',
      templateName: 'Intake',
      workingDays: {},
      dailyPauseTimes: null,
      durationMinutes: 30,
      requiresPayment: false,
      paymentAmount: null,
      currency: 'EUR',
      googleCalendarId: null,
      themeColor: '#3B82F6',
      agendaIds,
      ...NO_RULES,
      dateOverrides: [],
      depositType: 'none',
      depositValue: null,
      depositFor: 'everyone',
      customFieldsConfig: [],
      webhooksConfig: [],
      createdAt: '2030-01-01T00:00:00.000Z',
    });
    expect(templateToValues(stored([a])).agendaIds).toEqual([a]);
    expect(templateToValues(stored([])).agendaIds).toBeNull();
    expect(templateTabOf('agendaIds')).toBe('basis');
  });

  it("round-trips a stored template's booking rules; all off stays NO_RULES", async () => {
    const rules = {
      minimumNoticeMinutes: 2880,
      bookingHorizonDays: 90,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 15,
      slotIntervalMinutes: 20,
      maxBookingsPerDay: 4,
      cancelCutoffHours: 24,
      rescheduleCutoffHours: null,
      policyText: 'Bij niet verschijnen rekenen we de helft.',
      dateOverrides: [
        { date: '2030-12-24', startTime: '09:00', endTime: '12:00' },
        { date: '2030-12-31', closed: true as const },
      ],
    };
    const values = templateToValues(storedTemplate(rules));
    expect(values.bufferAfterMinutes).toBe(15);
    expect(values.rescheduleCutoffHours).toBeNull();
    expect(values.dateOverrides.map((o) => [o.date, o.closed])).toEqual([
      ['2030-12-24', false],
      ['2030-12-31', true],
    ]);
    const body = templatePayload(values.templateName, values, values.webhooksConfig);
    expect(rulesOfBody(body)).toEqual(rules);
    const parsed = await templateResolver(values, undefined, options);
    expect(parsed.errors).toEqual({});
    expect(parsed.values).toMatchObject(rules);

    const off = templateToValues(storedTemplate());
    expect(rulesOfBody(templatePayload('Intake', off, []))).toEqual(NO_RULES);
    expect(rulesOfBody(templatePayload('Intake', defaultTemplateValues(), []))).toEqual(NO_RULES);
  });

  it('shows rule errors at the paths the server reports, on the Tijd tab', async () => {
    const values = {
      ...templateToValues(storedTemplate()),
      bufferAfterMinutes: 200,
      dateOverrides: [{ ...newOverride('2030-12-24'), closed: false, startTime: '12:00', endTime: '09:00' }],
    };
    const { errors } = await templateResolver(values, undefined, options);
    expect(messages(errors)).toEqual({
      bufferAfterMinutes: nl.eventRules.bufferInvalid,
      'dateOverrides.0.endTime': nl.eventRules.overrideTimes,
    });
    for (const field of RULE_FIELDS) expect(templateTabOf(field)).toBe('tijd');
    expect(templateTabOf('dateOverrides.0.endTime')).toBe('tijd');
  });

  it('"Opslaan als template" on an event form carries its rules', async () => {
    const schedule = { ...templateToValues(storedTemplate()), minimumNoticeMinutes: 120 };
    const { values } = await saveAsTemplateResolver(() => schedule, [])(
      { templateName: 'Kopie' },
      undefined,
      options,
    );
    expect(values).toMatchObject({ templateName: 'Kopie', minimumNoticeMinutes: 120 });
  });

  it('"Opslaan als template" keeps only the first agenda group (templates have no further ones)', async () => {
    const [person, room] = ['3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f', '7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e5f'];
    // What the event form's values hold beside the schedule: its added groups.
    const schedule = {
      ...templateToValues(storedTemplate()),
      agendaIds: [person],
      extraAgendaGroups: [{ key: newKey(), agendaIds: [room] }],
    };
    const { values } = await saveAsTemplateResolver(() => schedule, [])(
      { templateName: 'Kleuren' },
      undefined,
      options,
    );
    expect(values).toMatchObject({ agendaIds: [person] });
    expect(values).not.toHaveProperty('agendaGroups');
    expect(values).not.toHaveProperty('extraAgendaGroups');
  });
});
