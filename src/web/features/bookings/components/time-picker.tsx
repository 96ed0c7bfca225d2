import { useEffect } from 'react';
import type { OwnerBookingDto } from '@contracts/bookings';
import type { EventListItem } from '@contracts/events';
import { nl } from '@contracts/messages';
import { isValidDate, withOwnSlot } from '@core/index';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useMoveSlots } from '../api/get-move-slots';

const t = nl.bookingsUi;

/**
 * The start times the event offers on `date` (its working hours, slot grid and pauses) that have not
 * started yet, with taken ones disabled and the booking's own slot kept, as the server's move rule
 * answers them (the owner is not bound by notice, horizon, closures or the daily limit). Without the
 * event it falls back to a plain time input; the server re-checks every move either way.
 */
export function TimePicker({
  id,
  booking,
  agendaId,
  event,
  date,
  value,
  onChange,
}: {
  id: string;
  booking: OwnerBookingDto;
  /** The agenda the booking will be in: its free times are offered. */
  agendaId: string;
  event: EventListItem | undefined;
  date: string;
  value: string;
  onChange: (time: string) => void;
}) {
  const validDate = isValidDate(date) ? date : null;
  const taken = useMoveSlots(booking.id, event ? validDate : null, agendaId);
  const offered = validDate && taken.data?.length ? [{ date: validDate, slots: taken.data }] : [];
  const own = { date: booking.bookingDate, time: booking.bookingTime };
  // The booking's own slot is free only in its own agenda; in another it is as busy as it is there.
  const days =
    agendaId === booking.agendaId ? withOwnSlot(offered, own, validDate?.slice(0, 7) ?? '') : offered;
  const slots = validDate ? (days.find((d) => d.date === validDate)?.slots ?? []) : [];
  const options = slots.map((s) => ({
    ...s,
    current: agendaId === booking.agendaId && date === own.date && s.time === own.time,
  }));
  const valueOffered = options.some((o) => o.time === value && !o.busy);

  // A time that the newly chosen day does not offer is cleared rather than silently kept.
  useEffect(() => {
    if (event && value && !taken.isPending && !valueOffered) onChange('');
  }, [event, value, valueOffered, taken.isPending, onChange]);

  if (!event) {
    return (
      <div className="grid gap-2">
        <Label htmlFor={id}>{t.time}</Label>
        <Input
          id={id}
          type="time"
          step={300}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    );
  }

  const hintId = `${id}-hint`;
  const hint = !validDate
    ? null
    : taken.isPending
      ? t.timesLoading
      : taken.isError
        ? t.timesFailed
        : options.length === 0
          ? t.noTimes
          : null;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t.time}</Label>
      <Select value={valueOffered ? value : ''} onValueChange={onChange} disabled={options.length === 0}>
        <SelectTrigger id={id} aria-describedby={hint ? hintId : undefined}>
          <SelectValue placeholder={t.chooseTime} />
        </SelectTrigger>
        <SelectContent className="max-h-72">
          {options.map((o) => (
            <SelectItem key={o.time} value={o.time} disabled={o.busy}>
              {o.time} {o.current ? t.current : o.busy ? t.busy : ''}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
