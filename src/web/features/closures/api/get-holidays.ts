import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HolidayDto } from '@contracts/closures';
import { api, apiPath } from '@web/lib/api-client';

const holidaysQueryKey = (year: number) => ['closures', 'holidays', year] as const;

/** GET /api/closures/holidays?year=2027 -> the Dutch public holidays of that year with their names, by date. */
export const getHolidays = (year: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<HolidayDto[]>(`${apiPath('closures', 'holidays')}?${new URLSearchParams({ year: String(year) })}`, {
    signal,
  });

export const getHolidaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: holidaysQueryKey(year),
    queryFn: ({ signal }) => getHolidays(year, { signal }),
    // A year's holidays never change.
    staleTime: Infinity,
  });

export const useHolidays = (year: number) => useQuery(getHolidaysQueryOptions(year));
