import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { SectionCard } from '@web/components/section-card';
import { Separator } from '@web/components/ui/separator';
import { messageAt } from '@web/lib/form-errors';
import type { ScheduleValues } from '@web/lib/schedule-form';
import { BookingRulesSection } from './booking-rules-section';
import { DurationSelect } from './duration-select';
import { WorkingDaysEditor } from './working-days-editor';

/**
 * Tab "Tijd": working days and hours, the slot duration, (events only) the dates passed as children,
 * and the booking rules.
 */
export function TimeTab({ children }: { children?: ReactNode }) {
  const { control } = useFormContext<ScheduleValues>();
  return (
    <div className="grid gap-6">
      <SectionCard title={nl.eventForm.workingDays} description={nl.eventForm.workingDaysText}>
        <div className="grid gap-6">
          <Controller
            control={control}
            name="workingDays"
            render={({ field, fieldState }) => (
              <WorkingDaysEditor value={field.value} onChange={field.onChange} errors={fieldState.error} />
            )}
          />
          <Separator />
          <Controller
            control={control}
            name="durationMinutes"
            render={({ field, fieldState }) => (
              <DurationSelect
                value={field.value}
                onChange={field.onChange}
                error={messageAt(fieldState.error)}
              />
            )}
          />
        </div>
      </SectionCard>
      {children}
      <BookingRulesSection />
    </div>
  );
}
