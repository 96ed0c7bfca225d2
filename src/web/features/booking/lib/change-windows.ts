/** Until when the manage link may reschedule or cancel a booking, as the manage page shows it. */
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { ManagedBooking } from '@contracts/public-booking';
import { onlineChanges } from '@core/booking-rules';
import { formatDutchDeadline } from '@core/dutch-calendar';

const p = nl.policy;

export interface ChangeWindow {
  /** False once the cut-off has passed: the button is disabled (the server refuses it too). */
  open: boolean;
  /** 'Wijzigen kan tot di 24 nov 14:00', 'Annuleren via deze link kon tot …'; null without a cut-off. */
  text: string | null;
  /** The deadline in ms since the epoch; null without a cut-off. */
  until: number | null;
}

function windowOf(
  iso: string | null,
  timeZone: string,
  allowed: boolean,
  refused: boolean | undefined,
  openText: string,
  closedText: string,
) {
  if (!iso) return { open: true, text: null, until: null };
  const until = Date.parse(iso);
  // core's decision (the server's rule); the server's refusal wins.
  const open = allowed && !refused;
  const deadline = formatDutchDeadline(new Date(until), timeZone);
  return { open, text: (open ? openText : closedText).replace('{deadline}', deadline), until };
}

const dateOf = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * The reschedule and cancel windows of a managed booking at `now` (the page's clock), in the owner's
 * zone. `refused` closes a window with a cut-off that the server refused (409) although the page's
 * clock still had it open: the server's clock decides.
 */
export function changeWindows(
  { deadlines, event }: Pick<ManagedBooking, 'deadlines' | 'event'>,
  now: number,
  refused: { cancel?: boolean; reschedule?: boolean } = {},
): { reschedule: ChangeWindow; cancel: ChangeWindow } {
  const zone = event.timeZone;
  const allowed = onlineChanges(
    { reschedule: dateOf(deadlines.rescheduleUntil), cancel: dateOf(deadlines.cancelUntil) },
    new Date(now),
  );
  return {
    reschedule: windowOf(
      deadlines.rescheduleUntil,
      zone,
      allowed.reschedule,
      refused.reschedule,
      p.rescheduleUntil,
      p.rescheduleClosed,
    ),
    cancel: windowOf(
      deadlines.cancelUntil,
      zone,
      allowed.cancel,
      refused.cancel,
      p.cancelUntil,
      p.cancelClosed,
    ),
  };
}

/** The next moment after `now` at which a window closes (for re-rendering then), or null. */
export function nextClosing(windows: { reschedule: ChangeWindow; cancel: ChangeWindow }, now: number) {
  const ahead = [windows.reschedule.until, windows.cancel.until].filter(
    (t): t is number => t !== null && t >= now,
  );
  return ahead.length ? Math.min(...ahead) : null;
}
