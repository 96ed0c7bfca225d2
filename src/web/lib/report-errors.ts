/** How the tabbed owner forms (event, template) report problems: on the tab of the first one, and in a toast. */
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { toast } from '@web/components/ui/use-toast';
import { isApiError } from './api-client';
import { applyServerFieldErrors, errorEntries } from './form-errors';

interface TabbedForm<T extends string> {
  tabs: readonly T[];
  tabOf: (path: string) => T;
  setTab: (tab: T) => void;
}

/** Errors in tab order, so the first one is on the left-most tab that has any. */
export function orderedErrors<T extends string>(
  errors: ReadonlyArray<{ path: string; message: string }>,
  tabs: readonly T[],
  tabOf: (path: string) => T,
): Array<{ path: string; message: string; tab: T }> {
  return errors
    .map(({ path, message }) => ({ path, message, tab: tabOf(path) }))
    .sort((a, b) => tabs.indexOf(a.tab) - tabs.indexOf(b.tab));
}

/** The contract refused the form (react-hook-form shows the messages): open the first one's tab and toast it. */
export function reportInvalid<T extends string>(errors: unknown, form: TabbedForm<T>): void {
  const [first] = orderedErrors(errorEntries(errors), form.tabs, form.tabOf);
  if (!first) return;
  form.setTab(first.tab);
  toast({ variant: 'destructive', title: nl.eventForm.checkForm, description: first.message });
}

/**
 * A failed save: the spec's toast ('Fout' / fallback), the server's field messages under the fields
 * (tab switched to the first), or its general message at the top of the form when it named no field.
 */
export function reportSaveFailure<V extends FieldValues, T extends string>(
  error: unknown,
  fallback: string,
  form: TabbedForm<T> & {
    setError: UseFormSetError<V>;
    /** The form's name for a path the server reports (when they differ). */
    toField?: (path: string) => string;
  },
): void {
  const [first] = orderedErrors(
    applyServerFieldErrors(error, form.setError, form.toField ?? ((path) => path)),
    form.tabs,
    form.tabOf,
  );
  if (first) form.setTab(first.tab);
  else if (isApiError(error) && error.serverMessage) {
    form.setError('root', { type: 'server', message: error.serverMessage });
  }
  toast({ variant: 'destructive', title: nl.errors.genericTitle, description: fallback });
}
