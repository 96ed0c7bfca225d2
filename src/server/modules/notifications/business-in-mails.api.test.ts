import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { everyDay, makeDue, notificationsOf } from '../../test/notification-fixtures';
import { invitationOf, type TestSmtp } from '../../test/smtp';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { dateWithReminderAhead, nextBookableDate, upcomingRange } from '../../test/test-today';
import { eventually } from '../../test/wait';

describe.each(dbKinds())('the business in the customer e-mails on %s', (kind) => {
  let t: MailingApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    t = await createMailingApp(kind);
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t.close();
  });
  const mailTo = (to: string, subject: RegExp) =>
    eventually(
      () => smtp.received.find((m) => m.envelope.to.includes(to) && subject.test(m.mail.subject ?? '')),
      15_000,
      `${subject.source} to ${to}`,
    );

  /** A salon with an address, a phone, two stylists and a service that books into both. */
  async function salon(rules: Record<string, unknown> = {}) {
    const a = await owner(t);
    const profile = await a.patch('/api/business-profile', {
      name: 'Salon Mooi',
      address: 'Dorpsstraat 1\n1234 AB Utrecht',
      phone: '020 123 4567',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const lisa = await a.post('/api/agendas', { name: 'Lisa' });
    expect(lisa.statusCode, lisa.body).toBe(201);
    const agendas = (await a.get('/api/agendas')).json() as Array<{ id: string; isDefault: boolean }>;
    const made = await a.post(
      '/api/events',
      eventPayload({
        workingDays: everyDay,
        dailyPauseTimes: {},
        ...upcomingRange(60),
        agendaIds: agendas.map((x) => x.id),
        ...rules,
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    return {
      owner: a,
      event: made.json() as { id: string } & Parameters<typeof nextBookableDate>[0],
      lisa: lisa.json().id as string,
    };
  }
  const book = async (eventId: string, date: string, time: string, email: string, agendaId: string) => {
    const res = await agent(t.app).post('/api/public/bookings', {
      eventId,
      bookingDate: date,
      bookingTime: time,
      agendaId,
      customFieldResponses: { Naam: 'Ria', 'E-mail': email, Telefoon: '+31612345678' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { booking: { id: string }; managementToken: string };
  };

  it('names the address, the phone and the stylist in the confirmation, the change and the reminder; LOCATION is the address', async () => {
    const { event, lisa } = await salon();
    const [date, later] = [dateWithReminderAhead(event), dateWithReminderAhead(event, 1)];
    const email = 'ria.plaats@example.nl';
    const created = await book(event.id, date, '10:00', email, lisa);
    const place = ['Bij: Lisa', 'Adres: Dorpsstraat 1, 1234 AB Utrecht', 'Telefoon: 020 1234567'];

    const confirmation = await mailTo(email, /^Bevestiging/);
    expect(confirmation.mail.text).toContain(place.join('\n'));
    expect(confirmation.mail.html).toContain(place.join('<br>'));
    expect(invitationOf(confirmation)).toContain('LOCATION:Dorpsstraat 1\\, 1234 AB Utrecht\r\n');
    // Online changes are open: no contact block with the owner's e-mail address.
    expect(confirmation.mail.text).not.toContain('niet meer online');

    const moved = await agent(t.app).patch(`/api/public/bookings/manage/${created.managementToken}`, {
      bookingDate: later,
      bookingTime: '11:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const change = await mailTo(email, /^Gewijzigd/);
    expect(change.mail.text).toContain(place.join('\n'));
    expect(invitationOf(change)).toContain('LOCATION:Dorpsstraat 1\\, 1234 AB Utrecht\r\n');

    const reminder = await eventually(
      async () =>
        (await notificationsOf(t, created.booking.id)).find(
          (r) => r.kind === 'reminder' && r.status === 'pending',
        ),
      10_000,
      'reminder row',
    );
    await makeDue(t, [reminder.id]);
    const remind = await mailTo(email, /^Herinnering/);
    expect(remind.mail.text).toContain(place.join('\n'));
  });

  it('says a booking made inside its cut-off cannot be changed online and how to reach the salon', async () => {
    // Tomorrow 10:00 is less than 48 hours ahead at any time of day: inside both cut-offs.
    const { owner: a, event, lisa } = await salon({ cancelCutoffHours: 48, rescheduleCutoffHours: 48 });
    const email = 'ria.laat@example.nl';
    const created = await book(event.id, nextBookableDate(event), '10:00', email, lisa);
    const address = ((await a.get('/api/user')).json() as { email: string }).email;
    expect(address).toMatch(/@example\.nl$/);

    const mail = await mailTo(email, /^Bevestiging/);
    const text = mail.mail.text ?? '';
    expect(text).not.toMatch(/Wijzigen kan tot|Annuleren kan tot/);
    expect(text).toContain(
      'Wijzigen of annuleren kan niet meer online. Neem daarvoor contact op met Salon Mooi:\n' +
        `Telefoon: 020 1234567\nE-mail: ${address}\nAdres: Dorpsstraat 1, 1234 AB Utrecht`,
    );
    // The address and phone are said once, in the contact block.
    expect(text.split('Telefoon: 020 1234567')).toHaveLength(2);
    expect(text).toContain('Bij: Lisa');

    // The manage page gets the same contact details, and the server refuses the change by the same rule.
    const managed = await agent(t.app).get(`/api/public/bookings/manage/${created.managementToken}`);
    expect(managed.json().contact).toEqual({
      address: 'Dorpsstraat 1\n1234 AB Utrecht',
      phone: '+31201234567',
      email: address,
    });
    const cancel = await agent(t.app).delete(`/api/public/bookings/manage/${created.managementToken}`);
    expect(cancel.statusCode).toBe(409);
  });
});
