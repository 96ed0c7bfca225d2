import type { CreatedBooking, ManagedBooking, MonthAvailabilityDto, PublicBooking, PublicBookingBody, PublicEvent, RescheduleBody } from '@contracts/public-booking';
import { fieldProblemMessage } from '@contracts/public-booking';
import { nl } from '@contracts/messages';
import {
  addDays,
  daysInMonth,
  deriveCustomer,
  isValidDate,
  keepFieldAnswers,
  monthAvailability,
  todayInZone,
  validateAnswers,
  zonedTimeToUtc,
} from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { bookingsRepo } from '../bookings/bookings.repo';
import { checkSlot, guardOverlap } from '../bookings/slot-rules';
import { customFieldsRepo } from '../events/custom-fields.repo';
import { eventsRepo } from '../events/events.repo';

const b = nl.booking;
type PublicEventRow = NonNullable<Awaited<ReturnType<typeof eventsRepo.findPublic>>>;

export function toPublicEvent({ event, timeZone, category }: PublicEventRow): PublicEvent {
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
  };
}

export interface PublicBookingDeps {
  appUrl: string;
  now?: () => Date;
}

export function createPublicBookingService(db: Db, deps: PublicBookingDeps) {
  const now = deps.now ?? (() => new Date());

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
      return (await customFieldsRepo.listByEvent(db, event.id)).map(({ id, fieldName, fieldType, isRequired, order }) => ({ id, fieldName, fieldType, isRequired, order }));
    },

    async takenTimes(eventId: string, date: string) {
      await eventBy({ id: eventId });
      if (!isValidDate(date)) throw badRequest(b.invalidDate);
      return bookingsRepo.takenTimesOnDate(db, eventId, date);
    },

    /** One request gives the wizard a whole month: bookable days, each slot with a busy flag. */
    async month(eventId: string, month: string): Promise<MonthAvailabilityDto> {
      const { event, timeZone } = await eventBy({ id: eventId });
      const [year, mon] = month.split('-').map(Number) as [number, number];
      const first = `${month}-01`;
      const from = zonedTimeToUtc(addDays(first, -1), '00:00', timeZone);
      const to = zonedTimeToUtc(addDays(first, daysInMonth(year, mon) + 1), '00:00', timeZone);
      const taken = await bookingsRepo.takenIntervals(db, event.id, from, to);
      const at = now();
      return { month, today: todayInZone(at, timeZone), timeZone, days: monthAvailability(month, { event, timeZone, taken, now: at }) };
    },

    async create(body: PublicBookingBody): Promise<CreatedBooking> {
      const { event, timeZone } = await eventBy({ id: body.eventId });
      if (event.requiresPayment) throw badRequest(b.paymentRequired);
      const fields = await customFieldsRepo.listByEvent(db, event.id);
      const problems = validateAnswers(fields, body.customFieldResponses);
      const firstProblem = Object.entries(problems)[0];
      if (firstProblem) {
        const messages = Object.fromEntries(Object.entries(problems).map(([k, p]) => [`customFieldResponses.${k}`, fieldProblemMessage[p]]));
        throw badRequest(`${firstProblem[0]}: ${fieldProblemMessage[firstProblem[1]]}`, messages);
      }
      const answers = keepFieldAnswers(fields, body.customFieldResponses);
      const customer = deriveCustomer(fields, answers);
      const interval = checkSlot(event, timeZone, body.bookingDate, body.bookingTime, now());
      const token = randomToken();
      const row = await guardOverlap(() =>
        bookingsRepo.insert(db, {
          eventId: event.id,
          customerName: customer.name ?? body.customerName?.trim() ?? 'Klant',
          customerEmail: customer.email,
          customerPhone: customer.phone,
          bookingDate: body.bookingDate,
          bookingTime: body.bookingTime,
          ...interval,
          status: 'confirmed',
          paymentStatus: 'not_required',
          managementTokenHash: sha256(token),
          customFieldResponses: answers,
        }),
      );
      return { booking: toPublicBooking(row), managementToken: token, managementUrl: `${deps.appUrl}/booking/manage/${token}` };
    },

    async manage(token: string): Promise<ManagedBooking> {
      const { booking, event } = await managed(token);
      return { booking: toPublicBooking(booking), event: toPublicEvent(event) };
    },

    /** The booking's own row is updated in place, so its old slot never blocks the new one. */
    async reschedule(token: string, body: RescheduleBody): Promise<ManagedBooking> {
      const { booking, event } = await managed(token);
      if (booking.status === 'cancelled') throw new AppError('CONFLICT', b.cancelledCannotChange);
      if (booking.startsAt.getTime() <= now().getTime()) throw new AppError('CONFLICT', b.pastCannotChange);
      const interval = checkSlot(event.event, event.timeZone, body.bookingDate, body.bookingTime, now());
      const row = await guardOverlap(() => bookingsRepo.update(db, booking.id, { bookingDate: body.bookingDate, bookingTime: body.bookingTime, ...interval }));
      return { booking: toPublicBooking(row), event: toPublicEvent(event) };
    },

    async cancel(token: string): Promise<ManagedBooking> {
      const { booking, event } = await managed(token);
      if (booking.status === 'cancelled') throw new AppError('CONFLICT', b.cancelledCannotChange);
      if (booking.startsAt.getTime() <= now().getTime()) throw new AppError('CONFLICT', b.pastCannotChange);
      const row = await bookingsRepo.update(db, booking.id, { status: 'cancelled' });
      return { booking: toPublicBooking(row), event: toPublicEvent(event) };
    },
  };
}
export type PublicBookingService = ReturnType<typeof createPublicBookingService>;
