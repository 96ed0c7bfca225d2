import { CalendarCheck } from 'lucide-react';
import { cn } from '@web/lib/utils';

const SIZES = {
  lg: ['size-8 rounded-lg', 'size-4'],
  md: ['size-6 rounded-md', 'size-3.5'],
  sm: ['size-5 rounded-md', 'size-3'],
} as const;

/** The product's logo square. Decorative: the product name is always written next to it. */
export function BrandMark({ size = 'lg' }: { size?: keyof typeof SIZES }) {
  const [box, icon] = SIZES[size];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center bg-primary text-primary-foreground shadow-sm',
        box,
      )}
    >
      <CalendarCheck className={icon} />
    </span>
  );
}
