import type {
  CreatedBooking,
  ManagedBooking,
  MonthAvailabilityDto,
  PublicBooking,
  PublicBookingBody,
  PublicEvent,
  RescheduleBody,
} from '@contracts/public-booking';
import { nl } from '@contracts/messages';
import {
  addDays,
  availabilityForDates,
  daysInMonth,
  isValidDate,
  monthAvailability,
  todayInZone,
  zonedTimeToUtc,
} from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow, EventRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { sha256, type SecretBox } from '../../lib/crypto';
import { bookingsRepo } from '../bookings/bookings.repo';
import { agendaCandidates, agendaOccupancy, checkSlot, takeSlot } from '../bookings/slot-rules';
import { customFieldsRepo } from '../events/custom-fields.repo';
import { eventsRepo } from '../events/events.repo';
import type { BookingNotifier } from '../notifications/booking-notifier';
import { draftBooking, managementUrl } from './booking-draft';

const b = nl.booking;

/**
 * A day whose neighbours exist too (years 0001–9999): the reads below look a day past either end
 * of what they are asked for, to cover the owner's time zone, and the calendar ends there.
 */
const withNeighbours = (date: string) =>
  isValidDate(date) && isValidDate(addDays(date, -1)) && isValidDate(addDays(date, 1));

type PublicEventRow = NonNullable<Awaited<ReturnType<typeof eventsRepo.findPublic>>>;

export function toPublicEvent({ event, timeZone, category, agendas }: PublicEventRow): PublicEvent {
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    description: event.description,
    workingDays: event.workingDays,
    dateRangeType: event.dateRangeType,
    dateRangeStart: event.dateRangeStart,
    dateRangeEnd: event.dateRangeEnd,
    specificDates: event.specificDates,
    dailyPauseTimes: event.dailyPauseTimes,
    durationMinutes: event.durationMinutes,
    requiresPayment: event.requiresPayment,
    paymentAmount: event.paymentAmount,
    currency: event.currency,
    themeColor: event.themeColor,
    timeZone,
    category: category?.name ? { name: category.name, color: category.color } : null,
    // Names only when there is a choice: one agenda's name is the owner's business alone.
    agendas: agendas.length > 1 ? agendas : [],
  };
}

export function toPublicBooking(row: BookingRow): PublicBooking {
  return {
    id: row.id,
    bookingDate: row.bookingDate,
    bookingTime: row.bookingTime,
    status: row.status,
    paymentStatus: row.paymentStatus,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    customFieldResponses: row.customFieldResponses,
    agendaId: row.agendaId,
    agendaChosen: row.agendaChosen,
  };
}

/** Confirms a booking of a paid event with its payment intent (payments module). */
export type ConfirmPaidBooking = (
  event: { event: EventRow; timeZone: string },
  body: PublicBookingBody & { stripePaymentIntentId: string },
) => Promise<CreatedBooking>;

export interface PublicBookingDeps {
  appUrl: string;
  box: SecretBox;
  notifier: BookingNotifier;
  now: () => Date;
  confirmPaid?: ConfirmPaidBooking;
}

