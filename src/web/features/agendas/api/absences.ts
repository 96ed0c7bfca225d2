import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AbsenceDto, CreateAbsenceBody } from '@contracts/agendas';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { agendasQueryKey } from '@web/lib/query-keys';

export interface CreateAbsenceVariables {
  agendaId: string;
  body: CreateAbsenceBody;
}

/** POST /api/agendas/:id/absences { startDate, endDate, startTime?, endTime?, reason } -> 201 AbsenceDto */
export const createAbsence = ({ agendaId, body }: CreateAbsenceVariables) =>
  api.post<AbsenceDto>(apiPath('agendas', agendaId, 'absences'), body);

/** DELETE /api/agendas/:id/absences/:absenceId */
export const deleteAbsence = ({ agendaId, absenceId }: { agendaId: string; absenceId: string }) =>
  api.delete<unknown>(apiPath('agendas', agendaId, 'absences', absenceId));

// The agenda's list and every period's list for the views live under the agendas' key.
export function useCreateAbsence(options: MutationOptions<AbsenceDto, CreateAbsenceVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createAbsence,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: agendasQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

export function useDeleteAbsence(
  options: MutationOptions<unknown, { agendaId: string; absenceId: string }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteAbsence,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: agendasQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}
