import { describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import type { TemplateDto } from '@contracts/templates';
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
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
    ]);
    expect(body.webhooksConfig).toEqual([{ name: 'CRM', url: 'https://example.com/h' }]);
    // "Opslaan als template" on an event form: the name plus the form's schedule.
    const fromEvent = await saveAsTemplateResolver(() => schedule, webhooks)(
      { templateName: ' Intake ' },
      undefined,
      options,
    );
    expect(fromEvent).toEqual({ values: body, errors: {} });
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
      customFieldsConfig: [],
      webhooksConfig: [],
      createdAt: '2030-01-01T00:00:00.000Z',
    });
    expect(templateToValues(stored([a])).agendaIds).toEqual([a]);
    expect(templateToValues(stored([])).agendaIds).toBeNull();
    expect(templateTabOf('agendaIds')).toBe('basis');
  });
});
