import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { dbKinds } from '../../test/databases';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-messaging';
import { everyDay, makeDue, notificationsOf } from '../../test/notification-fixtures';
import { eventPayload } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { textingService } from '../../test/text-fixtures';
import { eventually } from '../../test/wait';

// A Tuesday at 10:00 in Amsterdam: nothing here falls in the quiet hours unless a test says so.
const NOW = new Date('2026-12-01T09:00:00Z');
const APP_URL = 'https://afspraak.example.nl';
const steps = nlPublicSteps.booking;

describe.each(dbKinds())('text messages on %s', (kind) => {
  let t: TestApp;
  let twilio: FakeTwilio;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    t = await createTestApp(kind, {
      now: () => NOW,
      workers: true,
      env: { APP_URL, TWILIO_API_BASE: twilio.url, MESSAGING_TIMEOUT_MS: '5000', LOG_LEVEL: 'error' },
    });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  /** An owner 'Salon Anna' on Twilio with a service that sends the confirmation and a 24 h reminder by SMS. */
  const textingOwner = (event: Parameters<typeof eventPayload>[0] = {}) =>
    textingService(t, { provider: 'twilio', twilio }, { event });

  const book = (eventId: string, phone: string, textConsent?: boolean) =>
    agent(t.app).post('/api/public/bookings', {
      eventId,
      bookingDate: '2026-12-03',
      bookingTime: '14:00',
      customFieldResponses: { Naam: 'Jan Jansen', 'E-mail': 'jan@example.nl', Telefoon: phone },
      ...(textConsent === undefined ? {} : { textConsent }),
    });

  it('sends the confirmation by SMS once, from the sender, with the short manage link', async () => {
    const { eventId, account } = await textingOwner();
    const res = await book(eventId, '+31612345678', true);
    expect(res.statusCode, res.body).toBe(201);
    const { booking, managementToken } = res.json() as {
      booking: { id: string; textConsent: boolean };
      managementToken: string;
    };
    expect(booking.textConsent).toBe(true);

    const sent = await eventually(() => {
      const mine = twilio.messages().filter((m) => m.account === account);
      return mine.length ? mine : undefined;
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: '+31612345678', from: 'SalonAnna' });
    expect(sent[0]!.body).toBe(
      `Bevestigd: Knippen op donderdag 3 december 2026 om 14:00 bij Salon Anna. Wijzigen of annuleren: ${APP_URL}/m/${managementToken}`,
    );
    expect(sent[0]!.statusUrl).toMatch(new RegExp(`^${APP_URL}/api/messaging/twilio/status/[^/?]+\\?ref=`));

    const rows = await eventually(async () => {
      const all = await notificationsOf(t, booking.id);
      const texts = all.filter((n) => n.channel === 'sms');
      return texts.some((n) => n.kind === 'confirmation' && n.status === 'sent') ? texts : undefined;
    });
    const confirmation = rows.find((n) => n.kind === 'confirmation')!;
    expect(confirmation).toMatchObject({ providerMessageId: sent[0]!.id, providerStatus: 'queued' });
    // The reminder waits for its moment, 24 hours before.
    const reminder = rows.find((n) => n.kind === 'reminder')!;
    expect(reminder).toMatchObject({ status: 'pending', dueAt: new Date('2026-12-02T13:00:00Z') });
    await makeDue(t, [reminder.id]);
    const both = await eventually(() => {
      const mine = twilio.messages().filter((m) => m.account === account);
      return mine.length === 2 ? mine : undefined;
    });
    expect(both[1]!.body).toMatch(
      /^Herinnering: Knippen op donderdag 3 december 2026 om 14:00 bij Salon Anna\./,
    );
  });

  it('sends nothing by text without the customer’s consent', async () => {
    const { eventId, account } = await textingOwner();
    const res = await book(eventId, '+31612345678');
    expect(res.statusCode, res.body).toBe(201);
    const { booking } = res.json() as { booking: { id: string; textConsent: boolean } };
    expect(booking.textConsent).toBe(false);
    const rows = await notificationsOf(t, booking.id);
    expect(rows.filter((n) => n.channel === 'sms')).toEqual([]);
    expect(twilio.messages().filter((m) => m.account === account)).toEqual([]);
  });

  it('refuses the consent for a landline with a Dutch message, and stores nothing', async () => {
    const { eventId } = await textingOwner();
    const res = await book(eventId, '+31101234567', true);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: steps.textConsentNotMobile });
  });

  it('sends a visit’s confirmation once, for its first service, when the customer asked', async () => {
    const { a, eventId, account } = await textingOwner({ allowCombinations: true });
    const fohnen = await a.post(
      '/api/events',
      eventPayload({
        title: 'Föhnen',
        durationMinutes: 15,
        workingDays: everyDay,
        dailyPauseTimes: {},
        dateRangeStart: '2026-12-01',
        dateRangeEnd: '2026-12-31',
        allowCombinations: true,
      }),
    );
    expect(fohnen.statusCode, fohnen.body).toBe(201);
    const res = await agent(t.app).post('/api/public/visits', {
      services: [{ eventId }, { eventId: (fohnen.json() as { id: string }).id }],
      date: '2026-12-03',
      time: '10:00',
      answers: { Naam: 'Eva Jansen', 'E-mail': 'eva@example.nl', Telefoon: '+31687654321' },
      textConsent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = await eventually(() => {
      const mine = twilio.messages().filter((m) => m.account === account);
      return mine.length ? mine : undefined;
    });
    expect(sent.map((m) => m.to)).toEqual(['+31687654321']);
    expect(sent[0]!.body).toMatch(
      /^Bevestigd: Knippen op donderdag 3 december 2026 om 10:00 bij Salon Anna\./,
    );
  });
});
