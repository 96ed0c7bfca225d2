import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { nl } from '@contracts/messages';
import { formatLongDutchDate, isValidDate, weekdayKeyOf, type WorkingDays } from '@core/index';
import { InlineError } from '@web/components/form-messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { newOverride, type DateOverrideValue } from '@web/lib/booking-rules-form';
import { fill } from '@web/lib/fill-message';
import { messageAt } from '@web/lib/form-errors';

const t = nl.eventForm.rules;

/**
 * "Afwijkende datums": dates on which the service is closed or keeps other hours than its weekday's.
 * Rows stay in date order, the order the server reports their errors in ('dateOverrides.0.endTime').
 */
export function DateOverridesEditor({
  value,
  onChange,
  errors,
  workingDays,
}: {
  value: DateOverrideValue[];
  onChange: (value: DateOverrideValue[]) => void;
  /** The error tree of dateOverrides. */
  errors: unknown;
  /** A new row's hours start from that weekday's. */
  workingDays: WorkingDays;
}) {
  const id = useId();
  const [date, setDate] = useState('');
  const [addError, setAddError] = useState<string>();
  const listError = messageAt(errors);
  // A row's errors by index: the server's arrive as an array (setError), the contract's as an object
  // keyed '0', '1'…; react-hook-form's get() walks neither from an array root.
  const rowErrors = (i: number): unknown =>
    errors && typeof errors === 'object' ? (errors as Record<number, unknown>)[i] : undefined;

  const add = () => {
    if (!isValidDate(date)) return setAddError(t.overrideNeedDate);
    if (value.some((o) => o.date === date)) return setAddError(nl.eventRules.overrideDuplicate);
    const day = workingDays[weekdayKeyOf(date)];
    const row = newOverride(date, day?.enabled ? day : undefined);
    onChange([...value, row].sort((a, b) => a.date.localeCompare(b.date)));
    setDate('');
    setAddError(undefined);
  };
  const update = (key: string, patch: Partial<DateOverrideValue>) =>
    onChange(value.map((o) => (o.key === key ? { ...o, ...patch } : o)));

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-date`}>{t.overrideAddDate}</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setAddError(undefined);
            }}
            onKeyDown={(e) => {
              // Enter adds the date instead of submitting the whole form.
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            className="w-44"
            aria-invalid={!!addError}
            aria-describedby={addError ? `${id}-add-error` : undefined}
          />
        </div>
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          {t.overrideAdd}
        </Button>
        <InlineError id={`${id}-add-error`} message={addError} className="basis-full" />
      </div>
      <InlineError message={listError} />
      {value.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.overridesNone}</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {value.map((o, i) => {
            const label = formatLongDutchDate(o.date);
            const rowError = rowErrors(i);
            const startError = messageAt(rowError, 'startTime');
            const endError = messageAt(rowError, 'endTime');
            const error = endError ?? startError ?? messageAt(rowError, 'date') ?? messageAt(rowError);
            const errorId = `${id}-${o.key}-error`;
            return (
              <li
                key={o.key}
                className="grid grid-cols-[1fr_auto] items-center gap-2 px-4 py-3 sm:grid-cols-[14rem_1fr_auto]"
              >
                <span className="text-sm font-medium first-letter:uppercase">{label}</span>
                <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1">
                  <Select
                    value={o.closed ? 'closed' : 'hours'}
                    onValueChange={(v) => update(o.key, { closed: v === 'closed' })}
                  >
                    <SelectTrigger
                      className="w-40 max-sm:w-full"
                      aria-label={fill(t.overrideKind, { date: label })}
                      aria-describedby={error ? errorId : undefined}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="closed">{t.overrideClosed}</SelectItem>
                      <SelectItem value="hours">{t.overrideHours}</SelectItem>
                    </SelectContent>
                  </Select>
                  {!o.closed && (
                    <>
                      <Input
                        type="time"
                        aria-label={fill(t.overrideStart, { date: label })}
                        value={o.startTime}
                        onChange={(e) => update(o.key, { startTime: e.target.value })}
                        className="w-32 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1"
                        aria-invalid={!!startError}
                        aria-describedby={error ? errorId : undefined}
                      />
                      <span aria-hidden="true" className="text-muted-foreground">
                        –
                      </span>
                      <Input
                        type="time"
                        aria-label={fill(t.overrideEnd, { date: label })}
                        value={o.endTime}
                        onChange={(e) => update(o.key, { endTime: e.target.value })}
                        className="w-32 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1"
                        aria-invalid={!!endError}
                        aria-describedby={error ? errorId : undefined}
                      />
                    </>
                  )}
                  <InlineError id={errorId} message={error} className="basis-full" />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="col-start-2 row-start-1 justify-self-end sm:col-start-3"
                  aria-label={fill(t.overrideRemove, { date: label })}
                  onClick={() => onChange(value.filter((x) => x.key !== o.key))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
