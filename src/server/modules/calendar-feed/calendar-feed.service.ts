import type { CalendarFeedBody } from '@contracts/calendar-feed';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { randomToken, sha256, type SecretBox } from '../../lib/crypto';
import { bookingUid, feedIcs } from '../notifications/booking-ics';
import { fromNameOf } from '../notifications/notification-content';
import { usersRepo } from '../users/users.repo';
import { calendarEntryLines, ownerBookingUrl } from './calendar-entry';
import { calendarFeedRepo } from './calendar-feed.repo';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';

const t = nl.dataOut;
/** The feed shows the past month too, so the owner can look back at recent appointments. */
const DAYS_BACK = 30;
const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * The owner's calendar subscription (docs/PRODUCT.md#calendar-feed). The token is a 256-bit random
 * secret: stored as its SHA-256 for the lookup and sealed with APP_SECRET so settings can show the
 * address again, like the management links.
 */
export function createCalendarFeedService(db: Db, opts: { appUrl: string; box: SecretBox; now: () => Date }) {
  const urlOf = (token: string) => `${opts.appUrl}/feed/${token}.ics`;

  const current = (user: UserRow) => ({
    url: user.calendarFeedToken ? urlOf(opts.box.decrypt(user.calendarFeedToken)) : null,
  });

  return {
    current,

    /**
     * The current address, or a new one when there is none or `replace` asks for it; the old one
     * stops working at once (its hash is overwritten).
     */
    async create(user: UserRow, body: CalendarFeedBody, by: ActivityBy) {
      if (user.calendarFeedToken && !body.replace) return current(user);
      const token = randomToken();
      await db.transaction(async (tx) => {
        await usersRepo.update(tx, user.id, {
          calendarFeedTokenHash: sha256(token),
          calendarFeedToken: opts.box.encrypt(token),
        });
        // Whether there is an address, never the address: it is the feed's secret.
        await activityRepo.record(tx, by, opts.now(), {
          kind: 'settings.updated',
          before: { calendarFeed: user.calendarFeedToken ? true : null },
          after: { calendarFeed: true },
        });
      });
      return { url: urlOf(token) };
    },

    async remove(user: UserRow, by: ActivityBy) {
      await db.transaction(async (tx) => {
        await usersRepo.update(tx, user.id, { calendarFeedTokenHash: null, calendarFeedToken: null });
        if (user.calendarFeedToken)
          await activityRepo.record(tx, by, opts.now(), {
            kind: 'settings.updated',
            before: { calendarFeed: true },
            after: { calendarFeed: null },
          });
      });
    },

    /**
     * The iCalendar of `file` ("<token>.ics"): the owner's confirmed bookings from DAYS_BACK days ago
     * onwards. A hold waiting for its payment is left out (it is gone within 15 minutes if unpaid); a
     * confirmed booking whose payment is still processing is in, with a line saying so.
     */
    async ics(file: string): Promise<string> {
      const token = TOKEN_FILE.exec(file)?.[1];
      const owner = token ? await calendarFeedRepo.ownerByTokenHash(db, sha256(token)) : undefined;
      if (!owner) throw notFound(t.feedUnknown);
      const since = new Date(opts.now().getTime() - DAYS_BACK * 86_400_000);
      const rows = await calendarFeedRepo.liveSince(db, owner.id, since);
      return feedIcs({
        name: fill(t.feedName, { name: fromNameOf(owner) }),
        timeZone: owner.timeZone,
        events: rows.map(({ booking: b, eventTitle, agendaName, currency, sensitiveFields }) => {
          const lines = calendarEntryLines(b, {
            agendaName,
            currency,
            appUrl: opts.appUrl,
            showAnswers: owner.calendarShowAnswers,
            sensitiveFields,
          });
          return {
            uid: bookingUid(b.id, opts.appUrl),
            sequence: b.icsSequence,
            startsAt: b.startsAt,
            endsAt: b.endsAt,
            summary: fill(t.feedSummary, { event: eventTitle, name: b.customerName }),
            description: lines.join('\n'),
            url: ownerBookingUrl(opts.appUrl, b),
            stamp: b.updatedAt,
          };
        }),
      });
    },
  };
}
