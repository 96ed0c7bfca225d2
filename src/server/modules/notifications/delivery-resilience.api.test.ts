import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { startWorkers } from '../../jobs/workers';
import { dbKinds } from '../../test/databases';
import { bookAs, notificationsOf, notifyingEvent } from '../../test/notification-fixtures';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { createTestApp, FAST_JOBS, type TestApp } from '../../test/test-app';
import { nextBookableDate, testClock } from '../../test/test-today';
import { eventually, freePort } from '../../test/wait';
import { startReceiver } from '../../test/webhook-receiver';

describe.each(dbKinds())('nothing lost, nothing twice on %s', (kind) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  it('delivers the confirmation once the mail server is back after an outage, exactly once', async () => {
    const port = await freePort(); // nothing listens here yet: the mail server is down
    const t: TestApp = await createTestApp(kind, {
      workers: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    cleanup.push(() => t.close());
    const { event } = await notifyingEvent(t);
    const created = await bookAs(t, event.id, nextBookableDate(event), '10:00', 'Jan', 'outage@example.nl');

    // The first attempt fails and is recorded; the notification stays pending for a retry.
    const failed = await eventually(
      async () =>
        (await notificationsOf(t, created.booking.id)).find(
          (r) => r.kind === 'confirmation' && r.attempts >= 1,
        ),
      15_000,
      'a failed attempt',
    );
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toMatch(/ECONNREFUSED|verbinding|connect/i);
    expect(failed.nextAttemptAt).not.toBeNull();

    const smtp: TestSmtp = await startSmtp({ port });
    cleanup.push(() => smtp.stop());
    await eventually(
      () => smtp.received.some((m) => m.envelope.to.includes('outage@example.nl')),
      20_000,
      'the mail after the outage',
    );
    const sent = await eventually(
      async () =>
        (await notificationsOf(t, created.booking.id)).find(
          (r) => r.kind === 'confirmation' && r.status === 'sent',
        ),
      10_000,
      'sent',
    );
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 2500)); // time for any repeat to show up
    expect(smtp.received.filter((m) => m.envelope.to.includes('outage@example.nl'))).toHaveLength(1);
  });

  it('sends what was planned before a restart once the app is back', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => smtp.stop());
    const env = { SMTP_URL: smtp.url };
    // First run: no workers (the process dies before it gets to sending).
    const t: TestApp = await createTestApp(kind, { env });
    cleanup.push(() => t.close());
    const { event } = await notifyingEvent(t);
    const created = await bookAs(t, event.id, nextBookableDate(event), '11:00', 'Rik', 'restart@example.nl');
    await t.app.close();
    expect(smtp.received).toHaveLength(0);

    // Second run on the same database: the queued jobs are picked up.
    const app = await buildApp({
      config: t.config,
      database: t.database,
      now: testClock(),
      jobOptions: FAST_JOBS,
    });
    cleanup.push(() => app.close());
    await startWorkers(app);
    await eventually(
      () => smtp.received.some((m) => m.envelope.to.includes('restart@example.nl')),
      15_000,
      'the mail after the restart',
    );
    await eventually(
      async () =>
        (await notificationsOf(t, created.booking.id)).find((r) => r.kind === 'confirmation')?.status ===
        'sent',
      10_000,
      'sent',
    );
    expect(smtp.received.filter((m) => m.envelope.to.includes('restart@example.nl'))).toHaveLength(1);
  });

  it('drains on shutdown: a delivery under way finishes before the app has closed', async () => {
    const receiver = await startReceiver([{ status: 200, delayMs: 1500 }]);
    cleanup.push(() => receiver.stop());
    const t: TestApp = await createTestApp(kind, { workers: true });
    let closed = false;
    cleanup.push(async () => {
      if (!closed) await t.close();
      else await t.database.destroy();
    });
    const { owner, event } = await notifyingEvent(t);
    await owner.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: receiver.url });
    const created = await bookAs(t, event.id, nextBookableDate(event), '14:00');
    await eventually(() => receiver.received.length === 1, 15_000, 'the delivery to start');
    await t.app.close(); // what SIGTERM does in main.ts
    closed = true;
    const row = (await notificationsOf(t, created.booking.id)).find((r) => r.channel === 'webhook')!;
    expect(row).toMatchObject({ status: 'sent', responseStatus: 200, attempts: 1 });
  });

  it('shares one queue between two app instances: each job runs once', async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.stop());
    const t: TestApp = await createTestApp(kind, { workers: true });
    cleanup.push(() => t.close());
    const second = await buildApp({
      config: t.config,
      database: t.database,
      now: testClock(),
      jobOptions: FAST_JOBS,
    });
    cleanup.push(() => second.close());
    await startWorkers(second);

    const { owner, event } = await notifyingEvent(t);
    await owner.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: receiver.url });
    const ids: string[] = [];
    const date = nextBookableDate(event);
    for (const time of ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'])
      ids.push((await bookAs(t, event.id, date, time)).booking.id);
    await eventually(() => receiver.received.length >= ids.length, 20_000, 'all webhooks');
    await new Promise((r) => setTimeout(r, 2000));
    const delivered = receiver.received.map((r) => JSON.parse(r.body).booking_id as string);
    expect(delivered.sort()).toEqual([...ids].sort());
  });
});
