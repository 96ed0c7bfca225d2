/**
 * Contracts of the public waitlist (docs/PRODUCT.md#waitlist): joining, the offer page, leaving and
 * claiming. `zod/mini` like the booking page's contracts, whose chunks load these.
 */
import * as z from 'zod/mini';
import { hasControlCharacters } from '@core/customer';
import { isValidEmailAddress } from '@core/email-address';
import { WAITLIST_STATUSES } from './enums';
import { nlPublicWaitlist } from './messages-public-waitlist';
import { nlPublicSteps } from './messages-public-steps';
import { publicBooking } from './public-booking';

const w = nlPublicWaitlist.waitlist;
const b = nlPublicSteps.booking;
const dateText = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, b.invalidDate));
const timeText = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, b.invalidTime));
const seats = z
  .number({ error: b.seatsInvalid })
  .check(z.int({ error: b.seatsInvalid }), z.gte(1, b.seatsInvalid), z.lte(500, b.seatsInvalid));

/** POST /api/public/waitlist: without `time`, any time of that day. */
export const joinWaitlistBody = z.object({
  eventId: z.uuid({ error: b.eventNotFound }),
  date: dateText,
  time: z.optional(z.nullable(timeText)),
  seats: z.optional(seats),
  name: z.string().check(
    z.trim(),
    z.minLength(1, w.nameRequired),
    z.maxLength(200),
    z.refine((s) => !hasControlCharacters(s), { error: b.nameControlChars }),
  ),
  email: z.string().check(
    z.trim(),
    z.maxLength(254, w.emailRequired),
    z.refine((s) => isValidEmailAddress(s), { error: w.emailRequired }),
  ),
  phone: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(30)))),
});
export type JoinWaitlistBody = z.infer<typeof joinWaitlistBody>;

/** 201: the entry's secret (the link to leave and to claim) and its place in the list, from 1. */
export const waitlistJoined = z.object({ token: z.string(), position: z.number() });
export type WaitlistJoined = z.infer<typeof waitlistJoined>;

export const waitlistTokenParams = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, w.entryNotFound)),
});

/** GET /api/public/waitlist/{token}: what the offer page shows. */
export const publicWaitlistEntry = z.object({
  status: z.enum(WAITLIST_STATUSES),
  eventId: z.string(),
  slug: z.string(),
  title: z.string(),
  businessName: z.string(),
  timeZone: z.string(),
  date: z.string(),
  /** Null: any time of that day. */
  time: z.nullable(z.string()),
  seats: z.number(),
  customerName: z.string(),
  /** The link is the entry's secret: its page may show who waits, to fill in the booking form. */
  customerEmail: z.string(),
  customerPhone: z.nullable(z.string()),
  /** Among those still waiting for the same time (or day), from 1; null once it is no longer waiting. */
  position: z.nullable(z.number()),
  /** A time's offer: the time held and until when (ISO 8601). */
  offer: z.nullable(z.object({ time: z.string(), expiresAt: z.string() })),
  requiresPayment: z.boolean(),
});
export type PublicWaitlistEntry = z.infer<typeof publicWaitlistEntry>;

/**
 * POST /api/public/waitlist/{token}/claim: the service's questions' answers; for an entry of a day,
 * the free time to book (left out: the first free time that day).
 */
export const claimWaitlistBody = z.object({
  answers: z.record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(2000, b.answerTooLong))),
  time: z.optional(z.nullable(timeText)),
  acceptedPolicy: z.optional(z.boolean()),
});
export type ClaimWaitlistBody = z.infer<typeof claimWaitlistBody>;

/**
 * 201: the booking, with its management link shown this once; for a paid service the booking is a
 * payment hold, paid with `clientSecret` until `expiresAt`, then confirmed as any paid booking is.
 */
export const waitlistClaimed = z.object({
  booking: publicBooking,
  managementToken: z.string(),
  managementUrl: z.string(),
  clientSecret: z.optional(z.string()),
  expiresAt: z.optional(z.string()),
});
export type WaitlistClaimed = z.infer<typeof waitlistClaimed>;
