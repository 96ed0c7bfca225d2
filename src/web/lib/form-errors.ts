/**
 * Owner forms are built one way: react-hook-form, checked by the zod contract the server validates
 * the same request with (`contractResolver`), the server's per-field answers shown under the same
 * fields (`applyServerFieldErrors`). Both sides key messages by dotted path ('customFields.0.fieldName',
 * 'workingDays.1.endTime'; contracts' fieldErrorsFromIssues), which react-hook-form nests into its
 * error tree.
 */
import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import { fieldErrorsFromIssues } from '@contracts/errors';
import { isApiError } from './api-client';

/** What contractResolver needs of a zod (or zod/mini) schema. */
interface Contract<T> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** Maps a contract path onto the form's name for it (the same unless the form names it differently). */
type ToField = (path: string) => string;
const samePath: ToField = (path) => path;

/** Nests flat dotted-path messages into react-hook-form's error tree; '_' (the whole body) becomes `root`. */
function nestErrors<V extends FieldValues>(
  flat: Record<string, string>,
  toField: ToField,
  type: string,
): FieldErrors<V> {
  const tree: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = (path === '_' ? 'root' : toField(path)).split('.');
    let node = tree;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    const last = keys[keys.length - 1]!;
    // A path can carry a message and have messages below it (a list and one of its rows).
    node[last] = { ...(node[last] as object | undefined), type, message };
  }
  return tree as FieldErrors<V>;
}

/**
 * A resolver that checks the request body built from the form's values (`toBody`) against the zod
 * contract of that request, so the form refuses exactly what the server would; the submit handler
 * receives the parsed body.
 */
export function contractResolver<V extends FieldValues, B>(
  contract: Contract<B>,
  toBody: (values: V) => unknown,
  toField: ToField = samePath,
): Resolver<V, unknown, B> {
  return (values) => {
    const result = contract.safeParse(toBody(values));
    if (result.success) return { values: result.data, errors: {} };
    return {
      values: {},
      errors: nestErrors<V>(fieldErrorsFromIssues(result.error.issues), toField, 'contract'),
    };
  };
}

/**
 * Shows the server's per-field Dutch messages of a failed call under the matching fields and returns
 * them by field name. `fields` lists the form's field names (the server's path is the same), or maps
 * every server path to the form's name for it ('_', the whole body, is the form's `root`).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | ToField,
): Array<{ path: string; message: string }> {
  if (!isApiError(error) || !error.fields) return [];
  const server = error.fields;
  const shown =
    typeof fields === 'function'
      ? Object.entries(server).map(([path, message]) => ({
          path: path === '_' ? 'root' : fields(path),
          message,
        }))
      : fields.flatMap((path) => (server[path] ? [{ path: path as string, message: server[path] }] : []));
  for (const { path, message } of shown) setError(path as Path<T>, { type: 'server', message });
  return shown;
}

/** Every message of an error tree with its dotted path, in form order ('root' for the whole form). */
export function errorEntries(errors: unknown, prefix = ''): Array<{ path: string; message: string }> {
  if (!errors || typeof errors !== 'object') return [];
  const node = errors as Partial<FieldError> & Record<string, unknown>;
  const own =
    typeof node.message === 'string' && node.message ? [{ path: prefix, message: node.message }] : [];
  const below = Object.entries(node)
    .filter(([key]) => !['type', 'message', 'ref', 'types'].includes(key))
    .flatMap(([key, child]) => errorEntries(child, prefix ? `${prefix}.${key}` : key));
  return [...own, ...below];
}

/** The message at `path` below an error tree, or of the tree itself without a path. */
export function messageAt(errors: unknown, path?: string): string | undefined {
  const node: unknown = path ? get(errors, path) : errors;
  const message = (node as Partial<FieldError> | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}
