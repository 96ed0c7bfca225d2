import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { compactPauses, DEFAULT_PAUSE, WEEKDAYS_MONDAY_FIRST, type Pause } from '@core/index';
import { InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { fill } from '@web/lib/fill-message';
import { messageAt } from '@web/lib/form-errors';
import type { ScheduleValues } from '@web/lib/schedule-form';
import { cn } from '@web/lib/utils';

const t = nl.eventForm;

/** Tab "Pauzes": per weekday a list of start/end pairs; a day without pauses leaves the map (compactPauses). */
export function PausesTab() {
  const id = useId();
  const { control } = useFormContext<ScheduleValues>();
  const workingDays = useWatch({ control, name: 'workingDays' });
  const { field, fieldState } = useController({ control, name: 'dailyPauseTimes' });
  const pauseErrors = fieldState.error;
  const setDay = (key: string, list: Pause[]) =>
    field.onChange(compactPauses({ ...field.value, [key]: list }));

  return (
    <SectionCard title={t.pausesTitle} description={t.pausesText}>
      <InlineError message={messageAt(pauseErrors)} className="mb-3" />
      <ul className="divide-y rounded-lg border">
        {WEEKDAYS_MONDAY_FIRST.map(({ key, label }) => {
          const day = workingDays[key];
          const list = field.value[key] ?? [];
          return (
            <li
              key={key}
              className="grid gap-2 px-4 py-3 sm:grid-cols-[11rem_1fr_auto] sm:items-start sm:gap-3"
            >
              <div className="grid gap-0.5 sm:pt-2">
                <span className={cn('text-sm font-medium', !day?.enabled && 'text-muted-foreground')}>
                  {label}
                </span>
                <span className="text-xs text-muted-foreground">
                  {day?.enabled ? `${day.startTime}–${day.endTime}` : t.notWorkingDay}
                </span>
              </div>
              <div className="grid gap-2">
                {list.length === 0 && day?.enabled && (
                  <p className="text-sm text-muted-foreground sm:pt-2">{t.noPauses}</p>
                )}
                {list.map((pause, i) => {
                  const names = { index: i + 1, day: label };
                  const errorId = `${id}-${key}-${i}`;
                  const error =
                    messageAt(pauseErrors, `${key}.${i}.end`) ??
                    messageAt(pauseErrors, `${key}.${i}.start`) ??
                    messageAt(pauseErrors, `${key}.${i}`);
                  const update = (patch: Partial<Pause>) =>
                    setDay(
                      key,
                      list.map((p, j) => (j === i ? { ...p, ...patch } : p)),
                    );
                  return (
                    <div key={i} className="flex flex-wrap items-center gap-2">
                      <Input
                        type="time"
                        aria-label={fill(t.pauseStart, names)}
                        value={pause.start}
                        onChange={(e) => update({ start: e.target.value })}
                        className="w-32 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1"
                        aria-invalid={!!error}
                        aria-describedby={error ? errorId : undefined}
                      />
                      <span aria-hidden="true" className="text-muted-foreground">
                        –
                      </span>
                      <Input
                        type="time"
                        aria-label={fill(t.pauseEnd, names)}
                        value={pause.end}
                        onChange={(e) => update({ end: e.target.value })}
                        className="w-32 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1"
                        aria-invalid={!!error}
                        aria-describedby={error ? errorId : undefined}
                      />
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={fill(t.removePause, names)}
                        onClick={() =>
                          setDay(
                            key,
                            list.filter((_, j) => j !== i),
                          )
                        }
                        className="text-muted-foreground hover:text-destructive-text"
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                      <InlineError id={errorId} message={error} className="basis-full" />
                    </div>
                  );
                })}
                <InlineError message={messageAt(pauseErrors, key)} />
              </div>
              {day?.enabled && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={fill(t.addPauseOn, { day: label })}
                  onClick={() => setDay(key, [...list, { ...DEFAULT_PAUSE }])}
                  className="w-fit sm:mt-0.5"
                >
                  <Plus aria-hidden="true" />
                  {t.addPause}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}
