import { CalendarCheck, CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Link } from 'wouter';
import { nl } from '@contracts/messages';
import { SectionCard } from '@web/components/section-card';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { useCurrentUser } from '@web/lib/current-user';
import { fill } from '@web/lib/fill-message';
import { GoogleCalendarSelect } from '@web/components/google-calendar-select';
import type { ScheduleValues } from '@web/lib/schedule-form';

const t = nl.eventForm;

/**
 * Tab "Calendar" (event) / "Kalender" (template): the Google calendar new bookings go to. With
 * Google connected it lists the owner's calendars; otherwise it says where to connect and leaves
 * googleCalendarId as it was.
 */
export function CalendarTab() {
  const user = useCurrentUser();
  const { control } = useFormContext<ScheduleValues>();
  const {
    field: { value, onChange },
  } = useController({ control, name: 'googleCalendarId' });
  const usable = user.googleConnected && !user.googleBroken;
  if (!usable) return <NotConnected value={value} broken={user.googleBroken} />;
  return <CalendarPicker value={value} onChange={onChange} />;
}

function CalendarPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const id = useId();
  return (
    <SectionCard title={t.calendarTitle} description={t.calendarPickHint}>
      <div className="grid max-w-md gap-2">
        <Label htmlFor={`${id}-calendar`}>{t.calendarPick}</Label>
        <GoogleCalendarSelect
          id={`${id}-calendar`}
          value={value}
          onChange={onChange}
          nullLabel={t.calendarDefault}
        />
      </div>
    </SectionCard>
  );
}

function NotConnected({ value, broken }: { value: string | null; broken: boolean }) {
  return (
    <SectionCard title={t.calendarTitle}>
      <div className="flex flex-col items-start gap-4 rounded-lg border border-dashed p-5 sm:flex-row">
        <div
          className={
            broken
              ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive-text'
              : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground'
          }
        >
          {broken ? (
            <CircleAlert aria-hidden="true" className="size-5" />
          ) : (
            <CalendarCheck aria-hidden="true" className="size-5" />
          )}
        </div>
        <div className="grid min-w-0 max-w-full gap-3 sm:pt-2">
          <p className="text-sm text-muted-foreground">{broken ? t.calendarBroken : t.calendarText}</p>
          {value && <p className="text-sm break-all">{fill(t.calendarCurrent, { id: value })}</p>}
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
