import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDutchDeadline, formatLongDutchDate } from '@core/index';
import { dbKinds } from '../../test/databases';
import {
  bookAs,
  editConfirmationTemplate,
  jobState,
  makeDue,
  notificationsOf,
  notifyingEvent,
} from '../../test/notification-fixtures';
import { invitationOf, type TestSmtp } from '../../test/smtp';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import {
  bookableDates,
  dateWithReminderAhead,
  daysFromToday,
  nextBookableDate,
  ownerInstant,
} from '../../test/test-today';
import { eventually } from '../../test/wait';

describe.each(dbKinds())('booking e-mails on %s', (kind) => {
  let t: MailingApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    t = await createMailingApp(kind);
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t.close();
  });
  const mailsTo = (to: string, subject: RegExp) =>
    smtp.received.filter((m) => m.envelope.to.includes(to) && subject.test(m.mail.subject ?? ''));

  it('confirms a new booking to the customer (with invitation and working link) and tells the owner', async () => {
    const { event } = await notifyingEvent(t);
    const date = dateWithReminderAhead(event);
    const created = await bookAs(t, event.id, date, '10:00', 'Jan Jansen', 'jan.confirm@example.nl');

    const [mail] = await eventually(
      () =>
        mailsTo('jan.confirm@example.nl', /^Bevestiging/).length === 1 &&
        mailsTo('jan.confirm@example.nl', /^Bevestiging/),
      15_000,
      'confirmation',
    );
    expect(mail!.mail.subject).toBe(`Bevestiging: Knippen op ${formatLongDutchDate(date)} om 10:00`);
    expect(mail!.mail.from?.value[0]).toMatchObject({
      name: expect.stringMatching(/^eigenaar/),
      address: 'noreply@afspraak.test',
    });
    expect(mail!.mail.html).toContain('Beste Jan Jansen');
    expect(mail!.mail.text).toContain('Beste Jan Jansen');
    expect(mail!.mail.html).toContain(created.managementUrl);
    const invite = invitationOf(mail!);
    expect(invite).toContain('METHOD:REQUEST');
    expect(invite).toContain(`DTSTART;TZID=Europe/Amsterdam:${date.replace(/-/g, '')}T100000`);
    expect(invite).toContain(`DTEND;TZID=Europe/Amsterdam:${date.replace(/-/g, '')}T103000`);
    expect(invite).toContain('BEGIN:VTIMEZONE');
    expect(invite).toContain('SEQUENCE:0');
    // The link in the e-mail opens the booking.
    const link = /href="([^"]+\/booking\/manage\/[^"]+)"/.exec(mail!.mail.html || '')![1]!;
    expect((await agent(t.app).get(`/api/public/bookings/manage/${link.split('/').pop()}`)).statusCode).toBe(
      200,
    );

    const ownerMail = await eventually(
      () =>
        smtp.received.find(
          (m) => /^Nieuwe afspraak/.test(m.mail.subject ?? '') && m.mail.text?.includes('Jan Jansen'),
        ),
      15_000,
      'owner notice',
    );
    expect(ownerMail.envelope.to[0]).toMatch(/^eigenaar\d+@example\.nl$/);
    expect(ownerMail.mail.replyTo?.value[0]?.address).toBe('jan.confirm@example.nl');
    // How to reach the customer, the phone as people read it.
    expect(ownerMail.mail.text).toContain('E-mail: jan.confirm@example.nl');
    expect(ownerMail.mail.text).toContain('Telefoon: 06 12345678');

    // The SMTP server has the mail a moment before the worker records it as sent.
    const rows = await eventually(
      async () => {
        const all = await notificationsOf(t, created.booking.id);
        return all.some((r) => r.kind === 'confirmation' && r.status === 'sent') && all;
      },
      15_000,
      'confirmation recorded as sent',
    );
    expect(rows.filter((r) => r.kind === 'confirmation' && r.status === 'sent')).toHaveLength(1);
    const reminder = rows.find((r) => r.kind === 'reminder')!;
    expect(reminder.status).toBe('pending');
    // The default reminder: 24 hours before the appointment.
    const startsAt = new Date(String(reminder.payload.startsAt)).getTime();
    expect(startsAt - reminder.dueAt.getTime()).toBe(24 * 3600 * 1000);
    const followUp = rows.find((r) => r.kind === 'follow_up')!;
    expect(followUp.status).toBe('pending');
    expect(followUp.dueAt.getTime() - ownerInstant(date, '10:30').getTime()).toBe(2 * 3600 * 1000); // 2 h after the end

    // After the appointment: the follow-up thanks the customer, once.
    await makeDue(t, [followUp.id]);
    const thanks = await eventually(
      () => mailsTo('jan.confirm@example.nl', /^Bedankt voor uw bezoek/)[0],
      15_000,
      'follow-up',
    );
    expect(thanks.mail.subject).toBe('Bedankt voor uw bezoek: Knippen');
    expect(thanks.mail.html).toContain(
      `Bedankt voor uw afspraak <strong>Knippen</strong> op <strong>${formatLongDutchDate(date)}</strong>`,
    );
    expect(thanks.mail.html).toContain(created.managementUrl);
  });

  it('escapes a customer name with markup in the HTML and keeps it out of the headers', async () => {
    const { owner, event } = await notifyingEvent(t);
    // The owner puts the name in the subject: a line break in it must not start a new header.
    const saved = await editConfirmationTemplate(owner, (htmlBody) => ({
      subject: 'Bevestiging voor {{customerName}}',
      htmlBody,
    }));
    expect(saved.statusCode).toBe(200);

    const date = nextBookableDate(event);
    await bookAs(t, event.id, date, '11:00', '<script>alert(1)</script>', 'xss@example.nl');
    const mail = await eventually(() => mailsTo('xss@example.nl', /^Bevestiging/)[0], 15_000, 'confirmation');
    expect(mail.mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.mail.html).not.toContain('<script>');
    expect(mail.mail.text).toContain('<script>alert(1)</script>'); // plain text shows it literally, harmlessly

    // A header injection through the name never gets as far as a mail: a name is one line.
    const eva = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: '12:00',
      customFieldResponses: { Naam: 'Eva\r\nBcc: evil@example.nl', 'E-mail': 'eva@example.nl' },
    });
    expect(eva.statusCode).toBe(400);
    expect(eva.json().fields['customFieldResponses.Naam']).toBe(
      'Een naam past op één regel: zonder regeleinden, tabs of andere stuurtekens.',
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.some((m) => m.envelope.to.includes('evil@example.nl'))).toBe(false);
    expect(mailsTo('eva@example.nl', /./)).toHaveLength(0);
  });

  it('puts the cancellation policy and the cut-offs in the confirmation and the change, and none without a policy', async () => {
    const policyText =
      'Annuleren kan kosteloos tot 48 uur van tevoren.\nDaarna rekenen wij <b>50%</b> & meer.';
    const { event } = await notifyingEvent(t, {
      policyText,
      cancelCutoffHours: 48,
      rescheduleCutoffHours: 24,
    });
    // Far enough ahead that both cut-offs still lie ahead when the booking is moved.
    const [date, newDate] = bookableDates(event, 2, { after: daysFromToday(4) }) as [string, string];
    const booked = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: '10:00',
      customFieldResponses: { Naam: 'Ria', 'E-mail': 'ria.policy@example.nl', Telefoon: '+31612345678' },
      acceptedPolicy: true,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const deadline = (d: string, t: string, hours: number) =>
      formatDutchDeadline(new Date(ownerInstant(d, t).getTime() - hours * 3600_000), 'Europe/Amsterdam');

    const mail = await eventually(
      () => mailsTo('ria.policy@example.nl', /^Bevestiging/)[0],
      15_000,
      'confirmation',
    );
    const html = mail.mail.html || '';
    expect(html).toContain('<h3>Annuleringsvoorwaarden</h3>');
    // Escaped, line breaks kept: the owner's text is never markup in the mail.
    expect(html).toContain(
      '<p>Annuleren kan kosteloos tot 48 uur van tevoren.<br>Daarna rekenen wij &lt;b&gt;50%&lt;/b&gt; &amp; meer.</p>',
    );
    expect(html).not.toContain('<b>50%</b>');
    expect(html).toContain(`Wijzigen kan tot ${deadline(date, '10:00', 24)}`);
    expect(html).toContain(`Annuleren kan tot ${deadline(date, '10:00', 48)}`);
    expect(mail.mail.text).toContain(`Annuleringsvoorwaarden\n${policyText}`);
    expect(mail.mail.text).toContain(
      `Wijzigen kan tot ${deadline(date, '10:00', 24)}\nAnnuleren kan tot ${deadline(date, '10:00', 48)}`,
    );

    const { managementToken } = booked.json() as { managementToken: string };
    const moved = await agent(t.app).patch(`/api/public/bookings/manage/${managementToken}`, {
      bookingDate: newDate,
      bookingTime: '14:30',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const change = await eventually(
      () => mailsTo('ria.policy@example.nl', /^Gewijzigd/)[0],
      15_000,
      'modification',
    );
    expect(change.mail.html).toContain('<h3>Annuleringsvoorwaarden</h3>');
    expect(change.mail.text).toContain(policyText);
    // The cut-offs of the new time.
    expect(change.mail.text).toContain(`Annuleren kan tot ${deadline(newDate, '14:30', 48)}`);
    // The owner's notice is not the customer's: no policy there.
    const notice = await eventually(
      () =>
        smtp.received.find(
          (m) => /^Nieuwe afspraak/.test(m.mail.subject ?? '') && m.mail.text?.includes('Ria'),
        ),
      15_000,
      'owner notice',
    );
    expect(notice.mail.html).not.toContain('Annuleringsvoorwaarden');

    // An event without a policy (and without cut-offs): nothing of it in the confirmation.
    const plain = await notifyingEvent(t);
    await bookAs(t, plain.event.id, nextBookableDate(plain.event), '10:00', 'Bas', 'bas.nopolicy@example.nl');
    const plainMail = await eventually(
      () => mailsTo('bas.nopolicy@example.nl', /^Bevestiging/)[0],
      15_000,
      'confirmation',
    );
    expect(plainMail.mail.html).not.toContain('Annuleringsvoorwaarden');
    expect(plainMail.mail.text).not.toContain('Annuleringsvoorwaarden');
    expect(plainMail.mail.text).not.toMatch(/(Wijzigen|Annuleren) kan tot/);
  });

  it('sends the change with a new invitation, re-times the reminder, and sends only the new one when due', async () => {
    const { event } = await notifyingEvent(t);
    const [date, newDate] = [dateWithReminderAhead(event), dateWithReminderAhead(event, 1)] as [
      string,
      string,
    ];
    const created = await bookAs(t, event.id, date, '09:00', 'Piet', 'piet@example.nl');
    await eventually(() => mailsTo('piet@example.nl', /^Bevestiging/)[0], 15_000, 'confirmation');
    const before = (await notificationsOf(t, created.booking.id)).find((r) => r.kind === 'reminder')!;

    const moved = await agent(t.app).patch(`/api/public/bookings/manage/${created.managementToken}`, {
      bookingDate: newDate,
      bookingTime: '14:30',
    });
    expect(moved.statusCode).toBe(200);
    const change = await eventually(
      () => mailsTo('piet@example.nl', /^Gewijzigd/)[0],
      15_000,
      'modification',
    );
    expect(change.mail.subject).toBe(`Gewijzigd: Knippen nu op ${formatLongDutchDate(newDate)} om 14:30`);
    const invite = invitationOf(change);
    expect(invite).toContain('SEQUENCE:1');
    expect(invite).toContain(`DTSTART;TZID=Europe/Amsterdam:${newDate.replace(/-/g, '')}T143000`);

    const rows = await notificationsOf(t, created.booking.id);
    expect(rows.find((r) => r.id === before.id)?.status).toBe('skipped');
    expect(await jobState(t, before.id)).toBe('cancelled');
    const after = rows.find((r) => r.kind === 'reminder' && r.status === 'pending')!;
    expect(after.dueAt.toISOString()).toBe(
      new Date(ownerInstant(newDate, '14:30').getTime() - 24 * 3600 * 1000).toISOString(),
    );

    // Time passes: both reminder jobs come due; only the one for the new time is sent.
    await makeDue(t, [before.id, after.id]);
    const reminder = await eventually(
      () => mailsTo('piet@example.nl', /^Herinnering/)[0],
      15_000,
      'reminder',
    );
    expect(reminder.mail.subject).toBe(`Herinnering: Knippen op ${formatLongDutchDate(newDate)} om 14:30`);
    expect(reminder.mail.html).toContain(`/booking/manage/${created.managementToken}`);
    await eventually(
      async () =>
        (await notificationsOf(t, created.booking.id)).find((r) => r.id === after.id)?.status === 'sent',
      10_000,
      'reminder sent',
    );
    expect(mailsTo('piet@example.nl', /^Herinnering/)).toHaveLength(1);
  });

  it('confirms a customer cancel with a cancelling invitation and drops the reminders', async () => {
    const { event } = await notifyingEvent(t);
    const created = await bookAs(
      t,
      event.id,
      dateWithReminderAhead(event),
      '15:00',
      'Kees',
      'kees@example.nl',
    );
    await eventually(() => mailsTo('kees@example.nl', /^Bevestiging/)[0], 15_000, 'confirmation');
    expect(
      (await agent(t.app).delete(`/api/public/bookings/manage/${created.managementToken}`)).statusCode,
    ).toBe(200);
    const cancel = await eventually(
      () => mailsTo('kees@example.nl', /^Geannuleerd/)[0],
      15_000,
      'cancellation',
    );
    const invite = invitationOf(cancel);
    expect(invite).toContain('METHOD:CANCEL');
    expect(invite).toContain('STATUS:CANCELLED');
    expect(invite).toContain('SEQUENCE:1');

    const reminder = (await notificationsOf(t, created.booking.id)).find((r) => r.kind === 'reminder')!;
    expect(reminder.status).toBe('skipped');
    // Even a job that ran anyway would not send it.
    await t.app.services.delivery.run(reminder.id, { last: false, nextAttemptAt: null });
    await makeDue(t, [reminder.id]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo('kees@example.nl', /^Herinnering/)).toHaveLength(0);
  });

  it('does not tell the customer about an owner’s cancel (docs/PRODUCT.md#bookings-page), and stops the reminders', async () => {
    const { owner, event } = await notifyingEvent(t);
    const created = await bookAs(t, event.id, dateWithReminderAhead(event), '10:00', 'Els', 'els@example.nl');
    await eventually(() => mailsTo('els@example.nl', /^Bevestiging/)[0], 15_000, 'confirmation');
    expect(
      (await owner.patch(`/api/bookings/${created.booking.id}`, { status: 'cancelled' })).statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.envelope.to.includes('els@example.nl'))).toHaveLength(1);
    const rows = await notificationsOf(t, created.booking.id);
    expect(
      rows
        .filter((r) => r.kind === 'reminder' || r.kind === 'follow_up')
        .every((r) => r.status === 'skipped'),
    ).toBe(true);
  });

  it('tells the customer when the owner moves the appointment', async () => {
    const { owner, event } = await notifyingEvent(t);
    const [date, newDate] = bookableDates(event, 2) as [string, string];
    const created = await bookAs(t, event.id, date, '10:00', 'Bram', 'bram@example.nl');
    expect(
      (
        await owner.patch(`/api/bookings/${created.booking.id}`, {
          bookingDate: newDate,
          bookingTime: '11:00',
        })
      ).statusCode,
    ).toBe(200);
    const change = await eventually(
      () => mailsTo('bram@example.nl', /^Gewijzigd/)[0],
      15_000,
      'modification',
    );
    expect(change.mail.subject).toContain(`${formatLongDutchDate(newDate)} om 11:00`);
  });
});
