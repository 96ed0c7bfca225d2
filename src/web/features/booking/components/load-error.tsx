import { CircleAlert } from 'lucide-react';
import { nlPublic as nl } from '@contracts/messages-public';
import { Button } from '@web/components/ui/button';

/** A failed read inside a step, with a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex min-h-[12rem] flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center"
    >
      <CircleAlert aria-hidden="true" className="size-8 text-destructive-text" />
      <p className="text-sm">{nl.clientErrors.loadFailed}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {nl.clientErrors.retry}
      </Button>
    </div>
  );
}
