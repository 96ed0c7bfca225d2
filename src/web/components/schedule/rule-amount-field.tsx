import { useId, useState, type ReactNode } from 'react';
import { nl } from '@contracts/messages';
import { InlineError } from '@web/components/form-messages';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { joinAmount, splitAmount, type RuleUnit, type UnitFactors } from '@web/lib/booking-rules-form';
import { fill } from '@web/lib/fill-message';

const t = nl.eventForm.rules;

/**
 * One rule amount of the "Boekingsregels" section: a number with its unit (a unit select when the
 * picker offers several, e.g. minutes/hours/days), stored in the field's own unit. With `whenOn` the
 * rule can be off (null): a switch labelled by the rule, and the amount only while it is on.
 */
export function RuleAmountField({
  label,
  hint,
  error,
  value,
  onChange,
  units,
  unitLabel,
  whenOn,
  prefix,
  suffix,
  max,
}: {
  label: string;
  hint: string;
  error?: string;
  value: number | null;
  onChange: (value: number | null) => void;
  units: UnitFactors;
  /** The text after the number when there is one unit (default: that unit's name). */
  unitLabel?: string;
  /** Optional rule: the value the switch turns on with. */
  whenOn?: number;
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** Upper bound of the number input in the smallest unit (the contract has the message). */
  max?: number;
}) {
  const id = useId();
  // The text and unit as typed: the form holds the converted value, which may be NaN while typing.
  const [{ amount, unit }, setShown] = useState(() => splitAmount(value ?? whenOn ?? 0, units));
  const unitKeys = Object.keys(units) as RuleUnit[];
  const optional = whenOn !== undefined;
  const on = value !== null;
  const describedBy = error ? `${id}-error` : `${id}-hint`;

  const show = (next: { amount: string; unit: RuleUnit }) => {
    setShown(next);
    onChange(joinAmount(next.amount, next.unit, units));
  };
  const toggle = (checked: boolean) => {
    if (!checked) return onChange(null);
    const shown = splitAmount(whenOn!, units);
    setShown(shown);
    onChange(whenOn!);
  };

  return (
    <div className="grid content-start gap-2">
      {optional ? (
        <div className="flex items-center gap-3">
          <Switch id={`${id}-on`} checked={on} onCheckedChange={toggle} aria-describedby={describedBy} />
          <Label htmlFor={`${id}-on`}>{label}</Label>
        </div>
      ) : (
        <Label htmlFor={`${id}-amount`}>{label}</Label>
      )}
      {on && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {prefix && <span className="text-muted-foreground">{prefix}</span>}
          <Input
            id={`${id}-amount`}
            type="number"
            inputMode="decimal"
            min={0}
            max={max}
            value={amount}
            onChange={(e) => show({ amount: e.target.value, unit })}
            className="w-24"
            aria-label={optional ? label : undefined}
            aria-invalid={!!error}
            aria-describedby={describedBy}
          />
          {unitKeys.length > 1 ? (
            <Select value={unit} onValueChange={(u) => show({ amount, unit: u as RuleUnit })}>
              <SelectTrigger className="w-28" aria-label={fill(t.unitOf, { label })}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {unitKeys.map((u) => (
                  <SelectItem key={u} value={u}>
                    {t.units[u]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : (
            <span className="text-muted-foreground">{unitLabel ?? t.units[unitKeys[0]!]}</span>
          )}
          {suffix && <span className="text-muted-foreground">{suffix}</span>}
        </div>
      )}
      {!error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <InlineError id={`${id}-error`} message={error} />
    </div>
  );
}
