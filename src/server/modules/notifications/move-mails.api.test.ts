import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { formatLongDutchDate } from '@core/index';
import { bookingHistory, notifications } from '../../db/schema';
import { dbKinds, type DbKind } from '../../test/databases';
import { bookAs, notifyingEvent } from '../../test/notification-fixtures';
import type { ReceivedMail } from '../../test/smtp';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { bookableDates } from '../../test/test-today';
import { eventually } from '../../test/wait';
import { startReceiver } from '../../test/webhook-receiver';

/** The e-mails a change sends at once (reminders and the follow-up wait for their time). */
const IMMEDIATE = ['confirmation', 'modification', 'owner_notice', 'cancellation'];
const subjectOf = (m: ReceivedMail) => m.mail.subject ?? '';
const before = (date: string, time: string) => `Eerder gepland: ${formatLongDutchDate(date)} om ${time}`;
const unfold = (text: string) => text.replace(/\r\n /g, '');
const ics = (m: ReceivedMail) => {
  const part = m.mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  return unfold(part ? part.content.toString('utf8') : m.raw);
};

/** The booking's messages in the order their changes were written (the history's seq). */
async function messagesInOrder(t: MailingApp, bookingId: string) {
  return t.database.db
    .select({ n: notifications, seq: bookingHistory.seq })
    .from(notifications)
    .innerJoin(bookingHistory, eq(bookingHistory.id, notifications.historyId))
    .where(eq(notifications.bookingId, bookingId))
    .orderBy(asc(bookingHistory.seq), asc(notifications.kind));
}

/**
 * Two moves of a booking in quick succession (docs/architecture/jobs-and-notifications.md): an
 * e-mail still unsent is folded into the next move's, which tells the net move; one a worker has
 * started is sent as planned and the next tells only its own move. Webhooks are one per move.
 */
