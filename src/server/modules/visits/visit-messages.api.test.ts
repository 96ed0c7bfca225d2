import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLongDutchDate } from '@core/index';
import { createAgenda, createService, type Owner } from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { notificationsOf } from '../../test/notification-fixtures';
import { invitationOf } from '../../test/smtp';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { bookableDates } from '../../test/test-today';
import { eventually } from '../../test/wait';
import { startReceiver } from '../../test/webhook-receiver';

/**
 * What a visit's messages say (docs/PRODUCT.md#visits): its first segment's mails list every
 * segment, its invitation and download are one entry from the first start to the last end, its
 * webhook carries the segments, and the owner's details of any segment show the others.
 */
describe.each(dbKinds())('a visit’s messages on %s', (kind) => {
  let t: MailingApp;
  beforeAll(async () => {
    t = await createMailingApp(kind);
  });
  afterAll(() => t.close());

  const mailsTo = (to: string, subject: RegExp) =>
    t.smtp.received.filter((m) => m.envelope.to.includes(to) && subject.test(m.mail.subject ?? ''));
  const vevents = (ics: string) => ics.match(/BEGIN:VEVENT/g)?.length ?? 0;
  const stamp = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;

  /** Knippen with a stylist, then Kleuren with the same stylist and the colour room, a webhook on Knippen. */
  async function salon(url: string) {
    const a: Owner = await owner(t);
    const [first] = (await a.get('/api/agendas')).json() as Array<{ id: string; name: string }>;
    const bram = await createAgenda(a, 'Bram');
    const room = await createAgenda(a, 'Kleurkamer');
    const knippen = await createService(a, 'Knippen', 30, {
      agendaIds: [first!.id, bram],
      allowCombinations: true,
    } as never);
    const kleuren = await createService(a, 'Kleuren', 60, {
      agendaGroups: [[first!.id, bram], [room]],
      allowCombinations: true,
    } as never);
    const hook = await a.post(`/api/events/${knippen.id}/webhooks`, {
      name: 'CRM',
      url,
      triggers: ['booking.created', 'booking.cancelled'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const [date] = bookableDates(knippen, 1) as [string];
    return { a, stylist: first!, knippen, kleuren, date };
  }

  it('tells the whole visit in one confirmation, one invitation, one webhook and the owner’s details', async () => {
    const receiver = await startReceiver();
    try {
      const { a, stylist, knippen, kleuren, date } = await salon(receiver.url);
      const email = `sanne.${kind}@example.nl`;
      const res = await agent(t.app).post('/api/public/visits', {
        services: [{ eventId: knippen.id }, { eventId: kleuren.id }],
        date,
        time: '10:00',
        agendaId: stylist.id,
        answers: { Naam: 'Sanne Visser', 'E-mail': email },
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as {
        visitId: string;
        managementToken: string;
        segments: Array<{ bookingId: string }>;
      };
      const [first, second] = created.segments.map((s) => s.bookingId) as [string, string];
      expect(first).toBe(created.visitId);

      // The customer's confirmation: the first service's subject, every segment listed.
      const [mail] = await eventually(
        () => mailsTo(email, /^Bevestiging/).length > 0 && mailsTo(email, /^Bevestiging/),
        15_000,
        'confirmation',
      );
      expect(mail!.mail.subject).toBe(`Bevestiging: Knippen op ${formatLongDutchDate(date)} om 10:00`);
      const lines = [
        `10:00–10:30 Knippen bij ${stylist.name}`,
        `10:30–11:30 Kleuren bij ${stylist.name} (ruimte: Kleurkamer)`,
      ];
      for (const line of lines) {
        expect(mail!.mail.text).toContain(line);
        expect(mail!.mail.html).toContain(line);
      }
      expect(mail!.mail.text).toContain('Uw bezoek');
      // One calendar entry from the first start to the last end, naming both services.
      const invite = invitationOf(mail!);
      expect(vevents(invite)).toBe(1);
      expect(invite).toContain(`DTSTART;TZID=Europe/Amsterdam:${stamp(date, '10:00')}`);
      expect(invite).toContain(`DTEND;TZID=Europe/Amsterdam:${stamp(date, '11:30')}`);
      expect(invite).toContain('SUMMARY:Knippen + Kleuren');
      expect(invite).toContain(`UID:${first}@`);

      // The owner's notice lists the visit too.
      const notice = await eventually(
        () =>
          t.smtp.received.find(
            (m) => /^Nieuwe afspraak/.test(m.mail.subject ?? '') && m.mail.text?.includes('Sanne Visser'),
          ),
        15_000,
        'owner notice',
      );
      expect(notice.mail.text).toContain('Het bezoek');
      for (const line of lines) expect(notice.mail.text).toContain(line);

      // One webhook for the visit: the first segment's fields as for one booking, and the segments.
      const [hook] = await eventually(
        () => receiver.received.length > 0 && receiver.received,
        15_000,
        'the webhook',
      );
      const body = JSON.parse(hook!.body);
      expect(body).toMatchObject({
        booking_id: first,
        event_id: knippen.id,
        event_title: 'Knippen',
        booking_time: '10:00',
        type: 'booking.created',
      });
      expect(body.segments).toHaveLength(2);
      expect(body.segments[0]).toEqual({
        bookingId: first,
        eventId: knippen.id,
        service: 'Knippen',
        agendaId: stylist.id,
        agendaName: stylist.name,
        extraAgendaIds: [],
        extraAgendaNames: [],
        date,
        time: '10:00',
        startsAt: expect.stringMatching(new RegExp(`^${date}T10:00:00\\+0[12]:00$`)),
        endsAt: expect.stringMatching(new RegExp(`^${date}T10:30:00\\+0[12]:00$`)),
        status: 'confirmed',
      });
      expect(body.segments[1]).toMatchObject({
        bookingId: second,
        eventId: kleuren.id,
        service: 'Kleuren',
        agendaName: stylist.name,
        extraAgendaNames: ['Kleurkamer'],
        time: '10:30',
        endsAt: expect.stringMatching(new RegExp(`^${date}T11:30:00\\+0[12]:00$`)),
      });
      expect(body.segments[1].extraAgendaIds).toHaveLength(1);
      // The segments are kept with the row: a retry posts the same body.
      const rows = await notificationsOf(t, first);
      expect(rows.find((r) => r.channel === 'webhook')!.payload.segments).toEqual(body.segments);
      // The later segment sends nothing of its own.
      expect((await notificationsOf(t, second)).filter((r) => r.channel === 'webhook')).toEqual([]);
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.received).toHaveLength(1);
      expect(mailsTo(email, /^Bevestiging/)).toHaveLength(1);

      // 'Zet in agenda' as a file: the same one entry.
      const ics = await agent(t.app).get(`/api/public/bookings/manage/${created.managementToken}/ics`);
      expect(ics.statusCode, ics.body).toBe(200);
      const file = ics.body.replace(/\r\n /g, '');
      expect(vevents(file)).toBe(1);
      expect(file).toContain(`DTSTART;TZID=Europe/Amsterdam:${stamp(date, '10:00')}`);
      expect(file).toContain(`DTEND;TZID=Europe/Amsterdam:${stamp(date, '11:30')}`);
      expect(file).toContain(`UID:${first}@`);
      expect(file).toContain('Kleuren bij');

      // The owner: the second segment's details show the first one, the list links them.
      const details = await a.get(`/api/bookings/${second}`);
      expect(details.statusCode, details.body).toBe(200);
      const visit = details.json().visit;
      expect(visit).toMatchObject({ visitId: first, position: 1 });
      expect(visit.segments).toEqual([
        {
          id: first,
          position: 0,
          service: 'Knippen',
          bookingDate: date,
          time: '10:00',
          endTime: '10:30',
          agendaName: stylist.name,
          extraAgendaNames: [],
          status: 'confirmed',
        },
        expect.objectContaining({
          id: second,
          position: 1,
          service: 'Kleuren',
          time: '10:30',
          endTime: '11:30',
        }),
      ]);
      const list = (await a.get(`/api/bookings?from=${date}&to=${date}`)).json() as Array<{
        id: string;
        visitId: string | null;
        visitPosition: number;
        extraAgendaNames: string[];
      }>;
      const linked = list.sort((x, y) => x.visitPosition - y.visitPosition);
      expect(linked.map((b) => [b.id, b.visitId, b.visitPosition, b.extraAgendaNames])).toEqual([
        [first, first, 0, []],
        [second, first, 1, ['Kleurkamer']],
      ]);

      // Cancelled through the manage link: one cancellation listing both, one webhook with both cancelled.
      const cancel = await agent(t.app).delete(`/api/public/bookings/manage/${created.managementToken}`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const [cancelled] = await eventually(
        () => mailsTo(email, /^Geannuleerd/).length > 0 && mailsTo(email, /^Geannuleerd/),
        15_000,
        'cancellation',
      );
      for (const line of lines) expect(cancelled!.mail.text).toContain(line);
      const cancelInvite = invitationOf(cancelled!);
      expect(cancelInvite).toContain('METHOD:CANCEL');
      expect(cancelInvite).toContain(`DTEND;TZID=Europe/Amsterdam:${stamp(date, '11:30')}`);
      const gone = await eventually(
        () => receiver.received.length > 1 && JSON.parse(receiver.received[1]!.body),
        15_000,
        'the cancel webhook',
      );
      expect(gone.type).toBe('booking.cancelled');
      expect(gone.segments.map((s: { status: string }) => s.status)).toEqual(['cancelled', 'cancelled']);
    } finally {
      await receiver.stop();
    }
  });

  it('leaves a single booking’s mail and webhook as they were: no visit, no segments', async () => {
    const receiver = await startReceiver();
    try {
      const { a, knippen, date } = await salon(receiver.url);
      const email = `eenmalig.${kind}@example.nl`;
      const res = await agent(t.app).post('/api/public/bookings', {
        eventId: knippen.id,
        bookingDate: date,
        bookingTime: '14:00',
        customFieldResponses: { Naam: 'Eenmalig', 'E-mail': email },
      });
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await eventually(
        () => mailsTo(email, /^Bevestiging/).length > 0 && mailsTo(email, /^Bevestiging/),
        15_000,
        'confirmation',
      );
      expect(mail!.mail.text).not.toContain('Uw bezoek');
      expect(invitationOf(mail!)).toContain('SUMMARY:Knippen');
      const [hook] = await eventually(
        () => receiver.received.length > 0 && receiver.received,
        15_000,
        'the webhook',
      );
      expect(JSON.parse(hook!.body)).not.toHaveProperty('segments');
      const details = (await a.get(`/api/bookings/${res.json().booking.id}`)).json();
      expect(details).toMatchObject({ visit: null, visitId: null, visitPosition: 0, extraAgendaNames: [] });
    } finally {
      await receiver.stop();
    }
  });
});
