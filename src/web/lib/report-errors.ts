import { nl } from '@contracts/messages';
import { toast } from '@web/components/ui/use-toast';
import { isApiError } from '@web/lib/api-client';
import { errorsFromApi, type FieldErrors } from '@web/lib/field-errors';

/**
 * Shows client-side check results: inline (setErrors), on the tab of the first error, and as a
 * destructive toast carrying that first message. Returns false when there was nothing to report.
 */
export function reportInvalid<T extends string>(
  errors: FieldErrors,
  opts: {
    tabs: readonly T[];
    tabOf: (path: string) => T;
    setErrors: (e: FieldErrors) => void;
    setTab: (t: T) => void;
  },
): boolean {
  const [first] = orderedErrors(errors, opts.tabs, opts.tabOf);
  if (!first) return false;
  opts.setErrors(errors);
  opts.setTab(first.tab);
  toast({ variant: 'destructive', title: nl.eventForm.checkForm, description: first.message });
  return true;
}

/**
 * A failed save: the spec's toast ('Fout' / fallback), the server's field messages under the fields
 * (tab switched to the first), or its general message at the top of the form when it named no field.
 */
export function reportSaveFailure<T extends string>(
  error: unknown,
  fallback: string,
  opts: {
    tabs: readonly T[];
    tabOf: (path: string) => T;
    setErrors: (e: FieldErrors) => void;
    setTab: (t: T) => void;
    mapErrors?: (e: FieldErrors) => FieldErrors;
  },
): void {
  const fields = (opts.mapErrors ?? ((e) => e))(errorsFromApi(error));
  const [first] = orderedErrors(fields, opts.tabs, opts.tabOf);
  if (first) {
    opts.setErrors(fields);
    opts.setTab(first.tab);
  } else if (isApiError(error) && error.serverMessage) {
    opts.setErrors({ _: error.serverMessage });
  }
  toast({ variant: 'destructive', title: nl.errors.genericTitle, description: fallback });
}

/** Errors in tab order, so the first one is on the left-most tab that has any. */
export function orderedErrors<T extends string>(
  errors: FieldErrors,
  tabs: readonly T[],
  tabOf: (path: string) => T,
): Array<{ path: string; message: string; tab: T }> {
  return Object.entries(errors)
    .map(([path, message]) => ({ path, message, tab: tabOf(path) }))
    .sort((a, b) => tabs.indexOf(a.tab) - tabs.indexOf(b.tab));
}
