import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { MonthAvailabilityDto, PaymentQuote } from '@contracts/public-booking';
import type {
  CreatedVisit,
  CreateVisitBody,
  VisitPaymentCreated,
  VisitQuoteBody,
} from '@contracts/public-visits';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { withAttemptKey } from '../lib/attempt-key';

/** The visit page's read of its services (each through the booking page's cached read). */
export const visitEventsQueryKey = ['visit-events'] as const;

/** Under one key per basket: a visit booked refreshes every month and person of it at once. */
export const visitAvailabilityQueryKey = (eventIds: readonly string[]) =>
  ['visit-availability', eventIds.join(',')] as const;

/**
 * GET /api/public/visits/availability?services=id1,id2&month=yyyy-MM[&agendaId=] -> the month as for
 * one service, for the services in this order: a time is free only when the whole visit fits.
 */
export const getVisitAvailability = (
  eventIds: readonly string[],
  month: string,
  agendaId: string | null,
  { signal }: { signal?: AbortSignal } = {},
) => {
  const query = new URLSearchParams({ services: eventIds.join(','), month });
  if (agendaId) query.set('agendaId', agendaId);
  return api.get<MonthAvailabilityDto>(`/api/public/visits/availability?${query}`, { signal });
};

export const getVisitAvailabilityQueryOptions = (
  eventIds: readonly string[],
  month: string,
  agendaId: string | null,
) =>
  queryOptions({
    queryKey: [...visitAvailabilityQueryKey(eventIds), month, agendaId] as const,
    queryFn: ({ signal }) => getVisitAvailability(eventIds, month, agendaId, { signal }),
  });

export const useVisitAvailability = (eventIds: readonly string[], month: string, agendaId: string | null) =>
  useQuery({
    ...getVisitAvailabilityQueryOptions(eventIds, month, agendaId),
    enabled: eventIds.length > 0 && !!month,
    placeholderData: keepPreviousData,
  });

/**
 * POST /api/public/visits -> 201 with the segments, the totals and the visit's management link
 * (shown only this once); with the attempt's Idempotency-Key, like one booking.
 */
export const createVisit = (body: CreateVisitBody) =>
  withAttemptKey('visit', body, (headers) => api.post<CreatedVisit>('/api/public/visits', body, { headers }));

export const useCreateVisit = (options: MutationOptions<CreatedVisit, CreateVisitBody> = {}) =>
  useMutation({ ...options, mutationFn: createVisit });

/**
 * POST /api/public/visits/payment-intent -> 201: the visit held (every segment pending until
 * `expiresAt`) with one payment intent for what its paid services ask now; the same body as a free
 * visit. 409 SLOT_TAKEN as there, 409 PAYMENTS_UNAVAILABLE when the owner's payment keys fail.
 */
export const createVisitPaymentIntent = (body: CreateVisitBody) =>
  withAttemptKey('visit-payment-intent', body, (headers) =>
    api.post<VisitPaymentCreated>('/api/public/visits/payment-intent', body, { headers }),
  );

export const visitQuoteQueryKey = (eventIds: readonly string[], email: string) =>
  ['visit-quote', eventIds.join(','), email.trim().toLowerCase()] as const;

/**
 * POST /api/public/visits/quote -> what this customer pays online now for the whole visit (its paid
 * services, deposits included) and what is left for the salon; payNow '0.00': nothing online.
 */
export const getVisitQuote = (body: VisitQuoteBody, signal?: AbortSignal) =>
  api.post<PaymentQuote>('/api/public/visits/quote', body, { signal });

/** Asked once the e-mail is known (a deposit for new customers only depends on it), as for one service. */
export const useVisitQuote = (
  services: VisitQuoteBody['services'],
  customerEmail: string | null,
  enabled: boolean,
) =>
  useQuery({
    queryKey: visitQuoteQueryKey(
      services.map((s) => s.eventId),
      customerEmail ?? '',
    ),
    queryFn: ({ signal }) => getVisitQuote({ services, customerEmail }, signal),
    enabled,
    staleTime: 60_000,
    refetchInterval: false,
    retry: 1,
  });
