import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { nl } from '@contracts/messages';
import { formatShortDutchDate, type DateRangeType } from '@core/index';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { MonthCalendar, monthOf } from '@web/components/ui/month-calendar';
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group';
import type { FieldErrors } from '@web/lib/field-errors';
import type { EventFormValues } from '../lib/event-form-model';
import { fill } from '@web/lib/fill-message';
import { InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';

const t = nl.eventForm;

type DatesValues = Pick<
  EventFormValues,
  'dateRangeType' | 'dateRangeStart' | 'dateRangeEnd' | 'specificDates'
>;

/** Part of tab "Tijd" on the event form: a date range or specific dates (Monday-first calendar, no past days). */
export function DatesSection({
  values,
  onChange,
  errors,
  today,
}: {
  values: DatesValues;
  onChange: (patch: Partial<DatesValues>) => void;
  errors: FieldErrors;
  /** The owner's today, 'yyyy-MM-dd'. */
  today: string;
}) {
  const id = useId();
  const [month, setMonth] = useState(() => monthOf(values.specificDates[0] ?? today));
  const toggle = (date: string) =>
    onChange({
      specificDates: values.specificDates.includes(date)
        ? values.specificDates.filter((d) => d !== date)
        : [...values.specificDates, date].sort(),
    });
  const rangeError = errors.dateRangeStart ?? errors.dateRangeEnd;
  const specificError =
    errors.specificDates ?? Object.entries(errors).find(([k]) => k.startsWith('specificDates.'))?.[1];

  return (
    <SectionCard title={t.dates} description={t.datesText}>
      <div className="grid gap-6">
        <RadioGroup
          aria-label={t.dates}
          value={values.dateRangeType}
          onValueChange={(v) => onChange({ dateRangeType: v as DateRangeType })}
          className="grid gap-3 sm:grid-cols-2"
        >
          {(
            [
              ['range', t.rangeType, t.rangeTypeHint],
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

        {values.dateRangeType === 'range' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-start`}>{t.rangeStart}</Label>
              <Input
                id={`${id}-start`}
                type="date"
                value={values.dateRangeStart}
                onChange={(e) => onChange({ dateRangeStart: e.target.value })}
                aria-invalid={!!(errors.dateRangeStart ?? (!values.dateRangeStart && rangeError))}
                aria-describedby={rangeError ? `${id}-range-error` : undefined}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-end`}>{t.rangeEnd}</Label>
              <Input
                id={`${id}-end`}
                type="date"
                value={values.dateRangeEnd}
                min={values.dateRangeStart || undefined}
                onChange={(e) => onChange({ dateRangeEnd: e.target.value })}
                aria-invalid={!!(errors.dateRangeEnd ?? (!values.dateRangeEnd && rangeError))}
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
                selected={values.specificDates}
                multiple
                onSelect={toggle}
                isDisabled={(d) => d < today}
                minMonth={monthOf(today)}
                today={today}
              />
            </div>
            <div className="grid content-start gap-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-medium">
                  {fill(t.selectedDates, { n: values.specificDates.length })}
                </h3>
                {values.specificDates.length > 0 && (
                  <Button variant="ghost" size="sm" onClick={() => onChange({ specificDates: [] })}>
                    {t.clearDates}
                  </Button>
                )}
              </div>
              {values.specificDates.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t.noDatesSelected}</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {values.specificDates.map((date) => (
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
