import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { OwnerBookingDto } from '@contracts/bookings';
import type { EventListItem } from '@contracts/events';
import { nl } from '@contracts/messages';
import { todayInZone } from '@core/index';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { fill } from '@web/lib/fill-message';
import { describeError } from '@web/lib/api-client';
import { useUpdateBooking } from '../api/update-booking';
import { TimePicker } from './time-picker';

const t = nl.bookingsUi;

/** Spec §2.7: only the date and the time of a booking can be changed. */
export function EditBookingDialog({
  booking,
  event,
  now,
  timeZone,
  open,
  onOpenChange,
}: {
  booking: OwnerBookingDto | null;
  event: EventListItem | undefined;
  now: Date;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {booking && (
          <EditForm
            key={booking.id}
            booking={booking}
            event={event}
            now={now}
            timeZone={timeZone}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({
  booking,
  event,
  now,
  timeZone,
  onDone,
}: {
  booking: OwnerBookingDto;
  event: EventListItem | undefined;
  now: Date;
  timeZone: string;
  onDone: () => void;
}) {
  const id = useId();
  const today = todayInZone(now, timeZone);
  const [date, setDate] = useState(booking.bookingDate);
  const [time, setTime] = useState(booking.bookingTime);
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useUpdateBooking({
    onSuccess: () => {
      toast({ title: t.updated, description: t.updatedText });
      onDone();
    },
    onError: (error) => {
      setServerError(describeError(error));
      toast({ variant: 'destructive', title: t.updateFailed, description: describeError(error) });
    },
  });
  const unchanged = date === booking.bookingDate && time === booking.bookingTime;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!date || !time || unchanged) return;
    setServerError(null);
    mutation.mutate({ id: booking.id, body: { bookingDate: date, bookingTime: time } });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t.editTitle}</DialogTitle>
        <DialogDescription>
          {fill(t.editText, { name: booking.customerName, event: booking.eventTitle })}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-date`}>{t.date}</Label>
          <Input
            id={`${id}-date`}
            type="date"
            required
            min={today < booking.bookingDate ? today : booking.bookingDate}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setServerError(null);
            }}
          />
        </div>
        <TimePicker
          id={`${id}-time`}
          booking={booking}
          event={event}
          now={now}
          timeZone={timeZone}
          date={date}
          value={time}
          onChange={(next) => {
            setTime(next);
            setServerError(null);
          }}
        />
      </div>
      {serverError && (
        <p
          role="alert"
          className="rounded-md border border-destructive-text/30 bg-destructive/5 p-3 text-sm text-destructive-text"
        >
          {serverError}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={mutation.isPending}>
          {t.close}
        </Button>
        <Button type="submit" disabled={mutation.isPending || unchanged || !date || !time}>
          {mutation.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {mutation.isPending ? t.saving : t.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
