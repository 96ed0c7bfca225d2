import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { createSecretBox } from '../../lib/crypto';
import { dbKinds } from '../../test/databases';
import { bookAs, notificationsOf, notifyingEvent } from '../../test/notification-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextBookableDate, testNow } from '../../test/test-today';
import { createNotificationDelivery } from './notification-delivery';

/**
 * The database drops out between an e-mail going out and its row being marked sent (a restart): the
 * record waits for the database rather than failing the job, whose retry would send the e-mail a
 * second time (docs/decisions/016-database-faults.md).
 */
describe.each(dbKinds())('a sent message is recorded once the database is back, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('the confirmation is sent once and marked sent although the first record failed', async () => {
    const { event } = await notifyingEvent(t);
    const created = await bookAs(t, event.id, nextBookableDate(event), '10:00', 'Sam', 'sam@example.nl');
    const confirmation = (await notificationsOf(t, created.booking.id)).find(
      (r) => r.kind === 'confirmation',
    )!;

    let failUpdates = 2; // the restart takes two tries to get over
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== 'update' || typeof value !== 'function') return value;
        return (table: unknown) => {
          if (table === notifications && failUpdates > 0) {
            failUpdates--;
            throw Object.assign(new Error('terminating connection due to administrator command'), {
              code: '57P01',
            });
          }
          return (value as (t: unknown) => unknown).call(target, table);
        };
      },
    }) as Db;
    const sent: string[] = [];
    const mailer = {
      send: async (_owner: unknown, mail: { to: string }) => {
        sent.push(mail.to);
        return { delivered: true };
      },
      senderOf: () => ({ name: 'Salon', address: 'noreply@afspraak.test' }),
    } as unknown as Mailer;
    const delivery = createNotificationDelivery({
      db,
      mailer,
      box: createSecretBox(t.config.appSecret),
      appUrl: t.config.appUrl,
      allowPrivateWebhooks: true,
      providers: t.config.messaging,
      fallBack: async () => null,
      mailHealth: t.app.services.mailHealth,
      log: t.app.log,
      now: testNow,
    });

    await delivery.run(confirmation.id, { last: false, nextAttemptAt: null });
    // A repeated job (the queue's retry, had this one failed) finds it settled and sends nothing.
    await delivery.run(confirmation.id, { last: false, nextAttemptAt: null });

    expect(sent).toEqual(['sam@example.nl']);
    const row = (await notificationsOf(t, created.booking.id)).find((r) => r.id === confirmation.id)!;
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
  });
});
