import { nl } from '@contracts/messages';
import type { JoinWaitlistBody, PublicWaitlistEntry, WaitlistJoined } from '@contracts/public-waitlist';
import type { WaitlistEntryDto, WaitlistList } from '@contracts/waitlist';
import { slotFits, slotInterval, stillWaitable, waitlistRefusal } from '@core/index';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/client';
import type { UserRow, WaitlistEntryRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { byCustomer, type ActivityBy } from '../activity/activity.repo';
import { eventsRepo } from '../events/events.repo';
import { usersRepo } from '../users/users.repo';
import { refuseUnwelcome } from '../public/booking-draft';
import { withNeighbours, type PublicEventRow } from '../public/availability-input';
import { tellWaitlist } from './waitlist-events';
import { queueWaitlistMail } from './waitlist-mails';
import { daySlots, entryUrl, type WaitlistDeps, type WaitlistOffers } from './waitlist-offers';
import { waitlistRepo } from './waitlist.repo';

const w = nl.waitlist;
const o = nl.waitlistOwner;
const b = nl.booking;

const OPEN = new Set(['waiting', 'offered']);

/** The owner's view of an entry, with its place among the open ones of its time (or day). */
function toDto(entry: WaitlistEntryRow, position: number): WaitlistEntryDto {
  return {
    id: entry.id,
    position,
    time: entry.waitTime,
    seats: entry.seats,
    customerName: entry.customerName,
    customerEmail: entry.customerEmail,
    customerPhone: entry.customerPhone,
    status: entry.status,
    offerTime: entry.offerTime,
    offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
    notifiedAt: entry.notifiedAt?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
  };
}

/**
 * The waitlist (docs/PRODUCT.md#waitlist): customers join a full time or day, see and leave their
 * place; the owner sees the list per service and day, removes an entry or offers a place by hand.
 * The offers themselves are waitlist-offers.ts's, the claim waitlist-claim.ts's.
 */
export function createWaitlistService(deps: WaitlistDeps & { offers: WaitlistOffers }) {
  const { db, jobs, box, now, offers } = deps;

  async function eventOf(eventId: string) {
    const found = await eventsRepo.findPublic(db, { id: eventId });
    if (!found) throw notFound(b.eventNotFound);
    return found;
  }

  /** The entry behind a link; its service must still exist. */
  async function entryBy(token: string) {
    const entry = await waitlistRepo.findByTokenHash(db, sha256(token));
    if (!entry) throw notFound(w.entryNotFound);
    return entry;
  }

  /** Why this customer cannot wait for the time (or day) now; nothing: they can. */
  async function refuseJoin(found: PublicEventRow, body: JoinWaitlistBody, seats: number, at: Date) {
    const { event, timeZone } = found;
    if (!event.waitlistEnabled) throw new AppError('CONFLICT', w.notEnabled);
    if (seats > event.maxSeatsPerBooking) {
      const message = b.tooManySeats.replace('{n}', String(event.maxSeatsPerBooking));
      throw badRequest(message, { seats: message });
    }
    if (!withNeighbours(body.date)) throw badRequest(b.invalidDate, { date: b.invalidDate });
    const time = body.time ?? null;
    const refusal = waitlistRefusal(await daySlots(db, found, body.date, at), time, seats);
    if (refusal === 'notOffered') throw badRequest(time ? w.notOffered : w.pastDay, { date: w.pastDay });
    if (refusal === 'timeNotFull') throw new AppError('CONFLICT', w.timeNotFull);
    if (refusal === 'dayNotFull') throw new AppError('CONFLICT', w.dayNotFull);
    if (time) {
      const start = slotInterval(body.date, time, event.durationMinutes, timeZone).start;
      if (!stillWaitable(at.getTime(), start, event.minimumNoticeMinutes)) throw badRequest(w.pastDay);
    }
  }

  async function leave(entry: WaitlistEntryRow, status: 'left' | 'removed', by: ActivityBy) {
    const at = now();
    await db.transaction(async (tx) => {
      const locked = await waitlistRepo.lock(tx, entry.id);
      if (!locked || !OPEN.has(locked.status)) return;
      // A held place goes back at once (which wakes the next one waiting).
      if (locked.offerBookingId) await waitlistRepo.dropOfferHold(tx, locked.offerBookingId);
      const left = await waitlistRepo.update(tx, entry.id, { status, offerBookingId: null, updatedAt: at });
      await tellWaitlist(tx, jobs, { kind: `waitlist.${status}`, entry: left, by, at });
    });
  }

  return {
    /** POST /api/public/waitlist. */
    async join(body: JoinWaitlistBody): Promise<WaitlistJoined> {
      const found = await eventOf(body.eventId);
      const { event } = found;
      const seats = body.seats ?? 1;
      const at = now();
      await refuseJoin(found, body, seats, at);
      const customer = {
        customerName: body.name,
        customerEmail: body.email,
        customerPhone: body.phone || null,
      };
      await refuseUnwelcome(db, event.userId, customer, { policy: false });
      const owner = await usersRepo.findById(db, event.userId);
      if (!owner) throw notFound(b.eventNotFound);
      const token = randomToken();
      const duplicate = body.time ? w.alreadyOnTime : w.alreadyOnDay;
      try {
        return await db.transaction(async (tx) => {
          await waitlistRepo.lockDay(tx, event.id, body.date);
          const entry = await waitlistRepo.insert(tx, {
            eventId: event.id,
            ownerId: event.userId,
            waitDate: body.date,
            waitTime: body.time ?? null,
            seats,
            ...customer,
            tokenHash: sha256(token),
            tokenBox: box.encrypt(token),
            createdAt: at,
            updatedAt: at,
          });
          const position = await waitlistRepo.position(tx, entry);
          await queueWaitlistMail(jobs, tx, 'joined', {
            entry,
            service: event.title,
            owner: { ...owner, businessName: found.business.name || null },
            timeZone: found.timeZone,
            entryUrl: entryUrl(deps.appUrl, token),
            position,
          });
          await tellWaitlist(tx, jobs, {
            kind: 'waitlist.joined',
            entry,
            by: byCustomer(event.userId),
            at,
            position,
          });
          return { token, position };
        });
      } catch (err) {
        if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw new AppError('CONFLICT', duplicate);
        throw err;
      }
    },

    /** GET /api/public/waitlist/{token}: the entry's page. */
    async read(token: string): Promise<PublicWaitlistEntry> {
      const entry = await entryBy(token);
      const found = await eventOf(entry.eventId);
      const open = entry.status === 'waiting';
      return {
        status: entry.status,
        eventId: entry.eventId,
        slug: found.event.slug,
        title: found.event.title,
        businessName: found.business.name ?? '',
        timeZone: found.timeZone,
        date: entry.waitDate,
        time: entry.waitTime,
        seats: entry.seats,
        customerName: entry.customerName,
        customerEmail: entry.customerEmail,
        customerPhone: entry.customerPhone,
        position: open ? await waitlistRepo.position(db, entry) : null,
        offer:
          entry.status === 'offered' && entry.offerTime && entry.offerExpiresAt
            ? { time: entry.offerTime, expiresAt: entry.offerExpiresAt.toISOString() }
            : null,
        requiresPayment: found.event.requiresPayment,
      };
    },

    /** DELETE /api/public/waitlist/{token}: leaving twice changes nothing. */
    async leave(token: string) {
      const entry = await entryBy(token);
      await leave(entry, 'left', byCustomer(entry.ownerId));
    },

    /** GET /api/waitlist?eventId=&date=: the owner's list of a service's day, in its order. */
    async list(user: UserRow, eventId: string, date: string): Promise<WaitlistList> {
      const event = await eventsRepo.findOwned(db, user.id, eventId);
      if (!event) throw notFound(b.eventNotFound);
      const entries = await waitlistRepo.listOpen(db, eventId, date);
      const seen = new Map<string, number>();
      return {
        entries: entries.map((e) => {
          const key = e.waitTime ?? '';
          const position = (seen.get(key) ?? 0) + 1;
          seen.set(key, position);
          return toDto(e, position);
        }),
      };
    },

    /** DELETE /api/waitlist/{id}: the owner takes someone off the list (an offer's hold goes back). */
    async remove(user: UserRow, id: string, by: ActivityBy) {
      const entry = await waitlistRepo.findOfOwner(db, user.id, id);
      if (!entry) throw notFound(w.entryNotFound);
      await leave(entry, 'removed', by);
    },

    /**
     * POST /api/waitlist/{id}/offer: the owner offers a place by hand, ahead of the list's order: a
     * time's entry its time, a day's entry the time the owner names; held and mailed as any offer.
     */
    async offer(user: UserRow, id: string, time: string | null | undefined, by: ActivityBy) {
      const entry = await waitlistRepo.findOfOwner(db, user.id, id);
      if (!entry) throw notFound(w.entryNotFound);
      const at = now();
      const offered = await db.transaction(async (tx) => {
        const locked = await waitlistRepo.lock(tx, id);
        if (locked?.status !== 'waiting') throw new AppError('CONFLICT', o.notWaiting);
        const chosen = locked.waitTime ?? time;
        if (!chosen) throw badRequest(w.timeRequired, { time: w.timeRequired });
        const found = await eventsRepo.findPublic(tx, { id: locked.eventId });
        if (!found) throw notFound(b.eventNotFound);
        const slot = (await daySlots(tx, found, locked.waitDate, at))?.find((s) => s.time === chosen);
        if (!slot || !slotFits(slot, locked.seats)) return false;
        return offers.offerTime(tx, found, locked, chosen, at, by);
      });
      if (!offered) throw new AppError('CONFLICT', o.noPlaceToOffer);
      return this.list(user, entry.eventId, entry.waitDate);
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
