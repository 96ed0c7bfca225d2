import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases';
import { bookAs, notifyingEvent } from '../../test/notification-fixtures';
import { invitationOf } from '../../test/smtp';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { bookableDates, nextBookableDate } from '../../test/test-today';
import { eventually } from '../../test/wait';

const unfold = (text: string) => text.replace(/\r\n /g, '');
/** A property of the appointment itself (the VTIMEZONE has DTSTART lines of its own). */
const line = (ics: string, name: string) => {
  const vevent = /BEGIN:VEVENT[\s\S]*END:VEVENT/.exec(ics)?.[0] ?? '';
  return new RegExp(`^${name}[:;].*$`, 'm').exec(vevent)?.[0].trimEnd();
};

/** 'Zet in agenda' as a file: GET /api/public/bookings/manage/{token}/ics (docs/PRODUCT.md#good-endings). */
describe.each(dbKinds())('the appointment as a calendar file on %s', (kind) => {
  let t: MailingApp;
  beforeAll(async () => {
    t = await createMailingApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  const icsOf = (token: string) => agent(t.app).get(`/api/public/bookings/manage/${token}/ics`);
  const confirmationTo = (to: string) =>
    eventually(
      () =>
        t.smtp.received.find((m) => m.envelope.to.includes(to) && /^Bevestiging/.test(m.mail.subject ?? '')),
      15_000,
      'confirmation',
    );

  it('is the e-mail invitation’s appointment: same UID, sequence and times, titled with the business', async () => {
    const { event } = await notifyingEvent(t, { title: 'Knippen', description: 'Neem uw pasje mee.' });
    await t.database.executeSql(
      `update business_profiles set name = 'Salon Mooi' where owner_id = (select user_id from events where id = $1)`,
      [event.id],
    );
    const date = nextBookableDate(event);
    const created = await bookAs(t, event.id, date, '10:00', 'Jan Jansen', 'jan.ics@example.nl');

    const res = await icsOf(created.managementToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="afspraak.ics"');
    // The path is the secret: never cached, never sent on as a referrer.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const file = unfold(res.body);
    expect(file).toContain('METHOD:PUBLISH');
    expect(file).not.toContain('ORGANIZER');
    expect(file).not.toContain('ATTENDEE');
    expect(file).toContain('STATUS:CONFIRMED');
    expect(file).toContain('SUMMARY:Knippen bij Salon Mooi');
    expect(file).toContain(
      `DESCRIPTION:Neem uw pasje mee.\\n\\nBeheer uw afspraak: ${created.managementUrl}`,
    );
    expect(file).toContain(`URL:${created.managementUrl}`);

    const invitation = invitationOf(await confirmationTo('jan.ics@example.nl'));
    expect(invitation).toContain('METHOD:REQUEST');
    for (const name of ['UID', 'SEQUENCE', 'DTSTART', 'DTEND']) {
      expect(line(file, name)).toBeDefined();
      expect(line(file, name)).toBe(line(invitation, name));
    }
    expect(line(file, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(line(file, 'DTSTART')).toBe(`DTSTART;TZID=Europe/Amsterdam:${date.replace(/-/g, '')}T100000`);
  });

  it('follows a move with the raised sequence, and refuses a cancelled booking in Dutch', async () => {
    const { event } = await notifyingEvent(t);
    const [date, later] = bookableDates(event, 2);
    const created = await bookAs(t, event.id, date!, '11:00', 'Piet', 'piet.ics@example.nl');
    const customer = agent(t.app);
    const manage = `/api/public/bookings/manage/${created.managementToken}`;
    expect((await customer.patch(manage, { bookingDate: later, bookingTime: '14:00' })).statusCode).toBe(200);

    const moved = unfold((await icsOf(created.managementToken)).body);
    expect(line(moved, 'SEQUENCE')).toBe('SEQUENCE:1');
    expect(line(moved, 'DTSTART')).toBe(`DTSTART;TZID=Europe/Amsterdam:${later!.replace(/-/g, '')}T140000`);
    // No business name set: the service's title alone.
    expect(line(moved, 'SUMMARY')).toBe(`SUMMARY:${event.title}`);

    expect((await customer.delete(manage)).statusCode).toBe(200);
    const cancelled = await icsOf(created.managementToken);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Deze afspraak is geannuleerd en kan niet meer in uw agenda worden gezet.',
    });
  });

  it('answers an unknown link with the manage page’s Dutch 404', async () => {
    const res = await icsOf('x'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Afspraak niet gevonden' });
  });
});
