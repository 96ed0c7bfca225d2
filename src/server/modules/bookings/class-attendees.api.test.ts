import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassSessionDto } from '@contracts/class-sessions';
import type { CreateEventBody } from '@contracts/events';
import { nl } from '@contracts/messages';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { eventually } from '../../test/wait';

const m = nl.classAttendees;
const b = nlPublicSteps.booking;
// Tuesday 2 March 2027, 08:00 in Amsterdam (UTC+1), as classes.api.test.ts: the classes run Monday
// to Friday in March's first two weeks, later than the database's own clock.
const NOW = new Date('2027-03-02T07:00:00Z');
const WED = '2027-03-03';
const THU = '2027-03-04';
const range = { dateRangeStart: '2027-03-01', dateRangeEnd: '2027-03-12' } as const;

/**
 * The owner's side of a class (docs/PRODUCT.md#classes): the attendee list with its places, an
 * attendee added by hand with several places, the class full, a cancel giving places back, and one
 * message to every attendee through the composed-mail queue and the real SMTP server.
 */
describe.each(dbKinds())('class attendees on %s', (kind) => {
  let t: MailingApp;
  let a: Awaited<ReturnType<typeof owner>>;
  let customers = 0;
  const mailsTo = (to: string) => t.smtp.received.filter((x) => x.envelope.to.includes(to));

  async function service(title: string, extra: Partial<CreateEventBody> = {}) {
    const res = await a.post(
      '/api/events',
      eventPayload({ title, durationMinutes: 60, dailyPauseTimes: {}, ...range, ...extra }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }
  async function book(eventId: string, date: string, time: string, seats = 1) {
    const n = ++customers;
    const res = await agent(t.app).post('/api/public/bookings', {
      eventId,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: { Naam: `Deelnemer ${n}`, 'E-mail': `deelnemer${n}.${kind}@example.nl` },
      seats,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking as { id: string };
  }
  const sessionOf = async (bookingId: string) =>
    ((await a.get(`/api/bookings/${bookingId}`)).json() as { classSessionId: string }).classSessionId;
  async function attendees(id: string) {
    const res = await a.get(`/api/class-sessions/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ClassSessionDto;
  }
  const byHand = (eventId: string, date: string, time: string, extra: Record<string, unknown> = {}) =>
    a.post('/api/bookings', {
      eventId,
      bookingDate: date,
      bookingTime: time,
      customerName: 'Aan de balie',
      customerEmail: `balie.${kind}@example.nl`,
      ...extra,
    });

  beforeAll(async () => {
    t = await createMailingApp(kind, { now: () => NOW });
    a = await owner(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists a class time with its attendees and 5/8; the bookings list carries the class and its places', async () => {
    const yoga = await service('Yoga', { seats: 8, maxSeatsPerBooking: 3 });
    const first = await book(yoga.id, WED, '10:00', 2);
    await book(yoga.id, WED, '10:00', 3);
    const id = await sessionOf(first.id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const dto = await attendees(id);
    expect(dto.session).toMatchObject({
      id,
      eventId: yoga.id,
      title: 'Yoga',
      date: WED,
      time: '10:00',
      seatsTaken: 5,
      capacity: 8,
      maxSeatsPerBooking: 3,
      startsAt: '2027-03-03T09:00:00.000Z',
      endsAt: '2027-03-03T10:00:00.000Z',
    });
    expect(dto.session.agendaName).not.toBe('');
    expect(dto.attendees.map((x) => [x.customerName, x.seats])).toEqual([
      [expect.stringMatching(/^Deelnemer/), 2],
      [expect.stringMatching(/^Deelnemer/), 3],
    ]);
    expect(dto.attendees[0]).toMatchObject({ classSessionId: id, classSeatsTaken: 5, capacity: 8 });

    const list = (await a.get(`/api/bookings?eventId=${yoga.id}`)).json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    for (const row of list)
      expect(row).toMatchObject({ classSessionId: id, classSeatsTaken: 5, capacity: 8 });
    // A service of one seat has no class.
    const plain = await service('Knippen');
    const cut = await book(plain.id, '2027-03-05', '09:00');
    expect((await a.get(`/api/bookings/${cut.id}`)).json()).toMatchObject({
      classSessionId: null,
      classSeatsTaken: null,
      capacity: null,
      seats: 1,
    });

    const unknown = await a.get('/api/class-sessions/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.notFound);
  });

  it('adds an attendee by hand with 2 places, refuses more than a booking may take and past the capacity, and a cancel frees its places', async () => {
    const pilates = await service('Pilates', { seats: 6, maxSeatsPerBooking: 2 });
    const first = await book(pilates.id, THU, '11:00', 2);
    const id = await sessionOf(first.id);
    await book(pilates.id, THU, '11:00', 1);

    const added = await byHand(pilates.id, THU, '11:00', { seats: 2 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ seats: 2, classSessionId: id, classSeatsTaken: 5, capacity: 6 });
    expect((await attendees(id)).session.seatsTaken).toBe(5);

    const tooMany = await byHand(pilates.id, THU, '11:00', { seats: 3 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(b.tooManySeats.replace('{n}', '2'));
    expect(tooMany.json().fields.seats).toBe(b.tooManySeats.replace('{n}', '2'));
    for (const seats of [0, 1.5, '2']) {
      const bad = await byHand(pilates.id, THU, '11:00', { seats });
      expect(bad.statusCode, JSON.stringify(seats)).toBe(400);
      expect(bad.json().message).toBe(b.seatsInvalid);
    }

    // One place is left: two do not fit, and the database's counter says the class is full.
    const full = await byHand(pilates.id, THU, '11:00', { seats: 2 });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().message).toBe(b.classFull);
    expect((await attendees(id)).session.seatsTaken).toBe(5);

    // The owner's cancel of one attendee gives its places back: now the two fit.
    const cancel = await a.patch(`/api/bookings/${added.json().id}`, { status: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await attendees(id);
    expect(after.session.seatsTaken).toBe(3);
    expect(after.attendees.map((x) => x.status)).toEqual(['confirmed', 'confirmed', 'cancelled']);
    const again = await byHand(pilates.id, THU, '11:00', { seats: 2, customerEmail: '' });
    expect(again.statusCode, again.body).toBe(201);
    expect((await attendees(id)).session.seatsTaken).toBe(5);
  });

  it('e-mails every live attendee with an address once, in Dutch, escaped, with the class and the business', async () => {
    const dance = await service('Dansles', { seats: 10, maxSeatsPerBooking: 2 });
    const first = await book(dance.id, WED, '14:00');
    const second = await book(dance.id, WED, '14:00', 2);
    const id = await sessionOf(first.id);
    const gone = await book(dance.id, WED, '14:00');
    expect((await a.patch(`/api/bookings/${gone.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    // An attendee without an address hears nothing.
    expect((await byHand(dance.id, WED, '14:00', { customerEmail: '' })).statusCode).toBe(201);
    const addressOf = async (bookingId: string) =>
      ((await a.get(`/api/bookings/${bookingId}`)).json() as { customerEmail: string }).customerEmail;
    const [one, two, cancelled] = (await Promise.all([first, second, gone].map((x) => addressOf(x.id)))) as [
      string,
      string,
      string,
    ];

    for (const [body, message] of [
      [{ message: 'Hallo' }, m.subjectRequired],
      [{ subject: '  ', message: 'Hallo' }, m.subjectRequired],
      [{ subject: 'Hallo' }, m.messageRequired],
      [{ subject: 'x'.repeat(151), message: 'Hallo' }, m.subjectTooLong],
      [{ subject: 'Twee\nregels', message: 'Hallo' }, m.subjectOneLine],
      [{ subject: 'Hallo', message: 'x'.repeat(5001) }, m.messageTooLong],
    ] as const) {
      const res = await a.post(`/api/class-sessions/${id}/message`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }

    const subject = 'Les verplaatst naar zaal 2';
    const res = await a.post(`/api/class-sessions/${id}/message`, {
      subject,
      message: 'Beste deelnemers,\n\nWe dansen vandaag in <zaal 2>.',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ recipients: 2 });
    const messages = (to: string) => mailsTo(to).filter((x) => x.mail.subject === subject);
    await eventually(() => messages(one).length === 1 && messages(two).length === 1);
    const mail = messages(one)[0]!;
    expect(mail.mail.text).toContain('We dansen vandaag in <zaal 2>.');
    expect(mail.mail.text).toContain(
      m.mailAbout
        .replace('{event}', 'Dansles')
        .replace('{date}', 'woensdag 3 maart 2027')
        .replace('{time}', '14:00'),
    );
    expect(mail.mail.html).toContain('&lt;zaal 2&gt;');
    expect(mail.mail.html).not.toContain('<zaal 2>');
    expect(messages(cancelled)).toHaveLength(0);
    expect(messages(`balie.${kind}@example.nl`)).toHaveLength(0);
  });
});
