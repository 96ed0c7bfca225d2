import { PartyPopper } from 'lucide-react';
import { useId, useState } from 'react';
import type { ClosureDto } from '@contracts/closures';
import { nl } from '@contracts/messages';
import { dutchWeekday, formatShortDutchDate } from '@core/index';
import { InlineError } from '@web/components/form-messages';
import { InlineLoadError } from '@web/components/load-error';
import { PendingButton } from '@web/components/pending-button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { describeError, errorMessage } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useCreateClosures } from '../api/create-closure';
import { useHolidays } from '../api/get-holidays';
import { holidayAlreadyClosed, holidayClosures } from '../lib/closure-list';

const t = nl.closuresUi;

/**
 * "Feestdagen toevoegen": the Dutch public holidays of this year or the next (those still to come),
 * none ticked, since many salons open on some of them; the ticked ones become one-day closures of
 * the whole business named after the holiday. One already closed that way is shown, not offered.
 */
export function HolidayPicker({
  closures,
  closuresReady,
  today,
}: {
  closures: readonly ClosureDto[];
  /** False while the owner's closures are not known, so nothing is added twice. */
  closuresReady: boolean;
  today: string;
}) {
  const id = useId();
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [noneChosen, setNoneChosen] = useState(false);
  const holidays = useHolidays(year);

  const all = holidays.data ?? [];
  const coming = all.filter((h) => h.date >= today);
  const toAdd = holidayClosures(coming, chosen, closures);

  const add = useCreateClosures({
    onSuccess: (created) => {
      setChosen(new Set());
      toast({
        title: created.length === 1 ? t.holidaysAddedOne : fill(t.holidaysAdded, { count: created.length }),
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t.holidaysFailed,
        description: errorMessage(error, t.saveFailed),
      }),
  });

  const toggle = (date: string, on: boolean) => {
    setNoneChosen(false);
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(date);
      else next.delete(date);
      return next;
    });
  };

  const submit = () => {
    if (add.isPending || !closuresReady) return;
    if (!toAdd.length) {
      setNoneChosen(true);
      return;
    }
    add.mutate(toAdd);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <div className="flex items-start gap-2">
        <PartyPopper aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="grid gap-1">
          <h3 id={`${id}-title`} className="font-semibold">
            {t.holidaysTitle}
          </h3>
          <p className="text-sm text-muted-foreground">{t.holidaysText}</p>
        </div>
      </div>
      <div className="grid gap-2">
        <span id={`${id}-year`} className="text-sm font-medium">
          {t.year}
        </span>
        <RadioGroup
          aria-labelledby={`${id}-year`}
          value={String(year)}
          onValueChange={(v) => {
            setYear(Number(v));
            setChosen(new Set());
            setNoneChosen(false);
          }}
          className="flex flex-wrap gap-2"
        >
          {[thisYear, thisYear + 1].map((y) => (
            <Label
              key={y}
              htmlFor={`${id}-year-${y}`}
              className="flex cursor-pointer items-center gap-2 rounded-lg border px-4 py-2 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-brand-soft/60"
            >
              <RadioGroupItem id={`${id}-year-${y}`} value={String(y)} />
              {y}
            </Label>
          ))}
        </RadioGroup>
      </div>
      {holidays.isPending ? (
        <div role="status" aria-live="polite" className="grid gap-2">
          <span className="sr-only">{t.holidaysLoading}</span>
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
      ) : holidays.isError ? (
        <InlineLoadError
          message={`${t.holidaysLoadFailed} ${describeError(holidays.error)}`}
          onRetry={() => void holidays.refetch()}
        />
      ) : coming.length === 0 ? (
        <p className="text-sm text-muted-foreground">{fill(t.holidaysAllPast, { year })}</p>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{fill(t.holidaysList, { year })}</legend>
          <ul className="grid gap-1 sm:grid-cols-2">
            {coming.map((h) => {
              const closed = holidayAlreadyClosed(h, closures);
              const boxId = `${id}-h-${h.date}`;
              return (
                <li key={h.date}>
                  <Label
                    htmlFor={boxId}
                    className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 font-normal hover:bg-muted/60 has-[[data-disabled]]:cursor-default has-[[data-disabled]]:hover:bg-transparent"
                  >
                    <Checkbox
                      id={boxId}
                      checked={closed || chosen.has(h.date)}
                      disabled={closed || add.isPending}
                      onCheckedChange={(on) => toggle(h.date, on === true)}
                    />
                    <span className="grid">
                      <span className={closed ? 'text-muted-foreground' : 'font-medium'}>{h.name}</span>
                      <span className="text-xs text-muted-foreground">
                        {dutchWeekday(h.date).short} {formatShortDutchDate(h.date)}
                        {closed && ` · ${t.holidayAlready}`}
                      </span>
                    </span>
                  </Label>
                </li>
              );
            })}
          </ul>
          {all.length > coming.length && (
            <p className="text-xs text-muted-foreground">{t.holidaysPastHidden}</p>
          )}
        </fieldset>
      )}
      <div className="grid justify-items-start gap-2">
        <PendingButton
          variant="outline"
          onClick={submit}
          pending={add.isPending}
          disabled={!holidays.data}
          aria-describedby={noneChosen ? `${id}-none` : undefined}
        >
          {toAdd.length === 0
            ? t.holidaysAdd
            : toAdd.length === 1
              ? t.holidaysAddOne
              : fill(t.holidaysAddCount, { count: toAdd.length })}
        </PendingButton>
        <InlineError id={`${id}-none`} message={noneChosen ? t.holidaysNoneChosen : undefined} />
      </div>
    </section>
  );
}
