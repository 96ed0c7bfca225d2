import { z } from 'zod';
import { TEXT_CHANNELS, TEXT_KINDS, type TextKind } from './enums';
import { nl } from './messages';

const m = nl.textMessages;

/** The longest template an owner may write: about 7 GSM-7 parts, far past the editor's warning. */
export const MAX_TEXT_TEMPLATE = 1000;

/**
 * Which of a service's customer messages also go by SMS or WhatsApp (docs/PRODUCT.md#text-messages),
 * the reminder's own time before the appointment and the owner's own texts per message (absent: the
 * built-in Dutch one). Null or `send: []`: none.
 */
export const textMessagesSchema = z.object({
  channel: z.enum(TEXT_CHANNELS, { error: m.channelInvalid }),
  send: z
    .array(z.enum(TEXT_KINDS, { error: m.sendInvalid }), { error: m.sendInvalid })
    .max(TEXT_KINDS.length, m.sendInvalid)
    .refine((v) => new Set(v).size === v.length, m.sendInvalid)
    .transform((v) => TEXT_KINDS.filter((k) => v.includes(k))),
  reminderHours: z
    .number({ error: m.reminderHoursInvalid })
    .int(m.reminderHoursInvalid)
    .min(1, m.reminderHoursInvalid)
    .max(168, m.reminderHoursInvalid),
  templates: z
    .partialRecord(z.enum(TEXT_KINDS), z.string().trim().max(MAX_TEXT_TEMPLATE, m.templateTooLong).nullable())
    .optional()
    // An emptied text is no text of the owner's: the built-in one is sent.
    .transform((t): Partial<Record<TextKind, string>> => {
      const kept: Partial<Record<TextKind, string>> = {};
      for (const kind of TEXT_KINDS) if (t?.[kind]) kept[kind] = t[kind];
      return kept;
    }),
});
export type TextMessagesSettings = z.output<typeof textMessagesSchema>;
export type TextMessagesInput = z.input<typeof textMessagesSchema>;

/** Whether a service sends anything by text: the booking form asks the customer's consent then. */
export const sendsTexts = (settings: TextMessagesSettings | null | undefined): boolean =>
  Boolean(settings?.send.length);

/** The settings as answered (the event's DTO): what the schema above stores. */
export const textMessagesDto = z.object({
  channel: z.enum(TEXT_CHANNELS),
  send: z.array(z.enum(TEXT_KINDS)),
  reminderHours: z.number(),
  templates: z.partialRecord(z.enum(TEXT_KINDS), z.string()),
});
