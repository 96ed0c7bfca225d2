import type { QueryClient } from '@tanstack/react-query';
import { eventsQueryKey } from '@web/lib/query-keys';
import { categoriesQueryKey } from './get-categories';

/** Events embed their category (name, colour), so any category change also refreshes the events (docs/PRODUCT.md#api-owner). */
export function invalidateCategoriesAndEvents(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
    queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  ]);
}
