import type { LucideIcon } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/utils';

/**
 * One key figure: label, value and a caption. The card is a <div> group of a <dt>/<dd> pair inside
 * the caller's <dl>, so a screen reader reads "Vandaag: 3". `value` undefined shows a placeholder.
 */
export function StatCard({
  label,
  value,
  caption,
  icon: Icon,
  className,
}: {
  label: string;
  value: string | number | undefined;
  caption?: string;
  icon: LucideIcon;
  className?: string;
}) {
  return (
    <Card className={cn('gap-2 px-5 py-5', className)}>
      <dt className="flex items-start justify-between gap-3 text-sm font-medium text-muted-foreground">
        {label}
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground"
        >
          <Icon className="size-4" />
        </span>
      </dt>
      <dd className="grid gap-1">
        {value === undefined ? (
          <Skeleton className="h-8 w-20" />
        ) : (
          <span className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">{value}</span>
        )}
        {caption && <span className="text-xs text-muted-foreground">{caption}</span>}
      </dd>
    </Card>
  );
}
