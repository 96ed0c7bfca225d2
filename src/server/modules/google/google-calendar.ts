import { nl } from '@contracts/messages';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { usersRepo } from '../users/users.repo';
import { asAppError, calendarAccess, type CalendarDeps } from './calendar-access';
import { createCalendarChannels } from './calendar-channels';
import { createCalendarPush } from './calendar-push';
import { createCalendarSync } from './calendar-sync';
import { googleRepo } from './google.repo';

/**
 * Two-way Calendar sync, composed of its three parts: bookings pushed as events (calendar-push),
 * the owner's own events mirrored as busy times (calendar-sync), and watch channels through which
 * Google tells us about changes (calendar-channels).
 */
export function createGoogleCalendar(deps: CalendarDeps) {
  const { db, log, now } = deps;
  const access = calendarAccess(deps);
  const channels = createCalendarChannels(deps, access);
  const { push } = createCalendarPush(deps, access);
  const { syncOwner } = createCalendarSync(deps, access, channels);

  return {
    push,
    syncOwner,
    notified: channels.notified,

    /** The calendars bookings can go to: Google refuses (403, for ever) a push to a read-only one. */
    async calendars(o: UserRow) {
      const res = await asAppError(() =>
        access.call<{
          items?: Array<{ id: string; summary?: string; summaryOverride?: string; primary?: boolean }>;
        }>(o, 'GET', '/calendar/v3/users/me/calendarList?minAccessRole=writer'),
      );
      return (res.items ?? []).map((c) => ({ id: c.id, summary: c.summaryOverride ?? c.summary ?? c.id }));
    },

    /** After connecting: first sync and watch channels, by a job. */
    async connected(userId: string) {
      await db.transaction((tx) =>
        deps.jobs.enqueue(tx, 'calendarSync', { userId }, { id: crypto.randomUUID(), singletonKey: userId }),
      );
    },

    async disconnecting(o: UserRow) {
      // From here on no job acts for this owner (owner() skips a broken grant), and a sync already
      // under way stops the channel it opens itself (watch); then the known channels are stopped.
      await usersRepo.update(db, o.id, { googleBrokenAt: now() });
      await channels.stopAll(o);
      await googleRepo.clearOwner(db, o.id);
    },

    /** The cron: renew channels close to expiry, and resync everyone as a safety net. */
    async maintain() {
      await channels.renewExpiring();
      for (const id of await googleRepo.connectedOwnerIds(db))
        await syncOwner(id).catch((err: unknown) => log.warn({ err, ownerId: id }, 'calendar sync failed'));
    },

    /** 'Sync met Google': push what is missing, refresh busy times, say what happened. */
    async syncNow(o: UserRow) {
      if (!o.googleAccessToken) throw new AppError('GOOGLE_NOT_CONNECTED', nl.google.notConnected);
      if (o.googleBrokenAt) throw new AppError('GOOGLE_BROKEN', nl.google.grantBroken);
      return asAppError(async () => {
        const missing = await googleRepo.unpushedBookings(db, o.id, now());
        for (const { id } of missing) await push({ bookingId: id });
        const busy = await syncOwner(o.id);
        return { pushed: missing.length, busy };
      });
    },
  };
}
export type GoogleCalendar = ReturnType<typeof createGoogleCalendar>;
