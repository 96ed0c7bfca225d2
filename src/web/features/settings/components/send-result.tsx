import { cn } from '@web/lib/utils';

/** What a test send (an e-mail, a text message) came to, as the cards show it under their button. */
export type SendResult = { ok: boolean; text: string } | null;

/** The outcome of the last test send, announced to screen readers; empty (and hidden) before one. */
export function SendResultStatus({ result }: { result: SendResult }) {
  return (
    <p
      role="status"
      className={cn(
        'text-sm',
        !result && 'sr-only',
        result?.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive-text',
      )}
    >
      {result?.text}
    </p>
  );
}
