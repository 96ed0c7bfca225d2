/**
 * E-mail escaping (issue 9): customer input with markup or template syntax reaches the customer's
 * and the owner's e-mails, received by a real SMTP server, only as escaped text in the HTML part,
 * never as a tag or a filled-in variable, and never in a header; the webhook carries it as plain
 * JSON strings, exactly as typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../test/databases';
import { editConfirmationTemplate, notifyingEvent } from '../test/notification-fixtures';
import { type ReceivedMail, type TestSmtp } from '../test/smtp';
import { agent, createMailingApp, type MailingApp } from '../test/test-app';
import { bookableDates } from '../test/test-today';
import { eventually } from '../test/wait';
import { startReceiver } from '../test/webhook-receiver';

const PAYLOADS = {
  script: '<script>alert(1)</script>',
  attr: '"><img src=x onerror=alert(1)>',
  svg: "'><svg/onload=alert(1)>",
  template: '{{customerName}} {{managementUrl}} {{fromName}}',
  link: '<a href="javascript:alert(1)">klik</a>',
  style: '<style>*{display:none}</style><iframe src="https://evil.example"></iframe>',
  entity: '&lt;b&gt;al ge-escaped&lt;/b&gt; &amp; &#60;i&#62;',
};
const NAME = `${PAYLOADS.attr} ${PAYLOADS.script} ${PAYLOADS.template}`;
/**
 * A deliverable address with characters that matter in HTML. (An address like
 * `<img/src=x>@example.nl` passes the product's e-mail check but no SMTP server accepts it.)
 */
const EMAIL = "o'brien&co@example.nl";

/** Tags in an HTML part; the templates only use these. */
const TEMPLATE_TAGS = new Set([
  'p',
  'strong',
  'br',
  'a',
  'html',
  'head',
  'title', // the document around every mail (core emailDocument), its subject escaped
  'body',
  'meta',
  'div',
  'span',
  'em',
  'ul',
  'li',
]);
const tagsOf = (html: string) => [...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase());

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function expectSafeHtml(mail: ReceivedMail, shown: string) {
  const html = mail.mail.html || '';
  expect(html, mail.mail.subject).not.toBe('');
  // No tag the customer typed: only the template's own.
  expect(
    tagsOf(html).filter((t) => !TEMPLATE_TAGS.has(t)),
    mail.mail.subject,
  ).toEqual([]);
  expect(html).not.toMatch(/<script|<img|<svg|<iframe|<style|javascript:/i);
  // Every <a> is one the product made: to the app or the manage link.
  for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]*)"/gi))
    expect(href).toMatch(/^http:\/\/localhost:3000\//);
  // What the customer typed is there, escaped, as text.
  expect(html).toContain(escapeHtml(shown));
}

