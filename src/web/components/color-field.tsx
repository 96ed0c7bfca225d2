import { useId } from 'react';
import { DEFAULT_COLOR, isHexColor } from '@core/index';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { InlineError } from '@web/components/form-messages';

/** '#abc' -> '#AABBCC': <input type="color"> only accepts the 6-digit form. */
function toPickerValue(value: string): string {
  if (!isHexColor(value)) return DEFAULT_COLOR;
  const digits = value.slice(1);
  return `#${digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits}`.toUpperCase();
}

/** A colour picker plus its hex text, kept in sync. An empty text is allowed when the colour is optional. */
export function ColorField({
  label,
  pickerLabel,
  value,
  onChange,
  error,
  hint,
  placeholder = DEFAULT_COLOR,
}: {
  label: string;
  pickerLabel: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
}) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={pickerLabel}
          value={toPickerValue(value)}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        />
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          placeholder={placeholder}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          className="font-mono uppercase"
          aria-invalid={!!error}
          aria-describedby={describedBy}
        />
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <InlineError id={`${id}-error`} message={error} />
    </div>
  );
}
