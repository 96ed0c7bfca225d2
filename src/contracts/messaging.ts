import { z } from 'zod';
import { isValidStoredPhone, toStoredPhone } from '@core/phone';
import { mobileNumberProblem } from '@core/mobile-phone';
import { MESSAGING_PROVIDERS, MESSAGING_STATUSES, WHATSAPP_PROVIDERS } from './enums';
import { nl } from './messages';

/**
 * The owner's own SMS and WhatsApp provider (docs/PRODUCT.md#messaging): PUT /api/messaging connects
 * it (the keys are checked with the provider first), GET answers what is connected without any key,
 * POST /api/messaging/test sends one message to a mobile number.
 */
const m = nl.messaging;

/** Twilio's account id: 'AC' and 32 hexadecimal characters. */
export const TWILIO_ACCOUNT_SID_RE = /^AC[0-9a-fA-F]{32}$/;
/** An alphanumeric sender: 1 to 11 letters, digits and spaces with at least one letter (the SMS rule). */
export const ALPHANUMERIC_SENDER_RE = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
const E164_RE = /^\+[1-9]\d{7,14}$/;
/** What a typed phone number may look like before core's rule stores it ('+31 6-1234 5678', '0612345678'). */
const LOOKS_LIKE_NUMBER = /^[+\d][\d\s().-]*$/;

/** A typed number as core stores it (NL the country of a national number), or null when it is none. */
export function e164Of(typed: string): string | null {
  const value = typed.trim().replace(/^whatsapp:/i, '');
  if (!LOOKS_LIKE_NUMBER.test(value)) return null;
  const stored = toStoredPhone('NL', value);
  return E164_RE.test(stored) && isValidStoredPhone(stored) ? stored : null;
}

/** A secret as typed: '' or absent keeps the stored one (the service decides whether one is needed). */
const secret = z
  .string()
  .trim()
  .max(200, m.keyInvalid)
  .refine((v) => !/\s/.test(v), m.keyInvalid)
  .optional();

/** The sender: a number in E.164 (typed any way core reads) or an alphanumeric name. */
export const messagingSender = z
  .string({ error: m.senderRequired })
  .trim()
  .min(1, m.senderRequired)
  .transform((v, ctx) => {
    const number = e164Of(v);
    if (number) return number;
    if (ALPHANUMERIC_SENDER_RE.test(v)) return v;
    ctx.addIssue({ code: 'custom', message: m.senderInvalid });
    return z.NEVER;
  });

const whatsappSender = z
  .string()
  .trim()
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const number = e164Of(v);
    if (number) return number;
    ctx.addIssue({ code: 'custom', message: m.whatsappSenderInvalid });
    return z.NEVER;
  });

export const messagingBody = z
  .object({
    provider: z.enum(MESSAGING_PROVIDERS, { error: m.providerRequired }),
    accountSid: z
      .string()
      .trim()
      .refine((v) => v === '' || TWILIO_ACCOUNT_SID_RE.test(v), m.accountSidInvalid)
      .optional(),
    authToken: secret,
    accessKey: secret,
    sender: messagingSender,
    whatsappSender,
  })
  .superRefine((body, ctx) => {
    if (!WHATSAPP_PROVIDERS.includes(body.provider) && body.whatsappSender)
      ctx.addIssue({ code: 'custom', path: ['whatsappSender'], message: m.whatsappTwilioOnly });
  });
export type MessagingBody = z.input<typeof messagingBody>;
export type MessagingSettings = z.output<typeof messagingBody>;

export const messagingDto = z.object({
  provider: z.enum(MESSAGING_PROVIDERS).nullable(),
  sender: z.string().nullable(),
  whatsappSender: z.string().nullable(),
  status: z.enum(MESSAGING_STATUSES),
  /**
   * Twilio only: the address the owner sets as the number's webhook for incoming messages, so a
   * customer's STOP reply ends their texts (docs/PRODUCT.md#text-messages); null otherwise.
   */
  replyUrl: z.string().nullable(),
});
export type MessagingDto = z.infer<typeof messagingDto>;

/** The test message's number: stored by core's phone rule, and a mobile one (core's mobile rule). */
export const mobilePhone = z
  .string({ error: m.phoneRequired })
  .trim()
  .min(1, m.phoneRequired)
  .transform((v, ctx) => {
    const stored = LOOKS_LIKE_NUMBER.test(v) ? toStoredPhone('NL', v) : '';
    const problem = mobileNumberProblem(stored);
    if (!problem) return stored;
    ctx.addIssue({ code: 'custom', message: problem === 'notMobile' ? m.phoneNotMobile : m.phoneInvalid });
    return z.NEVER;
  });

export const messagingTestBody = z.object({ phone: mobilePhone });
export type MessagingTestBody = z.input<typeof messagingTestBody>;

/** What the provider answered the test message: its id for the message and its first status. */
export const messagingTestResult = z.object({
  ok: z.literal(true),
  providerId: z.string(),
  status: z.string(),
  message: z.string(),
});
export type MessagingTestResult = z.infer<typeof messagingTestResult>;
