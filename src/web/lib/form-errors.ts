import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/** Shows the server's per-field Dutch validation messages under the matching form fields. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): void {
  if (!isApiError(error) || !error.fields) return;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message) setError(name, { type: 'server', message });
  }
}
