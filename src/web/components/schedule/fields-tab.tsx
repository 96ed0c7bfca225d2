import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { CHOICE_FIELD_TYPES, KNOWN_FIELD_TYPES } from '@contracts/schedule';
import { InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { Checkbox } from '@web/components/ui/checkbox';
import { fill } from '@web/lib/fill-message';
import { messageAt } from '@web/lib/form-errors';
import { newKey, type CustomFieldValue, type ScheduleValues } from '@web/lib/schedule-form';

const t = nl.eventForm;

/** Tab "Velden": the customer-information fields, in booking-form order. */
export function FieldsTab() {
  const id = useId();
  const { control } = useFormContext<ScheduleValues>();
  const { field: list, fieldState } = useController({ control, name: 'customFields' });
  const fields = list.value;
  const fieldErrors = fieldState.error;
  const rootError = messageAt(fieldErrors);
  const rowRefs = useRef(new Map<string, HTMLElement>());
  // After add or move, focus follows the row so keyboard users keep their place.
  const [focusTarget, setFocusTarget] = useState<{ key: string; selector: string } | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const row = rowRefs.current.get(focusTarget.key);
    const el = row?.querySelector<HTMLElement>(focusTarget.selector);
    (el && !(el as HTMLButtonElement).disabled ? el : row?.querySelector<HTMLElement>('input'))?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const set = (next: CustomFieldValue[]) => list.onChange(next);
  const patch = (i: number, p: Partial<CustomFieldValue>) =>
    set(fields.map((f, j) => (j === i ? { ...f, ...p } : f)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...fields];
    const [moved] = next.splice(i, 1);
    next.splice(i + by, 0, moved!);
    set(next);
    setFocusTarget({ key: moved!.key, selector: by < 0 ? '[data-move="up"]' : '[data-move="down"]' });
  };
  const add = () => {
    const field: CustomFieldValue = { key: newKey(), fieldName: '', fieldType: 'text', isRequired: false };
    set([...fields, field]);
    setFocusTarget({ key: field.key, selector: 'input' });
  };

  return (
    <SectionCard title={t.fieldsTitle} description={t.fieldsText}>
      <div className="grid gap-3">
        <InlineError id={`${id}-root`} message={rootError} />
        {fields.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            {t.noFields}
          </p>
        ) : (
          <ol className="grid gap-3" aria-describedby={rootError ? `${id}-root` : undefined}>
            {fields.map((field, i) => {
              const n = i + 1;
              const nameError = messageAt(fieldErrors, `${i}.fieldName`) ?? messageAt(fieldErrors, String(i));
              const typeError = messageAt(fieldErrors, `${i}.fieldType`);
              const rowId = `${id}-${field.key}`;
              return (
                <li
                  key={field.key}
                  ref={(el) => {
                    if (el) rowRefs.current.set(field.key, el);
                    else rowRefs.current.delete(field.key);
                  }}
                  className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-[2rem_minmax(0,1fr)_15rem_auto_auto] sm:items-start"
                >
                  <span
                    aria-hidden="true"
                    className="hidden size-8 items-center justify-center rounded-full bg-muted text-xs font-medium text-muted-foreground sm:mt-5 sm:flex"
                  >
                    {n}
                  </span>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${rowId}-name`} className="text-xs text-muted-foreground">
                      {t.fieldName}
                    </Label>
                    <Input
                      id={`${rowId}-name`}
                      aria-label={fill(t.fieldNameOf, { n })}
                      value={field.fieldName}
                      onChange={(e) => patch(i, { fieldName: e.target.value })}
                      maxLength={100}
                      aria-invalid={!!nameError}
                      aria-describedby={nameError ? `${rowId}-name-error` : undefined}
                    />
                    <InlineError id={`${rowId}-name-error`} message={nameError} />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${rowId}-type`} className="text-xs text-muted-foreground">
                      {t.fieldType}
                    </Label>
                    <Select value={field.fieldType} onValueChange={(fieldType) => patch(i, { fieldType })}>
                      <SelectTrigger
                        id={`${rowId}-type`}
                        aria-label={fill(t.fieldTypeOf, { n })}
                        aria-invalid={!!typeError}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {KNOWN_FIELD_TYPES.map((type) => (
                          <SelectItem key={type} value={type}>
                            {t.fieldTypes[type]}
                          </SelectItem>
                        ))}
                        {/* Types other than the known ones are kept as they are (docs/PRODUCT.md#entities). */}
                        {!(KNOWN_FIELD_TYPES as readonly string[]).includes(field.fieldType) && (
                          <SelectItem value={field.fieldType}>{field.fieldType}</SelectItem>
                        )}
                      </SelectContent>
                    </Select>
                    <InlineError message={typeError} />
                  </div>
                  <div className="flex items-center justify-between gap-2 sm:contents">
                    <div className="flex items-center gap-2 sm:h-full sm:pt-6">
                      <Switch
                        id={`${rowId}-required`}
                        aria-label={fill(t.fieldRequiredOf, { n })}
                        checked={field.isRequired}
                        onCheckedChange={(isRequired) => patch(i, { isRequired })}
                      />
                      <Label htmlFor={`${rowId}-required`} className="font-normal">
                        {t.fieldRequired}
                      </Label>
                    </div>
                    <div className="flex items-center gap-1 sm:pt-5">
                      <Button
                        variant="ghost"
                        size="icon"
                        data-move="up"
                        aria-label={fill(t.moveUp, { n })}
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        data-move="down"
                        aria-label={fill(t.moveDown, { n })}
                        disabled={i === fields.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={fill(t.removeField, { n })}
                        onClick={() => set(fields.filter((_, j) => j !== i))}
                        className="text-destructive-text hover:text-destructive-text"
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                  <FieldDetails
                    rowId={rowId}
                    n={n}
                    field={field}
                    onChange={(p) => patch(i, p)}
                    error={(key) => messageAt(fieldErrors, `${i}.${key}`)}
                  />
                </li>
              );
            })}
          </ol>
        )}
        <div>
          <Button variant="outline" onClick={add}>
            <Plus aria-hidden="true" />
            {t.addField}
          </Button>
        </div>
      </div>
    </SectionCard>
  );
}

