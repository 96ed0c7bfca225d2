import { Controller } from 'react-hook-form';
import { useId } from 'react';
import { nl } from '@contracts/messages';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import type { EditorForm } from '../lib/editor-form';

const t = nl.emailTemplatesUi;

/** When a reminder goes out: a value of at least 1, in hours or days before the appointment. */
export function ReminderTiming({ form }: { form: EditorForm }) {
  const id = useId();
  const error = form.formState.errors.reminderValue?.message;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t.timing}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-value`} className="text-xs text-muted-foreground">
            {t.timingValue}
          </Label>
          <Input
            id={`${id}-value`}
            type="number"
            min={1}
            max={365}
            step={1}
            className="w-24"
            aria-invalid={!!error}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            {...form.register('reminderValue', { valueAsNumber: true })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-unit`} className="text-xs text-muted-foreground">
            {t.timingUnit}
          </Label>
          <Controller
            control={form.control}
            name="reminderUnit"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={`${id}-unit`} className="w-32" onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="hours">{t.units.hours}</SelectItem>
                  <SelectItem value="days">{t.units.days}</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t.timingHint}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
