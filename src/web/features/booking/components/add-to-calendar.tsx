import { CalendarPlus, Download } from 'lucide-react';
import { useId } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { calendarTitle, googleCalendarUrl, outlookCalendarUrl } from '@core/calendar-links';
import { buttonVariants } from '@web/components/ui/button';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import { ACCENT_TEXT } from '../lib/theme-color';

const g = nl.goodEndings;

export interface AddToCalendarProps {
  eventTitle: string;
  /** The business name goes into the entry's title ('Knippen bij Salon Mooi'). */
  businessName: string | null;
  /** `yyyy-MM-dd` and `HH:mm` in `timeZone`, the owner's. */
  date: string;
  time: string;
  durationMinutes: number;
  timeZone: string;
  /** The booking's management token: the .ics download is read through it. */
  token: string;
  managementUrl: string;
}

/** The .ics download of a booking (GET /api/public/bookings/manage/{token}/ics). */
export const icsPath = (token: string) => `/api/public/bookings/manage/${encodeURIComponent(token)}/ics`;

/**
 * 'Zet in agenda' (docs/PRODUCT.md#good-endings) on the confirmation and the manage page: Google
 * Calendar and Outlook open in a new tab with the appointment filled in, and the .ics file (with the
 * e-mail invitation's UID, so it stays one entry) serves Apple Calendar and every other app.
 */
export function AddToCalendar(props: AddToCalendarProps) {
  const titleId = useId();
  const appointment = {
    title: calendarTitle(props.eventTitle, props.businessName, g.entryTitle),
    details: fill(g.entryDetails, { url: props.managementUrl }),
    date: props.date,
    time: props.time,
    durationMinutes: props.durationMinutes,
    timeZone: props.timeZone,
  };
  const link = buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full' });
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-xl border p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <CalendarPlus aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', ACCENT_TEXT)} />
        <div className="space-y-1">
          <h2 id={titleId} className="font-semibold">
            {g.addToCalendar}
          </h2>
          <p className="text-sm text-muted-foreground">{g.addToCalendarText}</p>
        </div>
      </div>
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
        <a href={googleCalendarUrl(appointment)} target="_blank" rel="noopener noreferrer" className={link}>
          {g.google}
          <span className="sr-only"> {g.newTab}</span>
        </a>
        <a href={outlookCalendarUrl(appointment)} target="_blank" rel="noopener noreferrer" className={link}>
          {g.outlook}
          <span className="sr-only"> {g.newTab}</span>
        </a>
        <a href={icsPath(props.token)} download="afspraak.ics" className={link}>
          <Download aria-hidden="true" />
          {g.icsFile}
        </a>
      </div>
    </section>
  );
}
