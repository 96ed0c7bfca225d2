import { CalendarDays, CircleAlert, Clock, Plus } from 'lucide-react';
import { Link } from 'wouter';
import type { DashboardDto } from '@contracts/insights';
import { nl } from '@contracts/messages';
import { dateSummary } from '@web/lib/date-summary';
import { Button } from '@web/components/ui/button';
import { useCurrentUser } from '@web/lib/current-user';
import { fill } from '@web/lib/fill-message';
import { ListCard, ListEmpty, ListSkeleton } from './list-card';

const t = nl.dashboard;

/** 'Uw Evenementen': the five newest events with duration and date summary (docs/PRODUCT.md#dashboard). */
export function DashboardEvents({ events }: { events: DashboardDto['events'] | undefined }) {
  // A paid service cannot be booked while the owner's payment keys do not work (the alert above says why).
  const keysWork = useCurrentUser().paymentKeysStatus === 'ok';
  return (
    <ListCard title={t.eventsTitle} description={t.eventsText} linkLabel={t.allEvents} href="/events">
      {!events ? (
        <ListSkeleton />
      ) : events.length === 0 ? (
        <ListEmpty
          title={t.noEvents}
          text={t.noEventsText}
          action={
            <Button asChild size="sm" className="mt-2">
              <Link href="/events/new">
                <Plus aria-hidden="true" />
                {t.createEvent}
              </Link>
            </Button>
          }
        />
      ) : (
        <ul className="-mx-2 grid">
          {events.map((e) => (
            <li key={e.id}>
              <Link
                href={`/events/${e.id}/edit`}
                className="flex items-center gap-3 rounded-lg px-2 py-2.5 outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground"
                >
                  <CalendarDays className="size-4" />
                </span>
                <span className="grid min-w-0 flex-1 gap-0.5 sm:flex sm:items-center sm:justify-between sm:gap-3">
                  <span className="grid min-w-0 gap-0.5">
                    <span className="truncate font-medium">{e.title}</span>
                    <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
                      <Clock aria-hidden="true" className="size-3.5 shrink-0" />
                      {fill(t.minutesPerBooking, { n: e.durationMinutes })}
                    </span>
                    {e.requiresPayment && !keysWork && (
                      <span className="flex items-center gap-1.5 text-sm text-destructive-text">
                        <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
                        {nl.paymentKeys.notBookable}
                      </span>
                    )}
                  </span>
                  <span className="text-sm text-muted-foreground sm:shrink-0 sm:text-right">
                    {dateSummary(e)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}
