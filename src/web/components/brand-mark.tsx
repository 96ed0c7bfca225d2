import { CalendarCheck } from 'lucide-react';
import { cn } from '@web/lib/utils';

/** The product's logo square. Decorative: the product name is always written next to it. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm',
        className,
      )}
    >
      <CalendarCheck className="size-4" />
    </span>
  );
}
