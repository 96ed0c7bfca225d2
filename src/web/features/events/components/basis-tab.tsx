import { useId } from 'react';
import { nl } from '@contracts/messages';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { useCategories } from '@web/features/categories/api/get-categories';
import type { FieldErrors } from '@web/lib/field-errors';
import type { EventFormValues } from '../lib/event-form-model';
import { ColorField } from '@web/components/color-field';
import { InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';
import { CategoryLabel } from '@web/components/category-label';

const t = nl.eventForm;
const NO_CATEGORY = 'none';

type BasisValues = Pick<EventFormValues, 'title' | 'description' | 'categoryId' | 'themeColor'>;

/** Tab "Basis" of the event form: title, description, category and theme colour. */
export function BasisTab({
  values,
  onChange,
  errors,
}: {
  values: BasisValues;
  onChange: (patch: Partial<BasisValues>) => void;
  errors: FieldErrors;
}) {
  const id = useId();
  const categories = useCategories();
  const known = categories.data?.some((c) => c.id === values.categoryId);

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
            value={values.title}
            onChange={(e) => onChange({ title: e.target.value })}
            placeholder={t.titlePlaceholder}
            required
            maxLength={200}
            aria-invalid={!!errors.title}
            aria-describedby={errors.title ? `${id}-title-error` : undefined}
          />
          <InlineError id={`${id}-title-error`} message={errors.title} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-description`}>{t.description}</Label>
          <Textarea
            id={`${id}-description`}
            value={values.description}
            onChange={(e) => onChange({ description: e.target.value })}
            placeholder={t.descriptionPlaceholder}
            rows={4}
            maxLength={5000}
            aria-invalid={!!errors.description}
            aria-describedby={errors.description ? `${id}-description-error` : undefined}
          />
          <InlineError id={`${id}-description-error`} message={errors.description} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-category`}>{t.category}</Label>
            <Select
              value={values.categoryId && (known || categories.isPending) ? values.categoryId : NO_CATEGORY}
              onValueChange={(v) => onChange({ categoryId: v === NO_CATEGORY ? null : v })}
            >
              <SelectTrigger id={`${id}-category`} aria-invalid={!!errors.categoryId}>
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
            <InlineError message={errors.categoryId} />
          </div>
          <ColorField
            label={t.themeColor}
            pickerLabel={t.themeColorPicker}
            hint={t.themeColorHint}
            value={values.themeColor}
            onChange={(themeColor) => onChange({ themeColor })}
            error={errors.themeColor}
          />
        </div>
      </div>
    </SectionCard>
  );
}
