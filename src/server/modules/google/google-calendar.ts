import { nl } from '@contracts/messages';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { usersRepo } from '../users/users.repo';
import { asAppError, calendarAccess, enc, isGone, type CalendarDeps } from './calendar-access';
import { createCalendarChannels } from './calendar-channels';
import { createCalendarPush } from './calendar-push';
import { createCalendarSync } from './calendar-sync';
import { googleRepo, type ChannelRow as Channel } from './google.repo';

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

    /**
     * The owner deleted the account (docs/PRODUCT.md#account-deletion): `o` and `gone` were read
     * before the delete, whose cascade removed the rows, so no job acts for this owner any more.
     * Removes the events of the bookings cancelled with it and stops the watch channels while the
     * grant still works (the caller revokes it next). Best effort: a failure is logged.
     */
    async ownerDeleted(
      o: UserRow,
      gone: { channels: Channel[]; events: Array<{ calendarId: string; eventId: string }> },
    ) {
      if (!o.googleAccessToken || o.googleBrokenAt) return;
      const remove = ({ calendarId, eventId }: { calendarId: string; eventId: string }) =>
        access
          .call(o, 'DELETE', `/calendar/v3/calendars/${enc(calendarId)}/events/${enc(eventId)}`)
          .catch((err: unknown) => {
            if (!isGone(err)) log.warn({ err }, 'removing a calendar event of a deleted account failed');
          });
      // A few at a time: the owner's request waits for this, and Google limits calls per user.
      for (let i = 0; i < gone.events.length; i += 5)
        await Promise.all(gone.events.slice(i, i + 5).map(remove));
      for (const channel of gone.channels) await channels.stop(o, channel);
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
