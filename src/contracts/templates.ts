import { agendaIdsSchema } from './agendas';
import { bookingRulesDto, bookingRulesFields } from './booking-rules';
import { checkDeposit, depositDto, depositFields } from './deposits';
import { z } from 'zod';
import { nl } from './messages';
import {
  amountSchema,
  calendarIdSchema,
  checkPauses,
  currencySchema,
  customFieldList,
  durationSchema,
  hexColor,
  pausesSchema,
  workingDaysSchema,
} from './schedule';
import { webhookUrl } from './events';

const m = nl.eventRules;

export const templateWebhookConfig = z.object({
  name: z.string({ error: m.webhookNameRequired }).trim().min(1, m.webhookNameRequired).max(100),
  url: webhookUrl,
});

export const templateFields = z.object({
  templateName: z.string({ error: m.templateNameRequired }).trim().min(1, m.templateNameRequired).max(200),
  workingDays: workingDaysSchema,
  dailyPauseTimes: pausesSchema.nullable().optional(),
  durationMinutes: durationSchema.default(30),
  requiresPayment: z.boolean().default(false),
  paymentAmount: amountSchema,
  currency: currencySchema.default('EUR'),
  googleCalendarId: calendarIdSchema,
  themeColor: hexColor.default('#3B82F6'),
  /** Left out: the owner's default agenda. */
  agendaIds: agendaIdsSchema.optional(),
  ...bookingRulesFields,
  depositType: depositFields.depositType.default('none'),
  depositValue: depositFields.depositValue,
  depositFor: depositFields.depositFor.default('everyone'),
  customFieldsConfig: customFieldList(m.templateNeedField),
  webhooksConfig: z.array(templateWebhookConfig).max(20).default([]),
});

export const templateBody = templateFields.superRefine((t, ctx) => {
  if (t.requiresPayment && !t.paymentAmount) {
    ctx.addIssue({ code: 'custom', path: ['paymentAmount'], message: m.invalidAmount });
  }
  checkDeposit(t, ctx);
  checkPauses(t.workingDays, t.dailyPauseTimes, ctx);
});
export type TemplateBody = z.input<typeof templateBody>;

export const templateDto = z.object({
  id: z.string(),
  templateName: z.string(),
  workingDays: z.record(
    z.string(),
    z.object({ enabled: z.boolean(), startTime: z.string(), endTime: z.string() }),
  ),
  dailyPauseTimes: z.record(z.string(), z.array(z.object({ start: z.string(), end: z.string() }))).nullable(),
  durationMinutes: z.number(),
  requiresPayment: z.boolean(),
  paymentAmount: z.string().nullable(),
  currency: z.string(),
  googleCalendarId: z.string().nullable(),
  themeColor: z.string(),
  agendaIds: z.array(z.string()),
  ...bookingRulesDto.shape,
  ...depositDto.shape,
  // Plain output types: a response schema cannot run the input's transforms (bounds as text).
  customFieldsConfig: z.array(
    z.object({
      fieldName: z.string(),
      fieldType: z.string(),
      isRequired: z.boolean(),
      order: z.number(),
      options: z.array(z.string()),
      minValue: z.number().nullable(),
      maxValue: z.number().nullable(),
      sensitive: z.boolean(),
    }),
  ),
  webhooksConfig: z.array(z.object({ name: z.string(), url: z.string() })),
  createdAt: z.string(),
});
export type TemplateDto = z.infer<typeof templateDto>;
