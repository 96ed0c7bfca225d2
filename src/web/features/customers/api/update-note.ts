import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CustomerNoteDto, updateNoteBody } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { refreshCustomerData } from './invalidate';

export type UpdateNoteBody = z.input<typeof updateNoteBody>;

export interface UpdateNoteVariables {
  customerId: string;
  noteId: string;
  body: UpdateNoteBody;
}

/** PATCH /api/customers/:id/notes/:noteId { text?, followUpOn? } -> the note. */
export const updateNote = ({ customerId, noteId, body }: UpdateNoteVariables) =>
  api.patch<CustomerNoteDto>(apiPath('customers', customerId, 'notes', noteId), body);

export function useUpdateNote(options: MutationOptions<CustomerNoteDto, UpdateNoteVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateNote,
    onSuccess: async (...args) => {
      await refreshCustomerData(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}
