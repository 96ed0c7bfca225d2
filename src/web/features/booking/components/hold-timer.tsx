/**
 * How long the payment step's slot stays held, and 'Meer tijd' shortly before it runs out
 * (docs/PRODUCT.md#paid-flow, WCAG 2.2.1 Timing Adjustable): the server holds the slot 15 minutes
 * from then on, up to its longest hold. Each change is announced: the warning as an alert, an
 * extension as a status message.
 */
import { Clock, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { errorMessage } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { extendPaymentHold } from '../api/payment-holds';

const s = nl.paymentStep;
/** The warning shows this long before the hold runs out: time to read it and press the button. */
export const HOLD_WARNING_MS = 3 * 60_000;

export const clockTime = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? null
    : new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit' }).format(at);
};

type Phase = 'held' | 'warning' | 'expired';

const phaseOf = (expiresAt: string): Phase => {
  const left = Date.parse(expiresAt) - Date.now();
  return left <= 0 ? 'expired' : left <= HOLD_WARNING_MS ? 'warning' : 'held';
};

export function HoldTimer({
  token,
  expiresAt,
  onExtended,
  onChooseTime,
}: {
  token: string;
  expiresAt: string;
  /** The server holds the slot until this new time. */
  onExtended: (expiresAt: string) => void;
  /** After the hold ran out: back to the times (the wizard); absent on the embed's payment tab. */
  onChooseTime?: () => void;
}) {
  const [phase, setPhase] = useState(() => phaseOf(expiresAt));
  const [extending, setExtending] = useState(false);
  const [extendable, setExtendable] = useState(true);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // Wakes at the warning and at the end; a new expiry starts over.
  useEffect(() => {
    setPhase(phaseOf(expiresAt));
    const left = Date.parse(expiresAt) - Date.now();
    const timers = [left - HOLD_WARNING_MS, left]
      .filter((ms) => ms > 0)
      .map((ms) => window.setTimeout(() => setPhase(phaseOf(expiresAt)), ms + 50));
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [expiresAt]);

  const extend = () => {
    setExtending(true);
    setProblem(null);
    extendPaymentHold(token)
      .then((answer) => {
        setExtendable(answer.extendable);
        setNote(fill(s.extended, { time: clockTime(answer.expiresAt) ?? '' }));
        onExtended(answer.expiresAt);
      })
      .catch((error: unknown) => {
        setExtendable(false);
        setProblem(errorMessage(error, s.extendFailed));
      })
      .finally(() => setExtending(false));
  };

  const until = clockTime(expiresAt);
  return (
    <div className="mb-4 space-y-3">
      {until && phase !== 'expired' && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {fill(s.heldUntil, { time: until })}
        </p>
      )}
      {/* Polite: an extension the customer asked for is confirmed without interrupting. */}
      <p role="status" className="text-sm empty:hidden">
        {phase === 'expired' ? null : note}
      </p>
      <div role="alert" className="empty:hidden">
        {phase === 'warning' && (
          <div className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
            <p className="flex items-start gap-2">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {problem ?? (extendable ? fill(s.holdWarning, { time: until ?? '' }) : nl.payments.holdAtLimit)}
            </p>
            {extendable && !problem && (
              <PendingButton
                variant="outline"
                pending={extending}
                onClick={extend}
                icon={<Clock aria-hidden="true" />}
                className="shrink-0"
              >
                {s.moreTime}
              </PendingButton>
            )}
          </div>
        )}
        {phase === 'expired' && (
          <div className="flex flex-col gap-3 rounded-lg border border-destructive-text/30 bg-red-50 px-4 py-3 text-sm text-destructive-text sm:flex-row sm:items-center sm:justify-between dark:bg-red-950/40">
            <p className="flex items-start gap-2">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {nl.payments.holdExpired}
            </p>
            {onChooseTime && (
              <Button variant="outline" className="shrink-0" onClick={onChooseTime}>
                {s.chooseTime}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
