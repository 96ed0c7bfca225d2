import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_UP_LATE_AFTER_MS } from '@core/index';
import { dbKinds } from '../../test/databases';
import { bookAs, notificationsOf, notifyingEvent } from '../../test/notification-fixtures';
import { createMailingApp, type MailingApp } from '../../test/test-app';
import { dateWithReminderAhead } from '../../test/test-today';
import { eventually } from '../../test/wait';

/**
 * Messages that went out too late would confuse: after the queue was down or the clock jumped, a
 * follow-up days after the visit is skipped and recorded, not sent. The due time is moved back in
 * the database, as a long outage leaves it; the delivery is the real one.
 */
describe.each(dbKinds())('late follow-ups on %s', (kind) => {
  let t: MailingApp;
  beforeAll(async () => {
    t = await createMailingApp(kind);
  });
  afterAll(() => t.close());

  const mailsTo = (to: string, subject: RegExp) =>
    t.smtp.received.filter((m) => m.envelope.to.includes(to) && subject.test(m.mail.subject ?? ''));

  it('skips a follow-up more than two days late and records why; one just within the window is sent', async () => {
    const { event } = await notifyingEvent(t);
    const date = dateWithReminderAhead(event);
    const late = await bookAs(t, event.id, date, '10:00', 'Lotte Laat', 'lotte@example.nl');
    const onTime = await bookAs(t, event.id, date, '13:00', 'Tim Tijd', 'tim@example.nl');
    const followUpOf = async (bookingId: string) =>
      (await notificationsOf(t, bookingId)).find((r) => r.kind === 'follow_up')!;
    const now = t.app.services.clock().getTime();
    const dueBack = async (id: string, ms: number) =>
      t.database.db.execute(
        sql`update notifications set due_at = ${new Date(now - ms).toISOString()}::timestamptz where id = ${id}`,
      );

    const lateOne = await followUpOf(late.booking.id);
    const onTimeOne = await followUpOf(onTime.booking.id);
    await dueBack(lateOne.id, FOLLOW_UP_LATE_AFTER_MS + 60_000);
    await dueBack(onTimeOne.id, FOLLOW_UP_LATE_AFTER_MS - 60_000);
    await t.app.services.delivery.run(lateOne.id, { last: false, nextAttemptAt: null });
    await t.app.services.delivery.run(onTimeOne.id, { last: false, nextAttemptAt: null });

    expect(await followUpOf(late.booking.id)).toMatchObject({
      status: 'skipped',
      lastError: 'meer dan 2 dagen te laat: niet meer verstuurd',
    });
    expect((await followUpOf(onTime.booking.id)).status).toBe('sent');
    await eventually(() => mailsTo('tim@example.nl', /./).length >= 2, 15_000, 'the on-time follow-up');
    expect(
      mailsTo('lotte@example.nl', /./).every((m) => !/bedankt|hoe was/i.test(m.mail.subject ?? '')),
    ).toBe(true);
  });
});
