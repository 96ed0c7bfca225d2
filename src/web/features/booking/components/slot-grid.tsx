import { nlPublic as nl } from '@contracts/messages-public';
import { cn } from '@web/lib/utils';

export interface Slot {
  time: string;
  busy: boolean;
  /** A class's places left at that time (docs/PRODUCT.md#classes); absent for other services. */
  seatsLeft?: number;
}

/** The time slots of one day; busy ones read '(Bezet)' and cannot be picked (docs/PRODUCT.md#booking-wizard). */
export function SlotGrid({
  slots,
  selected,
  onPick,
  label,
  noteOf,
}: {
  slots: Slot[];
  selected: string | null;
  onPick: (time: string) => void;
  label: string;
  /**
   * Extra text under a slot's time, e.g. '(huidig)' for the booking's own slot or a class's places
   * left; for a busy slot it replaces '(Bezet)'.
   */
  noteOf?: (slot: Slot) => string | undefined;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-[repeat(auto-fill,minmax(5.25rem,1fr))] gap-2">
      {slots.map((slot) => {
        const isSelected = slot.time === selected;
        const note = noteOf?.(slot);
        return (
          <li key={slot.time}>
            <button
              type="button"
              disabled={slot.busy}
              aria-pressed={slot.busy ? undefined : isSelected}
              onClick={() => onPick(slot.time)}
              className={cn(
                'flex h-12 w-full flex-col items-center justify-center rounded-lg border text-sm font-medium tabular-nums transition-colors outline-none',
                'focus-visible:ring-[3px] focus-visible:ring-ring/60',
                slot.busy
                  ? 'cursor-not-allowed border-dashed bg-muted/60 text-muted-foreground'
                  : isSelected
                    ? 'border-primary bg-primary text-primary-foreground hover:bg-primary-hover'
                    : 'bg-background hover:border-primary/60 hover:bg-brand-soft',
              )}
            >
              {slot.busy ? (
                <>
                  <span className="line-through decoration-muted-foreground/50">{slot.time}</span>
                  <span className="text-[0.6875rem] leading-none font-normal">{` ${note ?? nl.wizard.busy}`}</span>
                </>
              ) : (
                <>
                  {slot.time}
                  {note && <span className="text-[0.6875rem] leading-none font-normal">{` ${note}`}</span>}
                </>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
