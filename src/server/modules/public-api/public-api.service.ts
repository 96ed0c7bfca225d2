import type { z } from 'zod';
import { nl } from '@contracts/messages';
import type {
  PublicAgenda,
  PublicAvailability,
  PublicBooking,
  PublicBookingPage,
  PublicCreatedBooking,
  PublicCustomer,
  PublicCustomerPage,
  PublicService,
  publicAvailabilityQuery,
  publicBookingsQuery,
  publicCreateBookingBody,
  publicCustomersQuery,
  publicMoveBody,
} from '@contracts/public-api';
import { addDays, amountToCentsRounded, toOffsetDateTime, zonedDayToUtc, zonedTimeToUtc } from '@core/index';
import { phoneSearchVariants } from '@core/phone';
import type { Db } from '../../db/client';
import type { AgendaRow, BookingRow, EventRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { agendasRepo } from '../agendas/agendas.repo';
import { actingMember, type BookingViewer } from '../bookings/booking-viewer';
import type { createManualBookingsService } from '../bookings/manual-bookings.service';
import { ownerBookingsRepo } from '../bookings/owner-bookings.repo';
import type { createOwnerBookingsService } from '../bookings/owner-bookings.service';
import { customersRepo, type CustomerWithFigures } from '../customers/customers.repo';
import { eventsRepo } from '../events/events.repo';
import type { createPublicBookingService } from '../public/public-booking.service';

const m = nl.apiKeys;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor is opaque to the client: base64url of the page's last [starts_at, id]. */
const encodeCursor = (b: Pick<BookingRow, 'startsAt' | 'id'>) =>
  Buffer.from(JSON.stringify([b.startsAt.toISOString(), b.id])).toString('base64url');

function decodeCursor(cursor: string): { startsAt: Date; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [iso, id] = value as unknown[];
      const startsAt = typeof iso === 'string' ? new Date(iso) : new Date(NaN);
      if (!Number.isNaN(startsAt.getTime()) && typeof id === 'string' && UUID.test(id))
        return { startsAt, id };
    }
  } catch {
    // Not base64url JSON: refused below like any other bad cursor.
  }
  throw badRequest(m.invalidCursor, { cursor: m.invalidCursor });
}

const money = (amount: string | null, currency: string) => {
  const cents = amountToCentsRounded(amount);
  return cents === null ? null : { cents, currency };
};

function bookingOf(
  b: BookingRow,
  event: Pick<EventRow, 'title' | 'durationMinutes' | 'currency'>,
  timeZone: string,
): PublicBooking {
  return {
    id: b.id,
    status: b.status,
    serviceId: b.eventId,
    serviceName: event.title,
    agendaId: b.agendaId,
    customerId: b.customerId,
    customerName: b.customerName,
    customerEmail: b.customerEmail,
    customerPhone: b.customerPhone,
    startsAt: toOffsetDateTime(b.startsAt, timeZone),
    endsAt: toOffsetDateTime(b.endsAt, timeZone),
    date: b.bookingDate,
    time: b.bookingTime,
    timeZone,
    durationMinutes: Math.round((b.endsAt.getTime() - b.startsAt.getTime()) / 60_000),
    seats: b.seats,
    paymentStatus: b.paymentStatus,
    amountPaid: money(b.amountPaid, event.currency),
    amountDue: money(b.amountDue, event.currency),
    noShow: b.noShow,
    seriesId: b.seriesId,
    visitId: b.visitId,
    answers: b.customFieldResponses,
    createdAt: toOffsetDateTime(b.createdAt, timeZone),
    updatedAt: toOffsetDateTime(b.updatedAt, timeZone),
  };
}

function serviceOf(e: EventRow, timeZone: string): PublicService {
  return {
    id: e.id,
    name: e.title,
    description: e.description,
    durationMinutes: e.durationMinutes,
    price: e.requiresPayment ? money(e.paymentAmount, e.currency) : null,
    seats: e.seats,
    agendaIds: e.agendaIds,
    categoryId: e.categoryId,
    createdAt: toOffsetDateTime(e.createdAt, timeZone),
  };
}

