import {
  availabilityForDates,
  freeTimesFor,
  offerExpiry,
  slotFits,
  slotInterval,
  type SlotState,
} from '@core/index';
import type { Db } from '../../db/client';
import type { WaitlistEntryRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import type { JobQueue } from '../../jobs/job-queue';
import { bySystem, type ActivityBy } from '../activity/activity.repo';
import { bookingsRepo } from '../bookings/bookings.repo';
import { issueManagementToken } from '../bookings/management-token';
import { agendaCandidates, takeSlot } from '../bookings/slot-rules';
import { eventsRepo } from '../events/events.repo';
import { usersRepo } from '../users/users.repo';
import { slotClaimFor } from '../public/booking-draft';
import { segmentInput, type PublicEventRow } from '../public/availability-input';
import { tellWaitlist } from './waitlist-events';
import { queueWaitlistMail, type WaitlistMailKind } from './waitlist-mails';
import { waitlistRepo } from './waitlist.repo';

/** Wakeups handled per tick at most; the rest waits for the next one (a tick is a couple of seconds). */
const WAKEUPS_PER_TICK = 100;

export interface WaitlistDeps {
  db: Db;
  jobs: JobQueue;
  box: SecretBox;
  appUrl: string;
  now: () => Date;
}

/** The page of an entry: its offer to claim, or the list to leave. */
export const entryUrl = (appUrl: string, token: string) => `${appUrl}/wachtlijst/${token}`;

/**
 * A service's slots of one day as its month availability gives them to the booking page: the one
 * view the waitlist decides on (core waitlist.ts), on the server as in the browser.
 */
export async function daySlots(db: Db, found: PublicEventRow, date: string, at: Date) {
  const input = await segmentInput(db, found, date, date, agendaCandidates(found.event, null), at);
  return availabilityForDates([date], input)[0]?.slots;
}

/**
 * Offers of freed places (docs/PRODUCT.md#waitlist). The triggers of migration 0031 write a wakeup
 * in the statement of every change that frees places; `tick` takes each in a transaction that
 * deletes it and makes its offers, so a crash before the commit leaves it for the next tick and a
 * committed offer is never made again. A time's offer holds the place as a pending booking without
 * payment (the exclusion constraint and the class counter see it like any hold), and lapses at its
 * end: the hold is deleted, which frees the place for the next one waiting.
 */
export function createWaitlistOffers(deps: WaitlistDeps) {
  const { db, jobs, box, now } = deps;

  async function mailOf(tx: Db, kind: WaitlistMailKind, entry: WaitlistEntryRow, found: PublicEventRow) {
    const owner = await usersRepo.findById(tx, entry.ownerId);
    if (!owner) return;
    const token = box.decrypt(entry.tokenBox);
    await queueWaitlistMail(jobs, tx, kind, {
      entry,
      service: found.event.title,
      owner: { ...owner, businessName: found.business.name || null },
      timeZone: found.timeZone,
      entryUrl: entryUrl(deps.appUrl, token),
      offerExpiresAt: entry.offerExpiresAt,
    });
  }

  /**
   * Holds `time` for the entry until its offer ends and tells them; false when the place cannot be
   * held (taken meanwhile, or too close to the start to offer).
   */
  async function offerTime(
    tx: Db,
    found: PublicEventRow,
    entry: WaitlistEntryRow,
    time: string,
    at: Date,
    by: ActivityBy,
  ): Promise<boolean> {
    const { event, timeZone } = found;
    const start = slotInterval(entry.waitDate, time, event.durationMinutes, timeZone).start;
    const until = offerExpiry(at.getTime(), start, event.waitlistOfferMinutes, event.minimumNoticeMinutes);
    if (until === null) return false;
    let hold;
    try {
      const slot = { date: entry.waitDate, time, seats: entry.seats };
      const { startsAt, endsAt, buffers, claim } = await slotClaimFor(tx, event, timeZone, slot, at, found);
      // The hold's own secret is never shown: the claim gives the booking a new one.
      const { token: _unused, ...sealed } = issueManagementToken(box);
      hold = await takeSlot(tx, claim, at, (t, agendaId, extraAgendaIds) =>
        bookingsRepo.insert(t, {
          eventId: event.id,
          agendaId,
          extraAgendaIds,
          customerName: entry.customerName,
          customerEmail: entry.customerEmail,
          customerPhone: entry.customerPhone,
          customFieldResponses: {},
          bookingDate: entry.waitDate,
          bookingTime: time,
          seats: entry.seats,
          startsAt,
          endsAt,
          ...buffers,
          ...sealed,
          status: 'pending',
          paymentStatus: 'not_required',
          holdExpiresAt: new Date(until),
          createdAt: at,
          updatedAt: at,
        }),
      );
    } catch (err) {
      if (err instanceof AppError) return false; // taken meanwhile, or a rule refuses the time now
      throw err;
    }
    const offered = await waitlistRepo.update(tx, entry.id, {
      status: 'offered',
      offerBookingId: hold.id,
      offerTime: time,
      offeredAt: at,
      offerExpiresAt: new Date(until),
      updatedAt: at,
    });
    await mailOf(tx, 'offer', offered, found);
    await tellWaitlist(tx, jobs, { kind: 'waitlist.offered', entry: offered, by, at });
    return true;
  }

  /** Tells a day's waiting entry that a time fits now: mailed, no hold; the first to book wins. */
  async function tellDay(tx: Db, found: PublicEventRow, entry: WaitlistEntryRow, at: Date) {
    const told = await waitlistRepo.update(tx, entry.id, { notifiedAt: at, updatedAt: at });
    await mailOf(tx, 'day', told, found);
    await tellWaitlist(tx, jobs, { kind: 'waitlist.offered', entry: told, by: bySystem(entry.ownerId), at });
  }

  /**
   * One wakeup in one transaction: the first waiting for each time whose places fit are offered it
   * in the list's order (the hold changes what is left, so the day is read again after each), then
   * everyone waiting for the day hears of the times still free for them. False: none was waiting.
   */
  async function wakeOne(at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const wakeup = await waitlistRepo.takeWakeup(tx);
      if (!wakeup) return false;
      const found = await eventsRepo.findPublic(tx, { id: wakeup.eventId });
      if (!found?.event.waitlistEnabled) return true;
      const waiting = await waitlistRepo.waitingLocked(tx, wakeup.eventId, wakeup.waitDate);
      if (!waiting.length) return true;
      let slots: SlotState[] | undefined = await daySlots(tx, found, wakeup.waitDate, at);
      for (const entry of waiting) {
        if (!entry.waitTime) continue;
        const slot = slots?.find((s) => s.time === entry.waitTime);
        if (!slot || !slotFits(slot, entry.seats)) continue;
        if (await offerTime(tx, found, entry, entry.waitTime, at, bySystem(entry.ownerId)))
          slots = await daySlots(tx, found, wakeup.waitDate, at);
      }
      for (const entry of waiting) {
        if (entry.waitTime || !freeTimesFor(slots, entry.seats).length) continue;
        await tellDay(tx, found, entry, at);
      }
      return true;
    });
  }

  /** An offer past its end: the entry lapses and its hold is given back (which wakes the next one). */
  async function lapse(id: string, at: Date) {
    await db.transaction(async (tx) => {
      const entry = await waitlistRepo.lock(tx, id);
      if (entry?.status !== 'offered' || !entry.offerExpiresAt || entry.offerExpiresAt > at) return;
      if (entry.offerBookingId) await waitlistRepo.dropOfferHold(tx, entry.offerBookingId);
      const lapsed = await waitlistRepo.update(tx, id, {
        status: 'lapsed',
        offerBookingId: null,
        updatedAt: at,
      });
      await tellWaitlist(tx, jobs, {
        kind: 'waitlist.lapsed',
        entry: lapsed,
        by: bySystem(entry.ownerId),
        at,
      });
    });
  }

  return {
    offerTime,
    tellDay,

    /**
     * The worker's round: offers that lapsed at `at` are passed on, then every wakeup is handled.
     * Safe beside other instances: each lapse and wakeup is decided under its own lock.
     */
    async tick(at: Date = now()) {
      if (!(await waitlistRepo.anythingDue(db, at))) return { lapsed: 0, wakeups: 0 };
      const due = await waitlistRepo.dueLapses(db, at);
      for (const { id } of due) await lapse(id, at);
      let wakeups = 0;
      while (wakeups < WAKEUPS_PER_TICK && (await wakeOne(at))) wakeups++;
      return { lapsed: due.length, wakeups };
    },
  };
}
export type WaitlistOffers = ReturnType<typeof createWaitlistOffers>;
