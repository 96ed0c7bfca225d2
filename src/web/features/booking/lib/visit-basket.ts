/**
 * The customer's basket of services booked as one visit (docs/PRODUCT.md#visits): which services may
 * go in it, its totals, the one form it asks, the plan the review shows and the request it sends.
 * Loaded only with the basket and the visit wizard, never with a page's first screen.
 */
import type { ErrorCode } from '@contracts/errors';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { CreateVisitBody } from '@contracts/public-visits';
import type { PublicEvent, PublicField } from '@contracts/public-booking';
import { deriveCustomer, keepFieldAnswers } from '@core/customer';
import { NO_DEPOSIT, NEW_CUSTOMER } from '@core/deposit';
import { parseTime, formatTime } from '@core/time';
import { MAX_VISIT_SERVICES, segmentStep, visitFields as unionOfFields, visitTotals } from '@core/visit';

export { combinable, visitPath } from './visit-links';

/** What of a service the basket needs: a business page item or a public event has it. */
export interface BasketService {
  slug: string;
  title: string;
  durationMinutes: number;
  requiresPayment: boolean;
  paymentAmount: string | null;
  currency: string;
  allowCombinations: boolean;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
}

/** Whether one more service fits in the basket. */
export const basketHasRoom = (count: number): boolean => count < MAX_VISIT_SERVICES;

/**
 * The basket's totals: the visit's minutes from the first start to the last end (core visitTotals,
 * with the buffers between segments when known) and the visit's price, the listed prices added
 * (paid online or at the salon alike), in the first service's currency. What the customer pays
 * online now is the server's visit quote (the review step), since a deposit may depend on who books.
 */
export function basketTotals(services: readonly BasketService[]) {
  const totals = visitTotals(
    services.map((s) => ({ ...NO_DEPOSIT, ...s, requiresPayment: false })),
    NEW_CUSTOMER,
  );
  return {
    count: services.length,
    durationMinutes: totals.durationMinutes,
    priceCents: totals.priceCents,
    currency: services[0]?.currency ?? 'EUR',
  };
}

/**
 * The one form of a visit: the union of its services' fields in service order, a field name asked
 * once (its first service's field, required when any service requires it), numbered anew.
 */
export function visitFields(lists: ReadonlyArray<readonly PublicField[]>): PublicField[] {
  const sorted = lists.map((fields) => [...fields].sort((a, b) => a.order - b.order));
  return unionOfFields(sorted).map((f, order) => ({ ...f, order }));
}

/**
 * The people the customer may choose for the whole visit: those every service has among its agendas
 * (a service with one agenda lists none, so then there is no choice), in the first service's order.
 */
export function sharedAgendas(events: ReadonlyArray<Pick<PublicEvent, 'agendas'>>): PublicEvent['agendas'] {
  const [first, ...rest] = events;
  if (!first) return [];
  return first.agendas.filter((a) => rest.every((e) => e.agendas.some((b) => b.id === a.id)));
}

/** One segment as the review plans it: each starts when the one before ends, buffers between. */
export interface PlannedSegment {
  eventId: string;
  title: string;
  time: string;
  endTime: string;
}

/** Where each service lands when the visit starts at `time` (the same steps as core visitJudge). */
export function visitPlan(
  events: ReadonlyArray<
    Pick<PublicEvent, 'id' | 'title' | 'durationMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes'>
  >,
  time: string,
): PlannedSegment[] {
  let at = parseTime(time) ?? 0;
  return events.map((event, k) => {
    if (k > 0) at += segmentStep(events[k - 1]!, event);
    return {
      eventId: event.id,
      title: event.title,
      time: formatTime(at),
      endTime: formatTime(at + event.durationMinutes),
    };
  });
}

/** The request of the visit: the services in order, one start, one set of answers and the customer. */
export function visitBody(
  events: ReadonlyArray<Pick<PublicEvent, 'id' | 'policyText' | 'textChannel'>>,
  fields: readonly PublicField[],
  answers: Record<string, string>,
  date: string,
  time: string,
  agendaId: string | null,
  acceptedPolicy: boolean,
  textConsent = false,
): CreateVisitBody {
  const responses = keepFieldAnswers(fields, answers);
  const customer = deriveCustomer(fields, responses);
  return {
    services: events.map((e) => ({ eventId: e.id })),
    date,
    time,
    answers: responses,
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    // Only a chosen person is sent: without one the server may use any agenda of each service.
    ...(agendaId ? { agendaId } : {}),
    ...(acceptedPolicy && events.some((e) => e.policyText) ? { acceptedPolicy: true } : {}),
    // The first service's texts tell the visit (docs/PRODUCT.md#text-messages).
    ...(textConsent && events[0]?.textChannel ? { textConsent: true } : {}),
  };
}

/** The services of a visit address (`?diensten=a,b`): each once, at most MAX_VISIT_SERVICES. */
export function visitSlugs(search: string): string[] {
  const list = (new URLSearchParams(search).get('diensten') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(list)].slice(0, MAX_VISIT_SERVICES);
}

/** The first and last month every service of the visit can hold a bookable day in. */
export function visitMonths(bounds: ReadonlyArray<{ first: string; last: string }>) {
  const first =
    bounds
      .map((b) => b.first)
      .sort()
      .at(-1) ?? '';
  const last = bounds.map((b) => b.last).sort()[0] ?? first;
  return { first, last: last > first ? last : first };
}

/**
 * Which step a refused visit goes back to, with the server's Dutch reason: the time (a segment lost
 * its place, 409; or a rule on `date`/`time`), the policy tick box, or the form (answers, keyed
 * 'answers.<field name>'); null for the others (a toast). One booking's is booking-refusal.ts, with
 * that body's field names.
 */
export function visitRefusal(error: {
  code: ErrorCode | undefined;
  serverMessage: string | undefined;
  fields: Record<string, string> | undefined;
}):
  | { kind: 'slot'; message: string }
  | { kind: 'policy'; message: string }
  | { kind: 'form'; errors: Record<string, string> }
  | null {
  if (error.code === 'SLOT_TAKEN' || error.code === 'CONFLICT')
    return { kind: 'slot', message: error.serverMessage ?? nl.booking.slotTaken };
  if (error.code !== 'VALIDATION' && error.code !== 'BAD_REQUEST') return null;
  const fields = error.fields ?? {};
  if (fields.acceptedPolicy) return { kind: 'policy', message: fields.acceptedPolicy };
  const slot = fields.time ?? fields.date;
  if (slot) return { kind: 'slot', message: slot };
  const errors = Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key.startsWith('answers.'))
      .map(([key, message]) => [key.slice('answers.'.length), message]),
  );
  return Object.keys(errors).length > 0 ? { kind: 'form', errors } : null;
}
