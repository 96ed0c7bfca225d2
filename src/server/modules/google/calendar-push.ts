import { sensitiveFieldNames } from '@core/index';
import { bookingsRepo } from '../bookings/bookings.repo';
import { customFieldsRepo } from '../events/custom-fields.repo';
import { calendarEntryLines } from '../calendar-feed/calendar-entry';
import { enc, isGone, type CalendarAccess, type CalendarDeps } from './calendar-access';
import { calendarOf } from './google.repo';

/** A calendar-push job: bring a booking's event in line, or remove the event of a deleted booking. */
export type CalendarJob = { bookingId: string } | { ownerId: string; calendarId: string; eventId: string };

/** Bookings pushed to the owner's calendar as events, by retried jobs. */
export function createCalendarPush({ db, now, appUrl }: CalendarDeps, { owner, call }: CalendarAccess) {
  /** Removes the event of a booking the owner deleted (the row is gone, so the job carries the ids). */
  async function removeEvent({
    ownerId,
    calendarId,
    eventId,
  }: {
    ownerId: string;
    calendarId: string;
    eventId: string;
  }) {
    const o = await owner(ownerId);
    if (!o) return;
    await call(o, 'DELETE', `/calendar/v3/calendars/${enc(calendarId)}/events/${enc(eventId)}`).catch(
      (err: unknown) => {
        if (!isGone(err)) throw err;
      },
    );
  }

  /** Creates, moves or removes the booking's event so it matches the booking. */
  async function push(job: CalendarJob) {
    if ('eventId' in job) return removeEvent(job);
    const ctx = await bookingsRepo.withEventAndOwner(db, job.bookingId);
    if (!ctx) return;
    const { booking, event } = ctx;
    const o = await owner(event.userId);
    if (!o) return;
    const calendarId = booking.googleCalendarId ?? calendarOf(event);
    const path = `/calendar/v3/calendars/${enc(calendarId)}/events`;
    if (booking.status !== 'confirmed') {
      if (!booking.googleCalendarEventId) return;
      await removeEvent({ ownerId: o.id, calendarId, eventId: booking.googleCalendarEventId });
      await bookingsRepo.update(
        db,
        booking.id,
        { googleCalendarEventId: null, googleCalendarId: null },
        now(),
      );
      return;
    }
    const fields = await customFieldsRepo.listByEvent(db, event.id);
    const body = {
      summary: `${event.title}: ${booking.customerName}`,
      // The owner's answers setting decides whether the customer's answers leave the app.
      description: calendarEntryLines(booking, {
        agendaName: null,
        currency: event.currency,
        appUrl,
        showAnswers: o.calendarShowAnswers,
        sensitiveFields: sensitiveFieldNames(fields),
      }).join('\n'),
      start: { dateTime: booking.startsAt.toISOString(), timeZone: o.timeZone },
      end: { dateTime: booking.endsAt.toISOString(), timeZone: o.timeZone },
      extendedProperties: { private: { bookingId: booking.id } },
    };
    if (booking.googleCalendarEventId) {
      try {
        await call(o, 'PATCH', `${path}/${enc(booking.googleCalendarEventId)}`, body);
        return;
      } catch (err) {
        if (!isGone(err)) throw err; // deleted in Google meanwhile: recreate below
      }
    }
    const created = await call<{ id: string }>(o, 'POST', path, body);
    await bookingsRepo.update(
      db,
      booking.id,
      { googleCalendarEventId: created.id, googleCalendarId: calendarId },
      now(),
    );
  }

  return { push };
}
