import type { FastifyBaseLogger } from 'fastify';
import type { MessagingProvider } from '@contracts/enums';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { MessagingConnectionRow } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { sha256, type SecretBox } from '../../lib/crypto';
import { textConnection, type ProviderSettings } from '../../integrations/messaging/text-connection';
import { deliveryStatusOf } from '../../integrations/messaging/text-providers';
import { validTwilioSignature } from '../../integrations/messaging/twilio-signature';
import { notificationsRepo } from '../notifications/notifications.repo';
import type { TextFallback } from '../notifications/text-fallback';
import { messagingRepo } from './messaging.repo';

const m = nl.textMessages.callbacks;

/** Replies that end (and start again) a number's text messages from the business; Twilio's own words. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TextCallbacksDeps {
  box: SecretBox;
  providers: ProviderSettings;
  /** The public origin (APP_URL): Twilio signs the address it posted to, which is ours behind a proxy. */
  appUrl: string;
  fallBack: TextFallback;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** A post as the route read it: the path with its query as sent, the form, the signature header. */
export interface SignedPost {
  url: string;
  params: Record<string, string>;
  signature: string | undefined;
}

/**
 * What the owner's text-message provider tells us (docs/PRODUCT.md#text-messages): each message's
 * delivery status and, from Twilio, the customers' replies (STOP). Every callback carries the owner's
 * unguessable path token; Twilio's are signed with the account's Auth Token as well. A report of a
 * message we do not know is answered 200 and logged, so the provider does not retry it for ever.
 */
export function createTextCallbacks(db: Db, deps: TextCallbacksDeps) {
  const connection = textConnection(deps.box, deps.providers, deps.appUrl);

  async function ownerOf(token: string): Promise<MessagingConnectionRow> {
    const row = token ? await messagingRepo.findByTokenHash(db, sha256(token)) : undefined;
    if (!row) throw notFound(m.unknownToken);
    return row;
  }

  /** The owner's connection when the post is Twilio's, signed with its Auth Token; else a 403. */
  async function signedByTwilio(token: string, post: SignedPost): Promise<MessagingConnectionRow> {
    const row = await ownerOf(token);
    const keys = row.provider === 'twilio' ? connection.storedKeys(row) : null;
    const url = `${deps.appUrl}${post.url}`;
    if (!keys?.authToken || !validTwilioSignature(keys.authToken, url, post.params, post.signature)) {
      deps.log.warn({ ownerId: row.ownerId }, 'text provider callback refused: bad signature');
      throw new AppError('FORBIDDEN', m.badSignature);
    }
    return row;
  }

  /** Stores a reported status; a confirmation that will not arrive goes by e-mail instead. */
  async function report(
    row: MessagingConnectionRow,
    provider: MessagingProvider,
    { ref, providerId, word }: { ref: string | null; providerId: string | null; word: string },
  ): Promise<void> {
    const status = deliveryStatusOf(provider, word);
    const where = { ownerId: row.ownerId, ref, providerId, word };
    if (!status) return void deps.log.info(where, 'text status report ignored: unknown status');
    const found = await notificationsRepo.reportStatus(
      db,
      row.ownerId,
      { ref: ref && UUID.test(ref) ? ref : null, providerId: providerId || null },
      status,
      deps.now(),
    );
    if (!found) return void deps.log.info(where, 'text status report ignored: unknown message');
    if (found.changed && (status === 'undelivered' || status === 'failed')) await deps.fallBack(found.row);
  }

  return {
    /** POST /api/messaging/twilio/status/{token}: Twilio's StatusCallback of one message. */
    async twilioStatus(token: string, ref: string | null, post: SignedPost): Promise<void> {
      const row = await signedByTwilio(token, post);
      await report(row, 'twilio', {
        ref,
        providerId: post.params.MessageSid ?? post.params.SmsSid ?? null,
        word: post.params.MessageStatus ?? post.params.SmsStatus ?? '',
      });
    },

    /**
     * POST /api/messaging/twilio/inbound/{token}: a customer's reply. STOP (and Twilio's other stop
     * words) ends the texts of this business to the number: it is kept, and the consent of the
     * number's coming bookings cleared; START lets later bookings ask again.
     */
    async twilioInbound(token: string, post: SignedPost): Promise<void> {
      const row = await signedByTwilio(token, post);
      const word = (post.params.Body ?? '').trim().toUpperCase();
      const phone = (post.params.From ?? '').replace(/^whatsapp:/, '');
      if (!/^\+[1-9]\d{7,14}$/.test(phone)) return;
      if (STOP_WORDS.has(word)) {
        const cleared = await messagingRepo.optOut(db, row.ownerId, phone, deps.now());
        deps.log.info({ ownerId: row.ownerId, bookings: cleared }, 'text messages stopped by reply');
      } else if (START_WORDS.has(word)) {
        await messagingRepo.optIn(db, row.ownerId, phone);
      }
    },

    /** GET /api/messaging/messagebird/report/{token}: MessageBird's delivery report of one message. */
    async messagebirdReport(token: string, query: Record<string, string | undefined>): Promise<void> {
      const row = await ownerOf(token);
      await report(row, 'messagebird', {
        ref: query.ref ?? query.reference ?? null,
        providerId: query.id ?? null,
        word: query.status ?? '',
      });
    },
  };
}
export type TextCallbacks = ReturnType<typeof createTextCallbacks>;
