import { useState } from 'react';
import { nl } from '@contracts/messages';
import type { EmailSettingsDto } from '@contracts/settings';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { fill } from '@web/lib/fill-message';
import { describeError } from '@web/lib/api-client';
import { useDisconnectGmail } from '../api/disconnect-gmail';
import { BrokenNote, ConnectGoogleButton, ConnectionBadge, connectionState } from './google-connection';

const t = nl.settingsUi;

/**
 * Gmail connect / disconnect (docs/PRODUCT.md#settings), with the address mail is sent from. A grant Google
 * refused (revoked or expired) shows as broken, with a reconnect.
 */
export function GmailBlock({ settings }: { settings: EmailSettingsDto }) {
  const state = connectionState(settings.gmailConnected, settings.gmailBroken);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectGmail({
    onSuccess: () => {
      setConfirming(false);
      toast({ title: t.gmailDisconnected });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: t.gmailDisconnectFailed, description: describeError(error) }),
  });

  return (
    <section aria-labelledby="gmail-title" className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id="gmail-title" className="text-sm font-medium">
              {t.gmailTitle}
            </h3>
            <ConnectionBadge state={state} />
          </div>
          {state !== 'none' && settings.gmailAddress && (
            <p className="text-sm break-all text-muted-foreground">
              {fill(state === 'broken' ? t.gmailAccount : t.gmailAddress, { email: settings.gmailAddress })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {state !== 'connected' && (
            <ConnectGoogleButton
              kind="gmail"
              size="sm"
              variant={state === 'broken' ? 'default' : 'outline'}
              label={state === 'broken' ? t.reconnect : t.gmailConnect}
              aria-describedby={state === 'broken' ? 'gmail-broken' : undefined}
            />
          )}
          {state !== 'none' && (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              {t.gmailDisconnect}
            </Button>
          )}
        </div>
      </div>
      {state === 'broken' && <BrokenNote id="gmail-broken" text={t.gmailBrokenText} />}
      {state === 'connected' && settings.provider !== 'gmail' && (
        <p className="text-sm text-muted-foreground">{t.gmailConnectedText}</p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.gmailDisconnectTitle}
        description={t.gmailDisconnectText}
        keepLabel={nl.eventsUi.cancel}
        confirmLabel={t.gmailDisconnect}
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </section>
  );
}
