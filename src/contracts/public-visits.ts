/**
 * Contracts of visits (docs/PRODUCT.md#visits): several services booked as one. `zod/mini`, like the
 * booking page's other contracts; the basket loads them only when it is used.
 */
import * as z from 'zod/mini';
import { MAX_VISIT_SERVICES } from '@core/visit';
import { nlPublicSteps as nl } from './messages-public-steps';
import { paymentQuoteBody, publicBookingBody } from './public-booking';
import { visitSegment, visitTotalsDto } from './visit-segments';

export { visitSegment, visitTotalsDto, type VisitSegment } from './visit-segments';

const b = nl.booking;
const v = nl.visits;
const uuid = z.uuid({ error: b.eventNotFound });
const agendaChoice = z.optional(z.nullable(z.uuid({ error: b.agendaNotOffered })));

/**
 * `services=id1,id2` as the ids in order: at least one, at most MAX_VISIT_SERVICES, each once. The
 * string's cap keeps a huge query from being split; a list that long holds more ids than a visit may.
 */
const serviceList = z.pipe(
  z.string().check(z.maxLength(40 * MAX_VISIT_SERVICES, v.tooManyServices)),
  z.transform((s) => s.split(',').map((id) => id.trim())),
);

/** GET /api/public/visits/availability?services=id1,id2&month=yyyy-MM[&agendaId=] */
export const visitAvailabilityQuery = z.object({
  services: z.pipe(
    serviceList,
    z.array(uuid).check(
      z.minLength(1, v.needService),
      z.maxLength(MAX_VISIT_SERVICES, v.tooManyServices),
      z.refine((ids) => new Set(ids).size === ids.length, { error: v.serviceTwice }),
    ),
  ),
  month: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, b.invalidMonth)),
  /** One person for the whole visit; every service must be able to use them. */
  agendaId: agendaChoice,
});
export type VisitAvailabilityQuery = z.infer<typeof visitAvailabilityQuery>;

const visitService = z.object({ eventId: uuid, agendaId: agendaChoice });

/**
 * POST /api/public/visits: the services in order, each perhaps with its own person, the first
 * start, and one set of answers (the union of the services' fields, a name asked once).
 */
export const createVisitBody = z.object({
  services: z.array(visitService).check(
    z.minLength(1, v.needService),
    z.maxLength(MAX_VISIT_SERVICES, v.tooManyServices),
    z.refine((list) => new Set(list.map((s) => s.eventId)).size === list.length, { error: v.serviceTwice }),
  ),
  date: publicBookingBody.shape.bookingDate,
  time: publicBookingBody.shape.bookingTime,
  answers: publicBookingBody.shape.customFieldResponses,
  customerName: publicBookingBody.shape.customerName,
  customerEmail: publicBookingBody.shape.customerEmail,
  customerPhone: publicBookingBody.shape.customerPhone,
  /** One person for the whole visit, where every service can use them. */
  agendaId: agendaChoice,
  /** The customer ticked the policies of the services that have one. */
  acceptedPolicy: z.optional(z.boolean()),
  /** 'Stuur mij een herinnering per sms' for the first service's messages (docs/PRODUCT.md#text-messages). */
  textConsent: publicBookingBody.shape.textConsent,
});
export type CreateVisitBody = z.infer<typeof createVisitBody>;

/** The answer to a new visit: the management token is shown this once, as for one booking. */
export const createdVisit = z.object({
  visitId: z.string(),
  managementToken: z.string(),
  managementUrl: z.string(),
  segments: z.array(visitSegment),
  totals: visitTotalsDto,
});
export type CreatedVisit = z.infer<typeof createdVisit>;

/**
 * POST /api/public/visits/payment-intent answers the new visit held while the customer pays
 * (docs/PRODUCT.md#visits): every segment is a hold until `expiresAt`, paid with `clientSecret`
 * in one payment of what the visit's paid services ask now. The confirmation is the booking page's:
 * POST /api/public/bookings with the first segment's body and the intent.
 */
export const visitPaymentCreated = z.extend(createdVisit, {
  clientSecret: z.string(),
  expiresAt: z.string(),
});
export type VisitPaymentCreated = z.infer<typeof visitPaymentCreated>;

/** POST /api/public/visits/quote: what this customer pays online now and later for these services. */
export const visitQuoteBody = z.extend(paymentQuoteBody, {
  services: createVisitBody.shape.services,
});
export type VisitQuoteBody = z.infer<typeof visitQuoteBody>;
