import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { APPROVAL_MODES, type ApprovalMode } from '@contracts/enums';
import type { CategoryDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { CategoryLabel } from '@web/components/category-label';
import { ColorField } from '@web/components/color-field';
import { FormField } from '@web/components/form-field';
import { InlineError } from '@web/components/form-messages';
import { Checkbox } from '@web/components/ui/checkbox';
import { SectionCard } from '@web/components/section-card';
import { SwitchRow } from '@web/components/switch-row';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { fill } from '@web/lib/fill-message';
import { messageAt } from '@web/lib/form-errors';
import type { EventFormValues } from '../lib/event-form-model';
import { AgendaGroupsSection } from './agenda-groups-section';
import { SeriesOptionsField } from './series-options-field';

const t = nl.eventForm;
const NO_CATEGORY = 'none';

/** The owner's categories as the page loaded them (the categories feature owns that call). */
export interface CategoryChoices {
  data?: readonly CategoryDto[];
  isPending: boolean;
}

/**
 * Tab "Basis" of the event form: title, description, category, theme colour, the agenda groups a
 * booking takes one agenda of each of, whether the business page lists it, and whether customers
 * may combine it with other services in one visit, or book it as a weekly series.
 */
export function BasisTab({ categories }: { categories: CategoryChoices }) {
  const id = useId();
  const { control, register, formState } = useFormContext<EventFormValues>();
  const error = (name: keyof EventFormValues) => messageAt(formState.errors, name);
  const seats = useWatch({ control, name: 'seats' });
  const waitlistEnabled = useWatch({ control, name: 'waitlistEnabled' });

  return (
    <SectionCard title={t.basisTitle} description={t.basisText}>
      <div className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-title`}>
            {t.title}
            <span aria-hidden="true" className="text-destructive-text">
              *
            </span>
          </Label>
          <Input
            id={`${id}-title`}
            {...register('title')}
            placeholder={t.titlePlaceholder}
            required
            maxLength={200}
            aria-invalid={!!error('title')}
            aria-describedby={error('title') ? `${id}-title-error` : undefined}
          />
          <InlineError id={`${id}-title-error`} message={error('title')} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-description`}>{t.description}</Label>
          <Textarea
            id={`${id}-description`}
            {...register('description')}
            placeholder={t.descriptionPlaceholder}
            rows={4}
            maxLength={5000}
            aria-invalid={!!error('description')}
            aria-describedby={error('description') ? `${id}-description-error` : undefined}
          />
          <InlineError id={`${id}-description-error`} message={error('description')} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-category`}>{t.category}</Label>
            <Controller
              control={control}
              name="categoryId"
              render={({ field }) => {
                const known = categories.data?.some((c) => c.id === field.value);
                return (
                  <Select
                    value={field.value && (known || categories.isPending) ? field.value : NO_CATEGORY}
                    onValueChange={(v) => field.onChange(v === NO_CATEGORY ? null : v)}
                  >
                    <SelectTrigger id={`${id}-category`} aria-invalid={!!error('categoryId')}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NO_CATEGORY}>{t.noCategory}</SelectItem>
                      {categories.data?.map((c) => (
                        <SelectItem key={c.id} value={c.id}>
                          <CategoryLabel category={c} />
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                );
              }}
            />
            <InlineError message={error('categoryId')} />
          </div>
          <Controller
            control={control}
            name="themeColor"
            render={({ field }) => (
              <ColorField
                label={t.themeColor}
                pickerLabel={t.themeColorPicker}
                hint={t.themeColorHint}
                value={field.value}
                onChange={field.onChange}
                error={error('themeColor')}
              />
            )}
          />
        </div>
        <AgendaGroupsSection />
        {/* docs/PRODUCT.md#classes: more than one place per time makes the service a group class. */}
        <div className="grid gap-5 border-t pt-5 sm:grid-cols-2">
          <FormField label={t.seats} hint={t.seatsHint} error={error('seats')} className="content-start">
            {(input) => (
              <Input
                {...input}
                {...register('seats', { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={1}
                max={500}
                step={1}
                className="sm:w-32"
              />
            )}
          </FormField>
          {seats > 1 && (
            <FormField
              label={t.maxSeatsPerBooking}
              hint={t.maxSeatsPerBookingHint}
              error={error('maxSeatsPerBooking')}
              className="content-start"
            >
              {(input) => (
                <Input
                  {...input}
                  {...register('maxSeatsPerBooking', { valueAsNumber: true })}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={Math.min(500, seats)}
                  step={1}
                  className="sm:w-32"
                />
              )}
            </FormField>
          )}
        </div>
        {/* docs/PRODUCT.md#waitlist: a full time or day can be waited for; a freed place is held this long. */}
        <div className="grid gap-5 border-t pt-5 sm:grid-cols-2">
          <Controller
            control={control}
            name="waitlistEnabled"
            render={({ field }) => (
              <div className="flex items-start gap-2.5">
                <Checkbox
                  id={`${id}-waitlist`}
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(on) => field.onChange(on === true)}
                  onBlur={field.onBlur}
                  aria-describedby={`${id}-waitlist-hint`}
                  className="mt-0.5"
                />
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-waitlist`}>{t.waitlistEnabled}</Label>
                  <p id={`${id}-waitlist-hint`} className="text-sm text-muted-foreground">
                    {t.waitlistEnabledHint}
                  </p>
                </div>
              </div>
            )}
          />
          {waitlistEnabled && (
            <Controller
              control={control}
              name="waitlistOfferMinutes"
              render={({ field }) => {
                const choices = Object.keys(t.waitlistOfferChoices).map(Number);
                const all = choices.includes(field.value)
                  ? choices
                  : [...choices, field.value].sort((a, b) => a - b);
                return (
                  <div className="grid content-start gap-2">
                    <Label htmlFor={`${id}-offer-minutes`}>{t.waitlistOfferMinutes}</Label>
                    <Select value={String(field.value)} onValueChange={(v) => field.onChange(Number(v))}>
                      <SelectTrigger
                        id={`${id}-offer-minutes`}
                        ref={field.ref}
                        className="sm:w-48"
                        aria-describedby={`${id}-offer-minutes-hint`}
                        aria-invalid={!!error('waitlistOfferMinutes')}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {all.map((m) => (
                          <SelectItem key={m} value={String(m)}>
                            {t.waitlistOfferChoices[m] ?? fill(t.waitlistOfferOther, { minutes: m })}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <p id={`${id}-offer-minutes-hint`} className="text-sm text-muted-foreground">
                      {t.waitlistOfferMinutesHint}
                    </p>
                    <InlineError message={error('waitlistOfferMinutes')} />
                  </div>
                );
              }}
            />
          )}
        </div>
        <SeriesOptionsField />
        {/* docs/PRODUCT.md#approval: whose bookings wait for the owner's decision, their time held. */}
        <Controller
          control={control}
          name="approval"
          render={({ field }) => (
            <div className="grid content-start gap-2 border-t pt-5">
              <Label htmlFor={`${id}-approval`}>{nl.approval.settingLabel}</Label>
              <Select value={field.value} onValueChange={(v) => field.onChange(v as ApprovalMode)}>
                <SelectTrigger
                  id={`${id}-approval`}
                  ref={field.ref}
                  className="sm:w-64"
                  aria-describedby={`${id}-approval-hint${error('approval') ? ` ${id}-approval-error` : ''}`}
                  aria-invalid={!!error('approval')}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {APPROVAL_MODES.map((mode) => (
                    <SelectItem key={mode} value={mode}>
                      {nl.approval.modes[mode]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p id={`${id}-approval-hint`} className="text-sm text-muted-foreground">
                {nl.approval.settingHint}
              </p>
              <InlineError id={`${id}-approval-error`} message={error('approval')} />
            </div>
          )}
        />
        <Controller
          control={control}
          name="hiddenOnProfile"
          render={({ field }) => (
            <div className="flex items-start gap-2.5 border-t pt-5">
              <Checkbox
                id={`${id}-hidden`}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={(on) => field.onChange(on === true)}
                onBlur={field.onBlur}
                aria-describedby={`${id}-hidden-hint`}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor={`${id}-hidden`} className="font-normal">
                  {t.hiddenOnProfile}
                </Label>
                <p id={`${id}-hidden-hint`} className="text-sm text-muted-foreground">
                  {t.hiddenOnProfileHint}
                </p>
              </div>
            </div>
          )}
        />
        <Controller
          control={control}
          name="allowCombinations"
          render={({ field }) => (
            <SwitchRow
              label={t.allowCombinations}
              hint={t.allowCombinationsHint}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
      </div>
    </SectionCard>
  );
}
