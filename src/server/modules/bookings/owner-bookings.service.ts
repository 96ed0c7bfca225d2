import type { z } from 'zod';
import {
  CUSTOMER_DETAIL_FIELDS,
  detailsIn,
  type bookingsQuery,
  type moveSlotsQuery,
  type OwnerBookingDto,
  type updateBookingBody,
} from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { amountToCentsRounded, centsToAmount, formatCents, refundAmountProblem } from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow, EventRow, MemberRow, UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { BookingNotifier } from '../notifications/booking-notifier';
import { refundable, type Refunds } from '../payments/refunds';
import { bookingsRepo } from './bookings.repo';
import { ownerBookingsRepo } from './owner-bookings.repo';
import { checkedOwnerAnswers } from './owner-answers';
import { agendasRepo } from '../agendas/agendas.repo';
import { customFieldsRepo } from '../events/custom-fields.repo';
import {
  actingMember,
  agendaScope,
  contactFieldNames,
  isContactAnswer,
  seesBookingOf,
  seesContact,
  withoutContact,
  type BookingViewer,
} from './booking-viewer';
import {
  agendaCandidates,
  bookingBuffers,
  checkSlot,
  guardOverlap,
  ownerDaySlots,
  classClaimOf,
  takeSlot,
  extraCandidates,
} from './slot-rules';
import { activityRepo, byMember } from '../activity/activity.repo';
import { classSessionsRepo, type ClassPlacesById } from './class-sessions.repo';

/** The class ids a set of bookings holds places of, for classSessionsRepo.placesOf. */
export const classIdsOf = (rows: ReadonlyArray<Pick<BookingRow, 'classSessionId'>>) => [
  ...new Set(rows.flatMap((r) => (r.classSessionId ? [r.classSessionId] : []))),
];

const m = nl.ownerBookings;

/**
 * The part a cancel gives back (docs/PRODUCT.md#refunds), at most what was paid online (a booking
 * from before deposits paid the event's price); null: all of it.
 */
function refundPartOf(booking: BookingRow, event: EventRow, amount: string | undefined): string | null {
  const paidCents = amountToCentsRounded(booking.amountPaid ?? event.paymentAmount) ?? 0;
  const cents = amountToCentsRounded(amount);
  if (cents === null || cents === paidCents) return null;
  if (refundAmountProblem(cents, paidCents) === 'tooMuch')
    throw badRequest(nl.refunds.amountTooMuch.replace('{amount}', formatCents(paidCents, event.currency)));
  return centsToAmount(cents);
}

const sameAnswers = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** Owner answers never carry the management token (nor its hash). */
/** Every agenda a booking occupies: its person and anything else (a room), for the names' lookup. */
export const agendaIdsOf = (rows: ReadonlyArray<Pick<BookingRow, 'agendaId' | 'extraAgendaIds'>>) => [
  ...new Set(rows.flatMap((r) => [r.agendaId, ...r.extraAgendaIds])),
];

export function toDto(
  booking: BookingRow,
  {
    eventTitle,
    durationMinutes,
    names,
    currency,
    classes,
  }: {
    eventTitle: string;
    durationMinutes: number;
    /** The names of the agendas the booking occupies (agendaIdsOf), by id. */
    names: ReadonlyMap<string, string>;
    currency: string;
    /** The places of the classes the bookings hold places of (classSessionsRepo.placesOf), by id. */
    classes?: ClassPlacesById;
  },
): OwnerBookingDto {
  const places = booking.classSessionId ? classes?.get(booking.classSessionId) : undefined;
  return {
    id: booking.id,
    eventId: booking.eventId,
    eventTitle,
    durationMinutes,
    agendaId: booking.agendaId,
    agendaName: names.get(booking.agendaId) ?? '',
    seats: booking.seats,
    classSessionId: booking.classSessionId,
    classSeatsTaken: places?.seatsTaken ?? null,
    capacity: places?.capacity ?? null,
    extraAgendaIds: booking.extraAgendaIds,
    extraAgendaNames: booking.extraAgendaIds.map((id) => names.get(id) ?? ''),
    visitId: booking.visitId,
    seriesId: booking.seriesId,
    visitPosition: booking.visitPosition,
    customerId: booking.customerId,
    customerName: booking.customerName,
    customerEmail: booking.customerEmail,
    customerPhone: booking.customerPhone,
    bookingDate: booking.bookingDate,
    bookingTime: booking.bookingTime,
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    amountPaid: booking.amountPaid,
    amountDue: booking.amountDue,
    currency,
    refundStatus: booking.refundStatus,
    refundError: booking.refundError,
    refundedAt: booking.refundedAt?.toISOString() ?? null,
    refundAmount: booking.refundAmount,
    noShow: booking.noShow,
    noShowAt: booking.noShowAt?.toISOString() ?? null,
    approvalExpiresAt:
      booking.status === 'requested' ? (booking.approvalExpiresAt?.toISOString() ?? null) : null,
    customFieldResponses: booking.customFieldResponses,
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
  };
}

