/**
 * Contracts of the public booking pages. Written with `zod/mini` so the booking page bundle stays
 * small (docs/architecture/stack.md); the server validates with the very same schemas.
 */
import * as z from 'zod/mini';
import { hasControlCharacters } from '@core/customer';
import { isValidEmailAddress } from '@core/email-address';
import { DATE_RANGE_TYPES } from '@core/types';
import { DEPOSIT_FOR, DEPOSIT_TYPES } from '@core/deposit';
import { BOOKING_STATUSES, PAYMENT_STATUSES, REFUND_STATUSES, TEXT_CHANNELS } from './enums';
import { nlPublicSteps as nl } from './messages-public-steps';
import { publicBusiness } from './public-business';
import { managedVisit } from './visit-segments';

const b = nl.booking;
const dateText = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, b.invalidDate));
const timeText = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, b.invalidTime));

export const slugParams = z.object({ slug: z.string().check(z.minLength(1), z.maxLength(100)) });
export const eventIdParams = z.object({ eventId: z.uuid({ error: b.eventNotFound }) });
export const eventDateParams = z.object({ eventId: z.uuid({ error: b.eventNotFound }), date: dateText });
export const tokenParams = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, b.bookingNotFound)),
});
/** One agenda of the service the customer chose; left out: any of them ("Geen voorkeur"). */
const agendaChoice = z.optional(z.nullable(z.uuid({ error: b.agendaNotOffered })));

export const monthQuery = z.object({
  month: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, b.invalidMonth)),
  agendaId: agendaChoice,
});
/** GET …/bookings/{date}: the taken times for one agenda, or for the service as a whole. */
export const agendaQuery = z.object({ agendaId: agendaChoice });

export const publicBookingBody = z.object({
  eventId: z.uuid({ error: b.eventNotFound }),
  // The customer's name when the event has no name field: one line, like the name field's answer.
  customerName: z.optional(
    z.nullable(
      z.string().check(
        z.maxLength(200),
        z.refine((s) => !hasControlCharacters(s.trim()), { error: b.nameControlChars }),
      ),
    ),
  ),
  // Not stored (the server derives the customer from the answers), but never accepted malformed either.
  customerEmail: z.optional(
    z.nullable(
      z.string().check(
        z.maxLength(254),
        z.refine((s) => !s.trim() || isValidEmailAddress(s.trim()), { error: b.invalidEmail }),
      ),
    ),
  ),
  customerPhone: z.optional(z.nullable(z.string().check(z.maxLength(30)))),
  bookingDate: dateText,
  bookingTime: timeText,
  customFieldResponses: z.record(
    z.string().check(z.maxLength(100)),
    z.string().check(z.maxLength(2000, b.answerTooLong)),
  ),
  stripePaymentIntentId: z.optional(z.nullable(z.string().check(z.maxLength(255)))),
  agendaId: agendaChoice,
  /** The customer ticked the owner's cancellation policy; required when the service has one. */
  acceptedPolicy: z.optional(z.boolean()),
  /**
   * The places a booking of a class takes (docs/PRODUCT.md#classes), 1 to the service's
   * maxSeatsPerBooking; left out, one.
   */
  seats: z.optional(
    z
      .number({ error: b.seatsInvalid })
      .check(z.int({ error: b.seatsInvalid }), z.gte(1, b.seatsInvalid), z.lte(500, b.seatsInvalid)),
  ),
  /**
   * 'Stuur mij een herinnering per sms' (docs/PRODUCT.md#text-messages): the customer's messages of
   * a service that sends texts go by SMS or WhatsApp too; needs a mobile number. Left out: no.
   */
  textConsent: z.optional(z.boolean()),
});
export type PublicBookingBody = z.infer<typeof publicBookingBody>;

export const rescheduleBody = z.object({ bookingDate: dateText, bookingTime: timeText });
export type RescheduleBody = z.infer<typeof rescheduleBody>;

const workingDay = z.object({ enabled: z.boolean(), startTime: z.string(), endTime: z.string() });

