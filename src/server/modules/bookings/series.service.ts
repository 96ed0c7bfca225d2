import type { z } from 'zod';
import type { OwnerBookingWarning } from '@core/index';
import {
  agendaHoursWarnings,
  formatLongDutchDate,
  isExistingWallTime,
  parseTime,
  seriesDates,
  workingFirst,
} from '@core/index';
import type { SeriesRefusal } from '@contracts/enums';
import { nl } from '@contracts/messages';
import type { OwnerBookingDto, updateBookingBody } from '@contracts/bookings';
import type { CreatedSeriesDto, createSeriesBody, SeriesCheckDto, seriesCheckBody } from '@contracts/series';
import type { Db } from '../../db/client';
import type { BookingRow, EventRow, UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import { agendasRepo } from '../agendas/agendas.repo';
import { customersRepo } from '../customers/customers.repo';
import { eventsRepo } from '../events/events.repo';
import type { ActingMember, BookingNotifier } from '../notifications/booking-notifier';
import { writeOwnerBooking } from './owner-booking-write';
import { classSessionsRepo } from './class-sessions.repo';
import { checkedOwnerAnswers } from './owner-answers';
import { agendaIdsOf, bookingsForViewer, classIdsOf, toDto } from './owner-bookings.service';
import { ownerBookingsRepo } from './owner-bookings.repo';
import { actingMember, agendaScope, seesBookingOf, type BookingViewer } from './booking-viewer';
import type { SeriesFollowing } from './series-following';
import {
  agendaCandidates,
  bookingBuffers,
  checkManualSlot,
  claimIn,
  claimIsFree,
  classClaimOf,
  extraCandidates,
  guardOverlap,
  type SlotClaim,
} from './slot-rules';

const m = nl.series;

type SeriesInput = z.output<typeof seriesCheckBody>;

/** One date of the series as planned: the rule's date, and where it is booked (moved or not). */
interface Planned {
  planned: string;
  date: string;
  time: string;
  moved: boolean;
}

/** A planned date judged: why it cannot be booked (null: it can) and what the owner overrules. */
interface Judged extends Planned {
  refusal: SeriesRefusal | null;
  warnings: OwnerBookingWarning[];
  claim: SlotClaim | null;
}

/**
 * Appointment series the owner writes down (docs/PRODUCT.md#series): every date checked with the
 * manual booking's rules first (warnings the owner may overrule; a taken time is not free), then
 * the dates kept booked in one transaction under one `seriesId`. The first occurrence's
 * confirmation lists every date; each occurrence has its own reminders and manage link.
 */
export function createSeriesService(
  db: Db,
  opts: { notifier: BookingNotifier; now: () => Date; box: SecretBox; following: SeriesFollowing },
) {
  const { now } = opts;

  async function ownedEvent(user: UserRow, eventId: string) {
    const event = await eventsRepo.findOwned(db, user.id, eventId);
    if (!event) throw notFound(nl.eventRules.eventNotFound);
    return event;
  }

  /** The series' dates by its rule, with the owner's moves applied. */
  function plan(body: SeriesInput): Planned[] {
    const end = body.count !== undefined ? { count: body.count } : { until: body.until! };
    const dates = seriesDates(body.date, body.every, end);
    const moves = new Map((body.moves ?? []).map((mv) => [mv.from, mv]));
    for (const from of moves.keys())
      if (!dates.includes(from)) throw badRequest(m.moveNotInSeries, { moves: m.moveNotInSeries });
    return dates.map((planned) => {
      const mv = moves.get(planned);
      return mv
        ? { planned, date: mv.date, time: mv.time, moved: true }
        : { planned, date: planned, time: body.time, moved: false };
    });
  }

  /** One date judged as a manual booking would be, and whether its agendas are free then. */
  async function judge(
    user: UserRow,
    event: EventRow,
    agendaIds: string[],
    agendaChosen: boolean,
    p: Planned,
    at: Date,
  ): Promise<Judged> {
    if (!isExistingWallTime(p.date, p.time, user.timeZone))
      return { ...p, refusal: 'skippedTime', warnings: [], claim: null };
    const { startsAt, endsAt, warnings } = await checkManualSlot(
      db,
      { event, timeZone: user.timeZone, date: p.date, time: p.time, agendaIds },
      at,
    );
    const hours = await agendasRepo.hoursOn(db, agendaIds, p.date);
    warnings.push(...agendaHoursWarnings(hours, p.date, p.time, event.durationMinutes));
    const claim: SlotClaim = {
      startsAt,
      endsAt,
      buffers: bookingBuffers(event),
      // "Geen voorkeur" goes to an agenda that works then, when one does (as a manual booking).
      agendaIds: workingFirst(agendaIds, hours, p.date, parseTime(p.time) ?? 0, event.durationMinutes),
      extraGroups: extraCandidates(event),
      spread: agendaChosen ? undefined : { date: p.date },
      classOf: classClaimOf(event, 1),
    };
    const free = await claimIsFree(db, claim, at);
    return { ...p, refusal: free ? null : 'taken', warnings, claim };
  }

  async function judgeAll(user: UserRow, event: EventRow, body: SeriesInput, planned: Planned[], at: Date) {
    const agendaIds = agendaCandidates(event, body.agendaId ?? null);
    const out: Judged[] = [];
    // In turn: a series is at most 52 dates, and the check is the owner's one request.
    for (const p of planned) out.push(await judge(user, event, agendaIds, Boolean(body.agendaId), p, at));
    return out;
  }

  async function dtoOf(rows: BookingRow[], event: EventRow) {
    const [names, classes] = await Promise.all([
      agendasRepo.namesOf(db, agendaIdsOf(rows)),
      classSessionsRepo.placesOf(db, classIdsOf(rows)),
    ]);
    return rows.map((row) =>
      toDto(row, {
        eventTitle: event.title,
        durationMinutes: event.durationMinutes,
        currency: event.currency,
        names,
        classes,
      }),
    );
  }

  const refusalMessage = (j: Pick<Judged, 'date' | 'time' | 'refusal'>) =>
    (j.refusal === 'skippedTime' ? m.dateSkippedTime : m.dateTaken)
      .replace('{date}', formatLongDutchDate(j.date))
      .replace('{time}', j.time);

  return {
    /** Every date of the series, free or why not; nothing is written. */
    async check(user: UserRow, body: SeriesInput): Promise<SeriesCheckDto> {
      const event = await ownedEvent(user, body.eventId);
      const judged = await judgeAll(user, event, body, plan(body), now());
      return {
        occurrences: judged.map((j) => ({
          planned: j.planned,
          date: j.date,
          time: j.time,
          moved: j.moved,
          free: j.refusal === null && j.warnings.length === 0,
          refusal: j.refusal,
          warnings: j.warnings,
        })),
      };
    },

    /**
     * The series booked: every date not skipped, in one transaction, sharing one `seriesId`. A date
     * still refused (taken, or taken by a parallel booking while writing) refuses the whole with a
     * 409 naming it, and nothing is written.
     */
    async create(
      user: UserRow,
      body: z.output<typeof createSeriesBody>,
      member: ActingMember,
    ): Promise<CreatedSeriesDto> {
      const event = await ownedEvent(user, body.eventId);
      const skip = new Set(body.skip ?? []);
      const planned = plan(body);
      for (const date of skip)
        if (!planned.some((p) => p.planned === date))
          throw badRequest(m.moveNotInSeries, { skip: m.moveNotInSeries });
      const kept = planned.filter((p) => !skip.has(p.planned));
      if (!kept.length) throw badRequest(m.nothingToBook, { skip: m.nothingToBook });
      const customer = {
        name: body.customerName,
        email: body.customerEmail || null,
        phone: body.customerPhone || null,
      };
      const answers = await checkedOwnerAnswers(db, event.id, customer, body.customFieldResponses ?? {});
      if (body.customerId && !(await customersRepo.find(db, user.id, body.customerId)))
        throw notFound(nl.customers.notFound);
      const at = now();
      const judged = await judgeAll(user, event, body, kept, at);
      const refused = judged.find((j) => j.refusal !== null);
      if (refused) throw new AppError('SLOT_TAKEN', refusalMessage(refused));
      const seriesId = crypto.randomUUID();
      const owner = {
        event,
        agendaChosen: Boolean(body.agendaId),
        customerId: body.customerId,
        customer,
        answers,
        notifyCustomer: body.notifyCustomer === true,
        member,
      };
      const rows = await guardOverlap(() =>
        db.transaction(async (tx) => {
          const written = [];
          for (const [k, j] of judged.entries()) {
            const { startsAt, endsAt } = j.claim!;
            const slot = { date: j.date, time: j.time, startsAt, endsAt, seats: 1 };
            const write = (w: Db, agendaId: string, extraAgendaIds: string[]) =>
              writeOwnerBooking(w, opts, owner, slot, { agendaId, extraAgendaIds }, at, {
                seriesId,
                laterOccurrence: k > 0,
              });
            try {
              written.push(await guardOverlap(() => claimIn(tx, j.claim!, at, write)));
            } catch (err) {
              // Taken by a parallel booking since the check: the whole series is refused, naming the date.
              if (err instanceof AppError && err.code === 'SLOT_TAKEN')
                throw new AppError('SLOT_TAKEN', refusalMessage({ ...j, refusal: 'taken' }));
              throw err;
            }
          }
          return written;
        }),
      );
      const dtos = await dtoOf(rows, event);
      return { seriesId, bookings: dtos.map((dto, k) => ({ ...dto, warnings: judged[k]!.warnings })) };
    },

    /**
     * The owner's "Deze en alle volgende" (PATCH /api/bookings/{id}?scope=following): a cancel
     * (optionally telling the customer) or a move of date and time, of the booking and every later
     * occurrence of its series the member sees. Nothing else goes with this scope.
     */
    async changeFollowing(
      user: UserRow,
      id: string,
      body: z.output<typeof updateBookingBody>,
      viewer: BookingViewer,
    ): Promise<OwnerBookingDto> {
      const found = await ownerBookingsRepo.findOwned(db, user.id, id, agendaScope(viewer));
      if (!found) throw notFound(nl.ownerBookings.notFound);
      const { booking, event } = found;
      const cancel = body.status === 'cancelled';
      const move = Boolean(body.bookingDate && body.bookingTime);
      const other = Object.entries(body).some(
        ([k, v]) =>
          v !== undefined && !['status', 'notifyCustomer', 'bookingDate', 'bookingTime'].includes(k),
      );
      if (other || cancel === move) throw badRequest(m.followingOnly);
      const actor = {
        by: 'owner' as const,
        member: actingMember(viewer),
        notifyCustomer: body.notifyCustomer,
        sees: (agendaId: string) => seesBookingOf(viewer, agendaId),
      };
      const row = cancel
        ? await opts.following.cancel(booking, actor)
        : await opts.following.move(
            booking,
            event,
            { date: body.bookingDate!, time: body.bookingTime! },
            { ...actor, timeZone: user.timeZone, owner: true },
          );
      return (await bookingsForViewer(db, viewer, await dtoOf([row], event)))[0]!;
    },
  };
}
export type SeriesService = ReturnType<typeof createSeriesService>;
