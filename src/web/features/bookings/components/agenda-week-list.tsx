import { Plus } from 'lucide-react';
import type { OwnerBookingDto } from '@contracts/bookings';
import type { AgendaItem } from '../lib/agenda-classes';
import { nl } from '@contracts/messages';
import { formatDutchWeekdayDayMonth, formatLongDutchDate } from '@core/index';
import { Button } from '@web/components/ui/button';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import { BookingRow, type VisitPlace } from './agenda-booking';

const t = nl.agendaView;

/** The week on a phone: the seven days under each other, each with its bookings in time order. */
export function AgendaWeekList({
  label,
  days,
  today,
  bookings,
  colorOf,
  visitOf,
  withAgenda,
  dayNote,
  onOpen,
  onNew,
}: {
  label: string;
  days: readonly string[];
  today: string;
  /** The week's bookings, earliest first. */
  bookings: readonly AgendaItem[];
  colorOf: (booking: OwnerBookingDto) => string | undefined;
  /** A visit's segment: where it stands in its visit. */
  visitOf?: (booking: OwnerBookingDto) => VisitPlace | null;
  withAgenda: boolean;
  /** Who works that day, or the one agenda's hours (docs/PRODUCT.md#agenda-hours); '' for none. */
  dayNote?: (date: string) => string;
  onOpen: (booking: OwnerBookingDto, opener: HTMLElement) => void;
  /** A new booking on that day (the dialog asks the time). */
  onNew?: (date: string) => void;
}) {
  return (
    <ol aria-label={label} className="grid gap-4">
      {days.map((day) => {
        const ofDay = bookings.filter((b) => b.bookingDate === day);
        const isToday = day === today;
        const note = dayNote?.(day);
        return (
          <li key={day} className="grid gap-2">
            <h3 className="flex items-baseline gap-2 text-sm font-semibold">
              <span className={cn('inline-block first-letter:uppercase', isToday && 'text-primary')}>
                {formatDutchWeekdayDayMonth(day)}
              </span>
              {isToday && (
                <span className="rounded-full bg-primary px-2 py-0.5 text-[11px] leading-none font-medium text-primary-foreground">
                  {t.todayMark}
                </span>
              )}
              {onNew && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto h-7 px-2 text-xs"
                  aria-label={fill(nl.manualBookings.newBookingOn, { date: formatLongDutchDate(day) })}
                  onClick={() => onNew(day)}
                >
                  <Plus aria-hidden="true" />
                  {nl.manualBookings.newBooking}
                </Button>
              )}
            </h3>
            {note && <p className="-mt-1 text-xs text-muted-foreground">{note}</p>}
            {ofDay.length === 0 ? (
              <p className="-mt-1 text-sm text-muted-foreground">{t.noneShort}</p>
            ) : (
              <ul className="grid gap-2">
                {ofDay.map((b) => (
                  <BookingRow
                    key={b.classGroup?.sessionId ?? b.id}
                    booking={b}
                    color={colorOf(b)}
                    visit={visitOf?.(b)}
                    withAgenda={withAgenda}
                    onOpen={onOpen}
                  />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
