import type { FastifyBaseLogger } from 'fastify';
import type { NotificationChannel, TextDeliveryStatus, TextKind } from '@contracts/enums';
import { TEXT_KINDS } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { tooLate } from '@core/index';
import type { Db } from '../../db/client';
import { retryWhileUnavailable } from '../../db/retry-unavailable';
import type { NotificationRow } from '../../db/schema';
import { MailConnectionError } from '../../integrations/mail/mail-failure';
import type { Mailer } from '../../integrations/mail/mailer';
import { postWebhook } from '../../integrations/webhooks/webhook-post';
import { coalesced } from '../../lib/coalesced';
import type { SecretBox } from '../../lib/crypto';
import { approvalUrl, managementUrl } from '../public/booking-draft';
import {
  builtInTemplate,
  composeEmail,
  mailThread,
  withVisitSegments,
  type MessageTemplate,
} from './notification-content';
import { webhooksRepo } from '../webhooks/webhooks.repo';
import type { MailHealth } from './mail-health';
import { notificationsRepo } from './notifications.repo';
import { bookingsRepo } from '../bookings/bookings.repo';
import { tellsVisit, visitLines } from './visit-lines';
import { signWebhook } from './webhook-signature';
import { TextProviderError } from '../../integrations/messaging/text-provider';
import { deliveryStatusOf, TEXT_PROVIDERS } from '../../integrations/messaging/text-providers';
import { messagingRepo } from '../messaging/messaging.repo';
import { textConnection, type ProviderSettings } from '../../integrations/messaging/text-connection';
import { composeText, shortManageUrl } from './text-content';
import type { TextFallback } from './text-fallback';

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  box: SecretBox;
  appUrl: string;
  allowPrivateWebhooks: boolean;
  mailHealth: MailHealth;
  /** The text-message providers' API origins and deadline (config.ts `messaging`). */
  providers: ProviderSettings;
  /** A text confirmation that failed for good, by e-mail instead (text-fallback.ts). */
  fallBack: TextFallback;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** One run of a notification's job: whether no retry follows if it fails, and when one would. */
export interface Attempt {
  last: boolean;
  nextAttemptAt: Date | null;
  /** Sent off by mail-health.ts to test a broken connection: it tries even while that is broken. */
  probe?: boolean;
  /** An earlier run of this job may have reached the provider (it failed, timed out or was killed). */
  retry?: boolean;
}

/** A failure that retrying cannot fix; the job records it and stops. */
class Skip extends Error {}

/** The provider refused the message for good (an invalid number, an unsubscribed one): failed, shown. */
class Refused extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null = null,
  ) {
    super(message);
  }
}

const TEXT_SKIPPED = nl.textMessages.skipped;

/** What the owner's history says of a message skipped for being late (core/message-lateness.ts). */
const LATE_REASONS: Record<NonNullable<ReturnType<typeof tooLate>>, string> = {
  appointment_started: 'afspraak al begonnen',
  follow_up_late: 'meer dan 2 dagen te laat: niet meer verstuurd',
};

/** The owner's own mail connection is broken (`failure`: found just now): the e-mail waits for it. */
class Held extends Error {
  constructor(
    readonly ownerId: string,
    readonly failure: MailConnectionError | null,
  ) {
    super(failure?.message ?? 'wacht op de e-mailkoppeling');
  }
}

type Delivery = NonNullable<ReturnType<Awaited<ReturnType<typeof notificationsRepo.forDelivery>>['get']>>;
type OwnTemplate = NonNullable<Delivery['template']>;

/** What a sent notification's row records of the send. */
interface Outcome {
  responseStatus: number | null;
  lastError: string | null;
  /** A text message: the provider's id for it and the status it answered. */
  provider?: { id: string; status: TextDeliveryStatus };
}

/** A send that went out: what its row records, and the owner whose broken mail connection it repaired. */
interface Sent {
  outcome: Outcome;
  repairedOwner: string | null;
}

/**
 * How long the record of a message that went out waits for a database that stopped answering: a
 * restart, a 30 s network cut. Failing instead would fail the job (its failure cannot be recorded
 * either, so it stays running until its deadline), and the queue's re-run would send the message a
 * second time. Longer than the job's deadline (job-queue.ts: 50 s for an e-mail, 30 s for a
 * webhook) on purpose: the sweep that re-runs a job past its deadline needs the database too, and
 * this record, tried at least every 2 s, lands first once the database is back.
 */
export const SETTLE_RETRY_MS = 60_000;

