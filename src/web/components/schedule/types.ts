import type { FieldErrors } from '@web/lib/field-errors';
import type { ScheduleValues } from '@web/lib/schedule-form';

/** Props of the tabs shared by the event form and the template editor. */
export interface ScheduleTabProps {
  values: ScheduleValues;
  onChange: (patch: Partial<ScheduleValues>) => void;
  /** The form's errors by dotted path (template errors use the event names, e.g. customFields.0.fieldName). */
  errors: FieldErrors;
}
