import type { ReactNode } from 'react';
import { nl } from '@contracts/messages';
import { Separator } from '@web/components/ui/separator';
import { errorsUnder } from '@web/lib/field-errors';
import { SectionCard } from '@web/components/section-card';
import { DurationSelect } from '@web/components/schedule/duration-select';
import type { ScheduleTabProps } from '@web/components/schedule/types';
import { WorkingDaysEditor } from '@web/components/schedule/working-days-editor';

/** Tab "Tijd": working days and hours, the slot duration, and (events only) the dates passed as children. */
export function TimeTab({ values, onChange, errors, children }: ScheduleTabProps & { children?: ReactNode }) {
  return (
    <div className="grid gap-6">
      <SectionCard title={nl.eventForm.workingDays} description={nl.eventForm.workingDaysText}>
        <div className="grid gap-6">
          <WorkingDaysEditor
            value={values.workingDays}
            onChange={(workingDays) => onChange({ workingDays })}
            errors={errorsUnder(errors, 'workingDays')}
          />
          <Separator />
          <DurationSelect
            value={values.durationMinutes}
            onChange={(durationMinutes) => onChange({ durationMinutes })}
            error={errors.durationMinutes}
          />
        </div>
      </SectionCard>
      {children}
    </div>
  );
}
