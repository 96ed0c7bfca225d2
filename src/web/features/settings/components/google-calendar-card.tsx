import { CalendarSync, Info } from 'lucide-react';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { SettingsCardHeader } from './settings-card-header';

const t = nl.settingsUi;

/**
 * Google Calendar connection. The OAuth flow is not wired yet, so the buttons are disabled with an
 * explanation instead of pretending to work.
 */
export function GoogleCalendarCard({ user }: { user: PublicUser }) {
  return (
    <Card>
      <SettingsCardHeader
        icon={CalendarSync}
        title={t.calendarTitle}
        description={t.calendarText}
        aside={
          <Badge variant={user.googleConnected ? 'soft' : 'outline'}>
            {user.googleConnected ? t.connected : t.notConnected}
          </Badge>
        }
      />
      <CardContent className="grid gap-4">
        <ComingSoon id="google-coming" />
        <div>
          {user.googleConnected ? (
            <Button variant="outline" disabled aria-describedby="google-coming">
              {t.disconnect}
            </Button>
          ) : (
            <Button disabled aria-describedby="google-coming">
              {t.connect}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The shared note that the Google connection is on its way. */
export function ComingSoon({ id }: { id: string }) {
  return (
    <p id={id} className="flex gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t.googleComing}
    </p>
  );
}
