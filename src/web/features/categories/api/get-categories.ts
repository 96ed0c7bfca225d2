import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryDto } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';

export const categoriesQueryKey = ['event-categories'] as const;

/** GET /api/event-categories -> id, name, color */
export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<CategoryDto[]>(apiPath('event-categories'), { signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: categoriesQueryKey, queryFn: ({ signal }) => getCategories({ signal }) });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