/** What anyone may see of an event: never the owner, their keys or calendar. */
export const publicEvent = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  workingDays: z.record(z.string(), workingDay),
  dateRangeType: z.enum(DATE_RANGE_TYPES),
  dateRangeStart: z.nullable(z.string()),
  dateRangeEnd: z.nullable(z.string()),
  specificDates: z.nullable(z.array(z.string())),
  dailyPauseTimes: z.nullable(
    z.record(z.string(), z.array(z.object({ start: z.string(), end: z.string() }))),
  ),
  durationMinutes: z.number(),
  requiresPayment: z.boolean(),
  /**
   * Requires payment while the owner has no working payment keys: not bookable online now; the
   * booking page says so on its first step and the server refuses holds (PAYMENTS_UNAVAILABLE).
   */
  paymentsUnavailable: z.boolean(),
  paymentAmount: z.nullable(z.string()),
  currency: z.string(),
  /**
   * The deposit rule (docs/PRODUCT.md#deposits), so the wizard shows the split with core's
   * paymentSplit; with `new_customers` it asks the server's quote after the form step.
   */
  depositType: z.enum(DEPOSIT_TYPES),
  depositValue: z.nullable(z.string()),
  depositFor: z.enum(DEPOSIT_FOR),
  themeColor: z.string(),
  timeZone: z.string(),
  category: z.nullable(z.object({ name: z.string(), color: z.string() })),
  /** The agendas (people, rooms) the service books into when there are several to choose from; else empty. */
  agendas: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The owner's cancellation policy: shown with a required checkbox before booking, and on the manage page. */
  policyText: z.nullable(z.string()),
  /** Hours before the start until which the manage link may cancel / reschedule; null: until the start. */
  cancelCutoffHours: z.nullable(z.number()),
  rescheduleCutoffHours: z.nullable(z.number()),
  /** How many days ahead customers may book (the date step's last month); null: the service's range. */
  bookingHorizonDays: z.nullable(z.number()),
  /**
   * The customer may book it with other services as one visit (docs/PRODUCT.md#visits); the
   * buffers place the visit's next segment on the review (core segmentStep).
   */
  allowCombinations: z.boolean(),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  /** Places per time; more than one: a class, whose month slots carry seatsLeft (docs/PRODUCT.md#classes). */
  seats: z.number(),
  /** The most places one booking may take. */
  maxSeatsPerBooking: z.number(),
  /** A full time or day can be waited for (docs/PRODUCT.md#waitlist). */
  waitlistEnabled: z.boolean(),
  /**
   * The numbers of weekly times a customer may book at once (docs/PRODUCT.md#series); empty: one
   * time only. The wizard loads its series choice only when there are some.
   */
  seriesOptions: z.array(z.number()),
  /**
   * How the service also sends its messages when the customer asks ('Stuur mij een herinnering per
   * sms'): the form offers the choice only then (docs/PRODUCT.md#text-messages); null: it does not.
   */
  textChannel: z.nullable(z.enum(TEXT_CHANNELS)),
  /** The business offering the service: its name and logo head the public pages. */
  business: publicBusiness,
});
export type PublicEvent = z.infer<typeof publicEvent>;

export const publicField = z.object({
  id: z.string(),
  fieldName: z.string(),
  fieldType: z.string(),
  isRequired: z.boolean(),
  order: z.number(),
  options: z.optional(z.array(z.string())),
  minValue: z.optional(z.nullable(z.number())),
  maxValue: z.optional(z.nullable(z.number())),
});
export type PublicField = z.infer<typeof publicField>;

export const takenTimes = z.array(z.object({ bookingTime: z.string() }));

export const monthAvailabilityDto = z.object({
  month: z.string(),
  today: z.string(),
  timeZone: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      slots: z.array(
        // seatsLeft: a class service only, its places left at that time (0 when busy).
        z.object({ time: z.string(), busy: z.boolean(), seatsLeft: z.optional(z.number()) }),
      ),
    }),
  ),
});
export type MonthAvailabilityDto = z.infer<typeof monthAvailabilityDto>;

export const publicBooking = z.object({
  id: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  customerName: z.string(),
  customerEmail: z.nullable(z.string()),
  customerPhone: z.nullable(z.string()),
  customFieldResponses: z.record(z.string(), z.string()),
  agendaId: z.string(),
  /** The places the booking takes (one, but for a class: docs/PRODUCT.md#classes). */
  seats: z.number(),
  /** The customer chose this agenda (not "Geen voorkeur"): moving the booking keeps it. */
  agendaChosen: z.boolean(),
  /**
   * Paid online (or being paid) and still to pay at the appointment, decimal strings in the event's
   * currency; null for a free service and for bookings made before deposits existed.
   */
  amountPaid: z.nullable(z.string()),
  amountDue: z.nullable(z.string()),
  /** The customer asked for its messages by SMS or WhatsApp too (docs/PRODUCT.md#text-messages). */
  textConsent: z.boolean(),
});
export type PublicBooking = z.infer<typeof publicBooking>;

