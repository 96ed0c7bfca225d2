import type { z } from 'zod';
import type { createBookingBody, CreatedBookingDto, newBookingSlotsQuery } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { agendaHoursWarnings, closureCovers, parseTime, workingFirst } from '@core/index';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import { agendasRepo } from '../agendas/agendas.repo';
import { closuresRepo } from '../closures/closures.repo';
import { eventsRepo } from '../events/events.repo';
import type { ActingMember, BookingNotifier } from '../notifications/booking-notifier';
import { bookingsRepo } from './bookings.repo';
import { writeOwnerBooking } from './owner-booking-write';
import { checkedOwnerAnswers } from './owner-answers';
import { agendaIdsOf, classIdsOf, toDto } from './owner-bookings.service';
import { classSessionsRepo } from './class-sessions.repo';
import {
  agendaCandidates,
  bookingBuffers,
  checkManualSlot,
  ownerDaySlots,
  classClaimOf,
  takeSlot,
  extraCandidates,
} from './slot-rules';
import { customersRepo } from '../customers/customers.repo';

export function createManualBookingsService(
  db: Db,
  opts: { notifier: BookingNotifier; now: () => Date; box: SecretBox },
) {
  const { now } = opts;

  async function ownedEvent(user: UserRow, eventId: string) {
    const event = await eventsRepo.findOwned(db, user.id, eventId);
    if (!event) throw notFound(nl.eventRules.eventNotFound);
    return event;
  }

  return {
    /**
     * The owner's grid of a day for a new booking (the service's buffers), and the service's live
     * bookings and the closures of that day, from which the dialog warns before saving.
     */
    async slots(user: UserRow, query: z.output<typeof newBookingSlotsQuery>) {
      const event = await ownedEvent(user, query.eventId);
      const agendaIds = agendaCandidates(event, query.agendaId ?? null);
      const at = now();
      const [slots, dayCount, closures] = await Promise.all([
        ownerDaySlots(
          db,
          {
            event,
            timeZone: user.timeZone,
            date: query.date,
            agendaIds,
            extraGroups: extraCandidates(event),
            buffers: bookingBuffers(event),
            googleConnected: user.googleAccessToken !== null,
          },
          at,
        ),
        bookingsRepo.liveOnEventDate(db, event.id, query.date, at),
        closuresRepo.overlapping(db, user.id, query.date, query.date),
      ]);
      // A yearly closure comes back whatever its dates; only those closing this day are answered.
      return { slots, dayCount, closures: closures.filter((c) => closureCovers(c, query.date)) };
    },

    /**
     * A booking the owner writes down. Notice, horizon, daily limit, closures, working hours and the
     * past are the owner's to overrule (answered as `warnings`); an overlap in the agenda (buffers
     * included) is not. Not paid online: a paid service's price is settled at the desk.
     */
    async create(
      user: UserRow,
      body: z.output<typeof createBookingBody>,
      member: ActingMember,
    ): Promise<CreatedBookingDto> {
      const event = await ownedEvent(user, body.eventId);
      // A class's booking may take several places, as the booking page's (docs/PRODUCT.md#classes).
      const seats = body.seats ?? 1;
      if (seats > event.maxSeatsPerBooking) {
        const message = nlPublicSteps.booking.tooManySeats.replace('{n}', String(event.maxSeatsPerBooking));
        throw badRequest(message, { seats: message });
      }
      const agendaIds = agendaCandidates(event, body.agendaId ?? null);
      const customer = {
        name: body.customerName,
        email: body.customerEmail || null,
        phone: body.customerPhone || null,
      };
      const answers = await checkedOwnerAnswers(db, event.id, customer, body.customFieldResponses ?? {});
      if (body.customerId && !(await customersRepo.find(db, user.id, body.customerId)))
        throw notFound(nl.customers.notFound);
      const at = now();
      const { startsAt, endsAt, warnings } = await checkManualSlot(
        db,
        { event, timeZone: user.timeZone, date: body.bookingDate, time: body.bookingTime, agendaIds },
        at,
      );
      // The agendas' own weeks and absences warn too (docs/PRODUCT.md#agenda-hours), last in the list
      // as core ownerBookingWarnings puts them.
      const hours = await agendasRepo.hoursOn(db, agendaIds, body.bookingDate);
      warnings.push(...agendaHoursWarnings(hours, body.bookingDate, body.bookingTime, event.durationMinutes));
      const buffers = bookingBuffers(event);
      const claim = {
        startsAt,
        endsAt,
        buffers,
        // "Geen voorkeur" goes to an agenda that works then, when one does.
        agendaIds: workingFirst(
          agendaIds,
          hours,
          body.bookingDate,
          parseTime(body.bookingTime) ?? 0,
          event.durationMinutes,
        ),
        extraGroups: extraCandidates(event),
        spread: body.agendaId ? undefined : { date: body.bookingDate },
        // The class's other bookings at that time share the agenda; its places must hold these.
        classOf: classClaimOf(event, seats),
      };
      const owner = {
        event,
        agendaChosen: Boolean(body.agendaId),
        customerId: body.customerId,
        customer,
        answers,
        notifyCustomer: body.notifyCustomer === true,
        member,
      };
      const slot = { date: body.bookingDate, time: body.bookingTime, startsAt, endsAt, seats };
      const row = await takeSlot(db, claim, at, (tx, agendaId, extraAgendaIds) =>
        writeOwnerBooking(tx, opts, owner, slot, { agendaId, extraAgendaIds }, at),
      );
      const [names, classes] = await Promise.all([
        agendasRepo.namesOf(db, agendaIdsOf([row])),
        classSessionsRepo.placesOf(db, classIdsOf([row])),
      ]);
      return {
        ...toDto(row, {
          eventTitle: event.title,
          durationMinutes: event.durationMinutes,
          currency: event.currency,
          names,
          classes,
        }),
        warnings,
      };
    },
  };
}
export type ManualBookingsService = ReturnType<typeof createManualBookingsService>;
