import type { PublicBooking, PublicBookingBody } from '@contracts/public-booking';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { answerErrors } from '@contracts/answer-errors';
import { deriveCustomer, keepFieldAnswers, type FormField } from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow, EventRow } from '../../db/schema';
import { nl } from '@contracts/messages';
import { AppError, badRequest } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import type { BookingInsert } from '../bookings/bookings.repo';
import {
  agendaCandidates,
  bookingBuffers,
  checkSlot,
  classClaimOf,
  dayLimitOf,
  extraCandidates,
} from '../bookings/slot-rules';
import type { AgendaWeek } from '../agendas/agenda-limits';
import { customFieldsRepo } from '../events/custom-fields.repo';
import { issueManagementToken } from '../bookings/management-token';
import { customersRepo } from '../customers/customers.repo';
import { mobileNumberProblem } from '@core/mobile-phone';
import { sendsTexts } from '@contracts/text-messages';

const steps = nlPublicSteps.booking;

/** A public booking request, free or paid, without the payment intent. */
export type BookingRequest = Omit<PublicBookingBody, 'stripePaymentIntentId'>;

export const managementUrl = (appUrl: string, token: string) => `${appUrl}/booking/manage/${token}`;

/** The owner's decision page of a request (docs/PRODUCT.md#approval), opened from their notice. */
export const approvalUrl = (appUrl: string, token: string) => `${appUrl}/aanvraag/${token}`;

/**
 * What refuses a customer before any slot is looked at: the owner blocked them from booking online,
 * or a service has a cancellation policy they did not tick.
 */
export async function refuseUnwelcome(
  db: Db,
  ownerId: string,
  customer: { customerName: string; customerEmail: string | null; customerPhone: string | null },
  policy: { policy: boolean; accepted?: boolean },
) {
  const blocked = await customersRepo.blockedFor(db, ownerId, customer);
  if (blocked)
    throw new AppError('BOOKING_REFUSED', nl.customers.blocked.replace('{bedrijf}', blocked.businessName));
  if (policy.policy && policy.accepted !== true)
    throw badRequest(nlPublicSteps.booking.policyRequired, {
      acceptedPolicy: nlPublicSteps.booking.policyRequired,
    });
}

/**
 * The customer's answers checked like the wizard checks them (required, e-mail, phone), only the
 * event's own fields kept, and the customer derived from them: a client cannot pick its own name.
 */
export async function checkedCustomer(
  db: Db,
  eventId: string,
  body: BookingRequest,
  /** The event's fields when already read (eventsRepo.findPublic gives them). */
  known?: readonly FormField[],
) {
  const fields = known ?? (await customFieldsRepo.listByEvent(db, eventId));
  const errors = answerErrors(fields, body.customFieldResponses);
  const first = Object.entries(errors)[0];
  if (first) {
    const messages = Object.fromEntries(
      Object.entries(errors).map(([k, message]) => [`customFieldResponses.${k}`, message]),
    );
    throw badRequest(`${first[0]}: ${first[1]}`, messages);
  }
  const answers = keepFieldAnswers(fields, body.customFieldResponses);
  const customer = deriveCustomer(fields, answers);
  return {
    customerName: customer.name ?? body.customerName?.trim() ?? nlPublicSteps.booking.fallbackCustomerName,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    customFieldResponses: answers,
  };
}

/**
 * Everything a new public booking needs before it is written, for free bookings and payment holds
 * alike: checked answers, the accepted policy, the slot under the event's rules, the agendas it may
 * occupy with the service's buffers and daily limit (`claim`, for takeSlot) and a fresh management
 * token (stored as its hash and sealed).
 */
