import { CalendarX2, ChevronLeft, ChevronRight, ChevronRight as Go } from 'lucide-react';
import { nlPublic as nl } from '@contracts/messages-public';
import type { PublicEvent } from '@contracts/public-booking';
import { formatDutchMonth, formatLongDutchDate } from '@core/dutch-calendar';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import type { AvailabilityMonth } from '../lib/use-availability-month';
import { AgendaChoice } from './agenda-choice';
import { StepHeading } from './step-heading';

const w = nl.wizard;
const edgeClass =
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent';

/**
 * Step 1: the month's days that still have a free slot, in long Dutch form. A service with several
 * agendas first asks for a preference; the days then follow that choice.
 */
export function DateStep({
  availability,
  selected,
  onPick,
  focusHeading,
  agendas,
  agendaId,
  onPickAgenda,
}: {
  availability: AvailabilityMonth;
  selected: string | null;
  onPick: (date: string) => void;
  focusHeading: boolean;
  /** The agendas to choose from; empty when there is nothing to choose. */
  agendas: PublicEvent['agendas'];
  agendaId: string | null;
  onPickAgenda: (agendaId: string | null) => void;
}) {
  const { month, freeDays, query, canPrev, canNext } = availability;
  // At the first or last bookable month the button is aria-disabled, not disabled: a disabled button
  // drops the focus of the keyboard user who just pressed it onto the page body.
  const prevOff = !canPrev || availability.searching;
  const nextOff = !canNext || availability.searching;
  return (
    <section aria-labelledby="step-title">
      <StepHeading title={w.dateTitle} text={w.dateText} focus={focusHeading} />
      {agendas.length > 0 && <AgendaChoice agendas={agendas} value={agendaId} onChange={onPickAgenda} />}
      <div className="mb-3 flex items-center justify-between gap-2 rounded-lg bg-muted/60 p-1">
        <Button
          variant="ghost"
          size="sm"
          className={edgeClass}
          aria-disabled={prevOff || undefined}
          onClick={() => !prevOff && availability.previous()}
        >
          <ChevronLeft aria-hidden="true" />
          <span className="max-sm:sr-only">{nl.calendar.previousMonth}</span>
        </Button>
        <p aria-live="polite" className="text-sm font-semibold first-letter:uppercase">
          {formatDutchMonth(month)}
        </p>
        <Button
          variant="ghost"
          size="sm"
          className={edgeClass}
          aria-disabled={nextOff || undefined}
          onClick={() => !nextOff && availability.next()}
        >
          <span className="max-sm:sr-only">{nl.calendar.nextMonth}</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>

      {query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : !freeDays ? (
        <div role="status" className="grid gap-2 sm:grid-cols-2">
          <span className="sr-only">{nl.layout.loading}</span>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-[3.75rem] rounded-lg" />
          ))}
        </div>
      ) : freeDays.length === 0 ? (
        <div className="flex min-h-[12rem] flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center">
          <CalendarX2 aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="max-w-xs text-sm text-muted-foreground">
            {canPrev || canNext ? w.noDatesInMonth : w.noDates}
          </p>
        </div>
      ) : (
        <ul aria-label={w.availableDays} className="grid gap-2 sm:grid-cols-2">
          {freeDays.map((day) => {
            const free = day.slots.filter((s) => !s.busy).length;
            const isSelected = day.date === selected;
            return (
              <li key={day.date}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  data-date={day.date}
                  onClick={() => onPick(day.date)}
                  className={cn(
                    'group flex min-h-[3.75rem] w-full items-center justify-between gap-3 rounded-lg border bg-background px-4 py-2 text-left transition-colors outline-none',
                    'hover:border-primary/60 hover:bg-brand-soft focus-visible:ring-[3px] focus-visible:ring-ring/60',
                    isSelected && 'border-primary bg-brand-soft ring-1 ring-primary',
                  )}
                >
                  <span className="min-w-0">
                    <span className="block text-sm font-medium first-letter:uppercase">
                      {formatLongDutchDate(day.date)}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {free === 1 ? w.freeSlot : fill(w.freeSlots, { count: free })}
                    </span>
                  </span>
                  <Go
                    aria-hidden="true"
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
