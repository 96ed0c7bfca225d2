import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { nl } from '@contracts/messages';
import { Badge } from '@web/components/ui/badge';
import { PendingButton, type PendingButtonProps } from '@web/components/pending-button';
import { connectGoogle, type GoogleGrantKind } from '../api/connect-google';

const t = nl.settingsUi;

/** A Google grant as the owner sees it: none, working, or refused by Google (revoked or expired). */
export type ConnectionState = 'none' | 'connected' | 'broken';

export const connectionState = (connected: boolean, broken: boolean): ConnectionState =>
  broken ? 'broken' : connected ? 'connected' : 'none';

export function ConnectionBadge({ state }: { state: ConnectionState }) {
  if (state === 'broken') {
    return (
      <Badge variant="destructive">
        <CircleAlert aria-hidden="true" />
        {t.broken}
      </Badge>
    );
  }
  return (
    <Badge variant={state === 'connected' ? 'soft' : 'outline'}>
      {state === 'connected' ? t.connected : t.notConnected}
    </Badge>
  );
}

/** Why a broken connection needs the owner: Google no longer accepts the grant. */
export function BrokenNote({ id, text }: { id: string; text: string }) {
  return (
    <p
      id={id}
      className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-foreground"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive-text" />
      <span>{text}</span>
    </p>
  );
}

/**
 * Sends the browser to Google's consent screen. The page is left, so the button only shows that it
 * is on its way; coming back through the browser's back button (page cache) resets it.
 */
export function ConnectGoogleButton({
  kind,
  label,
  ...props
}: { kind: GoogleGrantKind; label: string } & Omit<
  PendingButtonProps,
  'onClick' | 'children' | 'pending' | 'pendingLabel'
>) {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const reset = (e: PageTransitionEvent) => e.persisted && setLeaving(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  return (
    <PendingButton
      {...props}
      pending={leaving}
      pendingLabel={t.redirecting}
      onClick={() => {
        setLeaving(true);
        connectGoogle(kind);
      }}
    >
      {label}
    </PendingButton>
  );
}
