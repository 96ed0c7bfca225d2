import { useId, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { InlineError } from '@web/components/form-messages';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { fill } from '@web/lib/fill-message';
import { messageAt } from '@web/lib/form-errors';
import type { EventFormValues } from '../lib/event-form-model';

const t = nl.eventForm;
/** The counts most owners offer; any other of 2–52 is added through 'Ander aantal keren'. */
const COMMON_COUNTS = [4, 6, 8, 10, 12];

/** The field's error: the list's own (too many, twice the same) or the first number's. */
function seriesError(errors: unknown): string | undefined {
  return (
    messageAt(errors, 'seriesOptions') ??
    messageAt(errors, 'seriesOptions.root') ??
    Array.from({ length: 6 }, (_, i) => messageAt(errors, `seriesOptions.${i}`)).find(Boolean)
  );
}

/**
 * 'Reeksen voor klanten' (docs/PRODUCT.md#series): the numbers of weekly times a customer may book
 * at once, as checkboxes of the common counts and of any other the owner added; kept in ascending
 * order so the booking page offers them that way. The server's rule (up to 6 different of 2–52)
 * is the contract's; its message shows here.
 */
export function SeriesOptionsField() {
  const id = useId();
  const { control, formState } = useFormContext<EventFormValues>();
  const [other, setOther] = useState('');
  // Numbers added here stay listed when unticked again, so the box the owner just used stays put.
  const [added, setAdded] = useState<number[]>([]);
  const error = seriesError(formState.errors);

  return (
    <Controller
      control={control}
      name="seriesOptions"
      render={({ field }) => {
        const chosen = field.value;
        const counts = [...new Set([...COMMON_COUNTS, ...added, ...chosen])].sort((a, b) => a - b);
        const set = (next: number[]) => field.onChange([...new Set(next)].sort((a, b) => a - b));
        const add = () => {
          const n = Number(other);
          if (!other.trim() || !Number.isFinite(n)) return;
          set([...chosen, n]);
          setAdded((a) => [...a, n]);
          setOther('');
        };
        return (
          <fieldset
            className="grid gap-3 border-t pt-5"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={!!error}
          >
            <legend className="float-left mb-1 text-sm font-medium leading-none">{t.seriesOptions}</legend>
            <p id={`${id}-hint`} className="clear-both text-sm text-muted-foreground">
              {t.seriesOptionsHint}
            </p>
            <div className="flex flex-wrap gap-x-5 gap-y-3">
              {counts.map((count, i) => (
                <div key={count} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-${count}`}
                    ref={i === 0 ? field.ref : undefined}
                    checked={chosen.includes(count)}
                    onCheckedChange={(on) =>
                      set(on === true ? [...chosen, count] : chosen.filter((c) => c !== count))
                    }
                    onBlur={field.onBlur}
                  />
                  <Label htmlFor={`${id}-${count}`} className="font-normal">
                    {fill(t.seriesOptionsCount, { count })}
                  </Label>
                </div>
              ))}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-other`}>{t.seriesOptionsOther}</Label>
              <div className="flex gap-2">
                <Input
                  id={`${id}-other`}
                  type="number"
                  inputMode="numeric"
                  min={2}
                  max={52}
                  step={1}
                  value={other}
                  onChange={(e) => setOther(e.target.value)}
                  onKeyDown={(e) => {
                    // Enter adds the number instead of submitting the whole form.
                    if (e.key !== 'Enter') return;
                    e.preventDefault();
                    add();
                  }}
                  className="w-24"
                />
                <Button type="button" variant="outline" onClick={add}>
                  {t.seriesOptionsAdd}
                </Button>
              </div>
            </div>
            <InlineError id={`${id}-error`} message={error} />
          </fieldset>
        );
      }}
    />
  );
}
