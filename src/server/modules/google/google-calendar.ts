import type { FastifyBaseLogger } from 'fastify';
import { nl } from '@contracts/messages';
import { zonedTimeToUtc } from '@core/index';
import { AppError } from '../../http/app-error';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { GoogleError, type GoogleClient } from '../../integrations/google/google-client';
import type { JobQueue } from '../../jobs/job-queue';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { bookingsRepo } from '../bookings/bookings.repo';
import type { BookingNotifier } from '../notifications/booking-notifier';
import { usersRepo } from '../users/users.repo';
import type { GoogleGrants } from './google-grants';
import { calendarOf, googleRepo } from './google.repo';

/** Channels are renewed when they have less than this left (Google caps them at about a week). */
export const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

interface GEvent {
  id: string;
  status?: string;
  transparency?: string;
  start?: { dateTime?: string; date?: string };
  end?: { dateTime?: string; date?: string };
  extendedProperties?: { private?: Record<string, string> };
}

export interface CalendarDeps {
  db: Db;
  google: GoogleClient;
  grants: GoogleGrants;
  jobs: JobQueue;
  notifier: () => BookingNotifier;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

const enc = encodeURIComponent;

/** Google's own failures reach the owner as the spec's Dutch sync message (§8), never as a 5xx. */
async function asAppError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof GoogleError || (err instanceof Error && err.name === 'TimeoutError')) throw new AppError('GOOGLE_FAILED', nl.google.syncFailed);
    throw err;
  }
}

/** A calendar-push job: bring a booking's event in line, or remove the event of a deleted booking. */
export type CalendarJob = { bookingId: string } | { ownerId: string; calendarId: string; eventId: string };

/**
 * Two-way Calendar sync: bookings are pushed as events (by retried jobs), and the owner's own
 * events are mirrored by incremental sync (sync tokens; 410 → full resync) to block busy times.
 * Watch channels make Google tell us about changes; a booking's event deleted in Google counts as
 * the owner cancelling that booking.
 */
