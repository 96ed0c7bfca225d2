import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { nl } from '@contracts/messages';
import { emailDocument } from '@core/index';
import type { AppConfig } from '../../config';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { redactUrl } from '../../http/logger';
import type { SecretBox } from '../../lib/crypto';
import { isNonPublicHost } from '../outbound/public-lookup';
import { publicSmtpSocket } from '../outbound/public-smtp-socket';
import { brokenConnection, MailConnectionError } from './mail-failure';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where answers go: left out, the owner's address; null, no Reply-To at all (a system mail). */
  replyTo?: string | null;
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string; filename?: string };
  /** A stable Message-ID (one per notification), so a receiver can spot a repeated delivery. */
  messageId?: string;
  /** The Message-ID this mail follows up (RFC 5322 threading: a booking's later mails under its confirmation). */
  inReplyTo?: string;
  references?: string;
}

export interface SendResult {
  /** false when no mail server is configured and the message was written to the log instead. */
  delivered: boolean;
  messageId?: string;
}

/** The address part of MAIL_FROM ("Name <a@b>" or "a@b"). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

export interface MailerDeps {
  /** Sends a complete RFC 822 message through the owner's Gmail (Gmail API, their OAuth grant). */
  sendViaGmail?: (owner: UserRow, raw: Buffer) => Promise<{ id: string }>;
}

/**
 * Sends an owner's mail through the provider they chose: `system` (SMTP_URL), `smtp` (their own
 * server; password decrypted only here) or `gmail` (the message is built by nodemailer and sent
 * with the Gmail API under the owner's OAuth grant, which refreshes itself). Without SMTP_URL the
 * system provider logs the message: never silently dropped.
 */
/**
 * Every SMTP conversation ends well within the mail job's deadline (jobs/job-queue.ts), so a hung
 * server never makes the queue hand the same message to a second attempt while the first goes on.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/**
 * An owner as their mail is sent: the user row, with the business name when the caller loaded it
 * (`bookingsRepo.withEventAndOwner` does; `businessProfileRepo.nameOf` for an owner from a session).
 */
export type MailOwner = UserRow & { businessName?: string | null };

/**
 * The one rule for the name the owner's mail is sent under (docs/PRODUCT.md#business-profile): the
 * sender name they chose in the e-mail settings, else their business name, else their username. The
 * From header, the e-mails' {fromName} and the invitation's organizer all use it.
 */
export const senderNameOf = (owner: MailOwner): string =>
  owner.emailFromName || owner.businessName || owner.username;

