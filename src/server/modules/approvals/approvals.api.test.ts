import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicApproval } from '@contracts/approvals';
import type { ActivityPage } from '@contracts/activity';
import type { BookingDetailsDto } from '@contracts/bookings';
import { APPROVAL_EMAIL_TEXTS } from '@contracts/email-defaults';
import type { CreateEventBody } from '@contracts/events';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { eventually } from '../../test/wait';
import { startReceiver } from '../../test/webhook-receiver';

const a = nl.approval;
// Tuesday 2 March 2027, 08:00 in Amsterdam (UTC+1). The clock is the test's: requests lapse when it
// is moved on and the expiry run is called with it.
const NOW = new Date('2027-03-02T07:00:00Z');
const WED = '2027-03-03';
const THU = '2027-03-04';
const range = { dateRangeStart: '2027-03-01', dateRangeEnd: '2027-03-12' } as const;
const HOUR = 3_600_000;

/**
 * Requests the owner approves (docs/PRODUCT.md#approval), end to end through the real SMTP server
 * and a webhook receiver: a request holds its time against a parallel booking, is decided once by
 * the notice's link (a second click is told it is decided), declined with a reason from the app,
 * and lapses on the test's clock; 'alleen nieuwe klanten' asks only those without a confirmed booking.
 */
