import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAYMENT_EMAIL_TEXTS } from '@contracts/email-defaults';
import { dbKinds } from '../../test/databases';
import { intentIdOf, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { eventPayload, owner } from '../../test/fixtures';
import { bookingPageMarkup } from '../public/booking-page';
import { paidAnswers, paidEventOwner, paidFlow } from '../../test/paid-events';
import { type TestSmtp } from '../../test/smtp';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { eventually } from '../../test/wait';

// Tuesday 1 December 2026, 09:00 in Amsterdam; the paid events run 1–7 December.
const NOW = new Date('2026-12-01T08:00:00Z');
const line = (template: string, amount: string) => template.replace('{amount}', amount);

describe.each(dbKinds())('deposit amounts in the confirmation e-mail on %s', (kind) => {
  let t: MailingApp;
  let fake: FakeStripe;
  let smtp: TestSmtp;
  let paid: Awaited<ReturnType<typeof paidEventOwner>>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createMailingApp(kind, { now: () => NOW, env: { STRIPE_API_BASE: fake.url } });
    smtp = t.smtp;
    paid = await paidEventOwner(t, fake, {
      paymentAmount: '65,00',
      depositType: 'fixed',
      depositValue: '20,00',
      depositFor: 'new_customers',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const confirmationTo = (to: string) =>
    eventually(
      () =>
        smtp.received.find((m) => m.envelope.to.includes(to) && /^Bevestiging/.test(m.mail.subject ?? '')),
      15_000,
      `confirmation to ${to}`,
    );

  it('says what was paid online and what is left for the salon', async () => {
    const flow = paidFlow(t, paid.event.id);
    const answers = paidAnswers({ 'E-mail': 'aanbetaling@example.nl' });
    const hold = await flow.hold('2026-12-02', '10:00', { customFieldResponses: answers });
    expect(hold.statusCode).toBe(201);
    const pi = intentIdOf(hold.json().clientSecret);
    fake.setStatus(pi, 'succeeded');
    const res = await flow.confirm(pi, '2026-12-02', '10:00', { customFieldResponses: answers });
    expect(res.statusCode).toBe(201);

    const mail = await confirmationTo('aanbetaling@example.nl');
    for (const body of [mail.mail.html || '', mail.mail.text ?? '']) {
      expect(body).toContain(line(PAYMENT_EMAIL_TEXTS.paid, '€\u00a020,00'));
      expect(body).toContain(line(PAYMENT_EMAIL_TEXTS.due, '€\u00a045,00'));
    }
  });

  it('tells a customer who was not asked a deposit that the whole price is due at the salon', async () => {
    // A returning customer: an earlier appointment that took place (inserted as the past one it is).
    await t.database.db.execute(
      sql`insert into bookings
        (event_id, customer_name, customer_email, booking_date, booking_time, starts_at, ends_at, status, payment_status, management_token_hash, created_at, updated_at)
        values (${paid.event.id}, 'Vaste klant', 'vast@example.nl', '2026-11-24', '10:00',
                '2026-11-24T09:00:00Z', '2026-11-24T09:30:00Z', 'confirmed', 'paid', 'fixture-vaste-klant',
                '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')`,
    );
    const res = await agent(t.app).post('/api/public/bookings', {
      eventId: paid.event.id,
      bookingDate: '2026-12-02',
      bookingTime: '11:00',
      customFieldResponses: paidAnswers({ 'E-mail': 'vast@example.nl' }),
    });
    expect(res.statusCode).toBe(201);
    const mail = await confirmationTo('vast@example.nl');
    expect(mail.mail.html).toContain(line(PAYMENT_EMAIL_TEXTS.due, '€\u00a065,00'));
    expect(mail.mail.html).not.toContain(line(PAYMENT_EMAIL_TEXTS.paid, ''));
  });

  it('keeps the price of a service paid at the salon and says it on the page, the booking and the mail', async () => {
    const salon = await owner(t);
    const created = await salon.post(
      '/api/events',
      eventPayload({ title: 'Knippen in de salon', requiresPayment: false, paymentAmount: '30,00' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json();
    expect(event).toMatchObject({ requiresPayment: false, paymentAmount: '30.00' });
    // The booking page's first screen shows the price among its badges.
    const publicEvent = (await agent(t.app).get(`/api/public/events/${event.slug}`)).json();
    expect(bookingPageMarkup(publicEvent)).toContain('Prijs: </span>€\u00a030,00');

    const res = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: '2026-12-02',
      bookingTime: '10:00',
      customFieldResponses: paidAnswers({ 'E-mail': 'salon@example.nl' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking).toMatchObject({ paymentStatus: 'not_required', amountDue: '30.00' });
    const mail = await confirmationTo('salon@example.nl');
    for (const body of [mail.mail.html || '', mail.mail.text ?? '']) {
      expect(body).toContain(line(PAYMENT_EMAIL_TEXTS.due, '€\u00a030,00'));
      expect(body).not.toContain(line(PAYMENT_EMAIL_TEXTS.paid, ''));
    }

    // No price: nothing is due.
    const free = await salon.post(
      '/api/events',
      eventPayload({ title: 'Kennismaking', requiresPayment: false, paymentAmount: '' }),
    );
    const freeBooking = await agent(t.app).post('/api/public/bookings', {
      eventId: free.json().id,
      bookingDate: '2026-12-02',
      bookingTime: '11:00',
      customFieldResponses: paidAnswers({ 'E-mail': 'gratis@example.nl' }),
    });
    expect(freeBooking.statusCode, freeBooking.body).toBe(201);
    expect(freeBooking.json().booking.amountDue).toBeNull();
  });
});