export function createMailer(
  config: AppConfig,
  box: SecretBox,
  log: FastifyBaseLogger,
  deps: MailerDeps = {},
) {
  let systemTransport: Transporter | undefined;
  const system = () =>
    (systemTransport ??= nodemailer.createTransport({ url: config.smtpUrl!, ...SMTP_TIMEOUTS }));

  /** The transport of the owner's provider; null: no SMTP_URL, the mail is logged. */
  function transportFor(owner: UserRow): Transporter | null {
    if (owner.emailProvider === 'smtp') {
      if (!owner.smtpHost) throw new AppError('MAIL_FAILED', nl.settings.smtpHostRequired);
      const transport = nodemailer.createTransport({
        host: owner.smtpHost,
        port: owner.smtpPort ?? 587,
        secure: owner.smtpSecure && (owner.smtpPort ?? 587) === 465,
        requireTLS: owner.smtpSecure && (owner.smtpPort ?? 587) !== 465,
        auth: owner.smtpUsername
          ? { user: owner.smtpUsername, pass: owner.smtpPassword ? box.decrypt(owner.smtpPassword) : '' }
          : undefined,
        ...SMTP_TIMEOUTS,
        // The owner chooses this host: each connection goes only to a checked public address of it,
        // so the server never probes its own network for them (integrations/outbound).
        ...(config.smtpAllowPrivate
          ? {}
          : { getSocket: publicSmtpSocket(owner.smtpHost, owner.smtpPort ?? 587, 10_000) }),
      });
      return transport;
    }
    if (owner.emailProvider === 'gmail') {
      if (!owner.gmailRefreshToken || !deps.sendViaGmail)
        throw new MailConnectionError('gmail_auth', nl.settings.gmailUnavailable);
      // Builds the message only; sending goes through the Gmail API.
      return nodemailer.createTransport({ streamTransport: true, buffer: true });
    }
    return config.smtpUrl ? system() : null;
  }

  /** The From of the owner's mail: their sender name (senderNameOf) at the provider's address. */
  const senderOf = (owner: MailOwner) => ({
    name: senderNameOf(owner),
    address: fromAddressOf(owner),
  });

  function fromAddressOf(owner: UserRow): string {
    if (owner.emailProvider === 'smtp' && owner.smtpUsername?.includes('@')) return owner.smtpUsername;
    if (owner.emailProvider === 'gmail' && (owner.gmailAddress || owner.email))
      return (owner.gmailAddress || owner.email)!;
    return addressOf(config.mailFrom);
  }

  /** One message through `transport`; null: no SMTP_URL, the message is logged instead. */
  async function deliver(
    transport: Transporter | null,
    from: { name: string; address: string },
    mail: OutgoingMail,
    defaultReplyTo: string | null,
  ): Promise<{ result: SendResult; raw?: Buffer }> {
    if (!transport) {
      // A management link's token is the customer's credential, a reset link the owner's: logs never carry them (README).
      log.info(
        { mail: { to: mail.to, subject: mail.subject, text: redactUrl(mail.text) } },
        'no SMTP_URL configured: e-mail logged instead of sent',
      );
      return { result: { delivered: false } };
    }
    const info = await transport.sendMail({
      from,
      to: mail.to,
      // null is a deliberate "no Reply-To" (a reset mail must not be answered to its own recipient).
      replyTo: (mail.replyTo === undefined ? defaultReplyTo : mail.replyTo) ?? undefined,
      subject: mail.subject,
      html: emailDocument(mail.html, mail.subject),
      text: mail.text,
      // RFC 3834: sent by the system, so auto-responders (out-of-office) do not answer it.
      headers: { 'Auto-Submitted': 'auto-generated' },
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
      ...(mail.references ? { references: mail.references } : {}),
      ...(mail.icalEvent
        ? {
            icalEvent: {
              method: mail.icalEvent.method,
              content: mail.icalEvent.content,
              filename: mail.icalEvent.filename ?? 'afspraak.ics',
            },
          }
        : {}),
    });
    // A stream transport (Gmail) only built the message: the caller sends its bytes.
    const raw = Buffer.isBuffer(info.message) ? info.message : undefined;
    return { result: { delivered: true, messageId: info.messageId }, raw };
  }

  return {
    senderOf,

    /** Save-time check of an owner's SMTP host: true when it is, or resolves to, a non-public address. */
    async smtpHostRefused(host: string): Promise<boolean> {
      return !config.smtpAllowPrivate && (await isNonPublicHost(host));
    },

    async send(owner: MailOwner, mail: OutgoingMail): Promise<SendResult> {
      const transport = transportFor(owner);
      try {
        const sent = await deliver(transport, senderOf(owner), mail, owner.email);
        if (sent.raw && owner.emailProvider === 'gmail') await deps.sendViaGmail!(owner, sent.raw);
        return sent.result;
      } catch (err) {
        const message =
          err instanceof AppError ? err.message : `${nl.settings.mailFailed}: ${(err as Error).message}`;
        // The owner's connection itself fails (not this message): the caller holds mail until it is repaired.
        const broken = brokenConnection(owner, err);
        if (broken) throw new MailConnectionError(broken, message);
        if (err instanceof AppError) throw err;
        throw new AppError('MAIL_FAILED', message);
      }
    },

    /**
     * A mail the system sends under `fromName` through SMTP_URL, for a sender that is no owner (any
     * more): the customers' cancellations of an owner who deleted their account.
     */
    async sendAsSystem(fromName: string, mail: OutgoingMail): Promise<SendResult> {
      const transport = config.smtpUrl ? system() : null;
      return (await deliver(transport, { name: fromName, address: addressOf(config.mailFrom) }, mail, null))
        .result;
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