/** The customers' cursor: base64url of the page's last [lower(name), id], the order of the page. */
const encodeCustomerCursor = (c: { sortName: string; id: string }) =>
  Buffer.from(JSON.stringify([c.sortName, c.id])).toString('base64url');

function decodeCustomerCursor(cursor: string): { sortName: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [sortName, id] = value as unknown[];
      if (typeof sortName === 'string' && typeof id === 'string' && UUID.test(id)) return { sortName, id };
    }
  } catch {
    // Not base64url JSON: refused below like any other bad cursor.
  }
  throw badRequest(m.invalidCursor, { cursor: m.invalidCursor });
}

const offsetOrNull = (d: Date | null, timeZone: string) => (d ? toOffsetDateTime(d, timeZone) : null);

function customerOf(c: CustomerWithFigures, timeZone: string): PublicCustomer {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    birthDate: c.birthDate,
    tags: c.tags,
    marketingConsent: c.marketingConsent,
    blocked: c.blockedAt !== null,
    visits: c.visits,
    noShows: c.noShows,
    lastVisitAt: offsetOrNull(c.lastVisitAt, timeZone),
    nextVisitAt: offsetOrNull(c.nextVisitAt, timeZone),
    totalPaidCents: c.totalPaidCents,
    createdAt: toOffsetDateTime(c.createdAt, timeZone),
    updatedAt: toOffsetDateTime(c.updatedAt, timeZone),
  };
}

const agendaOf = (a: AgendaRow, timeZone: string): PublicAgenda => ({
  id: a.id,
  name: a.name,
  color: a.color,
  isDefault: a.isDefault,
  createdAt: toOffsetDateTime(a.createdAt, timeZone),
});

/**
 * The versioned API's reads and writes (docs/PRODUCT.md#public-api): the shapes of the answers only;
 * what may be read and changed is the app's own repositories and services, as a beheerder sees them.
 */