/** The answer as the viewer may see it (booking-viewer.ts `withoutContact`). */
export async function bookingsForViewer(
  db: Db,
  viewer: BookingViewer,
  dtos: OwnerBookingDto[],
): Promise<OwnerBookingDto[]> {
  if (seesContact(viewer)) return dtos;
  const eventIds = [...new Set(dtos.map((d) => d.eventId))];
  const fields = new Map(
    await Promise.all(eventIds.map(async (e) => [e, await customFieldsRepo.listByEvent(db, e)] as const)),
  );
  return dtos.map((d) => withoutContact(d, fields.get(d.eventId) ?? []));
}

const encodeCursor = (b: BookingRow) =>
  Buffer.from(JSON.stringify([b.startsAt.toISOString(), b.id])).toString('base64url');
function decodeCursor(cursor: string) {
  try {
    const [iso, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const startsAt = new Date(iso);
    if (Number.isNaN(startsAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error('bad cursor');
    return { startsAt, id };
  } catch {
    throw badRequest(m.invalidCursor);
  }
}

export function createOwnerBookingsService(
  db: Db,
  opts: { notifier: BookingNotifier; now: () => Date; refunds: Refunds },
) {
  const { now } = opts;

  /** The booking if the viewer may see it: another business's or another agenda's answers 404. */
  async function owned(user: UserRow, id: string, viewer: BookingViewer) {
    const row = await ownerBookingsRepo.findOwned(db, user.id, id, agendaScope(viewer));
    if (!row) throw notFound(m.notFound);
    return row;
  }

  /**
   * The agendas a move may use: the service's candidates (agendaCandidates), of those only the ones
   * the viewer sees. Naming an agenda they do not see, or having none left, is refused (403).
   */
  /** Naming an agenda the viewer does not see is refused before anything else is checked. */
  function refuseOtherAgenda(viewer: BookingViewer, named: string | undefined) {
    if (named !== undefined && !seesBookingOf(viewer, named))
      throw new AppError('FORBIDDEN', nl.roles.otherAgenda);
  }

  function movableAgendas(viewer: BookingViewer, agendaIds: string[], named: string | undefined) {
    const seen = agendaIds.filter((a) => seesBookingOf(viewer, a));
    if ((named !== undefined && !seesBookingOf(viewer, named)) || !seen.length)
      throw new AppError('FORBIDDEN', nl.roles.otherAgenda);
    return seen;
  }

  const forViewer = (viewer: BookingViewer, dtos: OwnerBookingDto[]) => bookingsForViewer(db, viewer, dtos);

  /**
   * The customer details a PATCH sets, checked like the booking page's answers against the
   * service's fields (checkedOwnerAnswers), and the names of those that really differ.
   */
  async function changedDetails(
    booking: BookingRow,
    body: z.output<typeof updateBookingBody>,
    viewer: BookingViewer,
  ) {
    let answersBody = body.customFieldResponses;
    if (!seesContact(viewer)) {
      if (body.customerEmail !== undefined || body.customerPhone !== undefined)
        throw new AppError('FORBIDDEN', nl.errors.forbidden);
      // The contact answers this member never saw stay as they are.
      if (answersBody) {
        const names = contactFieldNames(await customFieldsRepo.listByEvent(db, booking.eventId));
        const hidden = Object.entries(booking.customFieldResponses).filter(([k, v]) =>
          isContactAnswer(booking, names, k, v),
        );
        answersBody = { ...answersBody, ...Object.fromEntries(hidden) };
      }
    }
    const customer = {
      name: body.customerName ?? booking.customerName,
      email: body.customerEmail === undefined ? booking.customerEmail : body.customerEmail || null,
      phone: body.customerPhone === undefined ? booking.customerPhone : body.customerPhone || null,
    };
    const answers = await checkedOwnerAnswers(
      db,
      booking.eventId,
      customer,
      answersBody ?? booking.customFieldResponses,
    );
    const next = {
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      customFieldResponses: answers,
    };
    const fields = CUSTOMER_DETAIL_FIELDS.filter((f) =>
      f === 'customFieldResponses'
        ? !sameAnswers(booking.customFieldResponses, answers)
        : booking[f] !== next[f],
    );
    return { values: next, fields: [...fields] };
  }

  async function dtoOf(row: BookingRow, event: EventRow, viewer: BookingViewer) {
    const [names, classes] = await Promise.all([
      agendasRepo.namesOf(db, agendaIdsOf([row])),
      classSessionsRepo.placesOf(db, classIdsOf([row])),
    ]);
    const dto = toDto(row, {
      eventTitle: event.title,
      durationMinutes: event.durationMinutes,
      currency: event.currency,
      names,
      classes,
    });
    return (await forViewer(viewer, [dto]))[0]!;
  }

  /**
   * Marks (or unmarks) a booking whose start has passed as not shown. Marking plans the
   * `booking.no_show` webhooks in the same transaction, once however often it is repeated.
   */
  async function markNoShow(booking: BookingRow, event: EventRow, noShow: boolean, viewer: BookingViewer) {
    if (booking.status === 'cancelled') throw new AppError('CONFLICT', nl.noShows.cancelled);
    if (booking.status !== 'confirmed') throw new AppError('CONFLICT', nl.payments.awaitingPayment);
    const at = now();
    if (at.getTime() < booking.startsAt.getTime()) throw new AppError('CONFLICT', nl.noShows.beforeStart);
    const row = await db.transaction(async (tx) => {
      const changed = await ownerBookingsRepo.setNoShow(tx, booking.id, noShow, at);
      if (changed) await opts.notifier.noShow(tx, changed, noShow, actingMember(viewer));
      return changed;
    });
    const current = row ?? (await ownerBookingsRepo.findOwned(db, event.userId, booking.id))!.booking;
    return dtoOf(current, event, viewer);
  }

  return {
    /** One page of the bookings the viewer sees (their agendas only without `bookings.allAgendas`). */
    async list(user: UserRow, query: z.output<typeof bookingsQuery>, viewer: BookingViewer) {
      const { cursor, ...filter } = query;
      const rows = await ownerBookingsRepo.list(db, user.id, {
        ...filter,
        after: cursor ? decodeCursor(cursor) : undefined,
        agendaIds: agendaScope(viewer),
        searchContact: seesContact(viewer),
      });
      const last = rows.at(-1);
      // A page names only a few agendas: one small lookup, keeping the page's query as it was
      // (a join to agendas doubled its p99 on 100,000 bookings, bench B6).
      const [names, classes] = await Promise.all([
        agendasRepo.namesOf(db, agendaIdsOf(rows.map((r) => r.booking))),
        // Only a page holding places of a class reads their counters.
        classSessionsRepo.placesOf(db, classIdsOf(rows.map((r) => r.booking))),
      ]);
      return {
        items: await forViewer(
          viewer,
          rows.map((r) => toDto(r.booking, { ...r, names, classes })),
        ),
        nextCursor: rows.length === query.limit && last ? encodeCursor(last.booking) : null,
      };
    },

    /**
     * The grid of `date` as the owner's move sees it (core dayVerdicts with `owner`): notice, horizon,
     * closures and the daily limit do not bind the owner; a slot is busy when it would overlap another
     * booking or a busy time of the agenda, with the buffers this booking was made with.
     */
    async moveSlots(
      user: UserRow,
      id: string,
      query: z.output<typeof moveSlotsQuery>,
      viewer: BookingViewer,
    ) {
      const { booking, event } = await owned(user, id, viewer);
      refuseOtherAgenda(viewer, query.agendaId);
      const agendaIds = movableAgendas(
        viewer,
        agendaCandidates(event, query.agendaId ?? null, { agendaId: booking.agendaId, chosen: true }),
        query.agendaId,
      );
      return ownerDaySlots(
        db,
        {
          event,
          timeZone: user.timeZone,
          date: query.date,
          agendaIds,
          extraGroups: extraCandidates(event, booking.extraAgendaIds),
          buffers: bookingBuffers(booking),
          googleConnected: user.googleAccessToken !== null,
          exceptId: booking.id,
          seats: booking.seats,
        },
        now(),
      );
    },

    /**
     * Cancel, move (date and time under the event's rules, and/or to another agenda of the service),
     * and/or correct the customer's details. The owner's move never overlaps another booking in the
     * agenda; a cancelled booking stays as it is. A move to the booking's own date, time and agenda
     * and details equal to the stored ones change nothing and send nothing: the booking is answered
     * as it is.
     */
    async update(user: UserRow, id: string, body: z.output<typeof updateBookingBody>, viewer: BookingViewer) {
      const { booking, event } = await owned(user, id, viewer);
      const member = actingMember(viewer);
      if (body.noShow !== undefined) return markNoShow(booking, event, body.noShow, viewer);
      if (booking.status === 'cancelled') throw new AppError('CONFLICT', m.cancelledCannotEdit);
      // A cancel without a refund choice keeps the spec's meaning: nothing is given back.
      const refund =
        body.status === 'cancelled' && (body.refund === 'full' || body.refundAmount !== undefined);
      if (refund && !refundable(booking)) throw new AppError('CONFLICT', nl.refunds.notPaid);
      const refundAmount = refund ? refundPartOf(booking, event, body.refundAmount) : null;
      const details = detailsIn(body).length ? await changedDetails(booking, body, viewer) : null;
      let values: Partial<BookingRow> = { ...details?.values };
      // The owner names the agenda or keeps the booking's; only when that agenda no longer belongs to
      // the service may another of its agendas take the booking.
      refuseOtherAgenda(viewer, body.agendaId);
      const agendaIds = movableAgendas(
        viewer,
        agendaCandidates(event, body.agendaId ?? null, { agendaId: booking.agendaId, chosen: true }),
        body.agendaId,
      );
      const sameSlot = body.bookingDate === booking.bookingDate && body.bookingTime === booking.bookingTime;
      if (body.bookingDate && body.bookingTime && !sameSlot) {
        // The owner decides: notice, horizon, closures and the daily limit do not bind them; the grid,
        // the past and overlaps (with the booking's own buffers) do.
        const { startsAt, endsAt } = await checkSlot(
          db,
          {
            event,
            timeZone: user.timeZone,
            date: body.bookingDate,
            time: body.bookingTime,
            agendaIds,
            owner: true,
          },
          now(),
        );
        values = {
          ...values,
          bookingDate: body.bookingDate,
          bookingTime: body.bookingTime,
          startsAt,
          endsAt,
        };
      }
      if (body.status === 'cancelled') values.status = 'cancelled';
      const moves =
        Boolean(values.startsAt) || (body.agendaId !== undefined && body.agendaId !== booking.agendaId);
      const changed = details?.fields ?? [];
      if (!moves && !values.status && !changed.length) return dtoOf(booking, event, viewer);
      // The owner's cancel tells the customer only with notifyCustomer (docs/PRODUCT.md#bookings-page);
      // a move to another date or time always does.
      const write = async (tx: Db, agendaId = booking.agendaId, extraAgendaIds = booking.extraAgendaIds) => {
        if (values.status === 'cancelled') {
          // Conditional: of two cancels at once only one commits, so the refund is asked once.
          const row = await bookingsRepo.cancelLive(tx, booking.id, now(), {
            ...values,
            agendaId,
            ...(refund ? { refundStatus: 'pending' as const, refundError: null, refundAmount } : {}),
          });
          if (!row) throw new AppError('CONFLICT', m.cancelledCannotEdit);
          // Releasing an unpaid payment hold is not a cancelled appointment (no history, no webhook).
          if (booking.status === 'confirmed')
            await opts.notifier.cancelled(tx, row, 'owner', { notifyCustomer: body.notifyCustomer, member });
          return row;
        }
        const before = moves ? await bookingsRepo.lockSlot(tx, booking.id) : booking;
        const row = await bookingsRepo.update(tx, booking.id, { ...values, agendaId, extraAgendaIds }, now());
        if (changed.length) await opts.notifier.detailsChanged(tx, row, changed, member);
        if (moves && booking.status === 'confirmed')
          await opts.notifier.rescheduled(tx, row, 'owner', before, member);
        return row;
      };
      const row =
        moves && values.status !== 'cancelled'
          ? await takeSlot(
              db,
              {
                startsAt: values.startsAt ?? booking.startsAt,
                endsAt: values.endsAt ?? booking.endsAt,
                buffers: bookingBuffers(booking),
                agendaIds,
                extraGroups: extraCandidates(event, booking.extraAgendaIds),
                exceptId: booking.id,
                // A class's other bookings at the new time share the agenda; its places must hold this one's.
                classOf: classClaimOf(event, booking.seats),
              },
              now(),
              write,
            )
          : await guardOverlap(() => db.transaction((tx) => write(tx)));
      // After the commit: the provider is asked only for a cancel that really happened.
      const settled = refund
        ? ((await opts.refunds.refund(row.id, () => byMember({ ...viewer, businessId: user.id }))) ?? row)
        : row;
      return dtoOf(settled, event, viewer);
    },

    /**
     * Removes the booking for good. Its history goes with it, so the activity log keeps who removed
     * which appointment (`booking.deleted`, the customer's name, date and time as the values before).
     */
    async remove(user: UserRow, id: string, member: BookingViewer & Pick<MemberRow, 'businessId'>) {
      const { booking, event } = await owned(user, id, member);
      await db.transaction(async (tx) => {
        await ownerBookingsRepo.delete(tx, id);
        await opts.notifier.deleted(tx, booking);
        await activityRepo.record(tx, byMember(member), now(), {
          kind: 'booking.deleted',
          bookingId: booking.id,
          subjectId: booking.id,
          subjectName: booking.customerName,
          before: {
            customerName: booking.customerName,
            bookingDate: booking.bookingDate,
            bookingTime: booking.bookingTime,
            eventTitle: event.title,
          },
        });
      });
    },
  };
}
