import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgendaDto } from '@contracts/agendas';
import { api, apiPath } from './api-client';
import { agendasQueryKey } from './query-keys';

/**
 * GET /api/agendas -> the owner's agendas, the default first. Shared here because the agenda
 * settings, the event form's agenda choice and the bookings' agenda view all read the same list.
 */
export const getAgendas = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<AgendaDto[]>(apiPath('agendas'), { signal });

export const getAgendasQueryOptions = () =>
  queryOptions({ queryKey: agendasQueryKey, queryFn: ({ signal }) => getAgendas({ signal }) });

export const useAgendas = () => useQuery(getAgendasQueryOptions());
