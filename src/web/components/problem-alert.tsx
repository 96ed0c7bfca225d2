import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@web/lib/utils';

/**
 * Something the owner has to repair (payment keys, their mail connection), with the way to repair
 * it: one look for every such warning. `compact` is the smaller form inside a card; `announce`
 * makes it a live alert (not for one per card in a list, which would be read out all at once).
 */
export function ProblemAlert({
  title,
  children,
  link,
  compact = false,
  announce = true,
  className,
}: {
  title?: string;
  children: ReactNode;
  link?: { href: string; label: string };
  compact?: boolean;
  announce?: boolean;
  className?: string;
}) {
  return (
    <div
      role={announce ? 'alert' : undefined}
      className={cn(
        'flex rounded-lg border border-destructive/40 bg-destructive/5 text-sm',
        compact ? 'gap-2 p-3' : 'gap-3 p-4',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive-text" />
      <div className={cn('grid min-w-0', compact ? 'gap-1' : 'gap-1.5')}>
        {title && <p className="font-semibold">{title}</p>}
        {children}
        {link && (
          <Link href={link.href} className="font-medium text-primary underline underline-offset-4">
            {link.label}
          </Link>
        )}
      </div>
    </div>
  );
}
