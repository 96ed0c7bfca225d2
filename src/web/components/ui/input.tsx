import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

/** `tall`: 40 px instead of 36 (the public booking form, tapped on phones). */
export function Input({
  className,
  type = 'text',
  tall = false,
  ...props
}: ComponentProps<'input'> & { tall?: boolean }) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        tall ? 'h-10' : 'h-9',
        'flex w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-base shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground md:text-sm',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'aria-invalid:border-destructive-text aria-invalid:ring-destructive-text/20',
        'disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted read-only:text-muted-foreground read-only:focus-visible:ring-ring/30',
        className,
      )}
      {...props}
    />
  );
}
