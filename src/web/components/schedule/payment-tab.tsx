import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { nl } from '@contracts/messages';
import { CURRENCIES } from '@core/index';
import { InlineError } from '@web/components/form-messages';
import { MoneyInput } from '@web/components/money-input';
import { ProblemAlert } from '@web/components/problem-alert';
import { SectionCard } from '@web/components/section-card';
import { DepositSection } from './deposit-section';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { useCurrentUser } from '@web/lib/current-user';
import { messageAt } from '@web/lib/form-errors';
import type { ScheduleValues } from '@web/lib/schedule-form';

const t = nl.eventForm;

/** Paid services need working payment keys to be booked: said where payment is switched on. */
function PaymentKeysWarning() {
  const { paymentKeysStatus } = useCurrentUser();
  if (paymentKeysStatus === 'ok') return null;
  return (
    <ProblemAlert link={{ href: '/settings', label: nl.paymentKeys.toSettings }}>
      <p>{nl.paymentKeys.formWarning}</p>
    </ProblemAlert>
  );
}

/**
 * Tab "Betaling": the price and currency (shown on the business page, the wizard and the mails,
 * whether or not it is paid online; '65,00' or '65.00'), then the switch for paying online when
 * booking, which makes the price required and offers a deposit.
 */
export function PaymentTab() {
  const id = useId();
  const { control, register, formState } = useFormContext<ScheduleValues>();
  const requiresPayment = useWatch({ control, name: 'requiresPayment' });
  const amountError = messageAt(formState.errors, 'paymentAmount');
  const currencyError = messageAt(formState.errors, 'currency');
  return (
    <SectionCard title={t.paymentTitle} description={t.paymentText}>
      <div className="grid gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-amount`}>{t.amount}</Label>
            <MoneyInput
              id={`${id}-amount`}
              required={requiresPayment}
              {...register('paymentAmount')}
              placeholder="25,00"
              aria-invalid={!!amountError}
              aria-describedby={amountError ? `${id}-amount-error` : `${id}-amount-hint`}
            />
            {!amountError && (
              <p id={`${id}-amount-hint`} className="text-sm text-muted-foreground">
                {t.amountHint}
              </p>
            )}
            <InlineError id={`${id}-amount-error`} message={amountError} />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-currency`}>{t.currency}</Label>
            <Controller
              control={control}
              name="currency"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={`${id}-currency`} aria-invalid={!!currencyError}>
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
              )}
            />
            <InlineError message={currencyError} />
          </div>
        </div>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-requires`}>{t.requiresPayment}</Label>
            <p id={`${id}-requires-hint`} className="text-sm text-muted-foreground">
              {t.requiresPaymentHint}{' '}
              {/* Same tab, behind the unsaved-changes question (lib/unsaved-changes.ts): a new tab
                  surprises on a phone and leaves two copies of the form; the question says what is
                  at stake and 'Blijven' keeps the new event. */}
              <Link href="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
                {t.paymentKeysHint}
              </Link>
            </p>
          </div>
          <Controller
            control={control}
            name="requiresPayment"
            render={({ field }) => (
              <Switch
                id={`${id}-requires`}
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby={`${id}-requires-hint`}
              />
            )}
          />
        </div>
        {requiresPayment && <PaymentKeysWarning />}
        {requiresPayment && <DepositSection />}
      </div>
    </SectionCard>
  );
}
