import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgendaDto, UpdateAgendaBody } from '@contracts/agendas';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { agendasQueryKey } from '@web/lib/query-keys';

export interface UpdateAgendaVariables {
  id: string;
  body: UpdateAgendaBody;
}

/** PATCH /api/agendas/:id { name?, color?, googleCalendarId?, needsReview?: false } -> AgendaDto */
export const updateAgenda = ({ id, body }: UpdateAgendaVariables) =>
  api.patch<AgendaDto>(apiPath('agendas', id), body);

export function useUpdateAgenda(options: MutationOptions<AgendaDto, UpdateAgendaVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateAgenda,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: agendasQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}
