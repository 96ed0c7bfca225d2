import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgendaDto, CreateAgendaBody } from '@contracts/agendas';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { agendasQueryKey } from '@web/lib/query-keys';

/** POST /api/agendas { name, color?, googleCalendarId? } -> 201 AgendaDto */
export const createAgenda = (body: CreateAgendaBody) => api.post<AgendaDto>(apiPath('agendas'), body);

export function useCreateAgenda(options: MutationOptions<AgendaDto, CreateAgendaBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createAgenda,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: agendasQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}
