import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import type { BookingDetailsDto } from '@contracts/bookings';
import { dbKinds } from '../../test/databases';
import {
  startFakeMessageBird,
  startFakeTwilio,
  type FakeMessageBird,
  type FakeTwilio,
} from '../../test/fake-messaging';
import { makeDue, notificationsOf } from '../../test/notification-fixtures';
import { bookWithTexts, textRow, textingService } from '../../test/text-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { eventually } from '../../test/wait';

// A Tuesday at 10:00 in Amsterdam: out of the quiet hours.
const NOW = new Date('2026-12-01T09:00:00Z');
const APP_URL = 'https://afspraak.example.nl';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(dbKinds())('text message callbacks on %s', (kind) => {
  let t: TestApp;
  let twilio: FakeTwilio;
  let bird: FakeMessageBird;
  beforeAll(async () => {
    [twilio, bird] = await Promise.all([startFakeTwilio(), startFakeMessageBird()]);
    t = await createTestApp(kind, {
      now: () => NOW,
      workers: true,
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

  /** Posts a Twilio form to our app as Twilio would post it to the public address `url`. */
  const post = (url: string, form: Record<string, string>, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: url.slice(APP_URL.length),
      headers: { ...FORM, ...(signature === undefined ? {} : { 'x-twilio-signature': signature }) },
      payload: new URLSearchParams(form).toString(),
    });

  /** A Twilio owner's booking whose SMS confirmation went out: the fake's message and our row. */
  async function sentConfirmation() {
    const service = await textingService(t, { provider: 'twilio', twilio });
    const { booking, managementToken } = await bookWithTexts(t, service.eventId);
    const row = await textRow(t, booking.id, 'confirmation');
    const message = twilio.messages().find((m) => m.account === service.account)!;
    const token = /\/twilio\/status\/([^/?]+)/.exec(message.statusUrl!)![1]!;
    return { ...service, bookingId: booking.id, managementToken, row, message, token };
  }

  const historyStatus = async (a: { get: (url: string) => Promise<{ json: () => unknown }> }, id: string) => {
    const details = (await a.get(`/api/bookings/${id}`)).json() as BookingDetailsDto;
    return details.history
      .flatMap((h) => h.messages)
      .find((m) => m.channel === 'sms' && m.kind === 'confirmation');
  };

  it('stores a signed status callback, shows it in the history, and never goes back', async () => {
    const { a, bookingId, row, message } = await sentConfirmation();
    expect(row).toMatchObject({ status: 'sent', providerStatus: 'queued', providerMessageId: message.id });

    const delivered = twilio.statusCallback(message.id, 'delivered');
    const res = await post(delivered.url, delivered.form, delivered.signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect((await textRow(t, bookingId, 'confirmation')).providerStatus).toBe('delivered');
    expect(await historyStatus(a, bookingId)).toMatchObject({
      channel: 'sms',
      status: 'sent',
      providerStatus: 'delivered',
      recipient: '+31612345678',
    });
    expect(nl.bookingDetails.providerStatuses.delivered).toBe('Afgeleverd');

    // A late 'sent' (callbacks may arrive out of order) keeps 'delivered'.
    const late = twilio.statusCallback(message.id, 'sent');
    expect((await post(late.url, late.form, late.signature)).statusCode).toBe(200);
    expect((await textRow(t, bookingId, 'confirmation')).providerStatus).toBe('delivered');
  });

  it('refuses a forged or unsigned status callback with 403 and changes nothing', async () => {
    const { bookingId, message } = await sentConfirmation();
    const cb = twilio.statusCallback(message.id, 'failed');
    const forged = await post(cb.url, cb.form, Buffer.from('not the signature').toString('base64'));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ message: nl.textMessages.callbacks.badSignature });
    // Signed for another form: a changed status is not what was signed.
    const other = twilio.statusCallback(message.id, 'delivered');
    expect((await post(cb.url, cb.form, other.signature)).statusCode).toBe(403);
    expect((await post(cb.url, cb.form)).statusCode).toBe(403);
    // Signed over another address (a token of ours in a URL Twilio did not post to).
    const moved = twilio.sign(message.account, `${cb.url}&x=1`, cb.form);
    expect((await post(cb.url, cb.form, moved)).statusCode).toBe(403);
    const rows = await notificationsOf(t, bookingId);
    expect(rows.find((n) => n.channel === 'sms')?.providerStatus).toBe('queued');
    // No fallback e-mail was planned by a forged 'failed'.
    expect(rows.filter((n) => n.payload.fallbackFor)).toEqual([]);
  });

  it('answers 200 to a report of a message it does not know, and 404 to an unknown token', async () => {
    const { message, token } = await sentConfirmation();
    const url = `${APP_URL}/api/messaging/twilio/status/${token}?ref=${randomUUID()}`;
    const form = {
      ...twilio.statusCallback(message.id, 'delivered').form,
      MessageSid: `SM${'0'.repeat(32)}`,
    };
    const unknown = await post(url, form, twilio.sign(message.account, url, form));
    expect(unknown.statusCode, unknown.body).toBe(200);
    // No ref at all, and an id no message has.
    const bare = `${APP_URL}/api/messaging/twilio/status/${token}`;
    expect((await post(bare, form, twilio.sign(message.account, bare, form))).statusCode).toBe(200);

    const stranger = `${APP_URL}/api/messaging/twilio/status/${'x'.repeat(43)}`;
    const res = await post(stranger, form, twilio.sign(message.account, stranger, form));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: nl.textMessages.callbacks.unknownToken });
  });

  it('stops the texts to a number that replies STOP: a later reminder is skipped, nothing sent', async () => {
    const { bookingId, message, token, account } = await sentConfirmation();
    const url = `${APP_URL}/api/messaging/twilio/inbound/${token}`;
    const form = {
      AccountSid: message.account,
      MessageSid: `SM${'1'.repeat(32)}`,
      From: '+31612345678',
      To: '+3197010000000',
      Body: '  Stop ',
    };
    expect((await post(url, form)).statusCode).toBe(403);
    const res = await post(url, form, twilio.sign(message.account, url, form));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toContain('<Response/>');

    const { rows } = await t.database.executeSql(
      'select b.text_consent, (select count(*)::int from text_opt_outs o where o.phone = b.customer_phone and o.owner_id = b.owner_id) as opted from bookings b where b.id = $1',
      [bookingId],
    );
    expect(rows[0]).toMatchObject({ text_consent: false, opted: 1 });

    const reminder = await textRow(t, bookingId, 'reminder', () => true);
    await makeDue(t, [reminder.id]);
    const skipped = await textRow(t, bookingId, 'reminder');
    expect(skipped).toMatchObject({ status: 'skipped', lastError: nl.textMessages.skipped.noConsent });
    expect(twilio.messages().filter((m) => m.account === account)).toHaveLength(1);
  });

  it('keeps when the customer consented on the customer record', async () => {
    const { bookingId } = await sentConfirmation();
    const { rows } = await t.database.executeSql(
      'select c.text_consent_at from customers c join bookings b on b.customer_id = c.id where b.id = $1',
      [bookingId],
    );
    expect(new Date((rows[0] as { text_consent_at: string }).text_consent_at).toISOString()).toBe(
      NOW.toISOString(),
    );
  });

  it('redirects the short manage link to the manage page', async () => {
    const { managementToken } = await sentConfirmation();
    const res = await t.app.inject({ method: 'GET', url: `/m/${managementToken}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/booking/manage/${managementToken}`);
    // A mangled link is no page: the app's 404.
    expect((await t.app.inject({ method: 'GET', url: '/m/kort' })).statusCode).toBe(404);
  });

  it('MessageBird: sends the confirmation once with originator and reference, and reads its reports', async () => {
    const { eventId, account } = await textingService(t, { provider: 'messagebird', bird });
    const { booking } = await bookWithTexts(t, eventId);
    const row = await textRow(t, booking.id, 'confirmation');
    const sent = bird.messages().filter((m) => m.account === account);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: 'SalonAnna', to: '+31612345678', reference: row.id });
    expect(sent[0]!.statusUrl).toMatch(
      new RegExp(`^${APP_URL}/api/messaging/messagebird/report/[^/?]+\\?ref=${row.id}$`),
    );
    expect(row).toMatchObject({ providerMessageId: sent[0]!.id, providerStatus: 'sent' });

    const report = bird.reportUrl(sent[0]!.id, 'delivered');
    const res = await t.app.inject({ method: 'GET', url: report.slice(APP_URL.length) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await textRow(t, booking.id, 'confirmation')).providerStatus).toBe('delivered');

    const wrong = report.replace(/report\/[^/?]+/, `report/${'y'.repeat(43)}`);
    expect((await t.app.inject({ method: 'GET', url: wrong.slice(APP_URL.length) })).statusCode).toBe(404);
    // An unknown message under the right token: 200, ignored.
    const unknown = report.replace(/([?&])id=[^&]+/, '$1id=0000').replace(/ref=[^&]+/, `ref=${randomUUID()}`);
    expect((await t.app.inject({ method: 'GET', url: unknown.slice(APP_URL.length) })).statusCode).toBe(200);
    await eventually(() =>
      bird.messages().filter((m) => m.account === account).length === 1 ? true : undefined,
    );
  });
});
