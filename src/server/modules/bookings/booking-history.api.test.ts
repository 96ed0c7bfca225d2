import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetailsDto, HistoryMessageDto } from '@contracts/bookings';
import { WEBHOOK_TRIGGERS } from '@contracts/enums';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner, templatePayload } from '../../test/fixtures';
import { intentIdOf } from '../../test/fake-stripe';
import { notificationsOf, notifyingEvent } from '../../test/notification-fixtures';
import { startPaidApp } from '../../test/paid-events';
import { type ReceivedMail, type TestSmtp } from '../../test/smtp';
import { agent, type Agent, type TestApp, createMailingApp, type MailingApp } from '../../test/test-app';
import { bookableDates } from '../../test/test-today';
import { eventually } from '../../test/wait';
import { startReceiver } from '../../test/webhook-receiver';
import { MAX_CUSTOMER_MAILS_PER_HOUR } from '../notifications/booking-notifier';

const fields = [
  { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
  { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
  { fieldName: 'Welke behandeling?', fieldType: 'textarea', isRequired: false, order: 3 },
];

type Received = Awaited<ReturnType<typeof startReceiver>>;

describe.each(dbKinds())('booking history on %s', (kind) => {
  let t: MailingApp;
  let smtp: TestSmtp;
  let receiver: Received;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createMailingApp(kind);
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  /** An owner whose event has the extra field and a webhook 'CRM' listening to every trigger. */
  async function setUp() {
    const { owner: o, event } = await notifyingEvent(t, { customFields: fields });
    const hook = await o.post(`/api/events/${event.id}/webhooks`, {
      name: 'CRM',
      url: receiver.url,
      triggers: [...WEBHOOK_TRIGGERS],
    });
    expect(hook.statusCode).toBe(201);
    return { owner: o, event };
  }
  async function book(event: EventDto, date: string, email: string, time = '10:00') {
    const res = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: {
        'Welke behandeling?': 'Knippen en kleuren',
        Telefoon: '+31612345678',
        'E-mail': email,
        Naam: 'Jan Jansen',
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { booking: { id: string }; managementToken: string };
  }
  const details = async (o: Agent, id: string) => {
    const res = await o.get(`/api/bookings/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json() as BookingDetailsDto;
  };
  /** The details once every message of the history is settled (sent, failed or skipped). */
  const settled = (o: Agent, id: string, entries: number) =>
    eventually(
      async () => {
        const d = await details(o, id);
        const immediate = (m: HistoryMessageDto) => m.kind !== 'reminder' && m.kind !== 'follow_up';
        return (
          d.history.length === entries &&
          d.history.every((h) => h.messages.filter(immediate).every((m) => m.status !== 'pending')) &&
          d
        );
      },
      20_000,
      'settled history',
    );
  const hooksFor = (bookingId: string) =>
    receiver.received
      .map((r) => JSON.parse(r.body) as Record<string, unknown>)
      .filter((b) => b.booking_id === bookingId);
  const mailsTo = (to: string) => smtp.received.filter((m) => m.envelope.to.includes(to));
  const subjectOf = (m: ReceivedMail) => m.mail.subject ?? '';

  it("tells a customer's booking, move and cancel, each with its e-mails and webhooks and their delivery", async () => {
    const { owner: o, event } = await setUp();
    const [date, later] = bookableDates(event, 2, { after: bookableDates(event, 2)[1] });
    const email = `jan.hist.${kind}@example.nl`;
    const made = await book(event, date!, email);
    const id = made.booking.id;

    const first = await settled(o, id, 1);
    // The answers in the form's order, whatever order the customer's browser sent them in.
    expect(first.answers).toEqual([
      { fieldName: 'Naam', fieldType: 'text', value: 'Jan Jansen', sensitive: false },
      { fieldName: 'E-mail', fieldType: 'email', value: email, sensitive: false },
      { fieldName: 'Telefoon', fieldType: 'phone', value: '+31612345678', sensitive: false },
      {
        fieldName: 'Welke behandeling?',
        fieldType: 'textarea',
        value: 'Knippen en kleuren',
        sensitive: false,
      },
    ]);
    expect(first).toMatchObject({ id, agendaName: 'Agenda 1', customerEmail: email });
    const created = first.history[0]!;
    expect(created).toMatchObject({ kind: 'created', actor: 'customer', from: null, to: null });
    const byKind = (e: typeof created) => Object.fromEntries(e.messages.map((m) => [m.kind, m]));
    const createdMessages = byKind(created);
    expect(createdMessages.confirmation).toMatchObject({
      channel: 'email',
      recipient: email,
      status: 'sent',
      attempts: 1,
    });
    expect(createdMessages.owner_notice).toMatchObject({
      recipient: expect.stringMatching(/^eigenaar\d+@example\.nl$/),
      status: 'sent',
    });
    expect(createdMessages.booking_created).toMatchObject({
      channel: 'webhook',
      recipient: 'CRM',
      status: 'sent',
    });
    expect(createdMessages.follow_up).toMatchObject({ status: 'pending', recipient: email });

    // The customer moves it through the manage link.
    const manage = `/api/public/bookings/manage/${made.managementToken}`;
    expect((await agent(t.app).patch(manage, { bookingDate: later, bookingTime: '11:00' })).statusCode).toBe(
      200,
    );
    const moved = await settled(o, id, 2);
    expect(moved.history[1]).toMatchObject({
      kind: 'rescheduled',
      actor: 'customer',
      from: { bookingDate: date, bookingTime: '10:00', agendaName: 'Agenda 1' },
      to: { bookingDate: later, bookingTime: '11:00', agendaName: 'Agenda 1' },
    });
    expect(Object.keys(byKind(moved.history[1]!)).sort()).toEqual(
      ['booking_rescheduled', 'follow_up', 'modification', 'owner_notice']
        .concat(moved.history[1]!.messages.some((m) => m.kind === 'reminder') ? ['reminder'] : [])
        .sort(),
    );
    expect(byKind(moved.history[1]!).modification).toMatchObject({ status: 'sent', recipient: email });
    // The created entry's follow-up was for the old slot: skipped by the move.
    expect(byKind(moved.history[0]!).follow_up).toMatchObject({ status: 'skipped' });
    const rescheduledHook = await eventually(
      () => hooksFor(id).find((b) => b.type === 'booking.rescheduled'),
      15_000,
      'rescheduled webhook',
    );
    expect(rescheduledHook).toMatchObject({
      booking_date: later,
      booking_time: '11:00',
      previous_booking_date: date,
      previous_booking_time: '10:00',
      status: 'confirmed',
      'Welke behandeling?': 'Knippen en kleuren',
    });

    // A "move" to where it already is changes and sends nothing.
    const before = (await notificationsOf(t, id)).length;
    expect((await agent(t.app).patch(manage, { bookingDate: later, bookingTime: '11:00' })).statusCode).toBe(
      200,
    );
    expect((await details(o, id)).history).toHaveLength(2);
    expect(await notificationsOf(t, id)).toHaveLength(before);

    // The customer cancels.
    expect((await agent(t.app).delete(manage)).statusCode).toBe(200);
    const cancelled = await settled(o, id, 3);
    expect(cancelled.history[2]).toMatchObject({ kind: 'cancelled', actor: 'customer' });
    expect(Object.keys(byKind(cancelled.history[2]!)).sort()).toEqual([
      'booking_cancelled',
      'cancellation',
      'owner_notice',
    ]);
    expect(byKind(cancelled.history[2]!).cancellation).toMatchObject({ status: 'sent', recipient: email });
    const cancelHook = await eventually(
      () => hooksFor(id).find((b) => b.type === 'booking.cancelled'),
      15_000,
      'cancelled webhook',
    );
    expect(cancelHook).toMatchObject({ status: 'cancelled', booking_date: later, type: 'booking.cancelled' });
    expect(cancelHook).not.toHaveProperty('previous_booking_date');
    expect(hooksFor(id).map((b) => b.type)).toEqual([
      'booking.created',
      'booking.rescheduled',
      'booking.cancelled',
    ]);
  });

  it("tells the owner's move and cancel; the cancel e-mails the customer only when asked to", async () => {
    const { owner: o, event } = await setUp();
    const [d1, d2, d3] = bookableDates(event, 3, { after: bookableDates(event, 3)[2] });
    const quiet = `quiet.${kind}@example.nl`;
    const told = `told.${kind}@example.nl`;
    const a = (await book(event, d1!, quiet)).booking.id;
    const b = (await book(event, d2!, told)).booking.id;
    await settled(o, a, 1);
    await settled(o, b, 1);

    expect((await o.patch(`/api/bookings/${a}`, { bookingDate: d3, bookingTime: '14:00' })).statusCode).toBe(
      200,
    );
    const moved = await settled(o, a, 2);
    expect(moved.history[1]).toMatchObject({
      kind: 'rescheduled',
      actor: 'owner',
      from: { bookingDate: d1, bookingTime: '10:00' },
      to: { bookingDate: d3, bookingTime: '14:00' },
    });
    // The owner moved it: the customer hears, the owner gets no notice of their own change.
    const moveKinds = moved.history[1]!.messages.map((m) => m.kind);
    expect(moveKinds).toContain('modification');
    expect(moveKinds).not.toContain('owner_notice');

    expect((await o.patch(`/api/bookings/${a}`, { status: 'cancelled' })).statusCode).toBe(200);
    const silent = await settled(o, a, 3);
    expect(silent.history[2]).toMatchObject({ kind: 'cancelled', actor: 'owner' });
    expect(silent.history[2]!.messages.map((m) => m.kind)).toEqual(['booking_cancelled']);
    expect(mailsTo(quiet).filter((m) => subjectOf(m).startsWith('Geannuleerd:'))).toHaveLength(0);

    const res = await o.patch(`/api/bookings/${b}`, { status: 'cancelled', notifyCustomer: true });
    expect(res.statusCode).toBe(200);
    const informed = await settled(o, b, 2);
    expect(informed.history[1]).toMatchObject({ kind: 'cancelled', actor: 'owner' });
    expect(informed.history[1]!.messages.map((m) => m.kind).sort()).toEqual([
      'booking_cancelled',
      'cancellation',
    ]);
    expect(informed.history[1]!.messages.find((m) => m.kind === 'cancellation')).toMatchObject({
      status: 'sent',
      recipient: told,
    });
    const mail = mailsTo(told).find((m) => subjectOf(m).startsWith('Geannuleerd:'));
    const ics = mail!.mail.attachments.find((x) => x.contentType.startsWith('text/calendar'));
    expect(ics?.content.toString('utf8') ?? mail!.raw).toContain('METHOD:CANCEL');
  });

  it(`sends a booking's customer at most ${MAX_CUSTOMER_MAILS_PER_HOUR} e-mails an hour and shows the rest as not sent`, async () => {
    const { owner: o, event } = await setUp();
    const [d1, d2] = bookableDates(event, 2, { after: bookableDates(event, 4)[3] });
    const email = `flood.${kind}@example.nl`;
    const id = (await book(event, d1!, email)).booking.id;
    // The confirmation plus nine modifications reach the cap; the tenth move's modification is refused.
    // Each move waits for the previous one's mail: an unsent one would be folded into the next.
    for (let i = 1; i <= MAX_CUSTOMER_MAILS_PER_HOUR; i++) {
      const slot =
        i % 2 === 1 ? { bookingDate: d2, bookingTime: '12:00' } : { bookingDate: d1, bookingTime: '10:00' };
      expect((await o.patch(`/api/bookings/${id}`, slot)).statusCode).toBe(200);
      await settled(o, id, i + 1);
    }
    const d = await settled(o, id, MAX_CUSTOMER_MAILS_PER_HOUR + 1);
    const modifications = d.history.flatMap((h) => h.messages.filter((m) => m.kind === 'modification'));
    expect(modifications.map((m) => m.status)).toEqual([
      ...Array<string>(MAX_CUSTOMER_MAILS_PER_HOUR - 1).fill('sent'),
      'skipped',
    ]);
    expect(modifications.at(-1)).toMatchObject({
      lastError: nl.bookingHistory.mailCapReached.replace('{max}', '10'),
      attempts: 0,
    });
    // Webhooks are not capped: every move was reported.
    const lastMove = d.history.at(-1)!;
    expect(lastMove.messages.find((m) => m.kind === 'booking_rescheduled')).toMatchObject({ status: 'sent' });
    // Every sent row reached the SMTP server: the confirmation and nine modifications, no more.
    const received = await eventually(
      () => mailsTo(email).length >= MAX_CUSTOMER_MAILS_PER_HOUR && mailsTo(email),
      15_000,
      'the customer mails',
    );
    expect(received.filter((m) => subjectOf(m).startsWith('Gewijzigd:'))).toHaveLength(
      MAX_CUSTOMER_MAILS_PER_HOUR - 1,
    );
  });

  it("answers 404 for another owner's booking and for an unknown one", async () => {
    const { event } = await setUp();
    const id = (await book(event, bookableDates(event, 1)[0]!, `iso.${kind}@example.nl`)).booking.id;
    const other = await owner(t);
    const res = await other.get(`/api/bookings/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: nl.ownerBookings.notFound });
    expect((await other.get(`/api/bookings/${randomUUID()}`)).statusCode).toBe(404);
    expect((await agent(t.app).get(`/api/bookings/${id}`)).statusCode).toBe(401);
  });
});

// Tuesday 1 December 2026, 09:00 in Amsterdam; the clock moves within each test.
const NOW = new Date('2026-12-01T08:00:00Z');

describe.each(dbKinds())('booking history on a fixed clock on %s', (kind) => {
  let clock = NOW;
  let paidApp: Awaited<ReturnType<typeof startPaidApp>>;
  let t: TestApp;
  beforeAll(async () => {
    paidApp = await startPaidApp(kind, () => clock);
    t = paidApp.t;
  });
  afterAll(() => paidApp.close());

  async function freeEvent() {
    const o = await owner(t);
    const res = await o.post('/api/events', eventPayload({ customFields: fields }));
    expect(res.statusCode).toBe(201);
    const event = res.json() as EventDto;
    const hook = await o.post(`/api/events/${event.id}/webhooks`, {
      name: 'CRM',
      url: 'https://crm.example.nl/hook',
      triggers: [...WEBHOOK_TRIGGERS],
    });
    expect(hook.statusCode).toBe(201);
    return { owner: o, event };
  }
  const bookFree = async (eventId: string, date: string, time: string, treatment: string) => {
    const res = await agent(t.app).post('/api/public/bookings', {
      eventId,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: {
        Naam: 'Jan Jansen',
        'E-mail': 'jan@example.nl',
        'Welke behandeling?': treatment,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().booking.id as string;
  };
  const historyOf = async (o: Agent, id: string) =>
    ((await o.get(`/api/bookings/${id}`)).json() as BookingDetailsDto).history;

  it('finds bookings by what the customer answered, not by the field names', async () => {
    const { owner: o, event } = await freeEvent();
    const balayage = await bookFree(event.id, '2026-12-02', '10:00', 'Balayage met "toner" 100%');
    await bookFree(event.id, '2026-12-02', '11:00', 'Knippen');
    const ids = async (q: string) =>
      ((await o.get(`/api/bookings?q=${encodeURIComponent(q)}`)).json() as { id: string }[]).map((b) => b.id);
    expect(await ids('balay')).toEqual([balayage]);
    expect(await ids('"toner"')).toEqual([balayage]); // text JSON escapes
    expect(await ids('100%')).toEqual([balayage]);
    expect(await ids('behandeling')).toEqual([]); // a field's name is not an answer
    expect(await ids('jan jansen')).toHaveLength(2);
  });

  it("tells the owner's no-show mark and its undoing, and the edit of the customer's details", async () => {
    const { owner: o, event } = await freeEvent();
    const id = await bookFree(event.id, '2026-12-02', '10:00', 'Knippen');
    // From an hour after the start in Amsterdam, a minute per change: the history's order is its time's.
    let minute = 0;
    const patch = (body: Record<string, unknown>) => {
      clock = new Date(Date.parse('2026-12-02T10:00:00Z') + minute++ * 60_000);
      return o.patch(`/api/bookings/${id}`, body);
    };
    try {
      expect((await patch({ noShow: true })).statusCode).toBe(200);
      expect((await patch({ noShow: true })).statusCode).toBe(200); // repeated: nothing new
      expect((await patch({ noShow: false })).statusCode).toBe(200);
      const edit = await patch({ customerName: 'Jan de Jong', customerPhone: '+31687654321' });
      expect(edit.statusCode).toBe(200);
    } finally {
      clock = NOW;
    }
    const history = await historyOf(o, id);
    expect(history.map((h) => [h.kind, h.actor])).toEqual([
      ['created', 'customer'],
      ['no_show', 'owner'],
      ['no_show_cleared', 'owner'],
      ['details_changed', 'owner'],
    ]);
    expect(history[1]!.messages.map((m) => m.kind)).toEqual(['booking_no_show']);
    expect(history[2]!.messages).toEqual([]);
    expect(history[3]!.changedFields).toEqual(expect.arrayContaining(['customerName', 'customerPhone']));
    expect(history[3]!.changedFields).not.toContain('customerEmail');
    const rows = await notificationsOf(t, id);
    expect(rows.find((r) => r.kind === 'booking_no_show')?.payload).toMatchObject({
      type: 'booking.no_show',
      booking_id: id,
      customer_name: 'Jan Jansen',
    });
  });

  it("tells the owner's manual booking as the owner's: the customer hears only when asked, the owner never", async () => {
    const { owner: o, event } = await freeEvent();
    const manual = async (time: string, notifyCustomer: boolean) => {
      const res = await o.post('/api/bookings', {
        eventId: event.id,
        bookingDate: '2026-12-07',
        bookingTime: time,
        customerName: 'Piet Balie',
        customerEmail: 'piet.balie@example.nl',
        notifyCustomer,
      });
      expect(res.statusCode, res.body).toBe(201);
      return historyOf(o, res.json().id as string);
    };
    const silent = await manual('10:00', false);
    expect(silent.map((h) => [h.kind, h.actor])).toEqual([['created', 'owner']]);
    expect(silent[0]!.messages.map((m) => m.kind)).toEqual(['booking_created']);
    const told = await manual('11:00', true);
    expect(told.map((h) => [h.kind, h.actor])).toEqual([['created', 'owner']]);
    const kinds = told[0]!.messages.map((m) => m.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['confirmation', 'reminder', 'follow_up', 'booking_created']),
    );
    expect(kinds).not.toContain('owner_notice');
    // The reminder waits, and tells when: before the appointment (11:00 in Amsterdam), after now.
    const reminder = told[0]!.messages.find((m) => m.kind === 'reminder')!;
    expect(reminder.status).toBe('pending');
    expect(Date.parse(reminder.dueAt)).toBeLessThan(Date.parse('2026-12-07T10:00:00Z'));
    expect(Date.parse(reminder.dueAt)).toBeGreaterThan(clock.getTime());
  });

  it('tells a paid booking as made by the customer when the hold was taken, and paid when confirmed', async () => {
    const { paid, flow, fake } = paidApp;
    const hook = await paid.owner.post(`/api/events/${paid.event.id}/webhooks`, {
      name: 'Boekhouding',
      url: 'https://boekhouding.example.nl/hook',
      triggers: ['booking.paid'],
    });
    expect(hook.statusCode).toBe(201);
    const held = await flow.hold('2026-12-03', '10:00');
    expect(held.statusCode).toBe(201);
    const intent = intentIdOf(held.json().clientSecret);
    fake.setStatus(intent, 'succeeded');
    clock = new Date(NOW.getTime() + 5 * 60_000); // paid five minutes later
    let id: string;
    try {
      const confirmed = await flow.confirm(intent, '2026-12-03', '10:00');
      expect(confirmed.statusCode).toBe(201);
      id = confirmed.json().booking.id;
    } finally {
      clock = NOW;
    }
    const history = await historyOf(paid.owner, id);
    expect(history.map((h) => [h.kind, h.actor])).toEqual([
      ['created', 'customer'],
      ['paid', 'system'],
    ]);
    // Both on the app's clock (the hold's time is not the database server's, which is not faked).
    expect(history[0]!.at).toBe(NOW.toISOString());
    expect(history[1]!.at).toBe(new Date(NOW.getTime() + 5 * 60_000).toISOString());
    expect(history[0]!.messages.map((m) => m.kind)).toContain('confirmation');
    expect(history[1]!.messages).toMatchObject([
      { kind: 'booking_paid', channel: 'webhook', recipient: 'Boekhouding', status: 'pending' },
    ]);
    const body = (await notificationsOf(t, id)).find((r) => r.kind === 'booking_paid')!.payload;
    expect(body).toMatchObject({ type: 'booking.paid', payment_status: 'paid', status: 'confirmed' });
  });

  it('keeps created before paid when the payment is confirmed in the instant of its hold', async () => {
    const { paid, flow, fake } = paidApp;
    const ids: string[] = [];
    // Several bookings, so an order left to the entries' random ids would show.
    for (const time of ['11:00', '11:30', '12:00', '12:30', '13:00']) {
      const held = await flow.hold('2026-12-03', time);
      expect(held.statusCode).toBe(201);
      const intent = intentIdOf(held.json().clientSecret);
      fake.setStatus(intent, 'succeeded');
      const confirmed = await flow.confirm(intent, '2026-12-03', time);
      expect(confirmed.statusCode).toBe(201);
      ids.push(confirmed.json().booking.id);
    }
    for (const id of ids) {
      const history = await historyOf(paid.owner, id);
      expect(history.map((h) => [h.kind, h.at])).toEqual([
        ['created', NOW.toISOString()],
        ['paid', NOW.toISOString()],
      ]);
    }
  });

  it("refuses a custom field named like a webhook body's property, for events and templates", async () => {
    const o = await owner(t);
    const named = (fieldName: string) => [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true },
      { fieldName, fieldType: 'text', isRequired: false },
    ];
    for (const reserved of ['status', 'booking_id', 'customer_email', 'type', 'previous_booking_date']) {
      const event = await o.post('/api/events', eventPayload({ customFields: named(reserved) }));
      expect(event.statusCode).toBe(400);
      expect(event.json()).toMatchObject({
        code: 'VALIDATION',
        fields: { 'customFields.1.fieldName': nl.eventRules.reservedFieldName },
      });
    }
    const template = await o.post('/api/templates', {
      ...templatePayload(),
      customFieldsConfig: named('timestamp'),
    });
    expect(template.statusCode).toBe(400);
    expect(template.json().fields).toEqual({
      'customFieldsConfig.1.fieldName': nl.eventRules.reservedFieldName,
    });
    // Other spellings are the owner's own names: they do not overwrite a property.
    expect((await o.post('/api/events', eventPayload({ customFields: named('Status') }))).statusCode).toBe(
      201,
    );
  });
});
