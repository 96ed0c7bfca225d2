import type { ReactNode } from 'react';
import { nl } from '@contracts/messages';
import { Separator } from '@web/components/ui/separator';
import { errorsUnder } from '../../lib/form-errors';
import { SectionCard } from '../section-card';
import { DurationSelect } from './duration-select';
import type { ScheduleTabProps } from './types';
import { WorkingDaysEditor } from './working-days-editor';

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