export function createPublicBookingService(db: Db, deps: PublicBookingDeps) {
  const { now } = deps;

  async function eventBy(by: { slug: string } | { id: string }) {
    const row = await eventsRepo.findPublic(db, by);
    if (!row) throw notFound(b.eventNotFound);
    return row;
  }

  async function managed(token: string) {
    const booking = await bookingsRepo.findByTokenHash(db, sha256(token));
    if (!booking) throw notFound(b.bookingNotFound);
    const event = await eventBy({ id: booking.eventId });
    return { booking, event };
  }

  return {
    event: async (slug: string) => toPublicEvent(await eventBy({ slug })),

    async fields(slug: string) {
      const { event } = await eventBy({ slug });
      return (await customFieldsRepo.listByEvent(db, event.id)).map(
        ({ id, fieldName, fieldType, isRequired, order }) => ({
          id,
          fieldName,
          fieldType,
          isRequired,
          order,
        }),
      );
    },

    /**
     * The event's times on `date` a customer cannot take: every slot busy in all the agendas it may
     * use (booked by any service, or busy in Google Calendar), and the event's own bookings' times
     * that are not free slots now (past, or off today's grid).
     */
    async takenTimes(eventId: string, date: string, agendaId?: string | null) {
      const { event, timeZone, googleConnected } = await eventBy({ id: eventId });
      if (!withNeighbours(date)) throw badRequest(b.invalidDate);
      const at = now();
      const agendaIds = agendaCandidates(event, agendaId);
      const from = zonedTimeToUtc(date, '00:00', timeZone);
      const to = zonedTimeToUtc(addDays(date, 1), '00:00', timeZone);
      const agendaTaken = await agendaOccupancy(db, agendaIds, from, to, at, { googleConnected });
      const slots = availabilityForDates([date], { event, timeZone, taken: [], agendaTaken, now: at })[0]
        ?.slots;
      const free = new Set(slots?.filter((s) => !s.busy).map((s) => s.time));
      const own = await bookingsRepo.eventTimesOnDate(db, eventId, date, at);
      return [
        ...new Set([
          ...own.filter((t) => !free.has(t)),
          ...(slots ?? []).filter((s) => s.busy).map((s) => s.time),
        ]),
      ]
        .sort()
        .map((bookingTime) => ({ bookingTime }));
    },

    /**
     * One request gives the wizard a whole month: bookable days, each slot with a busy flag (busy
     * when every agenda the booking may use is taken: the chosen one, or all of the service's).
     */
    async month(eventId: string, month: string, agendaId?: string | null): Promise<MonthAvailabilityDto> {
      const { event, timeZone, googleConnected } = await eventBy({ id: eventId });
      const [year, mon] = month.split('-').map(Number) as [number, number];
      const first = `${month}-01`;
      if (!withNeighbours(first) || !withNeighbours(addDays(first, daysInMonth(year, mon))))
        throw badRequest(b.invalidMonth);
      const agendaIds = agendaCandidates(event, agendaId);
      const from = zonedTimeToUtc(addDays(first, -1), '00:00', timeZone);
      const to = zonedTimeToUtc(addDays(first, daysInMonth(year, mon) + 1), '00:00', timeZone);
      const at = now();
      const agendaTaken = await agendaOccupancy(db, agendaIds, from, to, at, { googleConnected });
      return {
        month,
        today: todayInZone(at, timeZone),
        timeZone,
        days: monthAvailability(month, { event, timeZone, taken: [], agendaTaken, now: at }),
      };
    },

    /** A free booking; a paid event's booking is confirmed only through its payment intent. */
    async create(body: PublicBookingBody): Promise<CreatedBooking> {
      const found = await eventBy({ id: body.eventId });
      const { event, timeZone } = found;
      if (event.requiresPayment) {
        const intentId = body.stripePaymentIntentId;
        if (!intentId || !deps.confirmPaid) throw badRequest(b.paymentRequired);
        return deps.confirmPaid(found, { ...body, stripePaymentIntentId: intentId });
      }
      const at = now();
      const { token, values, claim } = await draftBooking(db, deps.box, event, timeZone, body, at);
      const row = await takeSlot(db, claim, at, async (tx, agendaId) => {
        const inserted = await bookingsRepo.insert(tx, {
          ...values,
          agendaId,
          status: 'confirmed',
          paymentStatus: 'not_required',
        });
        await deps.notifier.created(tx, inserted);
        return inserted;
      });
      return {
        booking: toPublicBooking(row),
        managementToken: token,
        managementUrl: managementUrl(deps.appUrl, token),
      };
    },

    async manage(token: string): Promise<ManagedBooking> {
      const { booking, event } = await managed(token);
      return { booking: toPublicBooking(booking), event: toPublicEvent(event) };
    },

    /** The booking's own row is updated in place, so its old slot never blocks the new one. */
    async reschedule(token: string, body: RescheduleBody): Promise<ManagedBooking> {
      const { booking, event } = await managed(token);
      if (booking.status === 'cancelled') throw new AppError('CONFLICT', b.cancelledCannotChange);
      // The intent's metadata names the held slot; moving the hold would make its payment not match.
      if (booking.status === 'pending' && booking.holdExpiresAt)
        throw new AppError('CONFLICT', nl.payments.awaitingPayment);
      const at = now();
      if (booking.startsAt.getTime() <= at.getTime()) throw new AppError('CONFLICT', b.pastCannotChange);
      const interval = checkSlot(event.event, event.timeZone, body.bookingDate, body.bookingTime, at);
      // A person the customer chose stays theirs; otherwise the booking keeps its agenda if it is free.
      const agendaIds = agendaCandidates(event.event, null, {
        agendaId: booking.agendaId,
        chosen: booking.agendaChosen,
      });
      const claim = { ...interval, agendaIds, exceptId: booking.id };
      const row = await takeSlot(db, claim, at, async (tx, agendaId) => {
        const moved = await bookingsRepo.update(tx, booking.id, {
          bookingDate: body.bookingDate,
          bookingTime: body.bookingTime,
          ...interval,
          agendaId,
          // Still the customer's own choice only if they kept that agenda (it may have left the service).
          agendaChosen: booking.agendaChosen && agendaId === booking.agendaId,
        });
        await deps.notifier.rescheduled(tx, moved, 'customer');
        return moved;
      });
      return { booking: toPublicBooking(row), event: toPublicEvent(event) };
    },

    async cancel(token: string): Promise<ManagedBooking> {
      const { booking, event } = await managed(token);
      if (booking.status === 'cancelled') throw new AppError('CONFLICT', b.cancelledCannotChange);
      if (booking.startsAt.getTime() <= now().getTime()) throw new AppError('CONFLICT', b.pastCannotChange);
      const row = await db.transaction(async (tx) => {
        const cancelled = await bookingsRepo.update(tx, booking.id, { status: 'cancelled' });
        // Releasing an unpaid payment hold (a declined card) is not a cancelled appointment.
        if (booking.status === 'confirmed') await deps.notifier.cancelled(tx, cancelled, 'customer');
        return cancelled;
      });
      return { booking: toPublicBooking(row), event: toPublicEvent(event) };
    },
  };
}
export type PublicBookingService = ReturnType<typeof createPublicBookingService>;
