import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases';
import {
  startFakeMessageBird,
  startFakeTwilio,
  type FakeMessageBird,
  type FakeTwilio,
} from '../../test/fake-messaging';
import { notificationsOf } from '../../test/notification-fixtures';
import { bookWithTexts, textRow, textingService } from '../../test/text-fixtures';
import { createMailingApp, type Agent, type MailingApp } from '../../test/test-app';
import { eventually } from '../../test/wait';

// A Tuesday at 10:00 in Amsterdam: out of the quiet hours unless a test moves the clock.
const NOW = new Date('2026-12-01T09:00:00Z');
const APP_URL = 'https://afspraak.example.nl';

describe.each(dbKinds())('text message delivery faults on %s', (kind) => {
  let t: MailingApp;
  let twilio: FakeTwilio;
  let bird: FakeMessageBird;
  let clock = NOW;
  let customers = 0;
  beforeAll(async () => {
    [twilio, bird] = await Promise.all([startFakeTwilio(), startFakeMessageBird()]);
    t = await createMailingApp(kind, {
      now: () => clock,
      env: {
        APP_URL,
        TWILIO_API_BASE: twilio.url,
        MESSAGEBIRD_API_BASE: bird.url,
        MESSAGING_TIMEOUT_MS: '400',
        LOG_LEVEL: 'error',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([twilio.close(), bird.close()]);
  });

  /** A customer address of this test alone, to read its mails at the SMTP server. */
  const newEmail = () => `klant${++customers}@example.nl`;
  const mailsTo = (to: string) => t.smtp.received.filter((m) => m.envelope.to.includes(to));

  /** The owner switches the e-mail confirmation off (their confirmation template inactive). */
  async function confirmationMailOff(a: Agent) {
    const templates = (await a.get('/api/email-templates')).json() as Array<{
      id: string;
      templateType: string;
      subject: string;
      htmlBody: string;
    }>;
    const own = templates.find((x) => x.templateType === 'confirmation')!;
    const res = await a.patch(`/api/email-templates/${own.id}`, {
      templateType: 'confirmation',
      isActive: false,
      subject: own.subject,
      htmlBody: own.htmlBody,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Posts Twilio's signed status callback of the message to our app (its public address is APP_URL). */
  async function twilioReports(id: string, status: string) {
    const cb = twilio.statusCallback(id, status);
    const res = await t.app.inject({
      method: 'POST',
      url: cb.url.slice(APP_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': cb.signature },
      payload: new URLSearchParams(cb.form).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('retries a provider error (500) and sends the message once', async () => {
    const { eventId, account } = await textingService(
      t,
      { provider: 'twilio', twilio },
      { send: ['confirmation'] },
    );
    twilio.failNext(500);
    const { booking } = await bookWithTexts(t, eventId, { email: newEmail() });
    const row = await textRow(t, booking.id, 'confirmation');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(twilio.messages().filter((m) => m.account === account)).toHaveLength(1);
  });

  it('Twilio: a send accepted before its answer timed out is found on the retry, not sent twice', async () => {
    const { eventId, account } = await textingService(
      t,
      { provider: 'twilio', twilio },
      { send: ['confirmation'] },
    );
    twilio.failNext('accept-then-timeout');
    const { booking } = await bookWithTexts(t, eventId, { email: newEmail() });
    const row = await textRow(t, booking.id, 'confirmation');
    const mine = twilio.messages().filter((m) => m.account === account);
    expect(mine).toHaveLength(1);
    expect(row).toMatchObject({ status: 'sent', providerMessageId: mine[0]!.id, attempts: 2 });
    const asked = twilio.requests().filter((r) => r.path.endsWith(`/${account}/Messages.json`));
    expect(asked.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('MessageBird: a send accepted before its answer timed out is found by its reference', async () => {
    const { eventId, account } = await textingService(
      t,
      { provider: 'messagebird', bird },
      { send: ['confirmation'] },
    );
    bird.failNext('accept-then-timeout');
    const { booking } = await bookWithTexts(t, eventId, { email: newEmail() });
    const row = await textRow(t, booking.id, 'confirmation');
    const mine = bird.messages().filter((m) => m.account === account);
    expect(mine).toHaveLength(1);
    expect(row).toMatchObject({ status: 'sent', providerMessageId: mine[0]!.id });
  });

  it('a refused number fails for good, and the confirmation goes by e-mail once (even switched off)', async () => {
    const { a, eventId, account } = await textingService(
      t,
      { provider: 'twilio', twilio },
      { send: ['confirmation'] },
    );
    await confirmationMailOff(a);
    twilio.refuse('+31687654321');
    const email = newEmail();
    const { booking } = await bookWithTexts(t, eventId, { phone: '+31687654321', email });
    const row = await textRow(t, booking.id, 'confirmation');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, providerMessageId: null });
    expect(row.lastError).toMatch(/not a valid phone number/);
    expect(twilio.messages().filter((m) => m.account === account)).toEqual([]);

    const mails = await eventually(() => (mailsTo(email).length ? mailsTo(email) : undefined));
    expect(mails[0]!.mail.subject).toMatch(/bevestig/i);
    const rows = await notificationsOf(t, booking.id);
    const fallback = rows.filter((n) => n.payload.fallbackFor === row.id);
    expect(fallback).toHaveLength(1);
    // The owner's own confirmation (switched off) was skipped; only the stand-in went out.
    await eventually(async () =>
      (await notificationsOf(t, booking.id)).find((n) => n.id === fallback[0]!.id)?.status === 'sent'
        ? true
        : undefined,
    );
    expect(mailsTo(email)).toHaveLength(1);
    // The history shows the text's failure beside the e-mail that stood in for it.
    const details = (await a.get(`/api/bookings/${booking.id}`)).json() as {
      history: Array<{ messages: Array<{ channel: string; status: string; kind: string }> }>;
    };
    const messages = details.history.flatMap((h) => h.messages);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'sms', kind: 'confirmation', status: 'failed' }),
        expect.objectContaining({ channel: 'email', kind: 'confirmation', status: 'sent' }),
      ]),
    );
  });

  it('a confirmation reported undelivered later goes by e-mail, once for all the reports', async () => {
    const { a, eventId, account } = await textingService(
      t,
      { provider: 'twilio', twilio },
      { send: ['confirmation'] },
    );
    await confirmationMailOff(a);
    const email = newEmail();
    const { booking } = await bookWithTexts(t, eventId, { email });
    const row = await textRow(t, booking.id, 'confirmation');
    const message = twilio.messages().find((m) => m.account === account)!;
    await twilioReports(message.id, 'undelivered');
    await twilioReports(message.id, 'undelivered');
    await twilioReports(message.id, 'failed');
    await eventually(() => (mailsTo(email).length ? true : undefined));
    const rows = await notificationsOf(t, booking.id);
    expect(rows.filter((n) => n.payload.fallbackFor === row.id)).toHaveLength(1);
    expect(rows.find((n) => n.id === row.id)?.providerStatus).toBe('undelivered');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('no stand-in e-mail when the booking’s e-mail confirmation went out already', async () => {
    const { eventId, account } = await textingService(
      t,
      { provider: 'twilio', twilio },
      { send: ['confirmation'] },
    );
    const email = newEmail();
    const { booking } = await bookWithTexts(t, eventId, { email });
    await textRow(t, booking.id, 'confirmation');
    await eventually(() => (mailsTo(email).length ? true : undefined));
    const message = twilio.messages().find((m) => m.account === account)!;
    await twilioReports(message.id, 'failed');
    const rows = await notificationsOf(t, booking.id);
    expect(rows.filter((n) => n.payload.fallbackFor)).toEqual([]);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('holds texts out of the quiet hours by the owner’s clock', async () => {
    const { eventId } = await textingService(t, { provider: 'twilio', twilio }, { reminderHours: 15 });
    // 22:00 in Amsterdam: the confirmation waits for 08:00; the reminder due at 23:00 the evening
    // before the appointment goes at 20:59 instead.
    clock = new Date('2026-12-01T21:00:00Z');
    try {
      const { booking } = await bookWithTexts(t, eventId, { email: newEmail() });
      const confirmation = await textRow(t, booking.id, 'confirmation', () => true);
      expect(confirmation).toMatchObject({ status: 'pending', dueAt: new Date('2026-12-02T07:00:00Z') });
      const reminder = await textRow(t, booking.id, 'reminder', () => true);
      expect(reminder).toMatchObject({ status: 'pending', dueAt: new Date('2026-12-02T19:59:00Z') });
    } finally {
      clock = NOW;
    }
  });
});
