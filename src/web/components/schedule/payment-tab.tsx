import { useId } from 'react';
import { Link } from 'wouter';
import { nl } from '@contracts/messages';
import { CURRENCIES } from '@core/index';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';
import type { ScheduleTabProps } from '@web/components/schedule/types';

const t = nl.eventForm;

/** Tab "Betaling": payment switch, amount (required when on, step 0.01) and currency. */
export function PaymentTab({ values, onChange, errors }: ScheduleTabProps) {
  const id = useId();
  const amountError = errors.paymentAmount;
  return (
    <SectionCard title={t.paymentTitle} description={t.paymentText}>
      <div className="grid gap-6">
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-requires`}>{t.requiresPayment}</Label>
            <p id={`${id}-requires-hint`} className="text-sm text-muted-foreground">
              {t.requiresPaymentHint}{' '}
              <Link href="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
                {t.paymentKeysHint}
              </Link>
            </p>
          </div>
          <Switch
            id={`${id}-requires`}
            checked={values.requiresPayment}
            onCheckedChange={(requiresPayment) => onChange({ requiresPayment })}
            aria-describedby={`${id}-requires-hint`}
          />
        </div>
        {values.requiresPayment && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-amount`}>{t.amount}</Label>
              <Input
                id={`${id}-amount`}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0.01"
                required
                value={values.paymentAmount}
                onChange={(e) => onChange({ paymentAmount: e.target.value })}
                placeholder="25.00"
                aria-invalid={!!amountError}
                aria-describedby={amountError ? `${id}-amount-error` : undefined}
              />
              <InlineError id={`${id}-amount-error`} message={amountError} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-currency`}>{t.currency}</Label>
              <Select value={values.currency} onValueChange={(currency) => onChange({ currency })}>
                <SelectTrigger id={`${id}-currency`} aria-invalid={!!errors.currency}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CURRENCIES.map((c) => (
                    <SelectItem key={c} value={c}>
                      {c}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <InlineError message={errors.currency} />
            </div>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
