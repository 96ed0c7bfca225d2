import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateDto } from '@contracts/templates';
import { api, apiPath } from '@web/lib/api-client';

export const templatesQueryKey = ['templates'] as const;

/** GET /api/templates */
export const getTemplates = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<TemplateDto[]>(apiPath('templates'), { signal });

export const getTemplatesQueryOptions = () =>
  queryOptions({ queryKey: templatesQueryKey, queryFn: ({ signal }) => getTemplates({ signal }) });

export const useTemplates = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getTemplatesQueryOptions(), enabled });
