import { z } from 'zod';
import type { EmailTemplateBody, EmailTemplateDto } from '@contracts/email-templates';
import { DEFAULT_EMAIL_TEMPLATES } from '@contracts/email-defaults';
import { REMINDER_UNITS, type EmailTemplateType } from '@contracts/enums';
import { nl } from '@contracts/messages';

const m = nl.emailTemplates;

/** Spec §5 Email template: subject and body required; a reminder at least 1 hour or day before. */
export const editorSchema = z.object({
  subject: z.string().trim().min(1, m.subjectRequired).max(300),
  htmlBody: z.string().trim().min(1, m.bodyRequired).max(100_000),
  isActive: z.boolean(),
  reminderValue: z
    .number({ error: m.reminderValueMin })
    .int(m.reminderValueMin)
    .min(1, m.reminderValueMin)
    .max(365, m.reminderValueMin),
  reminderUnit: z.enum(REMINDER_UNITS),
});
export type EditorValues = z.infer<typeof editorSchema>;

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
    reminderTiming: type === 'reminder' ? { unit: v.reminderUnit, value: v.reminderValue } : null,
  };
}

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
