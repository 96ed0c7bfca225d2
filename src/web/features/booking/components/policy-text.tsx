import { ScrollText } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
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

/**
 * The policy with its required tick box, on the review of a booking and of a visit: without the tick
 * nothing is sent, and the message shows here.
 */
export function PolicyConsent({
  id,
  text,
  accepted,
  error,
  onChange,
  boxRef,
}: {
  id: string;
  text: string;
  accepted: boolean;
  error: string | null;
  onChange: (accepted: boolean) => void;
  boxRef: Ref<HTMLInputElement>;
}) {
  return (
    <div className="mt-4">
      <PolicyText id={`${id}-title`} text={text}>
        <div className="flex items-start gap-3 pt-1">
          <input
            ref={boxRef}
            id={`${id}-accept`}
            type="checkbox"
            checked={accepted}
            onChange={(e) => onChange(e.target.checked)}
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          />
          <label htmlFor={`${id}-accept`} className="cursor-pointer text-sm font-medium">
            {nl.policy.accept}
          </label>
        </div>
        {error && (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive-text">
            {error}
          </p>
        )}
      </PolicyText>
    </div>
  );
}
