import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedSeriesDto, CreateSeriesBody, SeriesCheckBody, SeriesCheckDto } from '@contracts/series';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { bookingsQueryKey } from './get-bookings';
import { invalidateBookingData } from './invalidate';

/**
 * POST /api/bookings/series/check -> every date of the series, free or why not (docs/PRODUCT.md#series).
 * A read that writes nothing, so it is a query: it lives under bookingsQueryKey and is asked again
 * when bookings change.
 */
export const checkSeries = (body: SeriesCheckBody, { signal }: { signal?: AbortSignal } = {}) =>
  api.post<SeriesCheckDto>(apiPath('bookings', 'series', 'check'), body, { signal });

export const seriesCheckQueryOptions = (body: SeriesCheckBody) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'series-check', body] as const,
    queryFn: ({ signal }) => checkSeries(body, { signal }),
  });

/** The check of the series the dialog shows; null (the series not complete yet) asks nothing. */
export const useSeriesCheck = (body: SeriesCheckBody | null) =>
  useQuery({
    ...seriesCheckQueryOptions(body ?? { eventId: '', date: '', time: '', every: '1w' }),
    enabled: body !== null,
    // The list stays while a changed count or date is checked again, instead of flickering away.
    placeholderData: keepPreviousData,
  });

/** POST /api/bookings/series -> the occurrences booked in one transaction under one seriesId. */
export const createSeries = (body: CreateSeriesBody) =>
  api.post<CreatedSeriesDto>(apiPath('bookings', 'series'), body);

export function useCreateSeries(options: MutationOptions<CreatedSeriesDto, CreateSeriesBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createSeries,
    onSuccess: async (...args) => {
      await invalidateBookingData(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}
