import { Clock, Lock } from 'lucide-react';
import type { ChangeWindow } from '../lib/change-windows';
import { cn } from '@web/lib/utils';

/**
 * The manage link's cut-offs ('Wijzigen kan tot di 24 nov 14:00', or '… kon tot …' once passed).
 * Each line has its own id, so the button it is about can point at it (aria-describedby).
 */
export function ChangeDeadlines({ lines }: { lines: Array<{ id: string; window: ChangeWindow }> }) {
  const shown = lines.filter((l) => l.window.text);
  if (!shown.length) return null;
  return (
    <ul className="space-y-1.5">
      {shown.map(({ id, window }) => {
        const Icon = window.open ? Clock : Lock;
        return (
          <li
            key={id}
            id={id}
            className={cn(
              'flex items-start gap-2 text-sm',
              window.open ? 'text-foreground' : 'font-medium text-destructive-text',
            )}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {window.text}
          </li>
        );
      })}
    </ul>
  );
}
