import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClosureDto, createClosureBody } from '@contracts/closures';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { refreshAfterClosureChange } from './invalidate';

export type ClosureBody = z.output<typeof createClosureBody>;

/** POST /api/closures { startDate, endDate, label, agendaId? } -> 201 ClosureDto */
export const createClosure = (body: ClosureBody) => api.post<ClosureDto>(apiPath('closures'), body);

export function useCreateClosure(options: MutationOptions<ClosureDto, ClosureBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createClosure,
    onSuccess: async (...args) => {
      await refreshAfterClosureChange(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}

/**
 * Several closures (the holidays the owner ticked), one POST each in turn. A failure stops there:
 * the error carries what was added before it, so the list refreshes either way.
 */
export async function createClosures(bodies: readonly ClosureBody[]): Promise<ClosureDto[]> {
  const created: ClosureDto[] = [];
  for (const body of bodies) created.push(await createClosure(body));
  return created;
}

export function useCreateClosures(options: MutationOptions<ClosureDto[], readonly ClosureBody[]> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createClosures,
    // Refreshed after a failure too: the holidays before the failed one were added.
    onSettled: async (...args) => {
      await refreshAfterClosureChange(queryClient);
      return options.onSettled?.(...args);
    },
  });
}
