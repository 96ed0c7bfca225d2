import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentQuote } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';

export const paymentQuoteQueryKey = (
  eventId: string,
  email: string,
  seats = 1,
  series: number | null = null,
) => ['payment-quote', eventId, email.trim().toLowerCase(), seats, series] as const;

/**
 * POST /api/public/events/{eventId}/payment-quote -> what this customer pays online now and at the
 * appointment (docs/PRODUCT.md#deposits): a deposit for new customers only depends on the e-mail.
 * With `series` (docs/PRODUCT.md#series) the amounts are the sum of its occurrences.
 */
export const getPaymentQuote = (
  eventId: string,
  customerEmail: string | null,
  signal?: AbortSignal,
  /** A class booking's places (docs/PRODUCT.md#classes): the server answers per place times these. */
  seats = 1,
  series: number | null = null,
) =>
  api.post<PaymentQuote>(
    apiPath('public', 'events', eventId, 'payment-quote'),
    {
      customerEmail,
      ...(seats > 1 ? { seats } : {}),
      ...(series ? { series: { every: '1w', count: series } } : {}),
    },
    { signal },
  );

export const getPaymentQuoteQueryOptions = (
  eventId: string,
  customerEmail: string | null,
  seats = 1,
  series: number | null = null,
) =>
  queryOptions({
    queryKey: paymentQuoteQueryKey(eventId, customerEmail ?? '', seats, series),
    queryFn: ({ signal }) => getPaymentQuote(eventId, customerEmail, signal, seats, series),
    staleTime: 60_000,
    refetchInterval: false,
    retry: 1,
  });

export const usePaymentQuote = (
  eventId: string,
  customerEmail: string | null,
  enabled: boolean,
  seats = 1,
  series: number | null = null,
) => useQuery({ ...getPaymentQuoteQueryOptions(eventId, customerEmail, seats, series), enabled });
