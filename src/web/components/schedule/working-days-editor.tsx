import { useId } from 'react';
import { nl } from '@contracts/messages';
import { WEEKDAYS_MONDAY_FIRST, type WorkingDay, type WorkingDays } from '@core/index';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { messageAt } from '@web/lib/form-errors';
import { cn } from '@web/lib/utils';
import { fill } from '@web/lib/fill-message';
import { InlineError } from '@web/components/form-messages';

const t = nl.eventForm;

/** Per weekday (Monday first) an on/off switch and opening hours. `errors` is the error tree of workingDays. */
export function WorkingDaysEditor({
  value,
  onChange,
  errors,
}: {
  value: WorkingDays;
  onChange: (value: WorkingDays) => void;
  errors: unknown;
}) {
  const id = useId();
  const rootError = messageAt(errors);
  const setDay = (key: string, patch: Partial<WorkingDay>) =>
    onChange({ ...value, [key]: { ...value[key]!, ...patch } });

  return (
    <div className="grid gap-3">
      <InlineError id={`${id}-root`} message={rootError} />
      <ul className="divide-y rounded-lg border" aria-describedby={rootError ? `${id}-root` : undefined}>
        {WEEKDAYS_MONDAY_FIRST.map(({ key, label }) => {
          const day = value[key] ?? { enabled: false, startTime: '09:00', endTime: '17:00' };
          const startError = messageAt(errors, `${key}.startTime`);
          const endError = messageAt(errors, `${key}.endTime`);
          const error = endError ?? startError ?? messageAt(errors, key);
          const errorId = `${id}-${key}-error`;
          return (
            <li key={key} className="grid gap-2 px-4 py-3 sm:grid-cols-[11rem_1fr] sm:items-center">
              <div className="flex items-center gap-3">
                <Switch
                  id={`${id}-${key}`}
                  checked={day.enabled}
                  onCheckedChange={(enabled) => setDay(key, { enabled })}
                />
                <Label htmlFor={`${id}-${key}`} className={cn(!day.enabled && 'text-muted-foreground')}>
                  {label}
                </Label>
              </div>
              {day.enabled ? (
                <div className="flex flex-wrap items-center gap-2">
                  <Input
                    type="time"
                    aria-label={fill(t.dayStart, { day: label })}
                    value={day.startTime}
                    onChange={(e) => setDay(key, { startTime: e.target.value })}
                    className="w-32 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1"
                    aria-invalid={!!startError}
                    aria-describedby={error ? errorId : undefined}
                  />
                  <span aria-hidden="true" className="text-muted-foreground">
                    –
                  </span>
                  <Input
                    type="time"
                    aria-label={fill(t.dayEnd, { day: label })}
                    value={day.endTime}
                    onChange={(e) => setDay(key, { endTime: e.target.value })}
                    className="w-32 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1"
                    aria-invalid={!!endError}
                    aria-describedby={error ? errorId : undefined}
                  />
                  <InlineError id={errorId} message={error} className="basis-full" />
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">{t.closed}</p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
