import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/utils';

/**
 * The one spinning icon: in a button whose action runs (PendingButton, IconAction), in a status
 * line or panel beside its own text, and inside Spinner. Decorative: the text beside it, or the
 * button's disabled state and label, says what is going on.
 */
export function SpinnerIcon({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('animate-spin', className)} />;
}
