import { z } from 'zod';
import { EMAIL_TEMPLATE_TYPES, REMINDER_UNITS } from './enums';
import { nl } from './messages';

const m = nl.emailTemplates;

export const reminderTiming = z.object({
  unit: z.enum(REMINDER_UNITS),
  value: z.coerce.number().int(m.reminderValueMin).min(1, m.reminderValueMin).max(365, m.reminderValueMin),
});

export const emailTemplateBody = z
  .object({
    templateType: z.enum(EMAIL_TEMPLATE_TYPES),
    subject: z.string({ error: m.subjectRequired }).trim().min(1, m.subjectRequired).max(300),
    htmlBody: z.string({ error: m.bodyRequired }).trim().min(1, m.bodyRequired).max(100_000),
    textBody: z.string().max(100_000).nullable().optional(),
    isActive: z.boolean().default(true),
    reminderTiming: reminderTiming.nullable().optional(),
  })
  .refine((t) => t.templateType !== 'reminder' || Boolean(t.reminderTiming), {
    message: m.reminderTimingRequired,
    path: ['reminderTiming'],
  });
export type EmailTemplateBody = z.input<typeof emailTemplateBody>;

export const emailTemplateDto = z.object({
  id: z.string(),
  templateType: z.enum(EMAIL_TEMPLATE_TYPES),
  subject: z.string(),
  htmlBody: z.string(),
  textBody: z.string().nullable(),
  reminderTiming: z.object({ unit: z.enum(REMINDER_UNITS), value: z.number() }).nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplateDto = z.infer<typeof emailTemplateDto>;
