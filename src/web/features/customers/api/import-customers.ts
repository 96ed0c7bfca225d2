import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportMapping, ImportPreview, ImportResult } from '@contracts/customer-import';
import { ApiError, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { refreshCustomerData } from './invalidate';

/**
 * POST /api/customers/import as multipart/form-data (the API client sends JSON or one file as it is,
 * so this call builds its form itself): the file alone answers a preview; with the mapping, the
 * result (`dryRun` writes nothing).
 */
async function postImport(file: File, mapping?: ImportMapping, dryRun = false): Promise<unknown> {
  const form = new FormData();
  form.set('file', file);
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  const res = await fetch(`${apiPath('customers', 'import')}${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw await ApiError.fromResponse(res);
  return res.json();
}

export const previewImport = (file: File) => postImport(file) as Promise<ImportPreview>;

export interface RunImportVariables {
  file: File;
  mapping: ImportMapping;
  dryRun: boolean;
}

export const runImport = ({ file, mapping, dryRun }: RunImportVariables) =>
  postImport(file, mapping, dryRun) as Promise<ImportResult>;

export const usePreviewImport = (options: MutationOptions<ImportPreview, File> = {}) =>
  useMutation({ ...options, mutationFn: previewImport });

export function useRunImport(options: MutationOptions<ImportResult, RunImportVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: runImport,
    onSuccess: async (...args) => {
      if (!args[0].dryRun) await refreshCustomerData(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}
