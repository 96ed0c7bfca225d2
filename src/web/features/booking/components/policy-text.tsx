import { ScrollText } from 'lucide-react';
import type { ReactNode } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';

/**
 * The owner's cancellation policy under 'Annuleringsvoorwaarden' (review step, manage page): plain
 * text as typed, line breaks kept, never HTML. `children` go below it (the checkbox, the cut-offs).
 */
export function PolicyText({ id, text, children }: { id: string; text: string; children?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border bg-card p-4">
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold">
        <ScrollText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {nl.policy.title}
      </h3>
      <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-line text-muted-foreground">{text}</p>
      {children}
    </section>
  );
}
