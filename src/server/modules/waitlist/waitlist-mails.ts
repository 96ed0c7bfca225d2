import { WAITLIST_EMAIL_TEXTS as T } from '@contracts/email-defaults';
import { escapeHtml, formatDutchDeadline, formatLongDutchDate } from '@core/index';
import type { Db } from '../../db/client';
import type { UserRow, WaitlistEntryRow } from '../../db/schema';
import type { OutgoingMail } from '../../integrations/mail/mailer';
import type { JobQueue } from '../../jobs/job-queue';
import type { FarewellJob } from '../notifications/farewell-mails';
import { fromNameOf } from '../notifications/notification-content';

export type WaitlistMailKind = 'joined' | 'offer' | 'day';

export interface WaitlistMailContext {
  entry: Pick<
    WaitlistEntryRow,
    'id' | 'customerName' | 'customerEmail' | 'waitDate' | 'waitTime' | 'offerTime'
  >;
  service: string;
  owner: UserRow & { businessName: string | null };
  timeZone: string;
  /** The entry's page: claim the offer, or leave the list. */
  entryUrl: string;
  position?: number;
  offerExpiresAt?: Date | null;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** 'dinsdag 8 december om 10:00', or 'een tijd op dinsdag 8 december' for a day's entry. */
export function waitedFor(entry: WaitlistMailContext['entry']): string {
  const date = formatLongDutchDate(entry.waitDate);
  const time = entry.offerTime ?? entry.waitTime;
  return time ? fill(T.timeOn, { date, time }) : fill(T.dayTime, { date });
}

/**
 * One of the waitlist's e-mails, composed when planned (the entry's state then is what it tells):
 * the confirmation of joining with the link to leave, a time's offer with its hold, a day's news.
 */
export function composeWaitlistMail(kind: WaitlistMailKind, ctx: WaitlistMailContext): OutgoingMail {
  const { entry } = ctx;
  const values = {
    name: entry.customerName,
    service: ctx.service,
    what: waitedFor(entry),
    date: formatLongDutchDate(entry.waitDate),
    position: String(ctx.position ?? 1),
    until: ctx.offerExpiresAt ? formatDutchDeadline(ctx.offerExpiresAt, ctx.timeZone) : '',
  };
  const [subject, body] =
    kind === 'joined'
      ? [T.joinedSubject, T.joined]
      : kind === 'offer'
        ? [T.offerSubject, T.offer]
        : [T.daySubject, T.day];
  const link = kind === 'joined' ? T.leaveLink : T.claimLink;
  const fromName = fromNameOf(ctx.owner);
  const paragraphs = [fill(T.greeting, values), fill(body, values)];
  const html =
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(ctx.entryUrl)}">${escapeHtml(link)}</a></p>` +
    (kind === 'joined' ? '' : `<p><a href="${escapeHtml(ctx.entryUrl)}">${escapeHtml(T.leaveLink)}</a></p>`) +
    `<p>${escapeHtml(T.signature)}<br>${escapeHtml(fromName)}</p>`;
  const text = [...paragraphs, `${link}: ${ctx.entryUrl}`, `${T.signature}\n${fromName}`].join('\n\n');
  return {
    to: entry.customerEmail,
    subject: fill(subject, values).replace(/[\r\n]+/g, ' '),
    html,
    text,
  };
}

/**
 * Queues a composed waitlist e-mail in the caller's transaction, on the queue of composed mails
 * (which also carries the farewell mails): the job exists exactly when the change that causes it
 * committed, and the change is made once (under the entry's lock), so the mail is planned once.
 */
export async function queueWaitlistMail(
  jobs: JobQueue,
  tx: Db,
  kind: WaitlistMailKind,
  ctx: WaitlistMailContext,
) {
  const job: FarewellJob = {
    ownerId: ctx.owner.id,
    fromName: fromNameOf(ctx.owner),
    mail: composeWaitlistMail(kind, ctx),
  };
  await jobs.enqueue(tx, 'farewellMail', job, { id: crypto.randomUUID() });
}
