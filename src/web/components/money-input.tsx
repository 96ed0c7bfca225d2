import type { ComponentProps } from 'react';
import { Input } from '@web/components/ui/input';

/**
 * The one input for an amount of money (price, deposit, refund). Text, not type=number: a number
 * input drops a Dutch comma ('65,00' must stay 65 euro) and some browsers show a stored '20.00' as
 * it is. Stored values are given to it through `amountForInput` (lib/amount-input.ts) ('20.00' → '20,00'); the server takes both.
 */
export function MoneyInput(props: Omit<ComponentProps<typeof Input>, 'type' | 'inputMode'>) {
  return <Input type="text" inputMode="decimal" autoComplete="off" {...props} />;
}
