import { nl } from '@contracts/messages';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ComingSoon } from './google-calendar-card';

const t = nl.settingsUi;

/** Gmail connect / disconnect; disabled until the Google connection is wired. */
export function GmailBlock({ connected }: { connected: boolean }) {
  return (
    <div className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h3 className="text-sm font-medium">{t.gmailTitle}</h3>
          <Badge variant={connected ? 'soft' : 'outline'}>
            {connected ? t.gmailConnectedAs : t.notConnected}
          </Badge>
        </div>
        {connected ? (
          <Button variant="outline" size="sm" disabled aria-describedby="gmail-coming">
            {t.gmailDisconnect}
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled aria-describedby="gmail-coming">
            {t.gmailConnect}
          </Button>
        )}
      </div>
      <ComingSoon id="gmail-coming" />
    </div>
  );
}
