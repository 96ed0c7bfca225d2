import { Link } from 'wouter';
import { customerPath } from '@web/lib/customer-paths';
import { cn } from '@web/lib/utils';

/** A customer's name as the link to their card. */
export function CustomerNameLink({ id, name, className }: { id: string; name: string; className?: string }) {
  return (
    <Link
      href={customerPath(id)}
      className={cn(
        'max-w-full rounded-sm break-words underline decoration-muted-foreground/50 underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      {name}
    </Link>
  );
}
