import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentQuote } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';

export const paymentQuoteQueryKey = (eventId: string, email: string) =>
  ['payment-quote', eventId, email.trim().toLowerCase()] as const;

/**
 * POST /api/public/events/{eventId}/payment-quote -> what this customer pays online now and at the
 * appointment (docs/PRODUCT.md#deposits): a deposit for new customers only depends on the e-mail.
 */
export const getPaymentQuote = (eventId: string, customerEmail: string | null, signal?: AbortSignal) =>
  api.post<PaymentQuote>(
    apiPath('public', 'events', eventId, 'payment-quote'),
    { customerEmail },
    { signal },
  );

export const getPaymentQuoteQueryOptions = (eventId: string, customerEmail: string | null) =>
  queryOptions({
    queryKey: paymentQuoteQueryKey(eventId, customerEmail ?? ''),
    queryFn: ({ signal }) => getPaymentQuote(eventId, customerEmail, signal),
    staleTime: 60_000,
    refetchInterval: false,
    retry: 1,
  });

export const usePaymentQuote = (eventId: string, customerEmail: string | null, enabled: boolean) =>
  useQuery({ ...getPaymentQuoteQueryOptions(eventId, customerEmail), enabled });