export async function draftBooking(
  db: Db,
  box: SecretBox,
  event: EventRow,
  timeZone: string,
  body: BookingRequest,
  now: Date,
  /** What eventsRepo.findPublic already read: the event's fields, and what the owner has none of (its reads are skipped). */
  known: KnownOfOwner = {},
) {
  // A class's booking may take several places (docs/PRODUCT.md#classes); one of any other service.
  const seats = body.seats ?? 1;
  if (seats > event.maxSeatsPerBooking) {
    const message = nlPublicSteps.booking.tooManySeats.replace('{n}', String(event.maxSeatsPerBooking));
    throw badRequest(message, { seats: message });
  }
  const customer = await checkedCustomer(db, event.id, body, known.fields);
  const text = textConsentOf(event, customer.customerPhone, body.textConsent, now);
  await refuseUnwelcome(db, event.userId, customer, {
    policy: Boolean(event.policyText),
    accepted: body.acceptedPolicy,
  });
  const { startsAt, endsAt, buffers, claim } = await slotClaimFor(
    db,
    event,
    timeZone,
    { date: body.bookingDate, time: body.bookingTime, agendaId: body.agendaId, seats },
    now,
    known,
  );
  const { token, ...sealed } = issueManagementToken(box);
  const values = {
    eventId: event.id,
    ...customer,
    bookingDate: body.bookingDate,
    bookingTime: body.bookingTime,
    seats,
    startsAt,
    endsAt,
    ...buffers,
    ...sealed,
    ...text,
    agendaChosen: Boolean(body.agendaId),
    createdAt: now,
    updatedAt: now,
  } satisfies Omit<BookingInsert, 'status' | 'paymentStatus' | 'agendaId'>;
  return { token, values, claim };
}

/**
 * The customer's 'Stuur mij een herinnering per sms' (docs/PRODUCT.md#text-messages), kept with when
 * it was given; only for a service that sends texts, and only with a number a text can reach (core's
 * rule, the one the form applies), else a Dutch 400 under the choice.
 */
export function textConsentOf(
  event: Pick<EventRow, 'textMessages'>,
  phone: string | null,
  asked: boolean | undefined,
  now: Date,
): { textConsent?: true; textConsentAt?: Date } {
  // Nothing written without it: the columns' defaults (no consent) stay.
  if (!asked || !sendsTexts(event.textMessages)) return {};
  const problem = phone ? mobileNumberProblem(phone) : 'missing';
  if (problem) {
    const message = problem === 'missing' ? steps.textConsentNeedsPhone : steps.textConsentNotMobile;
    throw badRequest(message, { textConsent: message });
  }
  return { textConsent: true, textConsentAt: now };
}

/** What the public event read already knows of the owner (eventsRepo.findPublic): reads it lets skip. */
export interface KnownOfOwner {
  hasClosures?: boolean;
  googleConnected?: boolean;
  hasHolds?: boolean;
  fields?: readonly FormField[];
  agendaWeeks?: readonly AgendaWeek[];
  hasAbsences?: boolean;
}

/**
 * A customer's slot under the event's rules (checkSlot) and what takeSlot needs to take it: the
 * agendas it may occupy, the service's buffers and daily limit, the class it takes places of. Every
 * public write of a slot asks this: a booking, a payment hold, a waitlist's offer.
 */
export async function slotClaimFor(
  db: Db,
  event: EventRow,
  timeZone: string,
  slot: { date: string; time: string; agendaId?: string | null; seats: number },
  now: Date,
  known: KnownOfOwner = {},
) {
  const { startsAt, endsAt, agendaIds, extraGroups } = await checkSlot(
    db,
    {
      event,
      timeZone,
      date: slot.date,
      time: slot.time,
      agendaIds: agendaCandidates(event, slot.agendaId),
      extraGroups: extraCandidates(event),
      hasClosures: known.hasClosures,
      limits: known.agendaWeeks && {
        agendaWeeks: known.agendaWeeks,
        hasAbsences: known.hasAbsences !== false,
      },
    },
    now,
  );
  const buffers = bookingBuffers(event);
  const claim = {
    startsAt,
    endsAt,
    buffers,
    agendaIds,
    extraGroups,
    spread: slot.agendaId ? undefined : { date: slot.date },
    dayLimit: dayLimitOf(event, slot.date),
    classOf: classClaimOf(event, slot.seats),
    googleConnected: known.googleConnected,
    hasHolds: known.hasHolds,
  };
  return { startsAt, endsAt, buffers, claim };
}

/** A booking as its customer sees it in the answer of a booking or a confirmed payment. */
export function toPublicBooking(row: BookingRow): PublicBooking {
  return {
    id: row.id,
    bookingDate: row.bookingDate,
    bookingTime: row.bookingTime,
    status: row.status,
    paymentStatus: row.paymentStatus,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    customFieldResponses: row.customFieldResponses,
    agendaId: row.agendaId,
    seats: row.seats,
    agendaChosen: row.agendaChosen,
    amountPaid: row.amountPaid,
    amountDue: row.amountDue,
    textConsent: row.textConsent,
  };
}
