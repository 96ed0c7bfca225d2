import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { refreshCustomerData } from './invalidate';

export interface DeleteNoteVariables {
  customerId: string;
  noteId: string;
}

/** DELETE /api/customers/:id/notes/:noteId -> { ok: true }. */
export const deleteNote = ({ customerId, noteId }: DeleteNoteVariables) =>
  api.delete<{ ok: true }>(apiPath('customers', customerId, 'notes', noteId));

export function useDeleteNote(options: MutationOptions<{ ok: true }, DeleteNoteVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteNote,
    onSuccess: async (...args) => {
      await refreshCustomerData(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}