export function createPublicApiService(
  db: Db,
  deps: {
    ownerBookings: ReturnType<typeof createOwnerBookingsService>;
    manualBookings: ReturnType<typeof createManualBookingsService>;
    publicBooking: Pick<ReturnType<typeof createPublicBookingService>, 'month'>;
    now: () => Date;
  },
) {
  return {
    /** A page in appointment order (then id): a booking inserted meanwhile never shifts the pages. */
    async bookings(user: UserRow, q: z.output<typeof publicBookingsQuery>): Promise<PublicBookingPage> {
      const rows = await ownerBookingsRepo.list(db, user.id, {
        status: q.status,
        eventId: q.eventId,
        agendaId: q.agendaId,
        customerId: q.customerId,
        // The business's days as instants (a booking's date is its start's day on the business's
        // clock): the page is then read along the keyset index from the period's first booking.
        startsFrom: q.from ? new Date(zonedDayToUtc(q.from, user.timeZone)(0)) : undefined,
        startsBefore: q.to ? new Date(zonedDayToUtc(addDays(q.to, 1), user.timeZone)(0)) : undefined,
        updatedSince: q.updatedSince ? new Date(q.updatedSince) : undefined,
        order: 'asc',
        // One more than the page: whether there is a next page is known, not guessed.
        limit: q.limit + 1,
        after: q.cursor ? decodeCursor(q.cursor) : undefined,
      });
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        data: page.map((r) => bookingOf(r.booking, { ...r, title: r.eventTitle }, user.timeZone)),
        nextCursor: rows.length > q.limit && last ? encodeCursor(last.booking) : null,
      };
    },

    async booking(user: UserRow, id: string): Promise<PublicBooking> {
      const row = await ownerBookingsRepo.findOwned(db, user.id, id);
      if (!row) throw notFound(nl.ownerBookings.notFound);
      return bookingOf(row.booking, row.event, user.timeZone);
    },

    async services(user: UserRow) {
      const rows = await eventsRepo.listWithCategory(db, user.id);
      return { data: rows.map((r) => serviceOf(r.event, user.timeZone)), nextCursor: null };
    },

    async agendas(user: UserRow) {
      const rows = await agendasRepo.listLive(db, user.id);
      return { data: rows.map((a) => agendaOf(a, user.timeZone)), nextCursor: null };
    },

    /** Marks the booking not shown (or clears it) through the owner's own rules and history. */
    async noShow(user: UserRow, id: string, noShow: boolean, viewer: BookingViewer): Promise<PublicBooking> {
      await deps.ownerBookings.update(user, id, { noShow }, viewer);
      return this.booking(user, id);
    },

    /** A booking the business writes down: the owner's manual booking, its rules and its warnings. */
    async create(
      user: UserRow,
      body: z.output<typeof publicCreateBookingBody>,
      viewer: BookingViewer,
    ): Promise<PublicCreatedBooking> {
      const created = await deps.manualBookings.create(user, body, actingMember(viewer));
      return { ...(await this.booking(user, created.id)), warnings: created.warnings };
    },

    /** A move by the owner's move rules (the grid, the past and overlaps bind; closures do not). */
    async move(
      user: UserRow,
      id: string,
      body: z.output<typeof publicMoveBody>,
      viewer: BookingViewer,
    ): Promise<PublicBooking> {
      await deps.ownerBookings.update(user, id, body, viewer);
      return this.booking(user, id);
    },

    /** The owner's cancel: the customer hears of it only with `notifyCustomer`; nothing is refunded. */
    async cancel(user: UserRow, id: string, notifyCustomer: boolean, viewer: BookingViewer) {
      await deps.ownerBookings.update(user, id, { status: 'cancelled', notifyCustomer }, viewer);
      return this.booking(user, id);
    },

    /**
     * The free times of a month as the booking page computes them (its cached availability), for one
     * of the business's own services; another business's is not found.
     */
    async availability(
      user: UserRow,
      serviceId: string,
      q: z.output<typeof publicAvailabilityQuery>,
    ): Promise<PublicAvailability> {
      const event = await eventsRepo.findOwned(db, user.id, serviceId);
      if (!event) throw notFound(nl.eventRules.eventNotFound);
      if (q.agendaId && !event.agendaIds.includes(q.agendaId))
        throw badRequest(m.invalidAgenda, { agendaId: m.invalidAgenda });
      const month = await deps.publicBooking.month(event.id, q.month, q.agendaId);
      const tz = month.timeZone;
      const days = month.days.flatMap((d) => {
        const slots = d.slots
          .filter((s) => !s.busy)
          .map((s) => ({
            time: s.time,
            startsAt: toOffsetDateTime(zonedTimeToUtc(d.date, s.time, tz), tz),
            ...(s.seatsLeft === undefined ? {} : { seatsLeft: s.seatsLeft }),
          }));
        return slots.length ? [{ date: d.date, slots }] : [];
      });
      return { serviceId: event.id, month: month.month, timeZone: tz, days };
    },

    /** A page of the customers in name order (then id): a customer added meanwhile never shifts it. */
    async customers(user: UserRow, q: z.output<typeof publicCustomersQuery>): Promise<PublicCustomerPage> {
      const rows = await customersRepo.page(
        db,
        user.id,
        // A key has a beheerder's rights: every customer and their contact details.
        { all: true },
        { q: q.q || undefined, phoneVariants: q.q ? phoneSearchVariants(q.q) : [], sort: 'name' },
        { offset: 0, limit: q.limit + 1, after: q.cursor ? decodeCustomerCursor(q.cursor) : undefined },
        deps.now(),
      );
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        data: page.map((c) => customerOf(c, user.timeZone)),
        nextCursor: rows.length > q.limit && last ? encodeCustomerCursor(last) : null,
      };
    },

    async customer(user: UserRow, id: string): Promise<PublicCustomer> {
      const row = await customersRepo.withFigures(db, user.id, id, deps.now());
      if (!row) throw notFound(nl.customers.notFound);
      return customerOf(row, user.timeZone);
    },
  };
}
