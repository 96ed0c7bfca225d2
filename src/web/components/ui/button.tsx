import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';
import { Slot } from './slot';

const base =
  "inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md text-sm font-medium transition-[color,background-color,border-color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-1 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const variants = {
  default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary-hover',
  destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive-hover',
  outline: 'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
  /** An outline button for a destructive choice beside others (cancel an appointment). */
  outlineDestructive: 'border border-input bg-background text-destructive-text shadow-xs hover:bg-accent',
  secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const sizes = {
  default: 'h-9 gap-2 px-4 py-2 has-[>svg]:px-3',
  sm: 'h-8 gap-1.5 rounded-md px-3 has-[>svg]:px-2.5',
  lg: 'h-10 gap-2 rounded-md px-6 has-[>svg]:px-4',
  icon: 'size-9 gap-2',
} as const;

export interface ButtonVariantProps {
  variant?: keyof typeof variants | null;
  size?: keyof typeof sizes | null;
  className?: string;
}

/**
 * A button's classes, also for a link that looks like one. A lookup rather than cva like the other
 * components: Button is part of the booking page's first load (issue 21, B1).
 */
export function buttonVariants({ variant, size, className }: ButtonVariantProps = {}): string {
  return cn(base, variants[variant ?? 'default'], sizes[size ?? 'default'], className);
}

export type ButtonProps = ComponentProps<'button'> &
  Omit<ButtonVariantProps, 'className'> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      // Plain buttons default to type="button" so they never submit a surrounding form by accident.
      type={asChild ? type : (type ?? 'button')}
      className={buttonVariants({ variant, size, className })}
      {...props}
    />
  );
}
