import { z } from 'zod';
import { isValidEmailAddress } from '@core/email-address';
import { EMAIL_PROVIDERS } from './enums';
import { nl } from './messages';
import { retentionMonths } from './privacy';
import { someChange } from './some-change';

const m = nl.settings;
const key = z.string().trim().max(255, m.keyTooLong);

/** Stripe's key forms: publishable `pk_`, secret `sk_` or restricted `rk_`, each in test or live mode. */
const PUBLIC_KEY_RE = /^pk_(test|live)_\S+$/;
const SECRET_KEY_RE = /^[sr]k_(test|live)_\S+$/;

/** Test or live: a publishable and a secret key work together only within one mode. */
export function keyMode(key: string): 'test' | 'live' | null {
  return (/^[psr]k_(test|live)_/.exec(key)?.[1] as 'test' | 'live' | undefined) ?? null;
}

/**
 * Card-payment keys. `undefined` leaves a key as it is; an empty public key clears it; the secret
 * key is write-only: an empty value keeps the stored one, `null` removes it.
 */
export const paymentKeysBody = someChange(
  z.object({
    stripePublicKey: key
      .refine((k) => k === '' || PUBLIC_KEY_RE.test(k), nl.paymentKeys.publicPrefix)
      .nullable()
      .optional(),
    stripeSecretKey: key
      .refine((k) => k === '' || SECRET_KEY_RE.test(k), nl.paymentKeys.secretPrefix)
      .nullable()
      .optional(),
    /** "Automatisch terugbetalen bij tijdig annuleren" (docs/PRODUCT.md#refunds). */
    autoRefund: z.boolean().optional(),
    /** The customers' answers in the calendar feed and Google Calendar (docs/PRODUCT.md#calendar-feed). */
    calendarShowAnswers: z.boolean().optional(),
    /** docs/PRODUCT.md#privacy: months after a booking's end before it is anonymised; null keeps. */
    retentionMonths: retentionMonths.optional(),
    /** docs/PRODUCT.md#approval: hours a request waits for the owner's decision (1 to 336). */
    approvalHours: z
      .number({ error: nl.settings.approvalHoursInvalid })
      .int(nl.settings.approvalHoursInvalid)
      .min(1, nl.settings.approvalHoursInvalid)
      .max(336, nl.settings.approvalHoursInvalid)
      .optional(),
  }),
);
export type PaymentKeysBody = z.input<typeof paymentKeysBody>;

export const SMTP_DEFAULT_PORT = 587;

/** docs/PRODUCT.md#validation-settings: a non-numeric port falls back to 587; a blank password keeps the stored one. */
export const smtpPort = z
  .union([z.number(), z.string()])
  .optional()
  .nullable()
  .transform((v) => {
    const n = typeof v === 'number' ? v : Number.parseInt(String(v ?? ''), 10);
    return Number.isInteger(n) && n > 0 && n < 65536 ? n : SMTP_DEFAULT_PORT;
  });

export const emailSettingsBody = z.object({
  provider: z.enum(EMAIL_PROVIDERS),
  fromName: z.string().trim().max(100).nullable().optional(),
  smtp: z
    .object({
      host: z.string().trim().max(255).optional().nullable(),
      port: smtpPort,
      // A login with an @ is also the From address of the owner's mail (mailer's fromAddressOf).
      username: z
        .string()
        .trim()
        .max(255)
        .refine((s) => !s.includes('@') || isValidEmailAddress(s), nl.validation.invalidEmail)
        .optional()
        .nullable(),
      password: z.string().max(500).optional().nullable(),
      secure: z.boolean().optional(),
    })
    .optional(),
});
export type EmailSettingsBody = z.input<typeof emailSettingsBody>;

/** Email settings as exchanged (docs/PRODUCT.md#entities); the SMTP password never comes back. */
export const emailSettingsDto = z.object({
  provider: z.enum(EMAIL_PROVIDERS),
  fromName: z.string().nullable(),
  gmailConnected: z.boolean(),
  /** Connected, but Google refused the grant: Gmail must be connected again. */
  gmailBroken: z.boolean(),
  /** The Gmail address mail is sent from. */
  gmailAddress: z.string().nullable(),
  email: z.string().nullable(),
  smtpConfigured: z.boolean(),
  smtp: z.object({
    host: z.string(),
    port: z.number(),
    username: z.string(),
    password: z.literal(''),
    passwordSet: z.boolean(),
    secure: z.boolean(),
  }),
});
export type EmailSettingsDto = z.infer<typeof emailSettingsDto>;

export const testMailResult = z.object({ ok: z.literal(true), message: z.string() });
