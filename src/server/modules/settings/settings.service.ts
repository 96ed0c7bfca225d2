import type { z } from 'zod';
import { nl } from '@contracts/messages';
import type { EmailSettingsDto, emailSettingsBody, paymentKeysBody } from '@contracts/settings';
import { SMTP_DEFAULT_PORT } from '@contracts/settings';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PaymentGateway } from '../../integrations/stripe/stripe-gateway';
import { openSecret, verifyPaymentKeys } from '../payments/payment-keys';
import type { MailHealth } from '../notifications/mail-health';
import { businessProfileRepo } from '../business-profile/business-profile.repo';
import { activityDiff, type ActivityChange } from '../activity/activity-diff';
import { usersRepo } from '../users/users.repo';
import { type ActivityBy } from '../activity/activity.repo';
import { logUpdate } from '../activity/activity-entry';

const m = nl.settings;

/** What an entry of the e-mail settings shows: the password only as whether one is set. */
const mailFields = (u: Partial<UserRow>) => ({
  emailProvider: u.emailProvider,
  emailFromName: u.emailFromName,
  smtpHost: u.smtpHost,
  smtpPort: u.smtpPort,
  smtpUsername: u.smtpUsername,
  smtpSecure: u.smtpSecure,
  smtpPasswordSet: Boolean(u.smtpPassword),
});
/** The payment keys as an entry shows them: the publishable key (public by nature), the secret only as set or not. */
const keyFields = (u: Pick<UserRow, 'stripePublicKey' | 'stripeSecretKey'>) => ({
  stripePublicKey: u.stripePublicKey,
  secretKeySet: Boolean(u.stripeSecretKey),
});

export function toEmailSettings(user: UserRow): EmailSettingsDto {
  return {
    provider: user.emailProvider,
    fromName: user.emailFromName,
    gmailConnected: Boolean(user.gmailAccessToken),
    gmailBroken: Boolean(user.gmailAccessToken && user.gmailBrokenAt),
    gmailAddress: user.gmailAddress,
    email: user.email,
    smtpConfigured: Boolean(user.smtpHost),
    smtp: {
      host: user.smtpHost ?? '',
      port: user.smtpPort ?? SMTP_DEFAULT_PORT,
      username: user.smtpUsername ?? '',
      password: '',
      passwordSet: Boolean(user.smtpPassword),
      secure: user.smtpSecure,
    },
  };
}

