import { afterEach, describe, expect, it } from 'vitest';
import { dbKinds } from '../test/databases';
import { bookAs, notificationsOf, notifyingEvent } from '../test/notification-fixtures';
import { createTestApp } from '../test/test-app';
import { nextBookableDate } from '../test/test-today';
import { eventually } from '../test/wait';
import { startReceiver } from '../test/webhook-receiver';
import { QUEUES } from './job-queue';
import { startWorkers } from './workers';

/**
 * Deliveries are fetched in batches (workers.ts `DELIVERY_WORKERS`, job-queue.ts `work`): jobs
 * waiting together are fetched by one statement and run side by side, and one that fails fails
 * alone, with its own error and retry, while the others of its batch complete.
 */
describe.each(dbKinds())('delivery batches on %s', (kind) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  it('fetches waiting deliveries together and fails only the one that failed', async () => {
    const ok = await startReceiver([{ status: 200 }]);
    const broken = await startReceiver([{ status: 500 }]);
    cleanup.push(
      () => ok.stop(),
      () => broken.stop(),
    );
    const t = await createTestApp(kind);
    cleanup.push(() => t.close());
    const { owner, event } = await notifyingEvent(t);
    for (const [name, url] of [
      ['CRM', ok.url],
      ['Boekhouding', ok.url],
      ['Kapot', broken.url],
      ['Agenda', ok.url],
    ])
      expect((await owner.post(`/api/events/${event.id}/webhooks`, { name, url })).statusCode).toBe(201);
    // All four deliveries wait before any worker runs.
    const { booking } = await bookAs(t, event.id, nextBookableDate(event), '10:00');
    const hooks = (await notificationsOf(t, booking.id)).filter((n) => n.channel === 'webhook');
    expect(hooks).toHaveLength(4);

    await startWorkers(t.app);
    await eventually(
      () => ok.received.length === 3 && broken.received.length >= 1,
      15_000,
      'three deliveries and one failed attempt',
    );
    const jobs = async () => {
      const { rows } = await t.database.executeSql(
        `select id, state, started_on, output from pgboss.job where name = $1 and id = any($2::uuid[])`,
        [QUEUES.webhook, hooks.map((h) => h.id)],
      );
      return rows as Array<{ id: string; state: string; started_on: Date; output: { message?: string } }>;
    };
    await eventually(
      async () => (await jobs()).filter((j) => j.state === 'completed').length === 3,
      10_000,
      'the three good deliveries completed',
    );

    const rows = await jobs();
    const failed = rows.filter((j) => j.state !== 'completed');
    expect(failed).toHaveLength(1);
    // The failed one waits for its retry, with its own error; its batch's others are done.
    expect(failed[0]!.state).toBe('retry');
    expect(JSON.stringify(failed[0]!.output)).toContain('500');
    // Fetched together: one fetch statement started them at the same moment.
    const starts = new Map<number, number>();
    for (const j of rows) starts.set(j.started_on.getTime(), (starts.get(j.started_on.getTime()) ?? 0) + 1);
    expect(Math.max(...starts.values())).toBeGreaterThan(1);

    const settled = (await notificationsOf(t, booking.id)).filter((n) => n.channel === 'webhook');
    expect(settled.filter((n) => n.status === 'sent')).toHaveLength(3);
    const notSent = settled.filter((n) => n.status !== 'sent');
    expect(notSent).toHaveLength(1);
    expect(notSent[0]!.id).toBe(failed[0]!.id);
  }, 60_000);
});