export function createGoogleCalendar(deps: CalendarDeps) {
  const { db, google, grants, log, now } = deps;

  async function owner(userId: string): Promise<UserRow | undefined> {
    const row = await usersRepo.findById(db, userId);
    return row?.googleAccessToken && !row.googleBrokenAt ? row : undefined;
  }
  const call = <T>(o: UserRow, method: string, path: string, body?: unknown) => grants.withToken(o, 'google', (token) => google.api<T>(token, method, path, body));

  /** Removes the event of a booking the owner deleted (the row is gone, so the job carries the ids). */
  async function removeEvent({ ownerId, calendarId, eventId }: { ownerId: string; calendarId: string; eventId: string }) {
    const o = await owner(ownerId);
    if (!o) return;
    await call(o, 'DELETE', `/calendar/v3/calendars/${enc(calendarId)}/events/${enc(eventId)}`).catch((err: unknown) => {
      if (!(err instanceof GoogleError && (err.status === 404 || err.status === 410))) throw err; // already gone
    });
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
      await bookingsRepo.update(db, booking.id, { googleCalendarEventId: null, googleCalendarId: null });
      return;
    }
    const body = {
      summary: `${event.title}: ${booking.customerName}`,
      description: [booking.customerEmail, booking.customerPhone].filter(Boolean).join('\n'),
      start: { dateTime: booking.startsAt.toISOString(), timeZone: o.timeZone },
      end: { dateTime: booking.endsAt.toISOString(), timeZone: o.timeZone },
      extendedProperties: { private: { bookingId: booking.id } },
    };
    if (booking.googleCalendarEventId) {
      try {
        await call(o, 'PATCH', `${path}/${enc(booking.googleCalendarEventId)}`, body);
        return;
      } catch (err) {
        if (!(err instanceof GoogleError && (err.status === 404 || err.status === 410))) throw err; // recreate below
      }
    }
    const created = await call<{ id: string }>(o, 'POST', path, body);
    await bookingsRepo.update(db, booking.id, { googleCalendarEventId: created.id, googleCalendarId: calendarId });
  }

  function interval(e: GEvent, timeZone: string): { startsAt: Date; endsAt: Date } | null {
    if (e.start?.dateTime && e.end?.dateTime) return { startsAt: new Date(e.start.dateTime), endsAt: new Date(e.end.dateTime) };
    if (e.start?.date && e.end?.date) return { startsAt: zonedTimeToUtc(e.start.date, '00:00', timeZone), endsAt: zonedTimeToUtc(e.end.date, '00:00', timeZone) };
    return null;
  }

  async function apply(o: UserRow, calendarId: string, e: GEvent): Promise<number> {
    const ours = e.extendedProperties?.private?.bookingId;
    if (e.status === 'cancelled') {
      await googleRepo.deleteBusy(db, o.id, calendarId, e.id);
      const booking = await googleRepo.bookingByGoogleEvent(db, o.id, e.id);
      if (booking?.status === 'confirmed') {
        // Deleted in Google by the owner: the owner cancelled it (no mail to the customer, §2.7).
        await db.transaction(async (tx) => {
          const cancelled = await bookingsRepo.update(tx, booking.id, { status: 'cancelled', googleCalendarEventId: null, googleCalendarId: null });
          await deps.notifier().cancelled(tx, cancelled, 'owner');
        });
      }
      return 0;
    }
    const span = interval(e, o.timeZone);
    if (ours || e.transparency === 'transparent' || !span || span.endsAt <= span.startsAt) {
      await googleRepo.deleteBusy(db, o.id, calendarId, e.id);
      return 0;
    }
    await googleRepo.upsertBusy(db, { userId: o.id, calendarId, googleEventId: e.id, ...span });
    return 1;
  }

  /** Brings the busy mirror of one calendar up to date; answers how many busy events changed. */
  async function syncCalendar(o: UserRow, calendarId: string): Promise<number> {
    let syncToken = await googleRepo.syncToken(db, o.id, calendarId);
    let pageToken: string | undefined;
    let changed = 0;
    for (;;) {
      const params = new URLSearchParams({ singleEvents: 'true', maxResults: '250' });
      if (syncToken) {
        params.set('syncToken', syncToken);
        params.set('showDeleted', 'true');
      } else params.set('timeMin', new Date(now().getTime() - 24 * 3600 * 1000).toISOString());
      if (pageToken) params.set('pageToken', pageToken);
      let page: { items?: GEvent[]; nextPageToken?: string; nextSyncToken?: string };
      try {
        page = await call(o, 'GET', `/calendar/v3/calendars/${enc(calendarId)}/events?${params}`);
      } catch (err) {
        if (err instanceof GoogleError && err.status === 410 && syncToken) {
          // The sync token expired: start over with a full sync of the mirror.
          await googleRepo.deleteBusy(db, o.id, calendarId);
          syncToken = null;
          pageToken = undefined;
          continue;
        }
        throw err;
      }
      for (const e of page.items ?? []) changed += await apply(o, calendarId, e);
      if (page.nextPageToken) pageToken = page.nextPageToken;
      else {
        await googleRepo.saveSyncToken(db, o.id, calendarId, page.nextSyncToken ?? null, now());
        return changed;
      }
    }
  }

  async function watch(o: UserRow, calendarId: string) {
    const token = randomToken();
    const channelId = crypto.randomUUID();
    const res = await call<{ resourceId: string; expiration?: string }>(o, 'POST', `/calendar/v3/calendars/${enc(calendarId)}/events/watch`, {
      id: channelId,
      type: 'web_hook',
      address: `${deps.appUrl}/api/google/notifications`,
      token,
    });
    const channel = await googleRepo.channels.insert(db, { userId: o.id, calendarId, channelId, resourceId: res.resourceId, tokenHash: sha256(token), expiration: res.expiration ? new Date(Number(res.expiration)) : null });
    // Disconnected while this sync ran (after `disconnecting` listed the channels to stop): stop it here.
    if (!(await owner(o.id))) await stop(o, channel);
  }

  async function stop(o: UserRow, channel: { id: string; channelId: string; resourceId: string | null }) {
    await call(o, 'POST', '/calendar/v3/channels/stop', { id: channel.channelId, resourceId: channel.resourceId }).catch((err: unknown) => log.warn({ err }, 'stopping a calendar channel failed'));
    await googleRepo.channels.delete(db, [channel.id]);
  }

  /** Syncs every calendar the owner uses and makes sure each has a live watch channel. */
  async function syncOwner(userId: string, only?: string): Promise<number> {
    const o = await owner(userId);
    if (!o) return 0;
    const channels = await googleRepo.channels.ofUser(db, o.id);
    let changed = 0;
    for (const calendarId of only ? [only] : await googleRepo.calendarsInUse(db, o.id)) {
      changed += await syncCalendar(o, calendarId);
      // Google only calls https addresses back; without a channel the 15-minute resync still runs.
      if (!channels.some((c) => c.calendarId === calendarId)) await watch(o, calendarId).catch((err: unknown) => log.warn({ err, calendarId }, 'could not watch calendar'));
    }
    return changed;
  }

  return {
    push,
    syncOwner,

    /** The calendars bookings can go to: Google refuses (403, for ever) a push to a read-only one. */
    async calendars(o: UserRow) {
      const res = await asAppError(() => call<{ items?: Array<{ id: string; summary?: string; summaryOverride?: string; primary?: boolean }> }>(o, 'GET', '/calendar/v3/users/me/calendarList?minAccessRole=writer'));
      return (res.items ?? []).map((c) => ({ id: c.id, summary: c.summaryOverride ?? c.summary ?? c.id }));
    },

    /** After connecting: first sync and watch channels, by a job. */
    async connected(userId: string) {
      await db.transaction((tx) => deps.jobs.enqueue(tx, 'calendarSync', { userId }, { id: crypto.randomUUID(), singletonKey: userId }));
    },

    async disconnecting(o: UserRow) {
      // From here on no job acts for this owner (owner() skips a broken grant), and a sync already
      // under way stops the channel it opens itself (watch); then the known channels are stopped.
      await usersRepo.update(db, o.id, { googleBrokenAt: now() });
      for (const channel of await googleRepo.channels.ofUser(db, o.id)) await stop(o, channel);
      await googleRepo.clearOwner(db, o.id);
    },

    /** A push notification from Google; unknown channels and wrong tokens are ignored. */
    async notified(channelId: string | undefined, token: string | undefined) {
      if (!channelId || !token) return false;
      const channel = await googleRepo.channels.byChannelId(db, channelId);
      if (!channel?.tokenHash || !safeEqual(sha256(token), channel.tokenHash)) return false;
      const job = { userId: channel.userId, calendarId: channel.calendarId };
      await db.transaction((tx) => deps.jobs.enqueue(tx, 'calendarSync', job, { id: crypto.randomUUID(), singletonKey: `${job.userId}:${job.calendarId}` }));
      return true;
    },

    /** The cron: renew channels close to expiry, and resync everyone as a safety net. */
    async maintain() {
      for (const { channel } of await googleRepo.channels.expiring(db, new Date(now().getTime() + RENEW_BEFORE_MS))) {
        const o = await owner(channel.userId);
        if (!o) continue;
        await watch(o, channel.calendarId);
        await stop(o, channel);
      }
      for (const id of await googleRepo.connectedOwnerIds(db)) await syncOwner(id).catch((err: unknown) => log.warn({ err, ownerId: id }, 'calendar sync failed'));
    },

    /** 'Sync met Google': push what is missing, refresh busy times, say what happened. */
    async syncNow(o: UserRow) {
      if (!o.googleAccessToken) throw new AppError('GOOGLE_NOT_CONNECTED', nl.google.notConnected);
      if (o.googleBrokenAt) throw new AppError('GOOGLE_BROKEN', nl.google.grantBroken);
      return asAppError(() => syncEverything(o));
    },
  };

  async function syncEverything(o: UserRow) {
    const missing = await googleRepo.unpushedBookings(db, o.id, now());
    for (const { id } of missing) await push({ bookingId: id });
    const changed = await syncOwner(o.id);
    return { pushed: missing.length, busy: changed };
  }
}
export type GoogleCalendar = ReturnType<typeof createGoogleCalendar>;