describe.each(dbKinds())('e-mails of quick moves on %s', (kind: DbKind) => {
  // Without workers: the test sends what is due itself, so which mail is still unsent is certain.
  let t: MailingApp;
  beforeAll(async () => {
    t = await createMailingApp(kind, { workers: false });
  });
  afterAll(() => t.close());

  const mailsTo = (to: string) => t.smtp.received.filter((m) => m.envelope.to.includes(to));
  /** Runs the job of every pending e-mail of the booking, as a worker would. */
  async function sendPending(bookingId: string) {
    const rows = await messagesInOrder(t, bookingId);
    for (const { n } of rows)
      if (n.status === 'pending' && n.channel === 'email' && IMMEDIATE.includes(n.kind))
        await t.app.services.delivery.run(n.id, { last: true, nextAttemptAt: null });
  }

  it('an owner’s two quick moves: one change mail from the first slot to the last, a webhook per move', async () => {
    const receiver = await startReceiver();
    try {
      const { owner, event } = await notifyingEvent(t);
      const hook = await owner.post(`/api/events/${event.id}/webhooks`, {
        name: 'CRM',
        url: receiver.url,
        triggers: ['booking.rescheduled'],
      });
      expect(hook.statusCode).toBe(201);
      const [d1, d2] = bookableDates(event, 2) as [string, string];
      const email = `twee.owner.${kind}@example.nl`;
      const { booking } = await bookAs(t, event.id, d1, '10:00', 'Anna', email);
      await sendPending(booking.id);
      for (const slot of [
        { bookingDate: d1, bookingTime: '11:00' },
        { bookingDate: d2, bookingTime: '14:00' },
      ])
        expect((await owner.patch(`/api/bookings/${booking.id}`, slot)).statusCode).toBe(200);
      await sendPending(booking.id);

      const changes = mailsTo(email).filter((m) => subjectOf(m).startsWith('Gewijzigd'));
      expect(changes).toHaveLength(1);
      const [change] = changes as [ReceivedMail];
      expect(subjectOf(change)).toBe(`Gewijzigd: Knippen nu op ${formatLongDutchDate(d2)} om 14:00`);
      expect(change.mail.text).toContain(before(d1, '10:00'));
      expect(change.mail.html).toContain(before(d1, '10:00'));
      expect(ics(change)).toContain(`DTSTART;TZID=Europe/Amsterdam:${d2.replace(/-/g, '')}T140000`);
      expect(ics(change)).toContain('SEQUENCE:2');

      const modifications = (await messagesInOrder(t, booking.id)).filter((r) => r.n.kind === 'modification');
      expect(modifications.map((r) => [r.n.status, r.n.lastError])).toEqual([
        ['skipped', nl.bookingHistory.mailMerged],
        ['sent', null],
      ]);
      // The webhooks are frozen when planned: each tells its own move, in order.
      const bodies = await eventually(
        async () => {
          for (const { n } of await messagesInOrder(t, booking.id))
            if (n.channel === 'webhook' && n.status === 'pending')
              await t.app.services.delivery.run(n.id, { last: true, nextAttemptAt: null });
          return receiver.received.length === 2 && receiver.received.map((h) => JSON.parse(h.body));
        },
        10_000,
        'two webhooks',
      );
      expect(
        (await messagesInOrder(t, booking.id))
          .filter((r) => r.n.channel === 'webhook')
          .map((r) => [r.n.payload.previous_booking_time, r.n.payload.booking_time]),
      ).toEqual([
        ['10:00', '11:00'],
        ['11:00', '14:00'],
      ]);
      expect(bodies.map((b: Record<string, unknown>) => b.booking_time).sort()).toEqual(['11:00', '14:00']);
    } finally {
      await receiver.stop();
    }
  });

  it('a customer’s two quick moves on the manage page: one mail each to customer and owner, first slot to last', async () => {
    const { event } = await notifyingEvent(t);
    const [d1, d2] = bookableDates(event, 2) as [string, string];
    const email = `twee.klant.${kind}@example.nl`;
    const created = await bookAs(t, event.id, d1, '10:00', 'Bas', email);
    await sendPending(created.booking.id);
    for (const slot of [
      { bookingDate: d1, bookingTime: '11:00' },
      { bookingDate: d2, bookingTime: '14:00' },
    ])
      expect(
        (await agent(t.app).patch(`/api/public/bookings/manage/${created.managementToken}`, slot)).statusCode,
      ).toBe(200);
    await sendPending(created.booking.id);

    const changes = mailsTo(email).filter((m) => subjectOf(m).startsWith('Gewijzigd'));
    expect(changes.map(subjectOf)).toEqual([`Gewijzigd: Knippen nu op ${formatLongDutchDate(d2)} om 14:00`]);
    expect(changes[0]!.mail.text).toContain(before(d1, '10:00'));
    const notices = t.smtp.received.filter(
      (m) => subjectOf(m).startsWith('Afspraak verzet') && m.mail.text?.includes('Bas'),
    );
    expect(notices.map(subjectOf)).toEqual([
      `Afspraak verzet: Knippen nu op ${formatLongDutchDate(d2)} om 14:00`,
    ]);
    expect(notices[0]!.mail.text).toContain(before(d1, '10:00'));
  });

  it('a change mail already sent, or being sent, is not folded: the next one tells only its own move', async () => {
    const { owner, event } = await notifyingEvent(t);
    const [d1, d2] = bookableDates(event, 2) as [string, string];
    const email = `na.elkaar.${kind}@example.nl`;
    const { booking } = await bookAs(t, event.id, d1, '10:00', 'Cor', email);
    await sendPending(booking.id);
    const move = (bookingDate: string, bookingTime: string) =>
      owner.patch(`/api/bookings/${booking.id}`, { bookingDate, bookingTime });

    // Sent before the next move.
    expect((await move(d1, '11:00')).statusCode).toBe(200);
    await sendPending(booking.id);
    // Fetched by a worker (its job active) but not sent yet when the booking moves again.
    expect((await move(d1, '12:00')).statusCode).toBe(200);
    const fetched = (await messagesInOrder(t, booking.id)).find(
      (r) => r.n.kind === 'modification' && r.n.status === 'pending',
    )!;
    await t.database.executeSql(`update pgboss.job set state = 'active', started_on = now() where id = $1`, [
      fetched.n.id,
    ]);
    expect((await move(d2, '14:00')).statusCode).toBe(200);
    await sendPending(booking.id);

    const changes = mailsTo(email).filter((m) => subjectOf(m).startsWith('Gewijzigd'));
    expect(changes.map((m) => [subjectOf(m), m.mail.text?.match(/Eerder gepland: [^\n]*/)?.[0]])).toEqual([
      [`Gewijzigd: Knippen nu op ${formatLongDutchDate(d1)} om 11:00`, before(d1, '10:00')],
      [`Gewijzigd: Knippen nu op ${formatLongDutchDate(d1)} om 12:00`, before(d1, '11:00')],
      [`Gewijzigd: Knippen nu op ${formatLongDutchDate(d2)} om 14:00`, before(d1, '12:00')],
    ]);
    // Each invitation carries the slot and SEQUENCE it was planned with.
    expect(changes.map((m) => /SEQUENCE:(\d+)/.exec(ics(m))?.[1])).toEqual(['1', '2', '3']);
  });

  it('two moves at the same moment run in turn: one mail from the first slot to where it ended, webhooks chained', async () => {
    const receiver = await startReceiver();
    try {
      const { owner, event } = await notifyingEvent(t);
      await owner.post(`/api/events/${event.id}/webhooks`, {
        name: 'CRM',
        url: receiver.url,
        triggers: ['booking.rescheduled'],
      });
      const [d1, d2] = bookableDates(event, 2) as [string, string];
      const email = `tegelijk.${kind}@example.nl`;
      const { booking } = await bookAs(t, event.id, d1, '10:00', 'Fien', email);
      await sendPending(booking.id);
      const moves = await Promise.all([
        owner.patch(`/api/bookings/${booking.id}`, { bookingDate: d1, bookingTime: '11:00' }),
        owner.patch(`/api/bookings/${booking.id}`, { bookingDate: d2, bookingTime: '14:00' }),
      ]);
      expect(moves.map((r) => r.statusCode)).toEqual([200, 200]);
      await sendPending(booking.id);
      const final = (await owner.get(`/api/bookings/${booking.id}`)).json() as {
        bookingDate: string;
        bookingTime: string;
      };
      const changes = mailsTo(email).filter((m) => subjectOf(m).startsWith('Gewijzigd'));
      expect(changes.map((m) => [subjectOf(m), m.mail.text?.match(/Eerder gepland: [^\n]*/)?.[0]])).toEqual([
        [
          `Gewijzigd: Knippen nu op ${formatLongDutchDate(final.bookingDate)} om ${final.bookingTime}`,
          before(d1, '10:00'),
        ],
      ]);
      // In the order they committed, each move's webhook starts where the one before ended.
      const hooks = (await messagesInOrder(t, booking.id))
        .filter((r) => r.n.channel === 'webhook')
        .map((r) => [r.n.payload.previous_booking_time, r.n.payload.booking_time]);
      expect(hooks).toHaveLength(2);
      expect(hooks[0]![0]).toBe('10:00');
      expect(hooks[1]![0]).toBe(hooks[0]![1]);
      expect(hooks[1]![1]).toBe(final.bookingTime);
    } finally {
      await receiver.stop();
    }
  });

  it('moved back to where the unsent mail started: the customer is told nothing', async () => {
    const { owner, event } = await notifyingEvent(t);
    const [d1] = bookableDates(event, 1) as [string];
    const email = `terug.${kind}@example.nl`;
    const { booking } = await bookAs(t, event.id, d1, '10:00', 'Dirk', email);
    await sendPending(booking.id);
    for (const bookingTime of ['11:00', '10:00'])
      expect(
        (await owner.patch(`/api/bookings/${booking.id}`, { bookingDate: d1, bookingTime })).statusCode,
      ).toBe(200);
    await sendPending(booking.id);
    expect(mailsTo(email).map(subjectOf)).toEqual([
      `Bevestiging: Knippen op ${formatLongDutchDate(d1)} om 10:00`,
    ]);
  });
});

