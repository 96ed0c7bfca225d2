import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerExport } from '@contracts/privacy';
import { utcToZoned } from '@core/index';
import { bookingHistory, bookings, customers, notifications } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner, stamps } from '../../test/fixtures';
import { everyDay, notifyingEvent } from '../../test/notification-fixtures';
import {
  agent,
  createMailingApp,
  createTestApp,
  type Agent,
  type MailingApp,
  type TestApp,
} from '../../test/test-app';
import { bookableDates, testNow, upcomingRange } from '../../test/test-today';
import { eventually } from '../../test/wait';

const DAY = 24 * 60 * 60 * 1000;
const FIELDS = [
  { fieldName: 'Naam', fieldType: 'text' as const, isRequired: true, order: 0 },
  { fieldName: 'E-mail', fieldType: 'email' as const, isRequired: true, order: 1 },
  { fieldName: 'Telefoon', fieldType: 'phone' as const, isRequired: false, order: 2 },
  { fieldName: 'Allergieën', fieldType: 'text' as const, isRequired: false, order: 3 },
];

/** A booking written straight into the table (a past one, or a paid one the public API cannot make). */
async function insertCustomerBooking(
  t: TestApp,
  eventId: string,
  startsAt: Date,
  customer: { name: string; email: string | null; phone?: string | null; answers?: Record<string, string> },
  extra: Partial<typeof bookings.$inferInsert> = {},
): Promise<string> {
  const local = utcToZoned(startsAt, 'Europe/Amsterdam');
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      eventId,
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone ?? null,
      customFieldResponses: customer.answers ?? {},
      bookingDate: local.date,
      bookingTime: local.time,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60 * 1000),
      managementTokenHash: `fixture-${randomUUID()}`,
      ...stamps(t),
      ...extra,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

const rowOf = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const historyOf = (t: TestApp, id: string) =>
  t.database.db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, id));

