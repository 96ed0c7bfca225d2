import { Info } from 'lucide-react';
import { useId, useState } from 'react';
import type { OwnerBookingDto } from '@contracts/bookings';
import type { RefundChoice } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { formatMoney } from '@core/index';
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
import { fill } from '@web/lib/fill-message';

const t = nl.bookingsUi;
const r = nl.refunds;
const n = nl.cancelNotice;

export interface CancelChoice {
  /** Only for a booking paid online. */
  refund?: RefundChoice;
  notifyCustomer: boolean;
}

/**
 * The owner's cancel. By default the customer hears nothing, as the dialog says
 * (docs/PRODUCT.md#bookings-page); with an address on the booking, 'Klant informeren per e-mail'
 * sends the cancellation after all. A booking paid online also asks what happens to the money
 * (docs/PRODUCT.md#refunds): "Terugbetalen" (the whole amount paid online) or "Niet terugbetalen".
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
}: {
  booking: OwnerBookingDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  pending: boolean;
  onConfirm: (choice: CancelChoice) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [choice, setChoice] = useState<RefundChoice | null>(null);
  const [missing, setMissing] = useState(false);
  const [notify, setNotify] = useState(false);
  const id = useId();
  const paid = booking?.paymentStatus === 'paid';
  const email = booking?.customerEmail ?? null;
  const amount = booking?.amountPaid ? formatMoney(booking.amountPaid, booking.currency) : null;
  const change = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setChoice(null);
      setMissing(false);
      setNotify(false);
    }
    onOpenChange(next);
  };
  const confirm = () => {
    const notifyCustomer = notify && Boolean(email);
    if (!paid) return onConfirm({ notifyCustomer });
    if (!choice) return setMissing(true);
    onConfirm({ refund: choice, notifyCustomer });
  };
  const options = [
    {
      value: 'full' as const,
      label: amount ? fill(r.refundFull, { amount }) : r.refundFullShort,
      hint: r.refundFullHint,
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
                setChoice(v as RefundChoice);
                setMissing(false);
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
