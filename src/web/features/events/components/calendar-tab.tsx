import { CalendarCheck } from 'lucide-react';
import { Link } from 'wouter';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { fill } from '../lib/fill-message';
import { SectionCard } from './section-card';

/**
 * Tab "Calendar" (event) / "Kalender" (template). Google Calendar cannot be connected yet, so there
 * is nothing to choose from: the tab explains where to connect and leaves googleCalendarId as it was.
 */
export function CalendarTab({ googleCalendarId }: { googleCalendarId: string | null }) {
  const t = nl.eventForm;
  return (
    <SectionCard title={t.calendarTitle}>
      <div className="flex flex-col items-start gap-4 rounded-lg border border-dashed p-5 sm:flex-row">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground">
          <CalendarCheck aria-hidden="true" className="size-5" />
        </div>
        <div className="grid gap-3 sm:pt-2">
          <p className="text-sm text-muted-foreground">{t.calendarText}</p>
          {googleCalendarId && <p className="text-sm">{fill(t.calendarCurrent, { id: googleCalendarId })}</p>}
          <div>
            <Button asChild variant="outline" size="sm">
              <Link href="/settings">{t.toSettings}</Link>
            </Button>
          </div>
        </div>
      </div>
    </SectionCard>
  );
}