describe.each(dbKinds())('approval on %s', (kind) => {
  let t: MailingApp;
  let o: Awaited<ReturnType<typeof owner>>;
  let clock = NOW;
  let customers = 0;
  const receiver = startReceiver();
  const mailsTo = (to: string) => t.smtp.received.filter((x) => x.envelope.to.includes(to));
  let ownerName = '';
  const ownerMail = () => `${ownerName}@example.nl`;

  async function service(title: string, extra: Partial<CreateEventBody> = {}) {
    const res = await o.post(
      '/api/events',
      eventPayload({ title, durationMinutes: 60, dailyPauseTimes: {}, ...range, ...extra }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json() as { id: string };
    const hook = await o.post(`/api/events/${event.id}/webhooks`, {
      name: 'CRM',
      url: (await receiver).url,
      triggers: ['booking.created', 'booking.requested', 'booking.declined'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    return event;
  }
  const book = (eventId: string, date: string, time: string, email?: string) => {
    const n = ++customers;
    return agent(t.app).post('/api/public/bookings', {
      eventId,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: { Naam: `Klant ${n}`, 'E-mail': email ?? `klant${n}.${kind}@example.nl` },
    });
  };
  async function booked(eventId: string, date: string, time: string, email?: string) {
    const res = await book(eventId, date, time, email);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      booking: { id: string; status: string; customerEmail: string; customerName: string };
    };
  }
  const details = async (id: string) => (await o.get(`/api/bookings/${id}`)).json() as BookingDetailsDto;
  /** The decision token from the owner's notice of the request by `customerName`. */
  async function tokenFor(customerName: string) {
    const notice = await eventually(
      () => mailsTo(ownerMail()).find((m) => (m.mail.html || '').includes(customerName)),
      15_000,
      'the owner notice',
    );
    const href = /href="[^"]*\/aanvraag\/([^"?]+)\?besluit=bevestigen"/.exec(notice.mail.html || '');
    expect(href, 'a Bevestigen link').not.toBeNull();
    expect(notice.mail.html).toContain(`>${APPROVAL_EMAIL_TEXTS.decline}</a>`);
    return href![1]!;
  }
  const hooksOf = async (type: string, bookingId: string) =>
    (await receiver).received.filter((h) => {
      const body = JSON.parse(h.body) as { type: string; booking_id: string; status: string };
      return body.booking_id === bookingId && body.type === type;
    });

  beforeAll(async () => {
    t = await createMailingApp(kind, { now: () => clock });
    ownerName = `keurder${kind}`;
    o = await owner(t, ownerName);
  });
  afterAll(async () => {
    await t.close();
    await (await receiver).stop();
  });

  it('refuses approval beside online payment, combinations or a waitlist, and without it books as before', async () => {
    const paid = await o.post(
      '/api/events',
      eventPayload({ ...range, approval: 'everyone', requiresPayment: true, paymentAmount: '20.00' }),
    );
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe(nl.eventRules.approvalNotPaid);
    const waitlist = await o.post(
      '/api/events',
      eventPayload({ ...range, approval: 'new_customers', waitlistEnabled: true }),
    );
    expect(waitlist.json().message).toBe(nl.eventRules.approvalNotWaitlist);
    const series = await o.post(
      '/api/events',
      eventPayload({ ...range, approval: 'everyone', seriesOptions: [4, 8] }),
    );
    expect(series.statusCode).toBe(400);
    expect(series.json().message).toBe(nl.eventRules.approvalNotSeries);
    const bad = await o.post('/api/events', { ...eventPayload(range), approval: 'soms' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(nl.eventRules.approvalInvalid);

    const plain = await service('Zonder goedkeuring');
    expect(((await o.get(`/api/events/${plain.id}`)).json() as { approval: string }).approval).toBe('none');
    const { booking } = await booked(plain.id, WED, '09:00');
    expect(booking.status).toBe('confirmed');
  });

  it('holds the requested time against a parallel booking and is approved once by the link', async () => {
    const asked = await service('Kleuren', { approval: 'everyone' });
    const other = await service('Knippen');
    // The same agenda (the owner's default) at the same time, at once: exactly one gets it.
    const [one, two] = await Promise.all([book(asked.id, WED, '10:00'), book(other.id, WED, '10:00')]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const won = one.statusCode === 201 ? one : two;
    if (won === two) {
      // The plain booking won the race: a request at another time shows the hold instead.
      expect(two.json().booking.status).toBe('confirmed');
    }
    const request = await booked(asked.id, WED, '14:00');
    expect(request.booking.status).toBe('requested');
    // Held: a booking of another service at that time is refused while the request waits.
    const refused = await book(other.id, WED, '14:00');
    expect(refused.statusCode).toBe(409);

    const customer = request.booking.customerEmail;
    const received = await eventually(() => mailsTo(customer)[0], 15_000, 'the request mail');
    expect(received.mail.subject).toMatch(/^Uw aanvraag is ontvangen: Kleuren/);
    expect(received.mail.attachments.some((x) => x.contentType.startsWith('text/calendar'))).toBe(false);
    const token = await tokenFor(request.booking.customerName);

    const page = (await agent(t.app).get(`/api/public/approvals/${token}`)).json() as PublicApproval;
    expect(page).toMatchObject({
      decided: false,
      status: 'requested',
      eventTitle: 'Kleuren',
      bookingTime: '14:00',
    });
    // Opening the page (a mail scanner's prefetch) decided nothing.
    expect((await details(request.booking.id)).status).toBe('requested');

    const link = agent(t.app);
    const approved = await link.post(`/api/public/approvals/${token}`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ decided: true, status: 'confirmed' });
    const again = await link.post(`/api/public/approvals/${token}`, { decision: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(a.alreadyDecided);
    expect((await details(request.booking.id)).status).toBe('confirmed');

    const confirmation = await eventually(
      () => mailsTo(customer).find((m) => m.mail.subject?.startsWith('Bevestiging')),
      15_000,
      'the confirmation',
    );
    expect(confirmation.raw).toContain('BEGIN:VCALENDAR');
    await eventually(
      async () => (await hooksOf('booking.requested', request.booking.id)).length === 1,
      15_000,
      'requested hook',
    );
    await eventually(
      async () => (await hooksOf('booking.created', request.booking.id)).length === 1,
      15_000,
      'created hook',
    );
    const history = (await details(request.booking.id)).history.map((h) => h.kind);
    expect(history).toEqual(expect.arrayContaining(['requested', 'approved']));
    const log = (await o.get('/api/activity')).json() as ActivityPage;
    const kinds = log.entries.filter((e) => e.bookingId === request.booking.id).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['booking.requested', 'booking.approved']));
  });

  it('is declined from the app with a reason: the customer is told and the time is free again', async () => {
    const asked = await service('Permanent', { approval: 'everyone' });
    const other = await service('Föhnen');
    const request = await booked(asked.id, THU, '10:00');
    const open = (await o.get('/api/bookings/requests')).json() as Array<{ id: string }>;
    expect(open.map((r) => r.id)).toContain(request.booking.id);

    const declined = await o.post(`/api/bookings/${request.booking.id}/decline`, {
      reason: 'Die dag ben ik op cursus.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ status: 'cancelled' });
    const twice = await o.post(`/api/bookings/${request.booking.id}/approve`, {});
    expect(twice.statusCode).toBe(409);
    const tooLong = await o.post(`/api/bookings/${request.booking.id}/decline`, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(a.reasonTooLong);

    const told = await eventually(
      () =>
        mailsTo(request.booking.customerEmail).find((m) =>
          m.mail.subject?.startsWith('Aanvraag niet bevestigd'),
        ),
      15_000,
      'the decline mail',
    );
    expect(told.mail.text).toContain('Toelichting: Die dag ben ik op cursus.');
    expect((await booked(other.id, THU, '10:00')).booking.status).toBe('confirmed');
    await eventually(
      async () => (await hooksOf('booking.declined', request.booking.id)).length === 1,
      15_000,
      'declined hook',
    );
    const entry = (await details(request.booking.id)).history.find((h) => h.kind === 'declined');
    expect(entry?.actor).toBe('owner');
  });

  it('lapses after the owner’s hours on the test clock, never past the start', async () => {
    const settings = await o.patch('/api/user/settings', { approvalHours: 2 });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().approvalHours).toBe(2);
    expect((await o.patch('/api/user/settings', { approvalHours: 0 })).json().message).toBe(
      nl.settings.approvalHoursInvalid,
    );
    const asked = await service('Extensions', { approval: 'everyone' });
    const later = await booked(asked.id, THU, '15:00');
    // Today 09:00 local starts within the two hours: the request lapses at its start.
    const soon = await booked(asked.id, '2027-03-02', '09:00');
    const open = (await o.get('/api/bookings/requests')).json() as Array<{ id: string; expiresAt: string }>;
    expect(open.find((r) => r.id === later.booking.id)?.expiresAt).toBe(
      new Date(NOW.getTime() + 2 * HOUR).toISOString(),
    );
    expect(open.find((r) => r.id === soon.booking.id)?.expiresAt).toBe('2027-03-02T08:00:00.000Z');

    clock = new Date(NOW.getTime() + 2 * HOUR - 60_000);
    await t.app.services.approvals.expire(clock);
    expect((await details(later.booking.id)).status).toBe('requested');
    expect((await details(soon.booking.id)).status).toBe('cancelled');

    clock = new Date(NOW.getTime() + 2 * HOUR);
    await t.app.services.approvals.expire(clock);
    const lapsed = await details(later.booking.id);
    expect(lapsed.status).toBe('cancelled');
    const entries = lapsed.history.filter((h) => h.kind === 'declined');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor).toBe('system');
    const told = await eventually(
      () =>
        mailsTo(later.booking.customerEmail).find((m) =>
          m.mail.subject?.startsWith('Aanvraag niet bevestigd'),
        ),
      15_000,
      'the lapse mail',
    );
    expect(told.mail.text).toContain(APPROVAL_EMAIL_TEXTS.expired);
    const left = (await o.get('/api/bookings/requests')).json() as Array<{ id: string }>;
    expect(left.map((r) => r.id)).not.toContain(later.booking.id);
    clock = NOW;
    await o.patch('/api/user/settings', { approvalHours: 48 });
  });

  it('asks only new customers with “alleen nieuwe klanten”', async () => {
    const asked = await service('Consult', { approval: 'new_customers' });
    const plain = await service('Controle');
    const regular = `vaste.${kind}@example.nl`;
    await booked(plain.id, '2027-03-05', '09:00', regular);
    expect((await booked(asked.id, '2027-03-05', '11:00', regular)).booking.status).toBe('confirmed');
    expect((await booked(asked.id, '2027-03-05', '13:00')).booking.status).toBe('requested');
    // The bookings table filters requests, and the statistics count them apart from the appointments.
    await booked(asked.id, '2027-03-02', '12:00');
    await booked(plain.id, '2027-03-02', '13:00');
    const stats = (await o.get('/api/analytics?period=today')).json() as {
      from: string;
      to: string;
      bookings: number;
      requests: number;
    };
    const span = `from=${stats.from}&to=${stats.to}&limit=500`;
    const open = (await o.get(`/api/bookings?status=requested&${span}`)).json() as Array<{ status: string }>;
    expect(open.length).toBe(1);
    expect(open.every((b) => b.status === 'requested')).toBe(true);
    const all = (await o.get(`/api/bookings?${span}`)).json() as Array<{ status: string }>;
    expect(stats.requests).toBe(open.length);
    expect(stats.bookings).toBe(all.filter((b) => b.status === 'confirmed').length);
    expect(stats.bookings).toBeGreaterThanOrEqual(1);
  });
});
