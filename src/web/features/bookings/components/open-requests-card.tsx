import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { nl } from '@contracts/messages';
import { formatDutchDeadline, formatShortDutchDate } from '@core/index';
import { BookingStatusBadge } from '@web/components/booking-status-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useCurrentUser } from '@web/lib/current-user';
import { fill } from '@web/lib/fill-message';
import { useOpenRequests } from '../api/decide-request';

const a = nl.approval;

/**
 * The dashboard's 'Open aanvragen' (docs/PRODUCT.md#approval): the requests still waiting for the
 * owner, the soonest deadline first. Nothing is shown while there are none, so a business that
 * never asks for approval sees its dashboard as before.
 */
export function OpenRequestsCard() {
  const { timeZone } = useCurrentUser();
  const requests = useOpenRequests();
  if (!requests.data?.length) return null;
  return (
    <Card className="min-w-0 gap-4 lg:col-span-2">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <CardTitle>{a.dashboardTitle}</CardTitle>
          <CardDescription>{a.settingHint}</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm" className="-mt-1 shrink-0 sm:-mr-2">
          <Link href="/bookings">
            {nl.dashboard.allBookings}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="-mx-2 grid">
          {requests.data.map((r) => (
            <li
              key={r.id}
              className="grid gap-1 rounded-lg px-2 py-2.5 sm:flex sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{r.customerName}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {fill(nl.dashboard.dateAtTime, {
                    date: formatShortDutchDate(r.bookingDate),
                    time: r.bookingTime,
                  })}{' '}
                  · {r.eventTitle}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm sm:shrink-0">
                <BookingStatusBadge status="requested" />
                <span className="text-muted-foreground">
                  {fill(a.dashboardUntil, { deadline: formatDutchDeadline(new Date(r.expiresAt), timeZone) })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