/**
 * The answer to a new booking: the management token is shown this once and never again. A paid
 * booking answers null here: its token was already given by create-payment-intent.
 */
export const createdBooking = z.object({
  booking: publicBooking,
  managementToken: z.nullable(z.string()),
  managementUrl: z.nullable(z.string()),
});
export type CreatedBooking = z.infer<typeof createdBooking>;

/** Holding a slot of a paid event: the booking body without an intent; the amount comes from the event. */
export const createPaymentIntentBody = z.omit(publicBookingBody, { stripePaymentIntentId: true });
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBody>;

/**
 * The slot is held until `expiresAt` (ISO 8601) while the customer pays with `clientSecret`. The
 * management token is shown this once, like a free booking's.
 */
export const paymentIntentCreated = z.object({
  clientSecret: z.string(),
  managementToken: z.string(),
  managementUrl: z.string(),
  expiresAt: z.string(),
});
export type PaymentIntentCreated = z.infer<typeof paymentIntentCreated>;

/**
 * A payment hold given more time ('Meer tijd', docs/PRODUCT.md#payments): held until `expiresAt`;
 * `extendable` is false once the hold reached its longest time.
 */
export const holdExtended = z.object({ expiresAt: z.string(), extendable: z.boolean() });
export type HoldExtended = z.infer<typeof holdExtended>;

export const stripePublicKey = z.object({ publicKey: z.string() });

/**
 * What this customer pays online for a paid service (docs/PRODUCT.md#deposits): asked after the
 * form step, because a deposit for new customers only depends on the e-mail address.
 */
export const paymentQuoteBody = z.object({
  /** The places a class booking takes (docs/PRODUCT.md#classes): the amounts are per place times this. */
  seats: z.optional(z.number().check(z.int(), z.gte(1), z.lte(500))),
  customerEmail: z.optional(
    z.nullable(
      z.string().check(
        z.maxLength(254),
        z.refine((s) => !s.trim() || isValidEmailAddress(s.trim()), { error: b.invalidEmail }),
      ),
    ),
  ),
});
export type PaymentQuoteBody = z.infer<typeof paymentQuoteBody>;

/** Decimal strings in `currency`; payNow '0.00': this customer books without paying online. */
export const paymentQuote = z.object({ payNow: z.string(), dueLater: z.string(), currency: z.string() });
export type PaymentQuote = z.infer<typeof paymentQuote>;
export type StripePublicKey = z.infer<typeof stripePublicKey>;

export const managedBooking = z.object({
  booking: publicBooking,
  event: publicEvent,
  /** The booking is one segment of a visit: the whole visit, which the page cancels and moves as one. */
  visit: z.optional(z.nullable(managedVisit)),
  /**
   * The booking is one occurrence of a series (docs/PRODUCT.md#series): how many live occurrences
   * come after it, which "Deze en alle volgende" moves or cancels with it; null: not a series.
   */
  series: z.optional(z.nullable(z.object({ later: z.number() }))),
  /**
   * Until when (ISO 8601) the manage link may cancel / reschedule this booking (core changeDeadline);
   * null: no cut-off, until the start. The server refuses after it.
   */
  deadlines: z.object({ cancelUntil: z.nullable(z.string()), rescheduleUntil: z.nullable(z.string()) }),
  /**
   * How to reach the business (its profile's address and phone, the owner's e-mail), shown once a
   * change is no longer possible online (core onlineChanges); each null when not set.
   */
  contact: z.object({
    address: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    email: z.nullable(z.string()),
  }),
  /**
   * Money paid online for this booking (a decimal amount in the event's currency); null when none
   * was. `onCancel`: a cancel through this page now gives it back (the owner's automatic refund, before
   * the cut-off); `status`: the refund asked, if any (docs/PRODUCT.md#refunds).
   */
  refund: z.nullable(
    z.object({
      amount: z.string(),
      currency: z.string(),
      onCancel: z.boolean(),
      status: z.nullable(z.enum(REFUND_STATUSES)),
    }),
  ),
});
export type ManagedBooking = z.infer<typeof managedBooking>;
