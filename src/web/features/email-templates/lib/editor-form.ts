import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { emailTemplateBody, type EmailTemplateBody, type EmailTemplateDto } from '@contracts/email-templates';
import { DEFAULT_EMAIL_TEMPLATES } from '@contracts/email-defaults';
import type { EmailTemplateType, ReminderUnit } from '@contracts/enums';
import { contractResolver } from '@web/lib/form-errors';

export interface EditorValues {
  subject: string;
  htmlBody: string;
  isActive: boolean;
  /** As typed; NaN when the number input is empty. */
  reminderValue: number;
  reminderUnit: ReminderUnit;
}

type SavedBody = z.output<typeof emailTemplateBody>;
export type EditorForm = UseFormReturn<EditorValues, unknown, SavedBody>;

export function toEditorValues(
  type: EmailTemplateType,
  template: EmailTemplateDto | undefined,
): EditorValues {
  const source = template ?? DEFAULT_EMAIL_TEMPLATES[type];
  const timing = template?.reminderTiming ??
    DEFAULT_EMAIL_TEMPLATES.reminder.reminderTiming ?? { unit: 'hours', value: 24 };
  return {
    subject: source.subject,
    htmlBody: source.htmlBody,
    isActive: template?.isActive ?? true,
    reminderValue: timing.value,
    reminderUnit: timing.unit,
  };
}

/** The full body PATCH and POST expect. */
export function toTemplateBody(
  type: EmailTemplateType,
  v: EditorValues,
  template: EmailTemplateDto | undefined,
): EmailTemplateBody {
  return {
    templateType: type,
    subject: v.subject.trim(),
    htmlBody: v.htmlBody,
    textBody: template?.textBody ?? null,
    isActive: v.isActive,
    // An empty number input is 0 here, which the contract refuses with its "at least 1" message.
    reminderTiming:
      type === 'reminder'
        ? { unit: v.reminderUnit, value: Number.isFinite(v.reminderValue) ? v.reminderValue : 0 }
        : null,
  };
}

/** The reminder's timing is one field of the contract and two of the form; its messages go to the value. */
export const editorFieldName = (path: string) => (path.startsWith('reminderTiming') ? 'reminderValue' : path);

/** docs/PRODUCT.md#validation-email-templates (subject and body required, a reminder at least 1 hour or day before): the contract. */
export const editorResolver = (type: EmailTemplateType, template: EmailTemplateDto | undefined) =>
  contractResolver<EditorValues, SavedBody>(
    emailTemplateBody,
    (v) => toTemplateBody(type, v, template),
    editorFieldName,
  );

/** A new reminder starts from the Dutch default, 24 hours before. */
export function defaultReminderBody(): EmailTemplateBody {
  const d = DEFAULT_EMAIL_TEMPLATES.reminder;
  return {
    templateType: 'reminder',
    subject: d.subject,
    htmlBody: d.htmlBody,
    isActive: true,
    reminderTiming: d.reminderTiming ?? { unit: 'hours', value: 24 },
  };
}
