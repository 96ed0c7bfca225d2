import { CalendarSync } from 'lucide-react';
import { useState } from 'react';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { useDisconnectGoogle } from '../api/disconnect-google';
import { BrokenNote, ConnectGoogleButton, ConnectionBadge, connectionState } from './google-connection';
import { SettingsCardHeader } from '@web/components/settings-card-header';

const t = nl.settingsUi;

/**
 * Google Calendar connection (docs/PRODUCT.md#settings): connect through Google's consent screen, disconnect after
 * a confirmation. A grant Google refused (revoked or expired) shows as broken, with a reconnect.
 */
export function GoogleCalendarCard({ user }: { user: PublicUser }) {
  const state = connectionState(user.googleConnected, user.googleBroken);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectGoogle({
    onSuccess: () => {
      setConfirming(false);
      toast({ title: t.disconnected });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: t.disconnectFailed, description: describeError(error) }),
  });

  return (
    <Card>
      <SettingsCardHeader
        icon={CalendarSync}
        title={t.calendarTitle}
        description={t.calendarText}
        aside={<ConnectionBadge state={state} />}
      />
      <CardContent className="grid gap-4">
        {state === 'broken' && <BrokenNote id="google-broken" text={t.calendarBrokenText} />}
        {state === 'connected' && <p className="text-sm text-muted-foreground">{t.calendarConnectedText}</p>}
        <div className="flex flex-wrap gap-3">
          {state !== 'connected' && (
            <ConnectGoogleButton
              kind="google"
              label={state === 'broken' ? t.reconnect : t.connect}
              aria-describedby={state === 'broken' ? 'google-broken' : undefined}
            />
          )}
          {state !== 'none' && (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              {t.disconnect}
            </Button>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.disconnectTitle}
        description={t.disconnectText}
        keepLabel={nl.eventsUi.cancel}
        confirmLabel={t.disconnect}
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </Card>
  );
}
