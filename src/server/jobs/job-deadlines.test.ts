import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { dbKinds, queryRows } from '../test/databases';
import { bookAs, notifyingEvent } from '../test/notification-fixtures';
import { createTestApp } from '../test/test-app';
import { nextBookableDate } from '../test/test-today';
import { eventually } from '../test/wait';
import { startReceiver } from '../test/webhook-receiver';
import { DEADLINE_CHECK_MS, JOB_DEADLINE_SECONDS, QUEUES } from './job-queue';
import { startWorkers } from './workers';

/**
 * A job that an instance fetched and never finished (the instance was killed: on PostgreSQL the
 * others go on) is run again once its deadline has passed, within the 10 s check; a job that another
 * instance is running within its deadline is left alone.
 */
describe.each(dbKinds())('job deadlines on %s', (kind) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  it('runs again a job abandoned past its deadline, and leaves a running one alone', async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.stop());
    const t = await createTestApp(kind);
    cleanup.push(() => t.close());
    const { owner, event } = await notifyingEvent(t);
    await owner.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: receiver.url });
    await bookAs(t, event.id, nextBookableDate(event), '10:00');

    // As a killed instance leaves them: the webhook fetched an hour ago, and a mail that a live
    // instance fetched a moment ago (well within its deadline).
    const { db } = t.database;
    await db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour' where name = ${QUEUES.webhook}`,
    );
    const [mail] = await queryRows<{ id: string }>(
      t.database,
      sql`update pgboss.job set state = 'active', started_on = now() where id = (select id from pgboss.job where name = ${QUEUES.mail} limit 1) returning id`,
    );
    expect(JOB_DEADLINE_SECONDS[QUEUES.webhook]).toBeLessThan(3600);

    const startedAt = Date.now();
    await startWorkers(t.app);
    await eventually(
      () => receiver.received.length === 1,
      DEADLINE_CHECK_MS + 5_000,
      'the abandoned webhook to run again',
    );
    expect(Date.now() - startedAt).toBeLessThan(DEADLINE_CHECK_MS + 5_000);
    const [running] = await queryRows<{ state: string }>(
      t.database,
      sql`select state from pgboss.job where id = ${mail!.id}`,
    );
    expect(running).toEqual({ state: 'active' });
  }, 60_000);
});
