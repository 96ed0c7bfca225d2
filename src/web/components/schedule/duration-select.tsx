import { useId } from 'react';
import { nl } from '@contracts/messages';
import { DURATIONS } from '@core/index';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { fill } from '@web/lib/fill-message';
import { InlineError } from '@web/components/form-messages';

/** docs/PRODUCT.md#validation-events: 15, 30, 45, 60, 90 or 120 minutes. */
export function DurationSelect({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="grid max-w-xs gap-2">
      <Label htmlFor={id}>{nl.eventForm.duration}</Label>
      <Select value={String(value)} onValueChange={(v) => onChange(Number(v))}>
        <SelectTrigger id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : `${id}-hint`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {DURATIONS.map((d) => (
            <SelectItem key={d} value={String(d)}>
              {fill(nl.eventForm.durationOption, { n: d })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {!error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {nl.eventForm.durationText}
        </p>
      )}
      <InlineError id={`${id}-error`} message={error} />
    </div>
  );
}
