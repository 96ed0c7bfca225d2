import { LoaderCircle } from 'lucide-react';
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
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group';
import { fill } from '@web/lib/fill-message';

const t = nl.bookingsUi;
const r = nl.refunds;

/**
 * The owner's cancel of a booking paid online (docs/PRODUCT.md#refunds): "Terugbetalen" (the whole
 * amount paid online) or "Niet terugbetalen". Neither is preselected: giving money back or keeping
 * it is the owner's decision, so confirming without a choice asks for one.
 */
export function CancelPaidBookingDialog({
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
  onConfirm: (refund: RefundChoice) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [choice, setChoice] = useState<RefundChoice | null>(null);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const amount = booking?.amountPaid ? formatMoney(booking.amountPaid, booking.currency) : null;
  const change = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setChoice(null);
      setMissing(false);
    }
    onOpenChange(next);
  };
  const confirm = () => {
    if (!choice) return setMissing(true);
    onConfirm(choice);
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
        <p className="text-sm text-muted-foreground">{t.notNotified}</p>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t.keep}</AlertDialogCancel>
          <Button variant="destructive" disabled={pending} onClick={confirm}>
            {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {t.confirmCancel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
