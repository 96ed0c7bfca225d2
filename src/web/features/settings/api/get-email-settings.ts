import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailSettingsDto } from '@contracts/settings';
import { api, apiPath } from '@web/lib/api-client';

export const emailSettingsQueryKey = ['email-settings'] as const;

/** GET /api/email-settings -> provider, from name, Gmail state and SMTP settings (never the password). */
export const getEmailSettings = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<EmailSettingsDto>(apiPath('email-settings'), { signal });

export const getEmailSettingsQueryOptions = () =>
  queryOptions({ queryKey: emailSettingsQueryKey, queryFn: ({ signal }) => getEmailSettings({ signal }) });

export const useEmailSettings = () => useQuery(getEmailSettingsQueryOptions());
