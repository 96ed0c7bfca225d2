import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useController, useFormContext, useWatch } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { formatShortDutchDate, type DateRangeType } from '@core/index';
import { InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { monthOf } from '@core/time';
import { MonthCalendar } from '@web/components/ui/month-calendar';
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group';
import { fill } from '@web/lib/fill-message';
import { errorEntries, messageAt } from '@web/lib/form-errors';
import type { EventFormValues } from '../lib/event-form-model';

const t = nl.eventForm;

/** Part of tab "Tijd" on the event form: a date range or specific dates (Monday-first calendar, no past days). */
export function DatesSection({
  today,
}: {
  /** The owner's today, 'yyyy-MM-dd'. */
  today: string;
}) {
  const id = useId();
  const { control, register, formState } = useFormContext<EventFormValues>();
  const [dateRangeType, dateRangeStart, dateRangeEnd] = useWatch({
    control,
    name: ['dateRangeType', 'dateRangeStart', 'dateRangeEnd'],
  });
  const { field: specific } = useController({ control, name: 'specificDates' });
  const specificDates = specific.value;
  const [month, setMonth] = useState(() => monthOf(specificDates[0] ?? today));
  const toggle = (date: string) =>
    specific.onChange(
      specificDates.includes(date)
        ? specificDates.filter((d) => d !== date)
        : [...specificDates, date].sort(),
    );
  const startError = messageAt(formState.errors, 'dateRangeStart');
  const endError = messageAt(formState.errors, 'dateRangeEnd');
  const rangeError = startError ?? endError;
  const specificError = errorEntries(formState.errors.specificDates)[0]?.message;

  return (
    <SectionCard title={t.dates} description={t.datesText}>
      <div className="grid gap-6">
        <Controller
          control={control}
          name="dateRangeType"
          render={({ field }) => (
            <RadioGroup
              aria-label={t.dates}
              value={field.value}
              onValueChange={(v) => field.onChange(v as DateRangeType)}
              className="grid gap-3 md:grid-cols-3"
            >
              {(
                [
                  ['range', t.rangeType, t.rangeTypeHint],
                  ['ongoing', t.ongoingType, t.ongoingTypeHint],
                  ['specific', t.specificType, t.specificTypeHint],
                ] as const
              ).map(([value, label, hint]) => (
                <Label
                  key={value}
                  htmlFor={`${id}-${value}`}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border p-4 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-brand-soft/60"
                >
                  <RadioGroupItem
                    id={`${id}-${value}`}
                    value={value}
                    aria-labelledby={`${id}-${value}-label`}
                    aria-describedby={`${id}-${value}-hint`}
                    className="mt-0.5"
                  />
                  <span className="grid gap-1">
                    <span id={`${id}-${value}-label`} className="font-medium">
                      {label}
                    </span>
                    <span id={`${id}-${value}-hint`} className="text-sm text-muted-foreground">
                      {hint}
                    </span>
                  </span>
                </Label>
              ))}
            </RadioGroup>
          )}
        />

        {dateRangeType === 'ongoing' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={`${id}-start`}>{t.rangeStart}</Label>
              <Input
                id={`${id}-start`}
                type="date"
                {...register('dateRangeStart')}
                aria-invalid={!!startError}
                aria-describedby={startError ? `${id}-range-error` : `${id}-ongoing-hint`}
              />
            </div>
            <p id={`${id}-ongoing-hint`} className="text-sm text-muted-foreground sm:pt-7">
              {t.ongoingHorizon}
            </p>
            <InlineError id={`${id}-range-error`} message={startError} className="sm:col-span-2" />
          </div>
        ) : dateRangeType === 'range' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-start`}>{t.rangeStart}</Label>
              <Input
                id={`${id}-start`}
                type="date"
                {...register('dateRangeStart')}
                aria-invalid={!!(startError ?? (!dateRangeStart && rangeError))}
                aria-describedby={rangeError ? `${id}-range-error` : undefined}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-end`}>{t.rangeEnd}</Label>
              <Input
                id={`${id}-end`}
                type="date"
                min={dateRangeStart || undefined}
                {...register('dateRangeEnd')}
                aria-invalid={!!(endError ?? (!dateRangeEnd && rangeError))}
                aria-describedby={rangeError ? `${id}-range-error` : undefined}
              />
            </div>
            <InlineError id={`${id}-range-error`} message={rangeError} className="sm:col-span-2" />
          </div>
        ) : (
          <div className="grid gap-6 md:grid-cols-[auto_1fr]">
            <div className="rounded-lg border p-3">
              <MonthCalendar
                aria-label={t.specificDates}
                month={month}
                onMonthChange={setMonth}
                selected={specificDates}
                multiple
                onSelect={toggle}
                isDisabled={(d) => d < today}
                minMonth={monthOf(today)}
                today={today}
              />
            </div>
            <div className="grid content-start gap-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-medium">{fill(t.selectedDates, { n: specificDates.length })}</h3>
                {specificDates.length > 0 && (
                  <Button variant="ghost" size="sm" onClick={() => specific.onChange([])}>
                    {t.clearDates}
                  </Button>
                )}
              </div>
              {specificDates.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t.noDatesSelected}</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {specificDates.map((date) => (
                    <li key={date}>
                      <span className="inline-flex items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2 text-sm">
                        {formatShortDutchDate(date)}
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-6"
                          aria-label={fill(t.removeDate, { date: formatShortDutchDate(date) })}
                          onClick={() => toggle(date)}
                        >
                          <X aria-hidden="true" className="size-3.5" />
                        </Button>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <InlineError message={specificError} />
            </div>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
