import { useCallback, useState } from 'react';
import { withoutErrors, type FieldErrors } from '@web/lib/field-errors';

/**
 * Form state for the event and template forms. They are validated as a whole against the shared
 * zod contracts on submit (the same rules the server runs), and both client and server report
 * errors keyed by dotted path. Plain state keeps those paths as they are, instead of mapping them
 * onto react-hook-form's nested error tree and back.
 */
export function useFormValues<T extends object>(initial: () => T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  /** Sets some fields and clears the errors reported for them. */
  const update = useCallback((patch: Partial<T>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => Object.keys(patch).reduce(withoutErrors, e));
  }, []);

  return { values, setValues, errors, setErrors, update };
}
