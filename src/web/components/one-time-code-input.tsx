import type { ComponentProps } from 'react';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';

/**
 * A field for a code of an authenticator app or a recovery code (docs/PRODUCT.md#two-step-sign-in):
 * offered by the phone's one-time-code autofill, typed as it is (no capitals, no spelling check).
 */
export function OneTimeCodeInput({ className, ...props }: ComponentProps<typeof Input>) {
  return (
    <Input
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={20}
      className={cn('font-mono', className)}
      {...props}
    />
  );
}
