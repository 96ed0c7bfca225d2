import type { z } from 'zod';
import type { classMessageBody, ClassMessageDto, ClassSessionDto } from '@contracts/class-sessions';
import { nl } from '@contracts/messages';
import { utcToZoned } from '@core/index';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { JobQueue } from '../../jobs/job-queue';
import { agendasRepo } from '../agendas/agendas.repo';
import { eventsRepo } from '../events/events.repo';
import { classMessageJob } from '../notifications/class-message';
import { seesBookingOf, type BookingViewer } from './booking-viewer';
import { classSessionsRepo } from './class-sessions.repo';
import { agendaIdsOf, bookingsForViewer, toDto } from './owner-bookings.service';

const m = nl.classAttendees;

/**
 * A class time as the owner sees it (docs/PRODUCT.md#classes): its attendees, and one message to all
 * of them. Its bookings are changed through the bookings' own routes (no-show, cancel, add by hand).
 */
export function createClassSessionsService(db: Db, opts: { jobs: JobQueue; appUrl: string }) {
  const host = new URL(opts.appUrl).hostname;

  /** The class if the viewer sees its agenda: another business's, or another agenda's, answers 404. */
  async function owned(user: UserRow, id: string, viewer: BookingViewer) {
    const row = await classSessionsRepo.findOwned(db, user.id, id);
    if (!row || !seesBookingOf(viewer, row.session.agendaId)) throw notFound(m.notFound);
    return row;
  }

  return {
    async get(user: UserRow, id: string, viewer: BookingViewer): Promise<ClassSessionDto> {
      const { session, event, agendaName } = await owned(user, id, viewer);
      const rows = await classSessionsRepo.bookingsOf(db, id);
      const names = await agendasRepo.namesOf(db, agendaIdsOf(rows));
      const classes = new Map([[session.id, { seatsTaken: session.seatsTaken, capacity: session.capacity }]]);
      const attendees = rows.map((r) =>
        toDto(r, {
          eventTitle: event.title,
          durationMinutes: event.durationMinutes,
          currency: event.currency,
          names,
          classes,
        }),
      );
      // The wall clock of the class in the owner's zone, as its bookings store theirs.
      const { date, time } = utcToZoned(session.startsAt, user.timeZone);
      return {
        session: {
          id: session.id,
          eventId: event.id,
          title: event.title,
          agendaId: session.agendaId,
          agendaName,
          date,
          time,
          startsAt: session.startsAt.toISOString(),
          endsAt: new Date(session.startsAt.getTime() + event.durationMinutes * 60_000).toISOString(),
          durationMinutes: event.durationMinutes,
          seatsTaken: session.seatsTaken,
          capacity: session.capacity,
          maxSeatsPerBooking: event.maxSeatsPerBooking,
        },
        attendees: await bookingsForViewer(db, viewer, attendees),
      };
    },

    /**
     * Queues the owner's message to every live attendee with an e-mail address, one composed mail
     * each (one per address: a customer with two bookings of the class gets it once), in one
     * transaction: all of them are queued, or none.
     */
    async message(
      user: UserRow,
      id: string,
      body: z.output<typeof classMessageBody>,
      viewer: BookingViewer,
    ): Promise<ClassMessageDto> {
      const { session, event } = await owned(user, id, viewer);
      const { date, time } = utcToZoned(session.startsAt, user.timeZone);
      const recipients = await db.transaction(async (tx) => {
        const context = await eventsRepo.withOwner(tx, event.id);
        if (!context) throw notFound(m.notFound);
        const rows = await classSessionsRepo.bookingsOf(tx, id);
        const addresses = new Map<string, string>();
        for (const r of rows) {
          if (r.status === 'cancelled' || !r.customerEmail) continue;
          const key = r.customerEmail.trim().toLowerCase();
          if (!addresses.has(key)) addresses.set(key, r.customerEmail);
        }
        if (!addresses.size) throw new AppError('CONFLICT', m.mailNoRecipients);
        for (const to of addresses.values()) {
          const job = classMessageJob({
            owner: context.owner,
            to,
            subject: body.subject,
            message: body.message,
            event,
            date,
            time,
            host,
          });
          await opts.jobs.enqueue(tx, 'farewellMail', job, { id: crypto.randomUUID() });
        }
        return addresses.size;
      });
      return { recipients };
    },
  };
}
export type ClassSessionsService = ReturnType<typeof createClassSessionsService>;
