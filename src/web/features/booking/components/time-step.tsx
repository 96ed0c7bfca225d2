import { AlertCircle, ArrowLeft, CalendarX2 } from 'lucide-react';
import { nlPublic as nl } from '@contracts/messages-public';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { fill } from '@web/lib/fill-message';
import { SlotGrid, type Slot } from './slot-grid';
import { StepHeading } from './step-heading';

const w = nl.wizard;

/** Step 2: the slots of the chosen day from the month's availability (no extra request). */
export function TimeStep({
  date,
  slots,
  selected,
  onPick,
  onBack,
  focusHeading,
  notice,
  noteOf,
}: {
  date: string;
  /** Undefined while the month's availability (re)loads. */
  slots: Slot[] | undefined;
  selected: string | null;
  onPick: (time: string) => void;
  onBack: () => void;
  focusHeading: boolean;
  /** Why the server refused the time chosen before (taken, a booking rule): until another is picked. */
  notice?: string | null;
  /** A class's places left under each time (class-time-step.tsx). */
  noteOf?: (slot: Slot) => string | undefined;
}) {
  return (
    <section aria-labelledby="step-title">
      <StepHeading
        title={w.timeTitle}
        text={fill(w.timeText, { date: formatLongDutchDate(date) })}
        focus={focusHeading}
      />
      {/* Announced by the page's live region (BookingWizard): this step is new in the page with it. */}
      {notice && (
        <p className="mb-4 flex items-start gap-2 rounded-lg border border-destructive-text/40 bg-destructive/5 p-3 text-sm font-medium text-destructive-text">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {notice}
        </p>
      )}
      {!slots ? (
        <div role="status" className="grid grid-cols-[repeat(auto-fill,minmax(5.25rem,1fr))] gap-2">
          <span className="sr-only">{nl.layout.loading}</span>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-12 rounded-lg" />
          ))}
        </div>
      ) : slots.length === 0 ? (
        <div className="flex min-h-[8rem] flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center">
          <CalendarX2 aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-sm text-muted-foreground">{nl.wizard.noTimes}</p>
        </div>
      ) : (
        <SlotGrid
          slots={slots}
          selected={selected}
          onPick={onPick}
          label={w.availableTimes}
          noteOf={noteOf}
        />
      )}
      <div className="mt-6 flex">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {w.back}
        </Button>
      </div>
    </section>
  );
}
