import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MonthAvailabilityDto, PublicEvent } from '@contracts/public-booking';
import { bookableMonths } from '@core/bookable-months';
import { addMonths } from '@core/time';
import { getMonthAvailabilityQueryOptions } from '../api/get-month-availability';

// The rule lives in core: the server inlines the first month's availability into the page.
export { bookableMonths };

/**
 * The month the date step shows, with one availability request per month (and chosen agenda, null for
 * any). It starts at the owner's current month and moves on by itself while a month has no free slot
 * at all, until the visitor navigates or a month with free days is found.
 */
export function useAvailabilityMonth(event: PublicEvent, agendaId: string | null) {
  return useMonthSteps(
    () => bookableMonths(event),
    (month) => getMonthAvailabilityQueryOptions(event.id, month, agendaId),
  );
}

/**
 * The month stepping of the date step over any month's availability: one service's
 * (useAvailabilityMonth) or a visit's, read with `queryFor(month)`.
 */
export function useMonthSteps<K extends QueryKey>(
  boundsOf: () => { first: string; last: string },
  queryFor: (month: string) => UseQueryOptions<MonthAvailabilityDto, Error, MonthAvailabilityDto, K>,
) {
  const [bounds] = useState(boundsOf);
  const [month, setMonth] = useState(bounds.first);
  const [autoSkip, setAutoSkip] = useState(true);
  const query = useQuery({ ...queryFor(month), placeholderData: keepPreviousData });
  const current =
    query.data && query.data.month === month && !query.isPlaceholderData ? query.data : undefined;
  const freeDays = current?.days.filter((d) => d.slots.some((s) => !s.busy));

  useEffect(() => {
    if (!autoSkip || !freeDays) return;
    if (freeDays.length === 0 && month < bounds.last) setMonth(addMonths(month, 1));
    else setAutoSkip(false);
  }, [autoSkip, freeDays, month, bounds.last]);

  const go = (delta: number) => {
    setAutoSkip(false);
    setMonth((m) => addMonths(m, delta));
  };

  return {
    month,
    bounds,
    /** Days with at least one free slot; undefined while loading or still skipping ahead. */
    freeDays: autoSkip ? undefined : freeDays,
    /** Still looking for a first month with free days. */
    searching: autoSkip,
    query,
    canPrev: month > bounds.first,
    canNext: month < bounds.last,
    previous: () => go(-1),
    next: () => go(1),
  };
}
export type AvailabilityMonth = ReturnType<typeof useMonthSteps>;
