import { useId } from 'react';
import type { SeriesScope } from '@contracts/enums';
import { SERIES_SCOPES } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { Label } from '@web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group';

const t = nl.series;

/**
 * 'Alleen deze afspraak' or 'Deze en alle volgende' for a move or cancel of a booking of a series
 * (docs/PRODUCT.md#series). 'Alleen deze afspraak' is preselected: it is what the same action does
 * for a booking of no series, so the wider change is always the owner's explicit choice.
 */
export function SeriesScopeChoice({
  value,
  onChange,
  disabled,
  hint,
}: {
  value: SeriesScope;
  onChange: (next: SeriesScope) => void;
  disabled?: boolean;
  /** What 'Deze en alle volgende' does in this dialog. */
  hint: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3">
      <legend id={`${id}-legend`} className="mb-3 text-sm font-medium">
        {t.scopeLegend}
      </legend>
      <RadioGroup
        aria-labelledby={`${id}-legend`}
        value={value}
        onValueChange={(v) => onChange(v as SeriesScope)}
        disabled={disabled}
      >
        {SERIES_SCOPES.map((s) => (
          <div
            key={s}
            className="flex items-start gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary"
          >
            <RadioGroupItem
              id={`${id}-${s}`}
              value={s}
              aria-describedby={s === 'following' ? `${id}-hint` : undefined}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-${s}`}>{t.scopes[s]}</Label>
              {s === 'following' && (
                <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                  {hint}
                </p>
              )}
            </div>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}
