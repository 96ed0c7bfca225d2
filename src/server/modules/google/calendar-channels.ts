import type { UserRow } from '../../db/schema';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { enc, type CalendarAccess, type CalendarDeps } from './calendar-access';
import { googleRepo } from './google.repo';

/** Channels are renewed when they have less than this left (Google caps them at about a week). */
export const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

type Channel = { id: string; channelId: string; resourceId: string | null };

/** Watch channels: Google calls us back when a watched calendar changes, and we resync it. */
export function createCalendarChannels(deps: CalendarDeps, { owner, call }: CalendarAccess) {
  const { db, log, now } = deps;

  async function stop(o: UserRow, channel: Channel) {
    await call(o, 'POST', '/calendar/v3/channels/stop', {
      id: channel.channelId,
      resourceId: channel.resourceId,
    }).catch((err: unknown) => log.warn({ err }, 'stopping a calendar channel failed'));
    await googleRepo.channels.delete(db, [channel.id]);
  }

  async function watch(o: UserRow, calendarId: string) {
    const token = randomToken();
    const channelId = crypto.randomUUID();
    const res = await call<{ resourceId: string; expiration?: string }>(
      o,
      'POST',
      `/calendar/v3/calendars/${enc(calendarId)}/events/watch`,
      {
        id: channelId,
        type: 'web_hook',
        address: `${deps.appUrl}/api/google/notifications`,
        token,
      },
    );
    const channel = await googleRepo.channels.insert(db, {
      userId: o.id,
      calendarId,
      channelId,
      resourceId: res.resourceId,
      tokenHash: sha256(token),
      expiration: res.expiration ? new Date(Number(res.expiration)) : null,
      createdAt: now(),
    });
    // Disconnected while this sync ran (after `stopAll` listed the channels to stop): stop it here.
    if (!(await owner(o.id))) await stop(o, channel);
  }

  return {
    watch,
    stop,

    /** Stops every channel of an owner who disconnects. */
    async stopAll(o: UserRow) {
      for (const channel of await googleRepo.channels.ofUser(db, o.id)) await stop(o, channel);
    },

    /** Replaces the channels close to expiry with fresh ones. */
    async renewExpiring() {
      for (const { channel } of await googleRepo.channels.expiring(
        db,
        new Date(now().getTime() + RENEW_BEFORE_MS),
      )) {
        const o = await owner(channel.userId);
        if (!o) continue;
        await watch(o, channel.calendarId);
        await stop(o, channel);
      }
    },

    /** A push notification from Google: queues a sync; unknown channels and wrong tokens are ignored. */
    async notified(channelId: string | undefined, token: string | undefined) {
      if (!channelId || !token) return false;
      const channel = await googleRepo.channels.byChannelId(db, channelId);
      if (!channel?.tokenHash || !safeEqual(sha256(token), channel.tokenHash)) return false;
      const job = { userId: channel.userId, calendarId: channel.calendarId };
      await db.transaction((tx) =>
        deps.jobs.enqueue(tx, 'calendarSync', job, {
          id: crypto.randomUUID(),
          singletonKey: `${job.userId}:${job.calendarId}`,
        }),
      );
      return true;
    },
  };
}
export type CalendarChannels = ReturnType<typeof createCalendarChannels>;
