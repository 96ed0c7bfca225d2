import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { DEPOSIT_FOR, DEPOSIT_TYPES } from '@core/index';
import { InlineError } from '@web/components/form-messages';
import { MoneyInput } from '@web/components/money-input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { depositPreview } from '@web/lib/deposit-form';
import { fill } from '@web/lib/fill-message';
import { messageAt } from '@web/lib/form-errors';
import type { ScheduleValues } from '@web/lib/schedule-form';

const d = nl.deposits;

/**
 * Part of tab "Betaling" of a paid service (docs/PRODUCT.md#deposits): a fixed or percent deposit,
 * who is asked it, and a live preview of what the customer pays online and at the salon.
 */
export function DepositSection() {
  const id = useId();
  const { control, register, formState } = useFormContext<ScheduleValues>();
  const [depositType, depositValue, depositFor, paymentAmount, currency] = useWatch({
    control,
    name: ['depositType', 'depositValue', 'depositFor', 'paymentAmount', 'currency'],
  });
  const valueError = messageAt(formState.errors, 'depositValue');
  const preview = depositPreview({ depositType, depositValue, depositFor, paymentAmount, currency });
  const describedBy = [`${id}-value-hint`, valueError ? `${id}-value-error` : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-4 rounded-lg border p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-type`}>{d.typeLabel}</Label>
          <Controller
            control={control}
            name="depositType"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={`${id}-type`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {DEPOSIT_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {d.types[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
        {depositType !== 'none' && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-value`}>{d.valueLabel}</Label>
            <div className="relative">
              <MoneyInput
                id={`${id}-value`}
                required
                className={depositType === 'fixed' ? 'pl-8' : 'pr-8'}
                placeholder={depositType === 'fixed' ? '20,00' : '30'}
                {...register('depositValue')}
                aria-invalid={!!valueError}
                aria-describedby={describedBy}
              />
              <span
                aria-hidden="true"
                className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-sm text-muted-foreground ${
                  depositType === 'fixed' ? 'left-3' : 'right-3'
                }`}
              >
                {depositType === 'fixed' ? currencySign(currency) : '%'}
              </span>
            </div>
            <p id={`${id}-value-hint`} className="text-sm text-muted-foreground">
              {depositType === 'fixed' ? d.fixedHint : d.percentHint}
            </p>
            <InlineError id={`${id}-value-error`} message={valueError} />
          </div>
        )}
      </div>
      {depositType !== 'none' && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-for`}>{d.forLabel}</Label>
          <Controller
            control={control}
            name="depositFor"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={`${id}-for`} className="h-auto min-h-9 whitespace-normal text-left">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {DEPOSIT_FOR.map((who) => (
                    <SelectItem key={who} value={who}>
                      {d.forOptions[who]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
      )}
      {preview && (
        <p aria-live="polite" className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="deposit-preview">
          {fill(d.preview, preview)}
          {depositFor !== 'everyone' && <span className="block text-muted-foreground">{d.previewNew}</span>}
        </p>
      )}
    </div>
  );
}

/** The sign shown before a fixed amount ('€', 'US$', '£'), as the Dutch price format writes it. */
function currencySign(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('nl-NL', { style: 'currency', currency }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