/** Under a field's row: the options of a choice field, the bounds of a number, and "Gevoelig". */
function FieldDetails({
  rowId,
  n,
  field,
  onChange,
  error,
}: {
  rowId: string;
  n: number;
  field: CustomFieldValue;
  onChange: (p: Partial<CustomFieldValue>) => void;
  error: (key: 'options' | 'minValue' | 'maxValue') => string | undefined;
}) {
  const optionsError = error('options');
  const bounds = [
    ['minValue', t.fieldMin, t.fieldMinOf],
    ['maxValue', t.fieldMax, t.fieldMaxOf],
  ] as const;
  return (
    <div className="grid gap-3 sm:col-span-4 sm:col-start-2">
      {CHOICE_FIELD_TYPES.includes(field.fieldType) && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${rowId}-options`} className="text-xs text-muted-foreground">
            {t.fieldOptions}
          </Label>
          <Textarea
            id={`${rowId}-options`}
            aria-label={fill(t.fieldOptionsOf, { n })}
            rows={4}
            value={field.optionsText ?? ''}
            onChange={(e) => onChange({ optionsText: e.target.value })}
            aria-invalid={!!optionsError}
            aria-describedby={optionsError ? `${rowId}-options-error` : undefined}
          />
          <InlineError id={`${rowId}-options-error`} message={optionsError} />
        </div>
      )}
      {field.fieldType === 'number' && (
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          {bounds.map(([key, label, labelOf]) => (
            <div key={key} className="grid gap-1.5">
              <Label htmlFor={`${rowId}-${key}`} className="text-xs text-muted-foreground">
                {label}
              </Label>
              <Input
                id={`${rowId}-${key}`}
                aria-label={fill(labelOf, { n })}
                inputMode="decimal"
                value={field[key] ?? ''}
                onChange={(e) => onChange({ [key]: e.target.value })}
                aria-invalid={!!error(key)}
                aria-describedby={error(key) ? `${rowId}-${key}-error` : undefined}
              />
              <InlineError id={`${rowId}-${key}-error`} message={error(key)} />
            </div>
          ))}
        </div>
      )}
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${rowId}-sensitive`}
          aria-label={fill(t.fieldSensitiveOf, { n })}
          aria-describedby={`${rowId}-sensitive-hint`}
          checked={field.sensitive ?? false}
          onCheckedChange={(checked) => onChange({ sensitive: checked === true })}
          className="mt-0.5"
        />
        <div className="grid gap-0.5">
          <Label htmlFor={`${rowId}-sensitive`} className="font-normal">
            {t.fieldSensitive}
          </Label>
          <p id={`${rowId}-sensitive-hint`} className="text-xs text-muted-foreground">
            {t.fieldSensitiveHint}
          </p>
        </div>
      </div>
    </div>
  );
}
