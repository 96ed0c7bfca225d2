import { CircleAlert } from 'lucide-react';
import { cn } from '@web/lib/utils';

/** A Dutch validation message under a control; give the control aria-describedby={id}. */
export function InlineError({
  id,
  message,
  className,
}: {
  id?: string;
  message?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={cn('text-sm font-medium text-destructive-text', className)}>
      {message}
    </p>
  );
}

/** A message about the whole form (e.g. a server error that names no field), announced when it appears. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive-text" />
      <p>{message}</p>
    </div>
  );
}