describe.each(dbKinds())('e-mail and webhook escaping of customer input on %s', (kind) => {
  let t: MailingApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    t = await createMailingApp(kind);
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    'escapes markup and template syntax in the customer and owner e-mails, and the webhook carries it as typed',
    { timeout: 60_000 },
    async () => {
      const receiver = await startReceiver();
      try {
        const { owner, event } = await notifyingEvent(t, {
          customFields: [
            { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
            { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
            { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
            { fieldName: 'Opmerkingen', fieldType: 'textarea', isRequired: false, order: 3 },
            { fieldName: 'Bedrijf', fieldType: 'text', isRequired: false, order: 4 },
            { fieldName: '<b>Veld</b>', fieldType: 'text', isRequired: false, order: 5 },
          ],
        });
        // The owner uses the name in the subject and in a custom text part as well.
        const saved = await editConfirmationTemplate(owner, (htmlBody) => ({
          subject: 'Bevestiging voor {{customerName}}',
          htmlBody: `${htmlBody}<p>Naam nogmaals: <strong>{{customerName}}</strong></p>`,
          textBody: 'Beste {{customerName}}, tot ziens.',
        }));
        expect(saved.statusCode, saved.body).toBe(200);
        const hook = await owner.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: receiver.url });
        expect(hook.statusCode).toBe(201);

        const [date, newDate] = bookableDates(event, 2);
        const answers = {
          Naam: NAME,
          'E-mail': EMAIL,
          Telefoon: '+31612345678',
          Opmerkingen: `${PAYLOADS.link}\n${PAYLOADS.style}\n${PAYLOADS.svg}\n${PAYLOADS.entity}`,
          Bedrijf: PAYLOADS.template,
          '<b>Veld</b>': PAYLOADS.script,
        };
        const res = await agent(t.app).post('/api/public/bookings', {
          eventId: event.id,
          bookingDate: date,
          bookingTime: '10:00',
          customFieldResponses: answers,
        });
        expect(res.statusCode, res.body).toBe(201);
        const created = res.json() as { booking: { id: string }; managementToken: string };

        // The customer's confirmation.
        const mail = await eventually(
          () => smtp.received.find((m) => /^Bevestiging voor/.test(m.mail.subject ?? '')),
          20_000,
          'confirmation',
        );
        expect(mail.envelope.to).toEqual([EMAIL]);
        expectSafeHtml(mail, NAME);
        // The template variables the customer typed stay literal text: never filled in.
        expect(mail.mail.html).toContain('{{customerName}} {{managementUrl}} {{fromName}}');
        expect((mail.mail.html || '').split(created.managementToken).length - 1).toBe(1); // only the real manage link
        // The subject is one header line with the name as text; no header was added.
        expect(mail.mail.subject).toBe(`Bevestiging voor ${NAME}`);
        expect(mail.raw.split('\r\n\r\n')[0]).not.toMatch(/^(bcc|cc):/im);
        // The invitation names the customer inside one quoted parameter: no property of their making.
        const ics =
          mail.mail.attachments
            .find((a) => a.contentType.startsWith('text/calendar'))
            ?.content.toString('utf8') ??
          /BEGIN:VCALENDAR[\s\S]*END:VCALENDAR/.exec(mail.raw)?.[0] ??
          '';
        const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
        expect(lines.filter((l) => l.startsWith('ATTENDEE'))).toHaveLength(1);
        expect(
          lines.every((l) => l === '' || /^[A-Z-]+[;:]/.test(l)),
          ics,
        ).toBe(true);
        // The plain-text part shows the input literally (harmless in text), variables not filled.
        expect(mail.mail.text).toContain(`Beste ${NAME}, tot ziens.`);

        // The owner's notice about it.
        const notice = await eventually(
          () => smtp.received.find((m) => /^Nieuwe afspraak/.test(m.mail.subject ?? '')),
          20_000,
          'owner notice',
        );
        expectSafeHtml(notice, NAME);
        expect(notice.mail.html).not.toContain(created.managementToken);

        // The webhook: the same strings, as JSON strings, each field its own property.
        const [got] = await eventually(
          () => receiver.received.length > 0 && receiver.received,
          20_000,
          'webhook',
        );
        expect(got!.headers['content-type']).toBe('application/json');
        const body = JSON.parse(got!.body) as Record<string, unknown>;
        expect(body).toMatchObject({ customer_name: NAME, customer_email: EMAIL, ...answers });
        for (const value of Object.values(answers))
          expect(got!.body).toContain(JSON.stringify(value).slice(1, -1));

        // A reschedule's modification e-mail escapes it the same way.
        const moved = await agent(t.app).patch(`/api/public/bookings/manage/${created.managementToken}`, {
          bookingDate: newDate,
          bookingTime: '11:00',
        });
        expect(moved.statusCode).toBe(200);
        const change = await eventually(
          () => smtp.received.find((m) => /^Gewijzigd/.test(m.mail.subject ?? '')),
          20_000,
          'modification',
        );
        expectSafeHtml(change, NAME);
        const ownerChange = await eventually(
          () => smtp.received.find((m) => /^Afspraak verzet/.test(m.mail.subject ?? '')),
          20_000,
          'owner notice of the move',
        );
        expectSafeHtml(ownerChange, NAME);
      } finally {
        await receiver.stop();
      }
    },
  );
});