describe.each(dbKinds())('customer export and erasure (AVG) on %s', (kind) => {
  let t: MailingApp;
  let anna: Agent & { id: string };
  let bob: Agent & { id: string };
  let futureId: string;
  let pastId: string;
  let otherCustomerId: string;
  let bobsId: string;
  let webhookNoteId: string;
  const JAN = 'jan.avg@example.nl';

  beforeAll(async () => {
    t = await createMailingApp(kind);
    const made = await notifyingEvent(t, { title: 'Knippen', customFields: FIELDS });
    anna = made.owner;
    const [date] = bookableDates(made.event, 1);
    const booked = await agent(t.app).post('/api/public/bookings', {
      eventId: made.event.id,
      bookingDate: date,
      bookingTime: '10:00',
      customFieldResponses: {
        Naam: 'Jan Jansen',
        'E-mail': JAN,
        Telefoon: '+31612345678',
        Allergieën: 'Noten',
      },
    });
    expect(booked.statusCode).toBe(201);
    futureId = booked.json().booking.id;

    // A paid appointment of last month, with its history and a delivered webhook naming Jan.
    pastId = await insertCustomerBooking(
      t,
      made.event.id,
      new Date(testNow().getTime() - 30 * DAY),
      {
        name: 'Jan Jansen',
        email: ' Jan.AVG@Example.nl',
        phone: '+31612345678',
        answers: { Naam: 'Jan Jansen', 'E-mail': JAN, Allergieën: 'Pinda' },
      },
      {
        paymentStatus: 'paid',
        amountPaid: '12.50',
        amountDue: '7.50',
        stripePaymentIntentId: `pi_avg_${randomUUID().slice(0, 8)}`,
      },
    );
    const [created] = await t.database.db
      .insert(bookingHistory)
      .values({
        bookingId: pastId,
        ownerId: anna.id,
        kind: 'created',
        actor: 'customer',
        at: new Date(testNow().getTime() - 40 * DAY),
      })
      .returning();
    const [note] = await t.database.db
      .insert(notifications)
      .values({
        ownerId: anna.id,
        bookingId: pastId,
        historyId: created!.id,
        channel: 'webhook',
        kind: 'booking_created',
        status: 'sent',
        dueAt: created!.at,
        sentAt: created!.at,
        createdAt: created!.at,
        payload: {
          Allergieën: 'Pinda',
          event_title: 'Knippen',
          booking_id: pastId,
          customer_name: 'Jan Jansen',
          customer_email: JAN,
          customer_phone: '+31612345678',
          booking_date: '2026-01-01',
          type: 'booking.created',
        },
      })
      .returning();
    webhookNoteId = note!.id;
    otherCustomerId = await insertCustomerBooking(
      t,
      made.event.id,
      new Date(testNow().getTime() - 20 * DAY),
      {
        name: 'Piet Post',
        email: 'piet.avg@example.nl',
      },
    );

    // Another owner whose customer happens to have the same address.
    bob = await owner(t);
    const bobsEvent = (
      await bob.post('/api/events', eventPayload({ workingDays: everyDay, ...upcomingRange(30) }))
    ).json() as { id: string };
    bobsId = await insertCustomerBooking(t, bobsEvent.id, new Date(testNow().getTime() - 10 * DAY), {
      name: 'Jan bij Bob',
      email: JAN,
      phone: '+31699999999',
    });
    await eventually(() => t.smtp.received.some((m) => m.envelope.to.includes(JAN))); // the confirmation
  });
  afterAll(() => t.close());

  it('exports every booking of the customer with this owner, answers and history included, as a download', async () => {
    const { customerId } = (await anna.get(`/api/bookings/${futureId}`)).json() as { customerId: string };
    await anna.patch(`/api/customers/${customerId}`, { tags: ['vaste klant'], marketingConsent: true });
    await anna.post(`/api/customers/${customerId}/notes`, { text: 'Gevoelige hoofdhuid' });
    const res = await anna.get(`/api/customers/export?email=${encodeURIComponent(' JAN.avg@example.NL ')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="klantgegevens-jan.avg@example.nl.json"',
    );
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const data = res.json() as CustomerExport;
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    // The customer record with its tags, consent and the business's notes.
    expect(data.customer).toMatchObject({
      name: 'Jan Jansen',
      email: JAN,
      tags: ['vaste klant'],
      marketingConsent: true,
      marketingConsentSource: 'owner',
      notes: [{ text: 'Gevoelige hoofdhuid', followUpOn: null, createdAt: expect.any(String) }],
    });
    expect(data.bookings.map((b) => b.id)).toEqual([pastId, futureId]); // by appointment
    const [past, future] = data.bookings;
    expect(past).toMatchObject({
      service: 'Knippen',
      agenda: expect.any(String),
      status: 'confirmed',
      paymentStatus: 'paid',
      amountPaid: '12.50',
      amountDue: '7.50',
      currency: 'EUR',
      customerName: 'Jan Jansen',
      customerPhone: '+31612345678',
      answers: [
        { fieldName: 'Naam', value: 'Jan Jansen' },
        { fieldName: 'E-mail', value: JAN },
        { fieldName: 'Allergieën', value: 'Pinda' },
      ],
      history: [{ kind: 'created', actor: 'customer', at: expect.any(String) }],
    });
    expect(future!.answers).toContainEqual({ fieldName: 'Allergieën', value: 'Noten' });
    expect(future!.history.map((h) => h.kind)).toEqual(['created']);
    // Bob's customer with the same address is his, not Anna's.
    expect(JSON.stringify(data)).not.toContain('Jan bij Bob');
  });

  it('is scoped to the owner, answers an empty list for an unknown address and refuses bad input in Dutch', async () => {
    const bobs = (await bob.get(`/api/customers/export?email=${JAN}`)).json() as CustomerExport;
    expect(bobs.bookings.map((b) => b.id)).toEqual([bobsId]);
    const none = await anna.get('/api/customers/export?email=niemand@example.nl');
    expect(none.statusCode).toBe(200);
    expect((none.json() as CustomerExport).bookings).toEqual([]);

    const invalid = await anna.get('/api/customers/export?email=geen-adres');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Ongeldig e-mailadres');
    const missing = await anna.get('/api/customers/export');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Vul het e-mailadres van de klant in.');
    expect((await agent(t.app).get(`/api/customers/export?email=${JAN}`)).statusCode).toBe(401);
    expect((await agent(t.app).post('/api/customers/erase', { email: JAN })).statusCode).toBe(401);

    const badErase = await anna.post('/api/customers/erase', { email: 'jan@' });
    expect(badErase.statusCode).toBe(400);
    expect(badErase.json().message).toBe('Ongeldig e-mailadres');
  });

  it('erases: cancels the future booking with the usual e-mail, anonymises every booking, keeps the books', async () => {
    const res = await anna.post('/api/customers/erase', { email: '  Jan.Avg@example.nl ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: 2, cancelled: 1 });

    // The customer hears of the cancellation, written with what was known before the data went.
    await eventually(() =>
      t.smtp.received.some((m) => m.envelope.to.includes(JAN) && /Geannuleerd/.test(m.mail.subject ?? '')),
    );
    const mail = t.smtp.received.find(
      (m) => m.envelope.to.includes(JAN) && /Geannuleerd/.test(m.mail.subject ?? ''),
    )!;
    expect(mail.mail.subject).toContain('Geannuleerd: Knippen op');
    expect(mail.mail.text).toContain('Beste Jan Jansen');
    expect(mail.raw).toContain('METHOD:CANCEL');

    const future = await rowOf(t, futureId);
    expect(future.status).toBe('cancelled');
    const past = await rowOf(t, pastId);
    for (const row of [future, past]) {
      expect(row).toMatchObject({
        customerName: 'Geanonimiseerd',
        customerEmail: null,
        customerPhone: null,
        customFieldResponses: {},
      });
      const kinds = (await historyOf(t, row.id)).map((h) => `${h.kind}/${h.actor}`);
      expect(kinds).toContain('anonymised/owner');
    }
    // Date, service, amounts and the payment's id stay for the books.
    expect(past).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      amountPaid: '12.50',
      amountDue: '7.50',
    });
    expect(past.stripePaymentIntentId).toMatch(/^pi_avg_/);
    expect(past.bookingDate).toBe(utcToZoned(past.startsAt, 'Europe/Amsterdam').date);

    // The delivered webhook keeps no trace of Jan.
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, webhookNoteId));
    expect(note!.payload).toEqual({
      event_title: 'Knippen',
      booking_id: pastId,
      booking_date: '2026-01-01',
      type: 'booking.created',
      customer_name: 'Geanonimiseerd',
      customer_email: null,
      customer_phone: null,
    });
    // The owner's lists show the placeholder.
    const list = (await anna.get('/api/bookings')).json() as { id: string; customerName: string }[];
    expect(list.find((b) => b.id === pastId)?.customerName).toBe('Geanonimiseerd');
    const details = (await anna.get(`/api/bookings/${pastId}`)).json();
    expect(details.customerName).toBe('Geanonimiseerd');
    expect(details.history.map((h: { kind: string }) => h.kind)).toContain('anonymised');

    // The customer record goes with them: no name, address, tags, consent or notes left.
    const { customerId } = (await anna.get(`/api/bookings/${pastId}`)).json() as { customerId: string };
    expect((await anna.get(`/api/customers/${customerId}`)).json()).toMatchObject({
      name: 'Geanonimiseerd',
      email: null,
      phone: null,
      tags: [],
      marketingConsent: false,
      notes: [],
    });

    // Nothing left to export; another customer and the other owner's customer untouched.
    expect(
      ((await anna.get(`/api/customers/export?email=${JAN}`)).json() as CustomerExport).bookings,
    ).toEqual([]);
    expect((await rowOf(t, otherCustomerId)).customerName).toBe('Piet Post');
    expect(await rowOf(t, bobsId)).toMatchObject({
      customerName: 'Jan bij Bob',
      customerEmail: JAN,
      customerPhone: '+31699999999',
    });
  });

  it('is idempotent: a second request changes nothing and sends nothing', async () => {
    const before = t.smtp.received.length;
    const history = await t.database.db
      .select()
      .from(bookingHistory)
      .where(inArray(bookingHistory.bookingId, [futureId, pastId]));
    const again = await anna.post('/api/customers/erase', { email: JAN });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ changed: 0, cancelled: 0 });
    const after = await t.database.db
      .select()
      .from(bookingHistory)
      .where(inArray(bookingHistory.bookingId, [futureId, pastId]));
    expect(after.length).toBe(history.length);
    await new Promise((r) => setTimeout(r, 1000));
    expect(t.smtp.received.length).toBe(before);
  });
});

describe.each(dbKinds())('retention period on %s', (kind) => {
  // A fixed clock: Monday 15 June 2026, 10:00 UTC. Six months back is 15 December 2025, 10:00 UTC.
  const NOW = new Date('2026-06-15T10:00:00Z');
  const BOUNDARY = new Date('2025-12-15T10:00:00Z');
  let t: TestApp;
  let anna: Agent & { id: string };
  let bob: Agent & { id: string };
  let annaEvent: string;
  let bobEvent: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    anna = await owner(t);
    bob = await owner(t);
    annaEvent = (await anna.post('/api/events', eventPayload())).json().id;
    bobEvent = (await bob.post('/api/events', eventPayload())).json().id;
  });
  afterAll(() => t.close());

  it('is an owner setting of 1 to 120 months, or empty to keep everything', async () => {
    expect((await anna.get('/api/user')).json().retentionMonths).toBeNull();
    const saved = await anna.patch('/api/user/settings', { retentionMonths: 6 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().retentionMonths).toBe(6);
    for (const bad of [0, 121, 2.5, '6']) {
      const res = await anna.patch('/api/user/settings', { retentionMonths: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Kies een bewaartermijn van 1 tot 120 maanden, of laat het veld leeg om alles te bewaren.',
      );
    }
    const cleared = await bob.patch('/api/user/settings', { retentionMonths: null });
    expect(cleared.json().retentionMonths).toBeNull();
    expect((await anna.get('/api/user')).json().retentionMonths).toBe(6);
  });

  it('anonymises bookings that ended longer ago than the period, by the system, once', async () => {
    const ending = (end: Date) => new Date(end.getTime() - 30 * 60 * 1000);
    const customer = {
      name: 'Oude Klant',
      email: 'oud@example.nl',
      phone: '+31611111111',
      answers: { Naam: 'Oude Klant' },
    };
    const outside = await insertCustomerBooking(
      t,
      annaEvent,
      ending(new Date(BOUNDARY.getTime() - 60_000)),
      customer,
    );
    // One minute long, so it follows the first one in the agenda.
    const inside = await insertCustomerBooking(t, annaEvent, BOUNDARY, customer, {
      endsAt: new Date(BOUNDARY.getTime() + 60_000),
    });
    // Bob keeps everything: his booking of two years ago stays as it is.
    const kept = await insertCustomerBooking(t, bobEvent, new Date(NOW.getTime() - 730 * DAY), customer);

    expect(await t.app.services.privacy.applyRetention()).toEqual({
      anonymised: 1,
      scrubbed: 0,
      customers: 0,
    });
    expect(await rowOf(t, outside)).toMatchObject({
      customerName: 'Geanonimiseerd',
      customerEmail: null,
      customerPhone: null,
      customFieldResponses: {},
    });
    expect((await historyOf(t, outside)).map((h) => `${h.kind}/${h.actor}`)).toEqual(['anonymised/system']);
    expect((await historyOf(t, outside))[0]!.at.toISOString()).toBe(NOW.toISOString());
    for (const id of [inside, kept]) {
      expect(await rowOf(t, id)).toMatchObject({
        customerName: 'Oude Klant',
        customerEmail: 'oud@example.nl',
      });
      expect(await historyOf(t, id)).toEqual([]);
    }

    // Already anonymised bookings are skipped: the next night changes nothing.
    expect(await t.app.services.privacy.applyRetention()).toEqual({
      anonymised: 0,
      scrubbed: 0,
      customers: 0,
    });
    expect(await historyOf(t, outside)).toHaveLength(1);
  });

  it('clears messages of recently anonymised bookings once they are delivered', async () => {
    // Erased yesterday while its cancellation webhook was still under way; delivered since.
    const id = await insertCustomerBooking(t, bobEvent, new Date(NOW.getTime() - 3 * DAY), {
      name: 'Geanonimiseerd',
      email: null,
    });
    await t.database.db.insert(bookingHistory).values({
      bookingId: id,
      ownerId: bob.id,
      kind: 'anonymised',
      actor: 'owner',
      at: new Date(NOW.getTime() - DAY),
    });
    const body = {
      type: 'booking.cancelled',
      booking_id: id,
      customer_name: 'Sanne',
      customer_email: 's@example.nl',
      Opmerking: 'x',
    };
    const [sent] = await t.database.db
      .insert(notifications)
      .values([
        {
          ownerId: bob.id,
          bookingId: id,
          channel: 'webhook',
          kind: 'booking_cancelled',
          status: 'sent',
          dueAt: NOW,
          payload: body,
          createdAt: NOW,
        },
        {
          ownerId: bob.id,
          bookingId: id,
          channel: 'webhook',
          kind: 'booking_cancelled',
          status: 'pending',
          dueAt: NOW,
          payload: body,
          createdAt: NOW,
        },
      ])
      .returning();

    expect(await t.app.services.privacy.applyRetention()).toEqual({
      anonymised: 0,
      scrubbed: 1,
      customers: 0,
    });
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.bookingId, id));
    expect(rows.find((r) => r.id === sent!.id)!.payload).toEqual({
      type: 'booking.cancelled',
      booking_id: id,
      customer_name: 'Geanonimiseerd',
      customer_email: null,
      customer_phone: null,
    });
    // Still under way: its receiver gets the body as planned.
    expect(rows.find((r) => r.id !== sent!.id)!.payload).toEqual(body);
    expect(await t.app.services.privacy.applyRetention()).toEqual({
      anonymised: 0,
      scrubbed: 0,
      customers: 0,
    });
  });

  it('anonymises a customer record whose every booking is, and removes an old one without bookings', async () => {
    const gone = await insertCustomerBooking(t, annaEvent, new Date(NOW.getTime() - 400 * DAY), {
      name: 'Vergeten Klant',
      email: 'vergeten@example.nl',
    });
    const { customerId } = (await anna.get(`/api/bookings/${gone}`)).json() as { customerId: string };
    await anna.post(`/api/customers/${customerId}/notes`, { text: 'Kleur 7.0' });
    const long = new Date(NOW.getTime() - 400 * DAY);
    const [imported] = await t.database.db
      .insert(customers)
      .values({ businessId: anna.id, name: 'Nooit Geweest', createdAt: long, updatedAt: long })
      .returning();
    const [recent] = await t.database.db
      .insert(customers)
      .values({ businessId: anna.id, name: 'Net Geïmporteerd', createdAt: NOW, updatedAt: NOW })
      .returning();

    expect(await t.app.services.privacy.applyRetention()).toEqual({
      anonymised: 1,
      scrubbed: 0,
      customers: 2,
    });
    expect((await anna.get(`/api/customers/${customerId}`)).json()).toMatchObject({
      name: 'Geanonimiseerd',
      email: null,
      notes: [],
    });
    const left = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.businessId, anna.id));
    expect(left.map((c) => c.id)).not.toContain(imported!.id);
    expect(left.map((c) => c.id)).toContain(recent!.id);
    expect(await t.app.services.privacy.applyRetention()).toEqual({
      anonymised: 0,
      scrubbed: 0,
      customers: 0,
    });
  });
});
