import { expect } from 'vitest';
import type { MessagingProvider, TextKind } from '@contracts/enums';
import type { NotificationRow } from '../db/schema';
import type { FakeMessageBird, FakeTwilio } from './fake-messaging';
import { eventPayload, owner } from './fixtures';
import { everyDay, notificationsOf } from './notification-fixtures';
import { agent, type Agent, type TestApp } from './test-app';
import { eventually } from './wait';

/**
 * An owner 'Salon Anna' connected to the fake provider with a service open every day of December
 * 2026 that sends `send` by SMS (reminder `reminderHours` before). Answers the agent, the service and
 * the account the fake files its messages under.
 */
export async function textingService(
  t: TestApp,
  fake: { provider: 'twilio'; twilio: FakeTwilio } | { provider: 'messagebird'; bird: FakeMessageBird },
  {
    send = ['confirmation', 'reminder'],
    reminderHours = 24,
    event = {},
  }: { send?: TextKind[]; reminderHours?: number; event?: Parameters<typeof eventPayload>[0] } = {},
): Promise<{ a: Agent; eventId: string; account: string; provider: MessagingProvider }> {
  const a = await owner(t);
  expect((await a.patch('/api/business-profile', { name: 'Salon Anna' })).statusCode).toBe(200);
  const keys = fake.provider === 'twilio' ? fake.twilio.newAccount() : fake.bird.newAccount();
  const saved = await a.put('/api/messaging', { provider: fake.provider, ...keys, sender: 'SalonAnna' });
  expect(saved.statusCode, saved.body).toBe(200);
  const res = await a.post(
    '/api/events',
    eventPayload({
      workingDays: everyDay,
      dailyPauseTimes: {},
      dateRangeStart: '2026-12-01',
      dateRangeEnd: '2026-12-31',
      textMessages: { channel: 'sms', send, reminderHours },
      ...event,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const account = 'accountSid' in keys ? keys.accountSid : keys.accessKey;
  return { a, eventId: (res.json() as { id: string }).id, account, provider: fake.provider };
}

/** A public booking with the customer's consent to texts (and an e-mail address unless `email: null`). */
export async function bookWithTexts(
  t: TestApp,
  eventId: string,
  {
    phone = '+31612345678',
    date = '2026-12-03',
    time = '14:00',
    email = 'jan@example.nl' as string | null,
  } = {},
) {
  const res = await agent(t.app).post('/api/public/bookings', {
    eventId,
    bookingDate: date,
    bookingTime: time,
    customFieldResponses: {
      Naam: 'Jan Jansen',
      ...(email ? { 'E-mail': email } : {}),
      Telefoon: phone,
    },
    textConsent: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { booking: { id: string }; managementToken: string };
}

/** The booking's text message of `kind`, once `ready` says it is as the test waits for. */
export function textRow(
  t: TestApp,
  bookingId: string,
  kind: TextKind,
  ready: (n: NotificationRow) => boolean = (n) => n.status !== 'pending',
): Promise<NotificationRow> {
  return eventually(async () => {
    const row = (await notificationsOf(t, bookingId)).find(
      (n) => (n.channel === 'sms' || n.channel === 'whatsapp') && n.kind === kind,
    );
    return row && ready(row) ? row : undefined;
  });
}
