import { Info } from 'lucide-react';
import { useId, useState } from 'react';
import type { OwnerBookingDto } from '@contracts/bookings';
import type { RefundChoice, SeriesScope } from '@contracts/enums';
import { nl } from '@contracts/messages';
import {
  amountToCentsRounded,
  centsToAmount,
  formatMoney,
  parseAmountToCents,
  policyRefundPercent,
  refundAmountProblem,
  suggestedRefundCents,
} from '@core/index';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { PendingButton } from '@web/components/pending-button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group';
import { MoneyInput } from '@web/components/money-input';
import { amountForInput } from '@web/lib/amount-input';
import { fill } from '@web/lib/fill-message';
import { SeriesScopeChoice } from './series-scope';

const t = nl.bookingsUi;
const r = nl.refunds;
const n = nl.cancelNotice;

export interface CancelChoice {
  /** Only for a booking paid online. */
  refund?: RefundChoice;
  /** The part given back, as typed ('42,50'); only with a partial refund. */
  refundAmount?: string;
  notifyCustomer: boolean;
  /** A booking of a series: this one only, or this one and every later one. */
  scope?: SeriesScope;
}

/**
 * The owner's cancel. By default the customer hears nothing, as the dialog says
 * (docs/PRODUCT.md#bookings-page); with an address on the booking, 'Klant informeren per e-mail'
 * sends the cancellation after all. A booking paid online also asks what happens to the money
 * (docs/PRODUCT.md#refunds): "Terugbetalen" (the whole amount paid online), "Deel terugbetalen" (an
 * amount up to it, filled with the share the service's cancellation policy names) or "Niet
 * terugbetalen".
 * Neither is preselected: giving money back or keeping it is the owner's decision, so confirming
 * without a choice asks for one.
 */
