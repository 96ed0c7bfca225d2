import { zonedTimeToUtc } from '@core/index';
import type { UserRow } from '../../db/schema';
import { GoogleError } from '../../integrations/google/google-client';
import { bookingsRepo } from '../bookings/bookings.repo';
import { enc, type CalendarAccess, type CalendarDeps } from './calendar-access';
import type { CalendarChannels } from './calendar-channels';
import { googleRepo } from './google.repo';

interface GEvent {
  id: string;
  status?: string;
  transparency?: string;
  start?: { dateTime?: string; date?: string };
  end?: { dateTime?: string; date?: string };
  extendedProperties?: { private?: Record<string, string> };
}

function interval(e: GEvent, timeZone: string): { startsAt: Date; endsAt: Date } | null {
  if (e.start?.dateTime && e.end?.dateTime)
    return { startsAt: new Date(e.start.dateTime), endsAt: new Date(e.end.dateTime) };
  if (e.start?.date && e.end?.date)
    return {
      startsAt: zonedTimeToUtc(e.start.date, '00:00', timeZone),
      endsAt: zonedTimeToUtc(e.end.date, '00:00', timeZone),
    };
  return null;
}

/**
 * The owner's own events mirrored by incremental sync (sync tokens; 410 → full resync) to block
 * busy times. A booking's event deleted in Google counts as the owner cancelling that booking.
 */
export function createCalendarSync(
  deps: CalendarDeps,
  { owner, call }: CalendarAccess,
  channels: CalendarChannels,
) {
  const { db, log, now } = deps;

  async function apply(o: UserRow, calendarId: string, e: GEvent): Promise<number> {
    const ours = e.extendedProperties?.private?.bookingId;
    if (e.status === 'cancelled') {
      await googleRepo.deleteBusy(db, o.id, calendarId, e.id);
      const booking = await googleRepo.bookingByGoogleEvent(db, o.id, e.id);
      if (booking?.status === 'confirmed') {
        // Deleted in Google by the owner: the owner cancelled it (no mail to the customer).
        await db.transaction(async (tx) => {
          const cancelled = await bookingsRepo.update(
            tx,
            booking.id,
            { status: 'cancelled', googleCalendarEventId: null, googleCalendarId: null },
            now(),
          );
          await deps.notifier().cancelled(tx, cancelled, 'google');
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

  /** Syncs every calendar the owner uses and makes sure each has a live watch channel. */
  async function syncOwner(userId: string, only?: string): Promise<number> {
    const o = await owner(userId);
    if (!o) return 0;
    const watched = await googleRepo.channels.ofUser(db, o.id);
    let changed = 0;
    for (const calendarId of only ? [only] : await googleRepo.calendarsInUse(db, o.id)) {
      changed += await syncCalendar(o, calendarId);
      // Google only calls https addresses back; without a channel the 15-minute resync still runs.
      if (!watched.some((c) => c.calendarId === calendarId))
        await channels
          .watch(o, calendarId)
          .catch((err: unknown) => log.warn({ err, calendarId }, 'could not watch calendar'));
    }
    return changed;
  }

  return { syncOwner };
}
