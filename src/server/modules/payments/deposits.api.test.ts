import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import type { CreateEventBody } from '@contracts/events';
import { bookings } from '../../db/schema';
import { dbKinds, queryRows } from '../../test/databases';
import { intentIdOf, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { eventPayload, templatePayload } from '../../test/fixtures';
import { paidAnswers, paidEventOwner, paidFlow } from '../../test/paid-events';
import { agent, createTestApp, type TestApp } from '../../test/test-app';

const d = nl.deposits;
// Tuesday 1 December 2026, 09:00 in Amsterdam; the events run 1–7 December.
const NOW = new Date('2026-12-01T08:00:00Z');
// Thursday 3 December 2026, 09:00: the appointments of 2 December have taken place.
const LATER = new Date('2026-12-03T08:00:00Z');

describe.each(dbKinds())('deposits on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock = NOW;
  let paid: Awaited<ReturnType<typeof paidEventOwner>>;

  const moneyOf = async (id: string) =>
    (
      await queryRows<{ amount_paid: string | null; amount_due: string | null; payment_status: string }>(
        t.database,
        sql`select amount_paid::text, amount_due::text, payment_status from bookings where id = ${id}`,
      )
    )[0];

  /** A paid event of the one owner with this deposit (price € 25,00 unless overridden). */
  async function depositEvent(overrides: Partial<CreateEventBody>) {
    const res = await paid.owner.post(
      '/api/events',
      eventPayload({ requiresPayment: true, paymentAmount: '25.00', ...overrides }),
    );
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; depositType: string; depositValue: string | null; depositFor: string };
  }

  /** Holds, pays at the fake provider and confirms; answers the booking and the intent. */
  async function payAndBook(eventId: string, date: string, time: string, answers = paidAnswers()) {
    const flow = paidFlow(t, eventId);
    const hold = await flow.hold(date, time, { customFieldResponses: answers });
    expect(hold.statusCode).toBe(201);
    const pi = intentIdOf(hold.json().clientSecret);
    fake.setStatus(pi, 'succeeded');
    const res = await flow.confirm(pi, date, time, { customFieldResponses: answers });
    expect(res.statusCode).toBe(201);
    return { booking: res.json().booking, intent: fake.intent(pi) };
  }

  const quote = (eventId: string, customerEmail: string) =>
    agent(t.app).post(`/api/public/events/${eventId}/payment-quote`, { customerEmail });

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, { now: () => clock, env: { STRIPE_API_BASE: fake.url } });
    paid = await paidEventOwner(t, fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    clock = NOW;
  });

  it('refuses deposits the provider could not charge or that exceed the price, in Dutch', async () => {
    const cases: Array<[Partial<CreateEventBody>, string]> = [
      [{ depositType: 'fixed', depositValue: '25,01' }, d.abovePrice],
      [{ depositType: 'fixed', depositValue: '0' }, d.belowMinimum],
      [{ depositType: 'fixed', depositValue: '0,49' }, d.belowMinimum],
      [{ depositType: 'fixed', depositValue: null }, d.valueRequired],
      [{ depositType: 'percent', depositValue: '100' }, d.percentRange],
      [{ depositType: 'percent', depositValue: '0' }, d.percentRange],
      [{ depositType: 'percent', depositValue: '12,5' }, d.percentRange],
      [{ depositType: 'percent', depositValue: '1', paymentAmount: '10.00' }, d.belowMinimum],
      [{ depositType: 'fixed', depositValue: 'twintig' }, d.valueInvalid],
    ];
    for (const [deposit, message] of cases) {
      const res = await paid.owner.post(
        '/api/events',
        eventPayload({ requiresPayment: true, paymentAmount: '25.00', ...deposit }),
      );
      expect(res.statusCode, JSON.stringify(deposit)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().fields).toMatchObject({ depositValue: message });
    }
    const badType = await paid.owner.post('/api/events', {
      ...eventPayload({ requiresPayment: true, paymentAmount: '25.00' }),
      depositType: 'half',
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(d.invalidType);
  });

  it('stores the rule (Dutch comma accepted), keeps it through a PATCH and carries it in templates', async () => {
    const event = await depositEvent({
      depositType: 'fixed',
      depositValue: '20,00',
      depositFor: 'new_customers',
    });
    expect(event).toMatchObject({ depositType: 'fixed', depositValue: '20.00', depositFor: 'new_customers' });
    const patched = await paid.owner.patch(`/api/events/${event.id}`, { title: 'Knippen en kleuren' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      depositType: 'fixed',
      depositValue: '20.00',
      depositFor: 'new_customers',
    });
    // A price lowered below the deposit is refused on the whole event.
    const cheaper = await paid.owner.patch(`/api/events/${event.id}`, { paymentAmount: '15' });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().message).toBe(d.abovePrice);
    const percent = await paid.owner.patch(`/api/events/${event.id}`, {
      depositType: 'percent',
      depositValue: '30',
    });
    expect(percent.json()).toMatchObject({ depositType: 'percent', depositValue: '30' });
    const off = await paid.owner.patch(`/api/events/${event.id}`, { depositType: 'none' });
    expect(off.json()).toMatchObject({ depositType: 'none', depositValue: null });

    const plain = await depositEvent({});
    expect(plain).toMatchObject({ depositType: 'none', depositValue: null, depositFor: 'everyone' });

    const template = await paid.owner.post(
      '/api/templates',
      templatePayload({ depositType: 'percent', depositValue: '40', depositFor: 'new_customers' }),
    );
    expect(template.statusCode).toBe(201);
    expect(template.json()).toMatchObject({
      depositType: 'percent',
      depositValue: '40',
      depositFor: 'new_customers',
    });
    const badTemplate = await paid.owner.post(
      '/api/templates',
      templatePayload({ depositType: 'fixed', depositValue: '30' }),
    );
    expect(badTemplate.statusCode).toBe(400);
    expect(badTemplate.json().message).toBe(d.abovePrice);
    // The public page learns the rule, to show the split.
    const page = (
      await agent(t.app).get(`/api/public/events/${(off.json() as { slug: string }).slug}`)
    ).json();
    expect(page).toMatchObject({ depositType: 'none', depositValue: null, depositFor: 'new_customers' });
  });

  it('charges a fixed deposit at the provider and stores what was paid and what is due', async () => {
    const event = await depositEvent({ depositType: 'fixed', depositValue: '20' });
    const before = (await paid.owner.get('/api/dashboard')).json().revenue;
    const { booking, intent } = await payAndBook(event.id, '2026-12-02', '10:00');
    expect(intent).toMatchObject({ amount: 2000, currency: 'eur' });
    expect(booking).toMatchObject({ paymentStatus: 'paid', amountPaid: '20.00', amountDue: '5.00' });
    expect(await moneyOf(booking.id)).toEqual({
      amount_paid: '20.00',
      amount_due: '5.00',
      payment_status: 'paid',
    });
    // Revenue counts the money received online: the deposit, not the price.
    const after = (await paid.owner.get('/api/dashboard')).json().revenue;
    expect(Number(after) - Number(before)).toBeCloseTo(20, 2);
    // The statistics count appointments of past days: look back from the day after.
    clock = LATER;
    const week = (await paid.owner.get('/api/analytics?period=week')).json();
    expect(Number(week.revenue)).toBeGreaterThanOrEqual(20);
    // The owner's list carries both amounts.
    const listed = (await paid.owner.get('/api/bookings')).json();
    const row = (listed.bookings ?? listed).find((b: { id: string }) => b.id === booking.id);
    expect(row).toMatchObject({ amountPaid: '20.00', amountDue: '5.00' });
  });

  it('charges a percentage rounded to whole cents, and the full price without a deposit', async () => {
    const event = await depositEvent({ depositType: 'percent', depositValue: '30', paymentAmount: '65.50' });
    const { booking, intent } = await payAndBook(event.id, '2026-12-02', '11:00');
    expect(intent.amount).toBe(1965);
    expect(booking).toMatchObject({ amountPaid: '19.65', amountDue: '45.85' });

    const full = await payAndBook(paid.event.id, '2026-12-02', '11:30');
    expect(full.intent.amount).toBe(2500);
    expect(full.booking).toMatchObject({ paymentStatus: 'paid', amountPaid: '25.00', amountDue: '0.00' });
  });

  it('refuses an intent over another amount than the hold asked', async () => {
    const event = await depositEvent({ depositType: 'fixed', depositValue: '10' });
    const flow = paidFlow(t, event.id);
    const hold = await flow.hold('2026-12-02', '13:00');
    const pi = intentIdOf(hold.json().clientSecret);
    // An intent made on the account for the whole price, naming the same hold.
    const other = fake.createIntent(paid.secretKey, {
      amount: 2500,
      currency: 'eur',
      metadata: { ...fake.intent(pi).metadata },
    });
    fake.setStatus(other.id, 'succeeded');
    const res = await flow.confirm(other.id, '2026-12-02', '13:00');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(nl.payments.intentMismatch);
  });

  it('asks only new customers and customers who did not show up before', async () => {
    const event = await depositEvent({
      depositType: 'fixed',
      depositValue: '20',
      depositFor: 'new_customers',
    });
    const newQuote = await quote(event.id, 'sanne@example.nl');
    expect(newQuote.statusCode).toBe(200);
    expect(newQuote.json()).toEqual({ payNow: '20.00', dueLater: '5.00', currency: 'EUR' });
    // A new customer who skips the payment is refused, as for any paid service.
    const skip = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: '2026-12-02',
      bookingTime: '14:00',
      customFieldResponses: paidAnswers(),
    });
    expect(skip.statusCode).toBe(400);
    expect(skip.json().message).toBe(nl.booking.paymentRequired);

    const first = await payAndBook(event.id, '2026-12-02', '14:00');
    expect(first.intent.amount).toBe(2000);
    // Booked, but the appointment has not taken place yet: still new.
    expect((await quote(event.id, 'sanne@example.nl')).json().payNow).toBe('20.00');

    clock = LATER;
    const returning = await quote(event.id, 'SANNE@Example.nl');
    expect(returning.json()).toEqual({ payNow: '0.00', dueLater: '25.00', currency: 'EUR' });
    // Not asked: books like a free service, and no payment is held for her.
    const hold = await paidFlow(t, event.id).hold('2026-12-04', '10:00');
    expect(hold.statusCode).toBe(400);
    expect(hold.json().message).toBe(nl.payments.notRequired);
    const free = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: '2026-12-04',
      bookingTime: '10:00',
      customFieldResponses: paidAnswers({ 'E-mail': 'Sanne@example.nl' }),
    });
    expect(free.statusCode).toBe(201);
    expect(free.json().booking).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'not_required',
      amountPaid: '0.00',
      amountDue: '25.00',
    });
    expect(free.json().managementToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Someone else is still asked.
    expect((await quote(event.id, 'piet@example.nl')).json().payNow).toBe('20.00');

    // She did not show up last time: asked again.
    const marked = await paid.owner.patch(`/api/bookings/${first.booking.id}`, { noShow: true });
    expect(marked.statusCode).toBe(200);
    expect((await quote(event.id, 'sanne@example.nl')).json()).toEqual({
      payNow: '20.00',
      dueLater: '5.00',
      currency: 'EUR',
    });
    const refused = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: '2026-12-04',
      bookingTime: '11:00',
      customFieldResponses: paidAnswers(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(nl.booking.paymentRequired);
  });

  it('asks new_or_no_show of new customers and of no-shows in the last 12 months only', async () => {
    const event = await depositEvent({
      depositType: 'fixed',
      depositValue: '10',
      depositFor: 'new_or_no_show',
    });
    expect(event.depositFor).toBe('new_or_no_show');
    const DAY = 24 * 60 * 60 * 1000;
    const past = async (email: string, daysAgo: number, noShow = false) => {
      const startsAt = new Date(NOW.getTime() - daysAgo * DAY);
      await t.database.db.insert(bookings).values({
        eventId: event.id,
        customerName: 'Vaste Klant',
        customerEmail: email,
        bookingDate: startsAt.toISOString().slice(0, 10),
        bookingTime: '10:00',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60 * 1000),
        noShow,
        managementTokenHash: `fixture-${randomUUID()}`,
        createdAt: startsAt,
        updatedAt: startsAt,
      });
    };
    // Came last month; missed one more than a year ago: not asked (new_customers would ask her).
    await past('lang-geleden@example.nl', 400, true);
    await past('lang-geleden@example.nl', 30);
    // Came, and missed one three months ago: asked.
    await past('onlangs@example.nl', 200);
    await past('onlangs@example.nl', 90, true);
    expect((await quote(event.id, 'Lang-Geleden@example.nl ')).json()).toEqual({
      payNow: '0.00',
      dueLater: '25.00',
      currency: 'EUR',
    });
    expect((await quote(event.id, 'onlangs@example.nl')).json().payNow).toBe('10.00');
    expect((await quote(event.id, 'nieuw@example.nl')).json().payNow).toBe('10.00');
  });

  it('counts only the owner’s own bookings that took place', async () => {
    const event = await depositEvent({
      depositType: 'percent',
      depositValue: '50',
      depositFor: 'new_customers',
    });
    // Another owner's customer who came is new here.
    const other = await paidEventOwner(t, fake, {
      title: 'Elders',
      depositType: 'fixed',
      depositValue: '5',
      depositFor: 'new_customers',
    });
    const elsewhere = paidAnswers({ 'E-mail': 'elders@example.nl' });
    await payAndBook(other.event.id, '2026-12-02', '15:00', elsewhere);
    // A cancelled booking did not take place either.
    const cancelled = await payAndBook(
      event.id,
      '2026-12-02',
      '15:30',
      paidAnswers({ 'E-mail': 'weg@example.nl' }),
    );
    expect(
      (
        await paid.owner.patch(`/api/bookings/${cancelled.booking.id}`, {
          status: 'cancelled',
          refund: 'none',
        })
      ).statusCode,
    ).toBe(200);
    clock = LATER;
    expect((await quote(other.event.id, 'elders@example.nl')).json().payNow).toBe('0.00');
    expect((await quote(event.id, 'elders@example.nl')).json().payNow).toBe('12.50');
    expect((await quote(event.id, 'weg@example.nl')).json().payNow).toBe('12.50');
  });

  it('answers the quote only for a paid event, and checks the address', async () => {
    const free = await paid.owner.post('/api/events', eventPayload());
    const res = await quote(free.json().id, 'sanne@example.nl');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(nl.payments.notRequired);
    const bad = await quote(paid.event.id, 'geen-adres');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(nl.booking.invalidEmail);
    expect((await quote('00000000-0000-4000-8000-000000000000', 'a@example.nl')).statusCode).toBe(404);
  });
});
