import { sql } from 'drizzle-orm';
import type { EventDto } from '@contracts/events';
import { notifications, type NotificationRow } from '../db/schema';
import { eventPayload, owner } from './fixtures';
import { agent, type Agent, type TestApp } from './test-app';
import { upcomingRange } from './test-today';

export const everyDay = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: true, startTime: '09:00', endTime: '17:00' },
  ]),
);

/** An owner with an e-mail address and an event bookable every day for the coming two months. */
export async function notifyingEvent(t: TestApp, overrides: Parameters<typeof eventPayload>[0] = {}) {
  const a = await owner(t);
  const res = await a.post(
    '/api/events',
    eventPayload({ workingDays: everyDay, dailyPauseTimes: {}, ...upcomingRange(60), ...overrides }),
  );
  if (res.statusCode !== 201) throw new Error(`event not created: ${res.body}`);
  return { owner: a, event: res.json() as EventDto };
}

/** The owner edits their confirmation template; `edit` gets its current HTML body. */
export async function editConfirmationTemplate(
  owner: Agent,
  edit: (htmlBody: string) => { subject: string; htmlBody: string; textBody?: string },
) {
  const templates = (await owner.get('/api/email-templates')).json() as Array<{
    id: string;
    templateType: string;
    htmlBody: string;
  }>;
  const confirmation = templates.find((x) => x.templateType === 'confirmation')!;
  return owner.patch(`/api/email-templates/${confirmation.id}`, {
    templateType: 'confirmation',
    isActive: true,
    ...edit(confirmation.htmlBody),
  });
}

/** Books as a customer through the public API. */
export async function bookAs(
  t: TestApp,
  eventId: string,
  date: string,
  time: string,
  name = 'Jan Jansen',
  email = 'jan@example.nl',
) {
  const res = await agent(t.app).post('/api/public/bookings', {
    eventId,
    bookingDate: date,
    bookingTime: time,
    customFieldResponses: { Naam: name, 'E-mail': email, Telefoon: '+31612345678' },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json() as { booking: { id: string }; managementToken: string; managementUrl: string };
}

export async function notificationsOf(t: TestApp, bookingId: string): Promise<NotificationRow[]> {
  return t.database.db
    .select()
    .from(notifications)
    .where(sql`${notifications.bookingId} = ${bookingId}`)
    .orderBy(notifications.createdAt, notifications.kind);
}

/** Fast-forwards the queue's clock for these jobs: they become due now (a reminder days ahead). */
export async function makeDue(t: TestApp, jobIds: string[]) {
  for (const id of jobIds)
    await t.database.executeSql(`update pgboss.job set start_after = now() where id = $1`, [id]);
}

export async function jobState(t: TestApp, id: string): Promise<string | undefined> {
  const { rows } = await t.database.executeSql(
    `select state from pgboss.job where id = $1 union all select state from pgboss.archive where id = $1`,
    [id],
  );
  return (rows[0] as { state: string } | undefined)?.state;
}
