import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { dbKinds } from '../../test/databases';
import { bookAs, notificationsOf, notifyingEvent } from '../../test/notification-fixtures';
import { type TestSmtp } from '../../test/smtp';
import { agent, type Agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { bookableDates, daysFromToday } from '../../test/test-today';
import { eventually } from '../../test/wait';

const mb = nl.manualBookings;

describe.each(dbKinds())('manual bookings and customer details on %s', (kind) => {
  let t: MailingApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    t = await createMailingApp(kind);
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t.close();
  });

  /** An owner with a service bookable 09:00–17:00 every day of the coming 60 days. */
  async function service(overrides: Parameters<typeof notifyingEvent>[1] = {}) {
    return notifyingEvent(t, overrides);
  }
  const create = (a: Agent, event: EventDto, body: Record<string, unknown>) =>
    a.post('/api/bookings', { eventId: event.id, customerName: 'Els Bakker', ...body });
  const mailsTo = (to: string) => smtp.received.filter((m) => m.envelope.to.includes(to));

  it('writes down a booking inside the rules without warnings, in a free agenda of the service', async () => {
    const { owner, event } = await service();
    const [date] = bookableDates(event, 1);
    const res = await create(owner, event, {
      bookingDate: date,
      bookingTime: '10:00',
      customerPhone: '06 1234 5678',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      eventId: event.id,
      agendaId: event.agendaIds[0],
      bookingDate: date,
      bookingTime: '10:00',
      customerName: 'Els Bakker',
      customerEmail: null,
      customerPhone: '+31612345678',
      status: 'confirmed',
      paymentStatus: 'not_required',
      // The name and phone fill the fields the booking page takes them from.
      customFieldResponses: { Naam: 'Els Bakker', Telefoon: '+31612345678' },
      warnings: [],
    });
    const list = (await owner.get('/api/bookings')).json();
    expect(list.map((b: { id: string }) => b.id)).toEqual([res.json().id]);
  });

  it('keeps the country code a number is written with, and reads a Dutch one without', async () => {
    const { owner, event } = await service();
    const dates = bookableDates(event, 1);
    const cases: Array<[string, string]> = [
      ['+44 7700 900123', '+447700900123'],
      ['0044 7700 900123', '+447700900123'],
      ['0031 6 1234 5678', '+31612345678'],
      ['+31 (0)6 1234 5678', '+31612345678'],
      ['+32 470 12 34 56', '+32470123456'],
      ['020-1234567', '+31201234567'],
    ];
    for (const [i, [typed, stored]] of cases.entries()) {
      const res = await create(owner, event, {
        bookingDate: dates[0],
        bookingTime: `${String(9 + i).padStart(2, '0')}:00`,
        customerPhone: typed,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().customerPhone, typed).toBe(stored);
    }
    const tooShort = await create(owner, event, {
      bookingDate: dates[0],
      bookingTime: '16:00',
      customerPhone: '+44 77',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fields).toEqual({ customerPhone: mb.invalidPhone });
  });

  it('refuses a customer name with a line break, a tab or another control character, on every way in', async () => {
    const { owner, event } = await service();
    const [date] = bookableDates(event, 1);
    for (const name of ['Jan\nJansen', 'Jan\tJansen', 'Jan\u0007']) {
      const typed = await create(owner, event, {
        bookingDate: date,
        bookingTime: '10:00',
        customerName: name,
      });
      expect(typed.statusCode, JSON.stringify(name)).toBe(400);
      expect(typed.json().fields).toEqual({ customerName: mb.nameControlChars });
      const booked = await agent(t.app).post('/api/public/bookings', {
        eventId: event.id,
        bookingDate: date,
        bookingTime: '11:00',
        customFieldResponses: { Naam: name, 'E-mail': 'jan.lines@example.nl' },
      });
      expect(booked.statusCode, JSON.stringify(name)).toBe(400);
      expect(booked.json().fields).toEqual({
        'customFieldResponses.Naam': nlPublicSteps.booking.nameControlChars,
      });
    }
    const created = await bookAs(t, event.id, date!, '12:00', 'Jan Jansen', 'jan.lines@example.nl');
    const edited = await owner.patch(`/api/bookings/${created.booking.id}`, {
      customerName: 'Jan\r\nJansen',
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fields).toEqual({ customerName: mb.nameControlChars });
    // Spaces, tabs and line breaks around a name are trimmed away as before.
    const trimmed = await create(owner, event, {
      bookingDate: date,
      bookingTime: '13:00',
      customerName: '\tEls\n',
    });
    expect(trimmed.statusCode, trimmed.body).toBe(201);
    expect(trimmed.json().customerName).toBe('Els');
  });

  it('allows outside the hours, in the past, over the daily limit, past the horizon and on a closed day, with warnings', async () => {
    const { owner, event } = await service({ maxBookingsPerDay: 1, bookingHorizonDays: 10 });
    const [first, closed] = bookableDates(event, 2);
    await bookAs(t, event.id, first!, '10:00', 'Jan Jansen', 'jan.limit@example.nl');
    expect(
      (await owner.post('/api/closures', { startDate: closed, endDate: closed, label: 'vakantie' }))
        .statusCode,
    ).toBe(201);

    const cases: Array<[string, string, string[]]> = [
      [first!, '20:00', ['outsideHours', 'dayFull']],
      [daysFromToday(-3), '10:00', ['outsideHours', 'past']],
      [daysFromToday(20), '11:00', ['horizon']],
      [closed!, '11:00', ['closed']],
    ];
    for (const [date, time, warnings] of cases) {
      const res = await create(owner, event, { bookingDate: date, bookingTime: time });
      expect(res.statusCode, `${date} ${time}: ${res.body}`).toBe(201);
      expect(res.json().warnings, `${date} ${time}`).toEqual(warnings);
    }
    // The dialog's view of the day: the grid with the customer's booking busy, the count and the closure.
    const day = (await owner.get(`/api/bookings/slots?eventId=${event.id}&date=${first}`)).json();
    expect(day.dayCount).toBe(2);
    expect(day.slots.find((s: { time: string }) => s.time === '10:00')).toEqual({
      time: '10:00',
      busy: true,
    });
    expect(day.slots.find((s: { time: string }) => s.time === '10:30')).toEqual({
      time: '10:30',
      busy: false,
    });
    const closedDay = (await owner.get(`/api/bookings/slots?eventId=${event.id}&date=${closed}`)).json();
    expect(closedDay.closures).toEqual([
      { startDate: closed, endDate: closed, label: 'vakantie', agendaId: null, yearly: false },
    ]);
  });

  it('never overlaps another booking of the agenda, buffers included', async () => {
    // Half-hourly: without an interval the buffer would lengthen the grid's step to 45 minutes.
    const { owner, event } = await service({ bufferAfterMinutes: 15, slotIntervalMinutes: 30 });
    const [date] = bookableDates(event, 1);
    await bookAs(t, event.id, date!, '10:00', 'Jan Jansen', 'jan.overlap@example.nl');
    for (const time of ['10:00', '10:30', '09:45']) {
      const res = await create(owner, event, { bookingDate: date, bookingTime: time });
      expect(res.statusCode, time).toBe(409);
      expect(res.json().message).toBe(nlPublicSteps.booking.slotTaken);
    }
    // Out of the way of the buffers it fits, off the grid too.
    const res = await create(owner, event, { bookingDate: date, bookingTime: '10:50' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual(['outsideHours']);
  });

  it('refuses bad details with a Dutch message per field', async () => {
    const { owner, event } = await service({
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
        { fieldName: 'Welke behandeling?', fieldType: 'text', isRequired: true, order: 2 },
      ],
    });
    const [date] = bookableDates(event, 1);
    const slot = { bookingDate: date, bookingTime: '10:00' };
    const answer = { customFieldResponses: { 'Welke behandeling?': 'Knippen' } };
    const refused: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ customerName: '  ' }, { customerName: mb.nameRequired }],
      [{ customerEmail: 'els@' }, { customerEmail: nlPublicSteps.validation.invalidEmail }],
      [{ customerPhone: '12ab' }, { customerPhone: mb.invalidPhone }],
      [{ notifyCustomer: true }, { customerEmail: mb.notifyNeedsEmail }],
      [{ bookingTime: '25:00' }, { bookingTime: expect.any(String) as unknown as string }],
    ];
    for (const [body, fields] of refused) {
      const res = await create(owner, event, { ...slot, ...answer, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    const missing = await create(owner, event, {
      ...slot,
      customFieldResponses: { 'Welke behandeling?': ' ' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      'customFieldResponses.Welke behandeling?': nlPublicSteps.booking.required,
    });
    const stranger = await (
      await service()
    ).owner.post('/api/bookings', {
      eventId: event.id,
      customerName: 'Els',
      ...slot,
    });
    expect(stranger.statusCode).toBe(404);
    const strangerSlots = await (
      await service()
    ).owner.get(`/api/bookings/slots?eventId=${event.id}&date=${date}`);
    expect(strangerSlots.statusCode).toBe(404);
    const anonymous = await agent(t.app).post('/api/bookings', {
      eventId: event.id,
      customerName: 'Els',
      ...slot,
    });
    expect(anonymous.statusCode).toBe(401);
    // Nothing was written by the refused calls.
    expect((await owner.get('/api/bookings')).json()).toEqual([]);
  });

  it('sends the confirmation with the manage link only when asked and an address is known', async () => {
    const { owner, event } = await service();
    const [date] = bookableDates(event, 1);
    const told = await create(owner, event, {
      bookingDate: date,
      bookingTime: '11:00',
      customerName: 'Piet Told',
      customerEmail: 'piet.told@example.nl',
      notifyCustomer: true,
    });
    expect(told.statusCode, told.body).toBe(201);
    const [mail] = await eventually(
      () => mailsTo('piet.told@example.nl').length > 0 && mailsTo('piet.told@example.nl'),
      15_000,
      'confirmation of a manual booking',
    );
    expect(mail!.mail.subject).toMatch(/^Bevestiging/);
    const link = /href="[^"]+\/booking\/manage\/([^"]+)"/.exec(mail!.mail.html || '')![1]!;
    const managed = await agent(t.app).get(`/api/public/bookings/manage/${link}`);
    expect(managed.statusCode).toBe(200);
    expect(managed.json().booking.id).toBe(told.json().id);

    const silent = await create(owner, event, {
      bookingDate: date,
      bookingTime: '13:00',
      customerName: 'Piet Silent',
      customerEmail: 'piet.silent@example.nl',
    });
    expect(silent.statusCode, silent.body).toBe(201);
    // The confirmation is the customer's e-mail: planned for the told booking only.
    const confirmations = async (id: string) =>
      (await notificationsOf(t, id)).filter((n) => n.channel === 'email' && n.kind === 'confirmation');
    expect(await confirmations(told.json().id)).toHaveLength(1);
    expect(await confirmations(silent.json().id)).toEqual([]);
  });

  it('corrects the customer details alone or with a move, checked like the booking page', async () => {
    const { owner, event } = await service();
    const [date, later] = bookableDates(event, 2);
    const created = await bookAs(t, event.id, date!, '10:00', 'Jan Jansn', 'jan.typo@example.nl');
    const id = created.booking.id;

    const fixed = await owner.patch(`/api/bookings/${id}`, {
      customerName: 'Jan Jansen',
      customerPhone: '+32 470 12 34 56',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({
      customerName: 'Jan Jansen',
      customerEmail: 'jan.typo@example.nl',
      customerPhone: '+32470123456',
      bookingDate: date,
      customFieldResponses: { Naam: 'Jan Jansen', 'E-mail': 'jan.typo@example.nl', Telefoon: '+32470123456' },
    });

    const bad = await owner.patch(`/api/bookings/${id}`, { customerEmail: 'jan@@example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ customerEmail: nlPublicSteps.validation.invalidEmail });
    const withCancel = await owner.patch(`/api/bookings/${id}`, { status: 'cancelled', customerName: 'X' });
    expect(withCancel.statusCode).toBe(400);
    expect(withCancel.json().message).toBe(mb.detailsNotWithCancel);
    const notifyAlone = await owner.patch(`/api/bookings/${id}`, { notifyCustomer: true, customerName: 'X' });
    expect(notifyAlone.statusCode).toBe(400);
    expect(notifyAlone.json().message).toBe(mb.notifyOnlyWithCancel);
    // Details equal to the stored ones change nothing.
    const same = await owner.patch(`/api/bookings/${id}`, { customerName: 'Jan Jansen' });
    expect(same.statusCode).toBe(200);
    expect(same.json().updatedAt).toBe(fixed.json().updatedAt);

    const both = await owner.patch(`/api/bookings/${id}`, {
      bookingDate: later,
      bookingTime: '14:00',
      customerEmail: '',
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({
      bookingDate: later,
      bookingTime: '14:00',
      customerEmail: null,
      customFieldResponses: { Naam: 'Jan Jansen', Telefoon: '+32470123456' },
    });
  });

  it('a move to the own date and time changes nothing and sends nothing, for the owner and the customer', async () => {
    const { owner, event } = await service();
    const [date] = bookableDates(event, 1);
    const created = await bookAs(t, event.id, date!, '15:00', 'Noor Noop', 'noor.noop@example.nl');
    const id = created.booking.id;
    // Let the confirmation and the owner's notice be planned and sent first.
    await eventually(() => mailsTo('noor.noop@example.nl').length === 1, 15_000, 'confirmation');
    const before = (await owner.get(`/api/bookings?q=noor`)).json()[0];
    const planned = (await notificationsOf(t, id)).length;
    const sequence = async () =>
      (await t.database.executeSql('select ics_sequence from bookings where id = $1', [id])).rows[0] as {
        ics_sequence: number;
      };
    const seqBefore = await sequence();

    for (let i = 0; i < 3; i++) {
      const own = await owner.patch(`/api/bookings/${id}`, { bookingDate: date, bookingTime: '15:00' });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toEqual(before);
      const customer = await agent(t.app).patch(`/api/public/bookings/manage/${created.managementToken}`, {
        bookingDate: date,
        bookingTime: '15:00',
      });
      expect(customer.statusCode, customer.body).toBe(200);
      expect(customer.json().booking).toMatchObject({ bookingDate: date, bookingTime: '15:00' });
    }
    const same = await owner.patch(`/api/bookings/${id}`, { agendaId: event.agendaIds[0] });
    expect(same.json()).toEqual(before);
    expect(await notificationsOf(t, id)).toHaveLength(planned);
    expect(await sequence()).toEqual(seqBefore);
    expect(mailsTo('noor.noop@example.nl')).toHaveLength(1);
  });
});
