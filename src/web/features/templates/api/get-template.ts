import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateDto } from '@contracts/templates';
import { api, apiPath } from '@web/lib/api-client';
import { templatesQueryKey } from './get-templates';

export const templateQueryKey = (id: string) => [...templatesQueryKey, id] as const;

/** GET /api/templates/:id */
export const getTemplate = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<TemplateDto>(apiPath('templates', id), { signal });

export const getTemplateQueryOptions = (id: string) =>
  queryOptions({ queryKey: templateQueryKey(id), queryFn: ({ signal }) => getTemplate(id, { signal }) });

export const useTemplate = (id: string | undefined) =>
  useQuery({ ...getTemplateQueryOptions(id ?? ''), enabled: !!id });