export function CancelBookingDialog({
  booking,
  open,
  onOpenChange,
  description,
  pending,
  onConfirm,
  onCloseAutoFocus,
  policyText,
  price,
}: {
  booking: OwnerBookingDto | null;
  /** The service's cancellation policy, whose share is offered first for a partial refund. */
  policyText?: string | null;
  /** The service's price: what a booking from before deposits paid online. */
  price?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  pending: boolean;
  onConfirm: (choice: CancelChoice) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [choice, setChoice] = useState<RefundChoice | 'part' | null>(null);
  const [missing, setMissing] = useState(false);
  const [part, setPart] = useState('');
  const [partError, setPartError] = useState<string | null>(null);
  const [notify, setNotify] = useState(false);
  const [scope, setScope] = useState<SeriesScope>('this');
  const id = useId();
  const paid = booking?.paymentStatus === 'paid';
  // A series is never paid online (docs/PRODUCT.md#series); a paid booking keeps its refund choice.
  const inSeries = Boolean(booking?.seriesId) && !paid;
  const email = booking?.customerEmail ?? null;
  const paidAmount = booking?.amountPaid ?? price ?? null;
  const amount = paidAmount ? formatMoney(paidAmount, booking?.currency) : null;
  const paidCents = amountToCentsRounded(paidAmount) ?? 0;
  const percent = policyRefundPercent(policyText);
  const change = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setChoice(null);
      setMissing(false);
      setPart('');
      setPartError(null);
      setNotify(false);
      setScope('this');
    }
    onOpenChange(next);
  };
  const confirm = () => {
    const notifyCustomer = notify && Boolean(email);
    if (!paid) return onConfirm({ notifyCustomer, ...(inSeries && { scope }) });
    if (!choice) return setMissing(true);
    if (choice !== 'part') return onConfirm({ refund: choice, notifyCustomer });
    // The server refuses the same; checked here so the owner reads it beside the amount.
    const problem = refundAmountProblem(parseAmountToCents(part), paidCents);
    if (problem === 'invalid') return setPartError(r.amountInvalid);
    if (problem === 'tooMuch') return setPartError(fill(r.amountTooMuch, { amount: amount ?? '' }));
    onConfirm({ refund: 'full', refundAmount: part.trim(), notifyCustomer });
  };
  const options = [
    {
      value: 'full' as const,
      label: amount ? fill(r.refundFull, { amount }) : r.refundFullShort,
      hint: r.refundFullHint,
    },
    {
      value: 'part' as const,
      label: r.refundPart,
      hint:
        percent !== null
          ? fill(r.refundPartPolicyHint, { percent: String(percent).replace('.', ','), amount: amount ?? '' })
          : fill(r.refundPartHint, { amount: amount ?? '' }),
    },
    { value: 'none' as const, label: r.refundNone, hint: r.refundNoneHint },
  ];
  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{t.cancelTitle}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {inSeries && (
          <SeriesScopeChoice
            value={scope}
            onChange={setScope}
            disabled={pending}
            hint={nl.series.cancelFollowingHint}
          />
        )}
        {paid && (
          <fieldset className="grid gap-3">
            <legend id={`${id}-legend`} className="mb-3 text-sm font-medium">
              {r.choiceLegend}
            </legend>
            <RadioGroup
              aria-labelledby={`${id}-legend`}
              aria-describedby={missing ? `${id}-error` : undefined}
              aria-invalid={missing || undefined}
              aria-required
              value={choice ?? ''}
              onValueChange={(v) => {
                setChoice(v as RefundChoice | 'part');
                setMissing(false);
                // The policy's share first; the owner may type any amount up to what was paid.
                if (v === 'part' && !part)
                  setPart(amountForInput(centsToAmount(suggestedRefundCents(paidCents, policyText))));
              }}
            >
              {options.map((o) => (
                <div
                  key={o.value}
                  className="flex items-start gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary"
                >
                  <RadioGroupItem
                    id={`${id}-${o.value}`}
                    value={o.value}
                    aria-describedby={`${id}-${o.value}-hint`}
                    className="mt-0.5"
                  />
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-${o.value}`}>{o.label}</Label>
                    <p id={`${id}-${o.value}-hint`} className="text-sm text-muted-foreground">
                      {o.hint}
                    </p>
                  </div>
                </div>
              ))}
            </RadioGroup>
            {choice === 'part' && (
              <div className="grid gap-2">
                <Label htmlFor={`${id}-amount`}>{r.refundAmountLabel}</Label>
                <MoneyInput
                  id={`${id}-amount`}
                  value={part}
                  onChange={(e) => {
                    setPart(e.target.value);
                    setPartError(null);
                  }}
                  aria-invalid={partError ? true : undefined}
                  aria-describedby={partError ? `${id}-amount-error` : `${id}-part-hint`}
                  disabled={pending}
                  className="max-w-40"
                />
                {partError && (
                  <p id={`${id}-amount-error`} role="alert" className="text-sm text-destructive-text">
                    {partError}
                  </p>
                )}
              </div>
            )}
            {missing && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive-text">
                {r.choiceRequired}
              </p>
            )}
          </fieldset>
        )}
        {/* The statement follows the check box, so the owner reads what the customer will get. */}
        <p aria-live="polite" className="flex gap-2 rounded-lg border bg-muted/50 p-3 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{notify && email ? n.notified : t.notNotified}</span>
        </p>
        {email && (
          <div className="flex items-start gap-3">
            <Checkbox
              id={`${id}-notify`}
              checked={notify}
              onCheckedChange={(v) => setNotify(v === true)}
              disabled={pending}
              aria-describedby={`${id}-notify-hint`}
              className="mt-0.5"
            />
            <div className="grid min-w-0 gap-1">
              <Label htmlFor={`${id}-notify`}>{n.notify}</Label>
              <p id={`${id}-notify-hint`} className="text-sm break-words text-muted-foreground">
                {fill(n.notifyHint, { email })}
              </p>
            </div>
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t.keep}</AlertDialogCancel>
          <PendingButton variant="destructive" pending={pending} onClick={confirm}>
            {t.confirmCancel}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
