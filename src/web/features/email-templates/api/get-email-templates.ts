import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplateDto } from '@contracts/email-templates';
import { api, apiPath } from '@web/lib/api-client';

export const emailTemplatesQueryKey = ['email-templates'] as const;

/** GET /api/email-templates -> the owner's templates (one per type, several reminders). */
export const getEmailTemplates = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<EmailTemplateDto[]>(apiPath('email-templates'), { signal });

export const getEmailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: emailTemplatesQueryKey, queryFn: ({ signal }) => getEmailTemplates({ signal }) });

export const useEmailTemplates = () => useQuery(getEmailTemplatesQueryOptions());
