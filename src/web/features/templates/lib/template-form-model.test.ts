import { describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { newKey } from '@web/lib/schedule-form';
import {
  defaultTemplateValues,
  templatePayload,
  templateTabOf,
  validateTemplate,
} from './template-form-model';

describe('template form model', () => {
  it('needs a name and at least one form field (spec §5 Templates)', () => {
    const errors = validateTemplate(templatePayload('', defaultTemplateValues(), []));
    expect(errors.templateName).toBe(nl.eventRules.templateNameRequired);
    // The API calls the list customFieldsConfig; the shared tabs read customFields.
    expect(errors.customFields).toBe(nl.eventRules.templateNeedField);
    expect(templateTabOf('customFields')).toBe('velden');
  });

  it('copies fields without their event ids and keeps the webhooks', () => {
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
    const body = templatePayload(' Intake ', schedule, [{ name: 'CRM', url: 'https://example.com/h' }]);
    expect(body.templateName).toBe('Intake');
    expect(body.customFieldsConfig).toEqual([
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
    ]);
    expect(body.webhooksConfig).toEqual([{ name: 'CRM', url: 'https://example.com/h' }]);
    expect(validateTemplate(body)).toEqual({});
  });
});