/**
 * With the workers running, whichever way the race between a worker and the next move goes, the
 * customer's change mails together tell the moves exactly: one from the first slot to the last, or
 * one per move, each from its own previous slot; never two alike.
 */
describe.each(dbKinds())('e-mails of quick moves with running workers on %s', (kind: DbKind) => {
  let t: MailingApp;
  beforeAll(async () => {
    t = await createMailingApp(kind);
  });
  afterAll(() => t.close());

  it('tells every pair of quick moves exactly, however the race goes', async () => {
    const { owner, event } = await notifyingEvent(t);
    const [d1, d2] = bookableDates(event, 2) as [string, string];
    const hh = (h: number) => String(h).padStart(2, '0');
    for (let round = 0; round < 3; round++) {
      const email = `race${round}.${kind}@example.nl`;
      const [start, mid, end] = [`${hh(9 + round)}:00`, `${hh(10 + round)}:30`, `${hh(13 + round)}:00`];
      const { booking } = await bookAs(t, event.id, d1, start, 'Eva', email);
      for (const slot of [
        { bookingDate: d1, bookingTime: mid },
        { bookingDate: d2, bookingTime: end },
      ])
        expect((await owner.patch(`/api/bookings/${booking.id}`, slot)).statusCode).toBe(200);
      const rows = await eventually(
        async () => {
          const all = (await messagesInOrder(t, booking.id)).filter((r) => r.n.kind === 'modification');
          return all.every((r) => r.n.status !== 'pending') && all;
        },
        15_000,
        'the change mails settled',
      );
      const sent = rows.filter((r) => r.n.status === 'sent').length;
      const changes = await eventually(
        () => {
          const got = t.smtp.received.filter(
            (m) => m.envelope.to.includes(email) && subjectOf(m).startsWith('Gewijzigd'),
          );
          return got.length === sent && got;
        },
        15_000,
        'the change mails received',
      );
      const told = changes
        .map((m) => [subjectOf(m), m.mail.text?.match(/Eerder gepland: [^\n]*/)?.[0]])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      const last = `Gewijzigd: Knippen nu op ${formatLongDutchDate(d2)} om ${end}`;
      const first = `Gewijzigd: Knippen nu op ${formatLongDutchDate(d1)} om ${mid}`;
      const onePerMove = [
        [first, before(d1, start)],
        [last, before(d1, mid)],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect([[[last, before(d1, start)]], onePerMove]).toContainEqual(told);
    }
  });
});
