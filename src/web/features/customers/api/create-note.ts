import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNoteBody, CustomerNoteDto } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { refreshCustomerData } from './invalidate';

export interface CreateNoteVariables {
  customerId: string;
  body: CreateNoteBody;
}

/** POST /api/customers/:id/notes { text, followUpOn? } -> the note. */
export const createNote = ({ customerId, body }: CreateNoteVariables) =>
  api.post<CustomerNoteDto>(apiPath('customers', customerId, 'notes'), body);

export function useCreateNote(options: MutationOptions<CustomerNoteDto, CreateNoteVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createNote,
    onSuccess: async (...args) => {
      await refreshCustomerData(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}