export function createSettingsService(
  db: Db,
  box: SecretBox,
  mailer: Mailer,
  mailHealth: Pick<MailHealth, 'retry' | 'repaired'>,
  gateway: PaymentGateway,
  /** Makes, replaces or removes the owner's payment webhook endpoint after their keys changed. */
  paymentWebhooks: { keysSaved(before: UserRow, after: UserRow): Promise<UserRow> },
  deps: { now: () => Date },
) {
  /**
   * The keys to check for a save: the publishable key it leaves, and the secret key when the save
   * gives a new one or leaves a pair (a stored key is checked again, so saving repairs a broken mark).
   */
  function keysAfterSave(user: UserRow, body: z.output<typeof paymentKeysBody>) {
    const publicKey =
      body.stripePublicKey === undefined ? user.stripePublicKey : body.stripePublicKey || null;
    if (body.stripeSecretKey === null) return { publicKey, secretKey: null };
    if (body.stripeSecretKey) return { publicKey, secretKey: body.stripeSecretKey };
    return { publicKey, secretKey: publicKey ? openSecret(user.stripeSecretKey, box) : null };
  }

  /** Saves and writes the change's activity entry in one transaction (none when nothing changed). */
  async function save(
    user: UserRow,
    values: Partial<UserRow>,
    by: ActivityBy,
    entry: (saved: UserRow) => {
      kind: 'settings.updated' | 'payment_keys.updated' | 'payment_keys.removed';
      change: ActivityChange | null;
    },
  ) {
    return db.transaction(async (tx) => {
      const row = await usersRepo.update(tx, user.id, values);
      if (!row) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
      const { kind, change } = entry(row);
      await logUpdate(tx, by, deps.now(), { kind }, change);
      return row;
    });
  }
  const setting =
    <K extends keyof UserRow>(key: K) =>
    (saved: UserRow, before: UserRow) => ({
      kind: 'settings.updated' as const,
      change: activityDiff(before, saved, [key as keyof UserRow & string]),
    });

  return {
    /**
     * Secret key: write-only and encrypted; an empty value keeps it, null removes it. The keys the
     * save would leave are checked with the provider first; nothing is stored when they fail.
     */
    async savePaymentKeys(user: UserRow, body: z.output<typeof paymentKeysBody>, by: ActivityBy) {
      const values: Partial<UserRow> = {};
      if (body.stripePublicKey !== undefined) values.stripePublicKey = body.stripePublicKey || null;
      if (body.stripeSecretKey === null) values.stripeSecretKey = null;
      else if (body.stripeSecretKey) values.stripeSecretKey = box.encrypt(body.stripeSecretKey);
      const { verified } = await verifyPaymentKeys(gateway, keysAfterSave(user, body));
      // Proven to open the account now: whatever refusal marked the keys broken is over.
      if (verified) values.paymentKeysBrokenAt = null;
      const saved = await save(user, values, by, (row) => {
        const change = activityDiff(keyFields(user), keyFields(row));
        // A new secret key in place of another changes no flag: the entry still says it was replaced.
        const replaced = Boolean(body.stripeSecretKey) && !change?.after.secretKeySet;
        return {
          kind:
            body.stripeSecretKey === null && !row.stripeSecretKey
              ? 'payment_keys.removed'
              : 'payment_keys.updated',
          change: replaced
            ? { before: { ...change?.before }, after: { ...change?.after, secretKeyReplaced: true } }
            : change,
        };
      });
      return paymentWebhooks.keysSaved(user, saved);
    },

    /** "Automatisch terugbetalen bij tijdig annuleren": read when a customer cancels (public-booking.service.ts). */
    async saveAutoRefund(user: UserRow, autoRefund: boolean, by: ActivityBy) {
      return save(user, { autoRefund }, by, (row) => setting('autoRefund')(row, user));
    },

    /** Whether the customers' answers go along into the calendar feed and Google Calendar. */
    async saveCalendarShowAnswers(user: UserRow, calendarShowAnswers: boolean, by: ActivityBy) {
      return save(user, { calendarShowAnswers }, by, (row) => setting('calendarShowAnswers')(row, user));
    },

    /** The retention period the daily job applies (privacy.service.ts, docs/PRODUCT.md#privacy). */
    async saveRetention(user: UserRow, retentionMonths: number | null, by: ActivityBy) {
      return save(user, { retentionMonths }, by, (row) => setting('retentionMonths')(row, user));
    },

    /** How long a request waits for the owner (docs/PRODUCT.md#approval): read when one is made. */
    async saveApprovalHours(user: UserRow, approvalHours: number, by: ActivityBy) {
      return save(user, { approvalHours }, by, (row) => setting('approvalHours')(row, user));
    },

    async saveEmailSettings(
      user: UserRow,
      body: z.output<typeof emailSettingsBody>,
      by: ActivityBy,
    ): Promise<EmailSettingsDto> {
      const values: Partial<UserRow> = { emailProvider: body.provider };
      if (body.fromName !== undefined) values.emailFromName = body.fromName || null;
      if (body.smtp) {
        values.smtpHost = body.smtp.host || null;
        values.smtpPort = body.smtp.port;
        values.smtpUsername = body.smtp.username || null;
        if (body.smtp.password) values.smtpPassword = box.encrypt(body.smtp.password);
        if (body.smtp.secure !== undefined) values.smtpSecure = body.smtp.secure;
      }
      if (body.provider === 'gmail' && !user.gmailAccessToken)
        throw badRequest(m.gmailNotConnected, { provider: m.gmailNotConnected });
      if (body.provider === 'smtp' && !(values.smtpHost ?? user.smtpHost))
        throw badRequest(m.smtpHostRequired, { 'smtp.host': m.smtpHostRequired });
      // Refused now with a clear message; every connection to it is checked again (DNS may change).
      if (values.smtpHost && (await mailer.smtpHostRefused(values.smtpHost)))
        throw badRequest(m.smtpHostNotPublic, { 'smtp.host': m.smtpHostNotPublic });
      const saved = await save(user, values, by, (row) => ({
        kind: 'settings.updated',
        change: activityDiff(mailFields(user), mailFields(row)),
      }));
      // Perhaps repaired: e-mails waiting for a broken connection are tried with the new settings.
      await mailHealth.retry(user.id);
      return toEmailSettings(saved);
    },

    /** Really sends a message through the owner's provider, so they know their settings work. */
    async sendTestMail(user: UserRow) {
      if (!user.email) throw badRequest(m.ownerEmailMissing);
      // Under the name customers' mail goes out with: it may be the business name.
      const owner = { ...user, businessName: await businessProfileRepo.nameOf(db, user.id) };
      const result = await mailer.send(owner, {
        to: user.email,
        subject: m.testSubject,
        html: `<p>${m.testBody}</p>`,
        text: m.testBody,
      });
      // The settings work: whatever waited for them goes out now.
      await mailHealth.repaired(user.id);
      return { ok: true as const, message: result.delivered ? `${m.testSent} ${user.email}.` : m.mailLogged };
    },
  };
}
