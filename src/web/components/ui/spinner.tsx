import type { ComponentProps } from 'react';
import { nlPublic as nl } from '@contracts/messages-public';
import { cn } from '@web/lib/utils';
import { SpinnerIcon } from './spinner-icon';

interface SpinnerProps extends ComponentProps<'div'> {
  /** Accessible name announced to screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-8' } as const;

export function Spinner({ label = nl.layout.loading, size = 'md', className, ...props }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('inline-flex items-center justify-center', className)}
      {...props}
    >
      <SpinnerIcon className={cn('text-primary', sizes[size])} />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Centred spinner that fills the screen, e.g. while the current user loads. */
export function FullScreenSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
