import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { RULE_LIMITS } from '@core/index';
import { InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Separator } from '@web/components/ui/separator';
import { Textarea } from '@web/components/ui/textarea';
import { CUTOFF_UNITS, NOTICE_UNITS, type RuleValues } from '@web/lib/booking-rules-form';
import { fill } from '@web/lib/fill-message';
import { messageAt } from '@web/lib/form-errors';
import type { ScheduleValues } from '@web/lib/schedule-form';
import { DateOverridesEditor } from './date-overrides-editor';
import { RuleAmountField } from './rule-amount-field';

const t = nl.eventForm.rules;
const MINUTES = { minutes: 1 } as const;
const DAYS = { days: 1 } as const;
const INTERVALS = [5, 10, 15, 20, 30, 45, 60, 90, 120];

/** What a rule switches on with: a common choice the owner adjusts. */
const WHEN_ON = { horizonDays: 60, maxPerDay: 8, cutoffHours: 24 } as const;

type AmountRule = Exclude<keyof RuleValues, 'policyText' | 'dateOverrides' | 'slotIntervalMinutes'>;

/**
 * Section "Boekingsregels" of the Tijd tab (docs/PRODUCT.md#booking-rules), the same on the event
 * form and the template editor: notice, horizon, buffers, slot step, daily limit; under it the
 * cut-offs and the cancellation policy, and the dates with other hours.
 */
export function BookingRulesSection() {
  const id = useId();
  const { control, register, formState } = useFormContext<ScheduleValues>();
  const [policyText, workingDays] = useWatch({ control, name: ['policyText', 'workingDays'] });
  const policyError = messageAt(formState.errors, 'policyText');

  const amount = (
    name: AmountRule,
    props: Omit<Parameters<typeof RuleAmountField>[0], 'value' | 'onChange' | 'error'>,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RuleAmountField
          {...props}
          value={field.value}
          onChange={field.onChange}
          error={messageAt(fieldState.error)}
        />
      )}
    />
  );

  return (
    <SectionCard title={t.title} description={t.text}>
      <div className="grid gap-6">
        <div className="grid gap-6 sm:grid-cols-2">
          {amount('minimumNoticeMinutes', {
            label: t.notice,
            hint: t.noticeHint,
            units: NOTICE_UNITS,
            max: RULE_LIMITS.maxNoticeMinutes,
          })}
          {amount('bookingHorizonDays', {
            label: t.horizon,
            hint: t.horizonHint,
            units: DAYS,
            unitLabel: t.horizonUnit,
            whenOn: WHEN_ON.horizonDays,
            max: RULE_LIMITS.horizonDays.max,
          })}
          {amount('bufferBeforeMinutes', {
            label: t.bufferBefore,
            hint: t.bufferBeforeHint,
            units: MINUTES,
            max: RULE_LIMITS.bufferMinutes.max,
          })}
          {amount('bufferAfterMinutes', {
            label: t.bufferAfter,
            hint: t.bufferAfterHint,
            units: MINUTES,
            max: RULE_LIMITS.bufferMinutes.max,
          })}
          <Controller
            control={control}
            name="slotIntervalMinutes"
            render={({ field, fieldState }) => {
              const error = messageAt(fieldState.error);
              // A stored step the list lacks (set through the API) stays choosable.
              const options =
                field.value === null || INTERVALS.includes(field.value)
                  ? INTERVALS
                  : [...INTERVALS, field.value].sort((a, b) => a - b);
              return (
                <div className="grid content-start gap-2">
                  <Label htmlFor={`${id}-interval`}>{t.interval}</Label>
                  <Select
                    value={field.value === null ? 'duration' : String(field.value)}
                    onValueChange={(v) => field.onChange(v === 'duration' ? null : Number(v))}
                  >
                    <SelectTrigger
                      id={`${id}-interval`}
                      className="w-full sm:w-56"
                      aria-invalid={!!error}
                      aria-describedby={error ? `${id}-interval-error` : `${id}-interval-hint`}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="duration">{t.intervalDuration}</SelectItem>
                      {options.map((n) => (
                        <SelectItem key={n} value={String(n)}>
                          {fill(t.intervalOption, { n })}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  {!error && (
                    <p id={`${id}-interval-hint`} className="text-xs text-muted-foreground">
                      {t.intervalHint}
                    </p>
                  )}
                  <InlineError id={`${id}-interval-error`} message={error} />
                </div>
              );
            }}
          />
          {amount('maxBookingsPerDay', {
            label: t.maxPerDay,
            hint: t.maxPerDayHint,
            units: DAYS,
            unitLabel: t.maxPerDayUnit,
            whenOn: WHEN_ON.maxPerDay,
            max: RULE_LIMITS.maxBookingsPerDay.max,
          })}
        </div>

        <Separator />
        <section aria-labelledby={`${id}-changes`} className="grid gap-6">
          <div className="grid gap-1.5">
            <h3 id={`${id}-changes`} className="text-sm font-semibold">
              {t.changesTitle}
            </h3>
            <p className="text-sm text-muted-foreground">{t.changesText}</p>
          </div>
          <div className="grid gap-6">
            {amount('cancelCutoffHours', {
              label: t.cancelCutoff,
              hint: t.cancelCutoffHint,
              units: CUTOFF_UNITS,
              whenOn: WHEN_ON.cutoffHours,
              prefix: t.cancelCutoffPrefix,
              suffix: t.beforehand,
              max: RULE_LIMITS.maxCutoffHours,
            })}
            {amount('rescheduleCutoffHours', {
              label: t.rescheduleCutoff,
              hint: t.rescheduleCutoffHint,
              units: CUTOFF_UNITS,
              whenOn: WHEN_ON.cutoffHours,
              prefix: t.rescheduleCutoffPrefix,
              suffix: t.beforehand,
              max: RULE_LIMITS.maxCutoffHours,
            })}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-policy`}>{t.policy}</Label>
            <Textarea
              id={`${id}-policy`}
              rows={4}
              maxLength={RULE_LIMITS.policyTextMax}
              {...register('policyText')}
              aria-invalid={!!policyError}
              aria-describedby={`${policyError ? `${id}-policy-error` : `${id}-policy-hint`} ${id}-policy-count`}
            />
            <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground">
              {!policyError && <p id={`${id}-policy-hint`}>{t.policyHint}</p>}
              <p id={`${id}-policy-count`} className="ml-auto tabular-nums">
                {fill(t.policyCount, { n: policyText.length, max: RULE_LIMITS.policyTextMax })}
              </p>
            </div>
            <InlineError id={`${id}-policy-error`} message={policyError} />
          </div>
        </section>

        <Separator />
        <section aria-labelledby={`${id}-overrides`} className="grid gap-4">
          <div className="grid gap-1.5">
            <h3 id={`${id}-overrides`} className="text-sm font-semibold">
              {t.overridesTitle}
            </h3>
            <p className="text-sm text-muted-foreground">{t.overridesText}</p>
          </div>
          <Controller
            control={control}
            name="dateOverrides"
            render={({ field, fieldState }) => (
              <DateOverridesEditor
                value={field.value}
                onChange={field.onChange}
                errors={fieldState.error}
                workingDays={workingDays}
              />
            )}
          />
        </section>
      </div>
    </SectionCard>
  );
}