const shortError = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Sends what `booking-notifier.ts` planned, once: a row is settled only while pending, and a repeated
 * job for a settled row does nothing. Failures are recorded on the row and rethrown so the queue
 * retries them with backoff; an e-mail the owner's broken mail connection cannot carry waits for
 * it instead (mail-health.ts).
 */
export function createNotificationDelivery(deps: DeliveryDeps) {
  const { db, log, now } = deps;
  const host = new URL(deps.appUrl).hostname;

  // A worker's batch of jobs runs side by side: their reads are one statement, and the sends that end
  // together are settled in one (notifications.repo.ts; B5 in docs/decisions/008).
  const load = coalesced(async (ids: string[]) => {
    const found = await notificationsRepo.forDelivery(db, ids);
    return ids.map((id) => found.get(id));
  });
  const settleSent = coalesced(async (sent: Array<{ id: string; outcome: Outcome }>) => {
    const alike = new Map<string, { outcome: Outcome; ids: string[] }>();
    for (const { id, outcome } of sent) {
      // A text message's provider id is its own: such a row is never settled together with another.
      const key = outcome.provider ? id : `${outcome.responseStatus}|${outcome.lastError}`;
      const group = alike.get(key) ?? { outcome, ids: [] };
      group.ids.push(id);
      alike.set(key, group);
    }
    const at = now();
    for (const { outcome, ids } of alike.values())
      await notificationsRepo.settle(db, ids, { status: 'sent', ...outcome }, at);
    return sent.map(() => undefined);
  });

  /** The text to send: the owner's template (`own`, read with the row) or the built-in one. */
  function templateFor(n: NotificationRow, own: OwnTemplate | null): MessageTemplate | null {
    // A reminder's template deleted or switched off since it was planned: no reminder.
    if (n.kind === 'reminder') return own?.isActive ? own : null;
    // The e-mail standing in for a failed text confirmation goes even with the owner's switched off.
    if (own) return own.isActive ? own : n.payload.fallbackFor ? builtInTemplate(n) : null;
    return builtInTemplate(n);
  }

  /** Sends the e-mail; answers the owner whose broken connection this send proved to work again. */
  async function email({ notification: n, context: ctx, template }: Delivery, probe: boolean): Promise<Sent> {
    if (!ctx) throw new Skip('afspraak bestaat niet meer');
    const { booking, owner } = ctx;
    if (n.payload.fallbackFor) {
      if (booking.status === 'cancelled') throw new Skip('afspraak geannuleerd');
      // Instead of a failed text confirmation: not when the booking's own e-mail confirmation went
      // out meanwhile, and after it when that one may still go (retried until it has).
      const own = await notificationsRepo.emailConfirmation(db, booking.id, n.id);
      if (own === 'sent') throw new Skip('al per e-mail bevestigd');
      if (own === 'pending') throw new Error('wacht op de e-mailbevestiging van de afspraak');
    }
    if (n.kind === 'reminder' || n.kind === 'follow_up') {
      // Planned for a slot the booking no longer has, or for a booking that was cancelled.
      if (booking.status !== 'confirmed' || n.payload.startsAt !== booking.startsAt.toISOString())
        throw new Skip('afspraak gewijzigd of geannuleerd');
    }
    // A reminder after the appointment began, or a follow-up days late (the queue was down, the
    // clock jumped) would only confuse: skipped, and the reason recorded (core/message-lateness.ts).
    const late = tooLate(n.kind, { dueAt: n.dueAt, startsAt: booking.startsAt, now: now() });
    if (late) throw new Skip(LATE_REASONS[late]);
    // While the owner's connection is known to be broken, mail waits instead of failing against it
    // once more: only a probe tries it (mail-health.ts).
    if (owner.mailBrokenAt && owner.emailProvider !== 'system' && !probe) throw new Held(owner.id, null);
    const token = booking.managementTokenBox ? deps.box.decrypt(booking.managementTokenBox) : null;
    // A request's notice to the owner: its decision link, sealed in the row (docs/PRODUCT.md#approval);
    // once decided, the notice is not worth sending any more.
    const approvalBox = typeof n.payload.approvalBox === 'string' ? n.payload.approvalBox : null;
    if (approvalBox && booking.status !== 'requested') throw new Skip('aanvraag al beslist');
    // A visit's first segment tells the visit as it is now (docs/PRODUCT.md#visits).
    const visit = tellsVisit(booking) ? await visitLines(db, booking.visitId!) : null;
    // A series' first mail lists its dates as they are now (docs/PRODUCT.md#series).
    const series =
      booking.seriesId && (n.kind === 'confirmation' || n.kind === 'owner_notice')
        ? await bookingsRepo.seriesOccurrences(db, booking.seriesId)
        : null;
    const mail = composeEmail({
      ...ctx,
      visit,
      series,
      notification: n,
      template: templateFor(n, template),
      managementUrl: token ? managementUrl(deps.appUrl, token) : null,
      approvalUrl: approvalBox ? approvalUrl(deps.appUrl, deps.box.decrypt(approvalBox)) : null,
      appUrl: deps.appUrl,
      fromAddress: deps.mailer.senderOf(owner).address,
      now: now(),
    });
    if (!mail) throw new Skip('uitgeschakeld of geen ontvanger');
    const result = await deps.mailer
      .send(owner, { ...mail, ...mailThread(n, booking.id, host) })
      .catch((err: unknown) => {
        throw err instanceof MailConnectionError ? new Held(owner.id, err) : err;
      });
    return {
      outcome: {
        responseStatus: null,
        lastError: result.delivered ? null : 'geen SMTP_URL: in het logboek geschreven',
      },
      repairedOwner: owner.mailBrokenAt || probe ? owner.id : null,
    };
  }

  /**
   * The body to post: as planned, and for a visit's first segment with the visit's `segments`, added
   * at the first attempt (after the visit's change wrote every segment) and stored with the row, so
   * every retry sends the same bytes.
   */
  async function webhookBody(n: NotificationRow, ctx: Delivery['context']): Promise<Record<string, unknown>> {
    // An older custom field named 'segments' (a string) is no visit's list: it is replaced.
    if (!ctx || !tellsVisit(ctx.booking) || Array.isArray(n.payload.segments)) return n.payload;
    const payload = withVisitSegments(
      n.payload,
      await visitLines(db, ctx.booking.visitId!),
      ctx.owner.timeZone,
    );
    return notificationsRepo.fillPayload(db, n.id, payload);
  }

  async function webhook({ notification: n, context }: Delivery): Promise<Sent> {
    const hook = n.webhookId ? await webhooksRepo.findById(db, n.webhookId) : undefined;
    if (!hook?.isActive) throw new Skip('webhook verwijderd of uitgeschakeld');
    const body = JSON.stringify(await webhookBody(n, context));
    const id = `msg_${n.id.replace(/-/g, '')}`;
    const headers = signWebhook(deps.box.decrypt(hook.secret), id, body, now());
    const res = await postWebhook(hook.url, body, headers, deps.allowPrivateWebhooks);
    if (res.status < 200 || res.status >= 300)
      throw Object.assign(new Error(`HTTP ${res.status}`), { responseStatus: res.status });
    return { outcome: { responseStatus: res.status, lastError: null }, repairedOwner: null };
  }

  const texts = textConnection(deps.box, deps.providers, deps.appUrl);
  const isTextKind = (kind: string): kind is TextKind => (TEXT_KINDS as readonly string[]).includes(kind);

  /**
   * Sends a text message (SMS or WhatsApp) through the owner's provider (docs/PRODUCT.md#text-messages),
   * composed now from the booking as it is. Our row id is the message's reference at the provider.
   */
  async function text({ notification: n, context: ctx }: Delivery, attempt: Attempt): Promise<Sent> {
    if (!ctx) throw new Skip('afspraak bestaat niet meer');
    const { booking, owner, event } = ctx;
    if (!isTextKind(n.kind)) throw new Skip('geen sms-bericht');
    if (n.kind === 'reminder') {
      if (booking.status !== 'confirmed' || n.payload.startsAt !== booking.startsAt.toISOString())
        throw new Skip('afspraak gewijzigd of geannuleerd');
      const late = tooLate(n.kind, { dueAt: n.dueAt, startsAt: booking.startsAt, now: now() });
      if (late) throw new Skip(LATE_REASONS[late]);
    } else if (n.kind !== 'cancellation' && booking.status === 'cancelled') {
      throw new Skip('afspraak geannuleerd');
    }
    const phone = booking.customerPhone;
    if (!booking.textConsent || !phone || (await messagingRepo.optedOut(db, owner.id, phone)))
      throw new Skip(TEXT_SKIPPED.noConsent);
    const row = await messagingRepo.find(db, owner.id);
    const provider = row && texts.open(row);
    if (!row || !provider) throw new Skip(TEXT_SKIPPED.noConnection);
    const kind = TEXT_PROVIDERS[row.provider];
    let to = phone;
    let from = row.sender;
    if (n.channel === 'whatsapp') {
      if (!kind.whatsappAddress || !row.whatsappSender) throw new Skip(TEXT_SKIPPED.noWhatsapp);
      to = kind.whatsappAddress(phone);
      from = kind.whatsappAddress(row.whatsappSender);
    }
    const token = booking.managementTokenBox ? deps.box.decrypt(booking.managementTokenBox) : null;
    const body = composeText({
      kind: n.kind,
      booking,
      event,
      owner,
      managementUrl: token ? managementUrl(deps.appUrl, token) : null,
      shortUrl: token ? shortManageUrl(deps.appUrl, token) : null,
    });
    const accepted = (sent: { providerId: string; status: string }): Sent => ({
      outcome: {
        responseStatus: null,
        lastError: null,
        provider: { id: sent.providerId, status: deliveryStatusOf(row.provider, sent.status) ?? 'queued' },
      },
      repairedOwner: null,
    });
    const message = { to, from, body, reference: n.id, statusUrl: texts.statusUrl(row, n.id) };
    try {
      // An earlier run may have been accepted before it timed out or its process died: asked first,
      // where the provider can tell, so the customer never gets it twice.
      const earlier = attempt.retry || n.attempts > 0 ? await provider.find?.(message, n.createdAt) : null;
      return accepted(earlier ?? (await provider.send(message)));
    } catch (error) {
      if (!(error instanceof TextProviderError) || error.failure === 'unreachable') throw error;
      if (error.failure === 'auth') await messagingRepo.setBroken(db, owner.id, now());
      throw new Refused(error.detail.slice(0, 500));
    }
  }

  /** How each channel sends one row: a new channel is one more entry (the type check asks for it). */
  const senders: Record<NotificationChannel, (d: Delivery, attempt: Attempt) => Promise<Sent>> = {
    email: (d, attempt) => email(d, attempt.probe === true),
    webhook: (d) => webhook(d),
    sms: text,
    whatsapp: text,
  };

  async function run(notificationId: string, attempt: Attempt) {
    const delivery = await load(notificationId);
    const n = delivery?.notification;
    if (!delivery || !n || n.status !== 'pending') return; // settled already (a repeat) or skipped by a change
    try {
      const { outcome, repairedOwner } = await senders[n.channel](delivery, attempt);
      let waiting = false;
      await retryWhileUnavailable(() => settleSent({ id: n.id, outcome }), {
        forMs: SETTLE_RETRY_MS,
        onRetry: (err) => {
          if (!waiting)
            log.warn({ err, notificationId: n.id }, 'message sent, recording it waits for the database');
          waiting = true;
        },
      });
      if (repairedOwner) await deps.mailHealth.repaired(repairedOwner);
    } catch (err) {
      const responseStatus = (err as { responseStatus?: number }).responseStatus ?? null;
      if (err instanceof Skip) {
        await notificationsRepo.settle(db, [n.id], { status: 'skipped', lastError: err.message }, now());
        return;
      }
      if (err instanceof Refused) {
        await notificationsRepo.settle(
          db,
          [n.id],
          { status: 'failed', responseStatus: err.responseStatus, lastError: err.message },
          now(),
        );
        log.warn({ notificationId: n.id, channel: n.channel, kind: n.kind }, 'text message refused');
        await deps.fallBack(n);
        return;
      }
      if (err instanceof Held) {
        // Not a failure of this e-mail: it waits (no retry job) until the connection works again.
        await deps.mailHealth.hold(n.id, {
          tried: err.failure !== null,
          lastError: err.failure ? shortError(err.failure) : null,
        });
        if (err.failure) {
          log.warn(
            { err: err.failure, notificationId: n.id, reason: err.failure.reason },
            'owner mail connection broken: e-mail held',
          );
          await deps.mailHealth.broken(err.ownerId, err.failure.reason);
        }
        return;
      }
      if (attempt.last) {
        await notificationsRepo.settle(
          db,
          [n.id],
          { status: 'failed', responseStatus, lastError: shortError(err) },
          now(),
        );
        await deps.fallBack(n);
      } else
        await notificationsRepo.recordAttempt(db, n.id, {
          responseStatus,
          lastError: shortError(err),
          nextAttemptAt: attempt.nextAttemptAt,
        });
      log.warn(
        { err, notificationId: n.id, channel: n.channel, kind: n.kind, last: attempt.last },
        'notification delivery failed',
      );
      throw err;
    }
  }

  return { run };
}
export type NotificationDelivery = ReturnType<typeof createNotificationDelivery>;
