import { isApiError } from '@web/lib/api-client';

/**
 * Form errors keyed by dotted path ('customFields.0.fieldName', 'workingDays.1.endTime'), exactly as
 * the server reports them in `fields` (contracts' fieldErrorsFromIssues keys both), so client-side and
 * server-side messages render the same way.
 */
export type FieldErrors = Record<string, string>;

/** The server's per-field messages of a failed call (empty when it sent none). */
export function errorsFromApi(error: unknown): FieldErrors {
  return isApiError(error) && error.fields ? { ...error.fields } : {};
}

/** Drops the errors at `prefix` and below, e.g. when the user edits that part of the form. */
export function withoutErrors(errors: FieldErrors, prefix: string): FieldErrors {
  const keys = Object.keys(errors).filter((k) => k === prefix || k.startsWith(`${prefix}.`));
  if (keys.length === 0) return errors;
  const next = { ...errors };
  for (const k of keys) delete next[k];
  return next;
}

/** Errors below `prefix`, re-keyed relative to it: pick(errors, 'customFields')['0.fieldName']. */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const result: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) {
    if (k === prefix) result._ = v;
    else if (k.startsWith(`${prefix}.`)) result[k.slice(prefix.length + 1)] = v;
  }
  return result;
}
