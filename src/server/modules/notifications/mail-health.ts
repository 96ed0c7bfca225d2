import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { nl } from '@contracts/messages';
import { mailBrokenWarning } from '@contracts/mail-health-text';
import {
  MAIL_WAIT_DAYS,
  RECENT_FAILED_DAYS,
  type MailBrokenReason,
  type MailStatusDto,
} from '@contracts/notifications';
import { escapeHtml } from '@core/index';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { JobQueue } from '../../jobs/job-queue';
import { mailHealthRepo as repo } from './mail-health.repo';

const DAY_MS = 86_400_000;
/** An unreachable server may be back in minutes: the owner is e-mailed when it stays away this long. */
export const WARN_GRACE_MS = 10 * 60_000;
/** How many failed e-mails the owner is shown. */
const FAILED_SHOWN = 20;

export interface MailHealthDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Customer e-mails are not lost when the owner's own mail connection (their SMTP server or Gmail)
 * stops working. A send that finds it broken parks the e-mail (held, no job) and marks the
 * connection broken; e-mails planned meanwhile wait without trying. The owner sees it in the app and
 * gets one e-mail through the system provider (again at most once a day while mail waits). One
 * waiting e-mail is tried again as a probe every 5 minutes (the recovery cron) and at once when the
 * owner reconnects Gmail or saves their e-mail settings; the first send that works releases all the
 * others. An e-mail still waiting MAIL_WAIT_DAYS after it was due fails and is listed for the owner.
 */
export function createMailHealth({ db, jobs, mailer, appUrl, log, now }: MailHealthDeps) {
  /** Queues the owner's waiting e-mails again (new job ids: the old jobs are done). */
  async function release(ownerId: string, limit?: number): Promise<number> {
    return db.transaction(async (tx) => {
      const ids = await repo.release(tx, ownerId, limit);
      for (const id of ids)
        await jobs.enqueue(tx, 'mail', { notificationId: id, probe: limit === 1 }, { id: randomUUID() });
      return ids.length;
    });
  }

  /** The warning e-mail, through the system provider (SMTP_URL): the owner's own one is what fails. */
  async function warn(owner: UserRow, claimedAt: Date) {
    const w = mailBrokenWarning(owner.mailBrokenReason!, await repo.countHeld(db, owner.id));
    const link = nl.mailHealth.mailLink.replace('{url}', `${appUrl}/settings`);
    const paragraphs = [`${w.title}.`, w.advice, w.waiting, w.giveUp, link].filter((p): p is string =>
      Boolean(p),
    );
    try {
      await mailer.send(
        { ...owner, emailProvider: 'system', emailFromName: nl.mailHealth.mailSender },
        {
          to: owner.email!,
          subject: nl.mailHealth.mailSubject,
          text: paragraphs.join('\n\n'),
          html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
        },
      );
      log.info(
        { ownerId: owner.id, reason: owner.mailBrokenReason },
        'owner warned about their broken mail connection',
      );
    } catch (err) {
      log.warn({ err, ownerId: owner.id }, 'could not warn the owner about their broken mail connection');
      await repo.unclaimWarning(db, owner.id, claimedAt);
    }
  }

  async function warnIfDue(ownerId?: string) {
    const at = now();
    for (const owner of await repo.claimWarnings(db, at, WARN_GRACE_MS, ownerId)) await warn(owner, at);
  }

  return {
    /** Parks an e-mail until the owner's connection works; `tried`: it failed against it just now. */
    async hold(notificationId: string, { tried, lastError }: { tried: boolean; lastError: string | null }) {
      await repo.hold(db, notificationId, { tried, lastError, at: now() });
    },

    /** A send found the owner's connection broken: record why, and tell the owner when due. */
    async broken(ownerId: string, reason: MailBrokenReason) {
      await repo.markBroken(db, ownerId, reason, now());
      await warnIfDue(ownerId);
    },

    /** A send through the owner's connection worked: it is repaired, and everything waiting goes out. */
    async repaired(ownerId: string) {
      if (await repo.clearBroken(db, ownerId)) log.info({ ownerId }, 'mail connection works again');
      const released = await release(ownerId);
      if (released) log.info({ ownerId, released }, 'waiting e-mails sent off');
    },

    /**
     * The owner changed their connection (saved settings, reconnected Gmail): the oldest waiting
     * e-mail is tried now, and its success releases the rest. With nothing waiting there is nothing
     * to prove: the connection counts as working until a send says otherwise.
     */
    async retry(ownerId: string) {
      if (!(await release(ownerId, 1))) await repo.clearBroken(db, ownerId);
    },

    /** The recovery cron: give up on what waited too long, warn who is due, probe every waiting owner. */
    async maintain() {
      const at = now();
      const expired = await repo.expireHeld(
        db,
        new Date(at.getTime() - MAIL_WAIT_DAYS * DAY_MS),
        nl.mailHealth.gaveUp.replace('{days}', String(MAIL_WAIT_DAYS)),
      );
      if (expired) log.warn({ expired }, 'e-mails that waited too long for a mail connection failed');
      await warnIfDue();
      for (const ownerId of await repo.ownersHolding(db)) await release(ownerId, 1);
    },

    /** What the owner app shows: is the connection broken, how much waits, what failed recently. */
    async status(owner: UserRow): Promise<MailStatusDto> {
      const since = new Date(now().getTime() - RECENT_FAILED_DAYS * DAY_MS);
      const failed = await repo.failedSince(db, owner.id, since, FAILED_SHOWN);
      return {
        broken:
          owner.mailBrokenAt && owner.mailBrokenReason
            ? { reason: owner.mailBrokenReason, since: owner.mailBrokenAt.toISOString() }
            : null,
        waiting: await repo.countHeld(db, owner.id),
        failed: failed.map((f) => ({
          ...f,
          kind: f.kind as MailStatusDto['failed'][number]['kind'],
          dueAt: f.dueAt.toISOString(),
        })),
      };
    },
  };
}
export type MailHealth = ReturnType<typeof createMailHealth>;
