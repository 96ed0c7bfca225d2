import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { SERIES_EVERY } from '@contracts/enums';
import type { SeriesOccurrenceDto } from '@contracts/series';
import { formatLongDutchDate } from '@core/index';
import { ChoiceSelect } from '@web/components/choice-select';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { messageAt } from '@web/lib/form-errors';
import { cn } from '@web/lib/utils';
import {
  SERIES_ENDS,
  skippedDates,
  type SeriesMoveDraft,
  type SeriesMoveDrafts,
  type SeriesValues,
} from '../lib/series-form';

const t = nl.series;
// The form's own values reach these fields through a narrower view of its control.
type SeriesControl = Control<SeriesValues>;

export function SeriesFields({
  control,
  register,
  errors,
  repeat,
  end,
  check,
  kept,
  onKeep,
  drafts,
  onMove,
}: {
  control: SeriesControl;
  register: UseFormRegister<SeriesValues>;
  errors: FieldErrors;
  repeat: boolean;
  end: SeriesValues['end'];
  check: { data?: readonly SeriesOccurrenceDto[]; pending: boolean; error: unknown };
  kept: ReadonlySet<string>;
  onKeep: (planned: string, keep: boolean) => void;
  drafts: SeriesMoveDrafts;
  onMove: (planned: string, draft: SeriesMoveDraft | null) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-4">
      <Controller
        control={control}
        name="repeat"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Checkbox
              id={`${id}-repeat`}
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
              aria-describedby={`${id}-repeat-hint`}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-repeat`} className="font-normal">
                {t.repeat}
              </Label>
              <p id={`${id}-repeat-hint`} className="text-xs text-muted-foreground">
                {t.repeatHint}
              </p>
            </div>
          </div>
        )}
      />
      {repeat && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={control}
              name="every"
              render={({ field }) => (
                <ChoiceSelect
                  label={t.everyLabel}
                  error={messageAt(errors, 'every')}
                  value={field.value}
                  onChange={field.onChange}
                  choices={SERIES_EVERY.map((e) => [e, t.every[e]] as const)}
                />
              )}
            />
            <Controller
              control={control}
              name="end"
              render={({ field }) => (
                <ChoiceSelect
                  label={t.endLabel}
                  value={field.value}
                  onChange={field.onChange}
                  choices={SERIES_ENDS.map((e) => [e, t.ends[e]] as const)}
                />
              )}
            />
            {end === 'count' ? (
              <FormField label={t.countLabel} error={messageAt(errors, 'count')} className="content-start">
                {(props) => (
                  <Input
                    {...props}
                    type="number"
                    inputMode="numeric"
                    min={2}
                    max={52}
                    step={1}
                    {...register('count')}
                  />
                )}
              </FormField>
            ) : (
              <FormField label={t.untilLabel} error={messageAt(errors, 'until')} className="content-start">
                {(props) => <Input {...props} type="date" {...register('until')} />}
              </FormField>
            )}
          </div>
          <SeriesList check={check} kept={kept} onKeep={onKeep} drafts={drafts} onMove={onMove} />
        </>
      )}
    </div>
  );
}

/**
 * Every date of the series with 'Vrij' or why not; a date not free is skipped unless unticked, or
 * moved ('Verplaatsen') to a date and time of its own, shown with the verdict there.
 */
function SeriesList({
  check,
  kept,
  onKeep,
  drafts,
  onMove,
}: {
  check: { data?: readonly SeriesOccurrenceDto[]; pending: boolean; error: unknown };
  kept: ReadonlySet<string>;
  onKeep: (planned: string, keep: boolean) => void;
  drafts: SeriesMoveDrafts;
  onMove: (planned: string, draft: SeriesMoveDraft | null) => void;
}) {
  // 'Niet verplaatsen' leaves with its editor: focus goes to the row it belonged to.
  const rows = useRef(new Map<string, HTMLLIElement>());
  const id = useId();
  const list = check.data ?? [];
  const booked = list.length - skippedDates(list, kept).length;
  return (
    <section aria-labelledby={`${id}-title`} className="grid min-w-0 gap-2">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        {t.listTitle}
      </h3>
      <p role="status" className="text-sm text-muted-foreground">
        {check.error
          ? fill(t.checkFailed, { reason: describeError(check.error) })
          : check.pending && !list.length
            ? t.checking
            : list.length
              ? fill(t.summary, { booked, total: list.length })
              : ''}
      </p>
      {list.length > 0 && (
        <ul className="grid divide-y rounded-md border text-sm">
          {list.map((o) => {
            const skip = !o.free && !kept.has(o.planned);
            // Labels name the planned date: it stays the row's name wherever the date moves.
            const date = formatLongDutchDate(o.planned);
            const draft = drafts.get(o.planned);
            return (
              <li
                key={o.planned}
                tabIndex={-1}
                ref={(el) => {
                  if (el) rows.current.set(o.planned, el);
                  else rows.current.delete(o.planned);
                }}
                className="grid gap-2 px-3 py-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className={cn('min-w-0 flex-1', skip && 'text-muted-foreground line-through')}>
                    <span className="first-letter:uppercase">
                      {o.moved ? formatLongDutchDate(o.date) : date}
                    </span>{' '}
                    <span className="tabular-nums">{o.time}</span>
                    {o.moved && (
                      <span className="block text-xs text-muted-foreground">
                        {fill(t.movedFrom, { date })}
                      </span>
                    )}
                  </div>
                  <div className="grid max-w-[60%] shrink-0 justify-items-end gap-1 text-right">
                    {o.free ? (
                      <span className="font-medium text-emerald-700 dark:text-emerald-400">{t.free}</span>
                    ) : (
                      <>
                        {o.refusal && (
                          <span className="font-medium text-destructive-text">{t.refusals[o.refusal]}</span>
                        )}
                        {o.warnings.map((w) => (
                          <span
                            key={w}
                            className="flex items-center gap-1 text-amber-800 dark:text-amber-200"
                          >
                            <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0" />
                            {nl.manualBookings.warnings[w]}
                          </span>
                        ))}
                        <div className="flex items-center gap-2">
                          <Checkbox
                            id={`${id}-${o.planned}`}
                            checked={skip}
                            onCheckedChange={(v) => onKeep(o.planned, v !== true)}
                            aria-label={fill(t.skipLabel, { date })}
                          />
                          <Label htmlFor={`${id}-${o.planned}`} className="font-normal">
                            {t.skip}
                          </Label>
                        </div>
                      </>
                    )}
                    {!o.free && !draft && (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        aria-label={fill(t.moveLabel, { date })}
                        onClick={() => onMove(o.planned, { date: o.planned, time: o.time })}
                      >
                        {t.move}
                      </Button>
                    )}
                  </div>
                </div>
                {draft && (
                  <MoveEditor
                    date={date}
                    draft={draft}
                    onChange={(next) => onMove(o.planned, next)}
                    onUndo={() => {
                      onMove(o.planned, null);
                      rows.current.get(o.planned)?.focus();
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The new date and time of one moved date, and 'Niet verplaatsen'; the date field takes focus. */
function MoveEditor({
  date,
  draft,
  onChange,
  onUndo,
}: {
  /** The planned date, as the labels name it. */
  date: string;
  draft: SeriesMoveDraft;
  onChange: (draft: SeriesMoveDraft) => void;
  onUndo: () => void;
}) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const of = <span className="sr-only"> {fill(t.moveOf, { date })}</span>;
  return (
    <div className="grid gap-3 rounded-md bg-muted/50 p-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-date`} className="text-xs">
          {t.moveDate}
          {of}
        </Label>
        <Input
          ref={first}
          id={`${id}-date`}
          type="date"
          value={draft.date}
          onChange={(e) => onChange({ ...draft, date: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-time`} className="text-xs">
          {t.moveTime}
          {of}
        </Label>
        <Input
          id={`${id}-time`}
          type="time"
          step={300}
          value={draft.time}
          onChange={(e) => onChange({ ...draft, time: e.target.value })}
        />
      </div>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start"
        aria-label={fill(t.unmoveLabel, { date })}
        onClick={onUndo}
      >
        {t.unmove}
      </Button>
    </div>
  );
}
