import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases';
import { bookAs, makeDue, notificationsOf, notifyingEvent } from '../../test/notification-fixtures';
import { type ReceivedMail, type TestSmtp } from '../../test/smtp';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { dateWithReminderAhead } from '../../test/test-today';
import { eventually } from '../../test/wait';

/** One header of the raw message as sent (unfolded), or undefined. */
const header = (m: ReceivedMail, name: string) => {
  const head = m.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim();
};

/**
 * The headers and HTML frame of every e-mail, read from the raw messages a real SMTP server
 * received: Auto-Submitted (RFC 3834), a whole Dutch HTML document, and a booking's later customer
 * mails threaded under its confirmation (docs/PRODUCT.md#emails).
 */
describe.each(dbKinds())('e-mail headers and threading on %s', (kind) => {
  let t: MailingApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    t = await createMailingApp(kind, {
      env: { APP_URL: 'https://salon.example', MAIL_FROM: 'Afspraakplanner <noreply@salon.example>' },
    });
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t.close();
  });
  const mailTo = (to: string, subject: RegExp, label: string) =>
    eventually(
      () => smtp.received.find((m) => m.envelope.to.includes(to) && subject.test(m.mail.subject ?? '')),
      15_000,
      label,
    );

  it('threads the change, the reminder and the cancellation under the confirmation', async () => {
    const { event } = await notifyingEvent(t);
    const [date, later] = [dateWithReminderAhead(event), dateWithReminderAhead(event, 1)];
    const created = await bookAs(t, event.id, date, '10:00', 'Mila de Vries', 'mila@example.nl');
    const id = created.booking.id;
    const thread = `<booking-${id}@salon.example>`;

    const confirmation = await mailTo('mila@example.nl', /^Bevestiging/, 'confirmation');
    expect(header(confirmation, 'Message-ID')).toBe(thread);
    expect(header(confirmation, 'In-Reply-To')).toBeUndefined();
    expect(header(confirmation, 'References')).toBeUndefined();

    const moved = await agent(t.app).patch(`/api/public/bookings/manage/${created.managementToken}`, {
      bookingDate: later,
      bookingTime: '11:00',
    });
    expect(moved.statusCode).toBe(200);
    const change = await mailTo('mila@example.nl', /^Gewijzigd/, 'modification');

    const reminder = (await notificationsOf(t, id)).find(
      (r) => r.kind === 'reminder' && r.status === 'pending',
    )!;
    await makeDue(t, [reminder.id]);
    const remind = await mailTo('mila@example.nl', /^Herinnering/, 'reminder');

    expect(
      (await agent(t.app).delete(`/api/public/bookings/manage/${created.managementToken}`)).statusCode,
    ).toBe(200);
    const cancel = await mailTo('mila@example.nl', /^Geannuleerd/, 'cancellation');

    // The SMTP server has a mail a moment before the worker records it as sent.
    const rows = await eventually(
      async () => {
        const all = await notificationsOf(t, id);
        const sent = ['modification', 'reminder', 'cancellation'].every((k) =>
          all.some((r) => r.kind === k && r.status === 'sent'),
        );
        return sent && all;
      },
      15_000,
      'messages recorded as sent',
    );
    for (const [mail, kind] of [
      [change, 'modification'],
      [remind, 'reminder'],
      [cancel, 'cancellation'],
    ] as const) {
      expect(header(mail, 'In-Reply-To')).toBe(thread);
      expect(header(mail, 'References')).toBe(thread);
      // Its own Message-ID stays the notification's, the same on a retry.
      const row = rows.find((r) => r.kind === kind && r.status === 'sent')!;
      expect(header(mail, 'Message-ID')).toBe(`<${row.id}@salon.example>`);
    }

    // The owner's notices are not part of the customer's conversation.
    const notice = await eventually(
      () => smtp.received.find((m) => m.envelope.to.some((a) => a !== 'mila@example.nl')),
      15_000,
      'owner notice',
    );
    expect(header(notice, 'In-Reply-To')).toBeUndefined();
  });

  it('marks every e-mail auto-generated and wraps its HTML in a readable Dutch document', async () => {
    const { event } = await notifyingEvent(t);
    await bookAs(t, event.id, dateWithReminderAhead(event), '14:00', 'Tom <b>Bakker</b>', 'tom@example.nl');
    const mail = await mailTo('tom@example.nl', /^Bevestiging/, 'confirmation');
    expect(header(mail, 'Auto-Submitted')).toBe('auto-generated');

    const html = mail.mail.html || '';
    expect(html).toMatch(/^<!doctype html>\n<html lang="nl">\n<head>\n<meta charset="utf-8">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain(
      `<title>${mail.mail.subject?.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</title>`,
    );
    expect(html).toMatch(
      /font-family:-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, [^;]*sans-serif;/,
    );
    expect(html).toContain('max-width:600px');
    expect(html).toContain('line-height:1.5');
    // The body inside is the template's, with the customer's input still escaped.
    expect(html).toContain('Beste Tom &lt;b&gt;Bakker&lt;/b&gt;');
    expect(html).not.toContain('<b>Bakker</b>');
    expect(html.match(/<html/g)).toHaveLength(1);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);

    // The owner's notice too.
    const notice = await eventually(
      () =>
        smtp.received.find((m) => /Tom/.test(m.mail.text ?? '') && !m.envelope.to.includes('tom@example.nl')),
      15_000,
      'owner notice',
    );
    expect(header(notice, 'Auto-Submitted')).toBe('auto-generated');
    expect(notice.mail.html).toMatch(/^<!doctype html>/);
  });
});
