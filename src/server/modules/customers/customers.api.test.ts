import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomersPage } from '@contracts/customers';
import type { EventDto } from '@contracts/events';
import { utcToZoned } from '@core/index';
import { bookings, customers } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { stamps } from '../../test/fixtures';
import { notifyingEvent } from '../../test/notification-fixtures';
import { agent, createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { bookableDates, testNow, testToday } from '../../test/test-today';
import { activityOf, newAgenda, teamMember } from '../team/team-test-helpers';

const DAY = 24 * 60 * 60 * 1000;

/** A booking written straight into the table: a past visit, a no-show, a paid one. */
async function pastBooking(
  t: TestApp,
  eventId: string,
  daysAgo: number,
  customer: { name: string; email?: string | null; phone?: string | null },
  extra: Partial<typeof bookings.$inferInsert> = {},
): Promise<string> {
  const startsAt = new Date(testNow().getTime() - daysAgo * DAY);
  const local = utcToZoned(startsAt, 'Europe/Amsterdam');
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      eventId,
      customerName: customer.name,
      customerEmail: customer.email ?? null,
      customerPhone: customer.phone ?? null,
      bookingDate: local.date,
      bookingTime: local.time,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60 * 1000),
      managementTokenHash: `fixture-${randomUUID()}`,
      ...stamps(t),
      ...extra,
    })
    .returning({ id: bookings.id, customerId: bookings.customerId });
  return row!.id;
}

const customerOfBooking = async (t: TestApp, bookingId: string) =>
  (
    await t.database.db.select({ id: bookings.customerId }).from(bookings).where(eq(bookings.id, bookingId))
  )[0]!.id;

describe.each(dbKinds())('customer records on %s', (kind) => {
  let t: TestApp;
  let anna: Agent & { id: string };
  let event: EventDto;
  let dates: string[];

  const book = (answers: Record<string, string>, date = dates[0]!, time = '10:00') =>
    agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: answers,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const made = await notifyingEvent(t, { title: 'Knippen' });
    anna = made.owner;
    event = made.event;
    dates = bookableDates(event, 4);
  });
  afterAll(() => t.close());

  it('links a public booking to the customer of its address, whatever its case and spacing', async () => {
    const first = await book({ Naam: 'Sanne de Wit', 'E-mail': 'sanne@example.nl' }, dates[0], '09:00');
    const again = await book({ Naam: 'Sanne', 'E-mail': '  SANNE@Example.NL ' }, dates[1], '09:00');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    const a = await customerOfBooking(t, first.json().booking.id);
    expect(await customerOfBooking(t, again.json().booking.id)).toBe(a);
    // By the phone when there is no address, and a new record for someone new.
    const byPhone1 = await book(
      { Naam: 'Piet', 'E-mail': 'piet@example.nl', Telefoon: '+31611112222' },
      dates[0],
      '09:30',
    );
    const other = await book({ Naam: 'Kees', 'E-mail': 'kees@example.nl' }, dates[0], '11:00');
    expect(await customerOfBooking(t, other.json().booking.id)).not.toBe(
      await customerOfBooking(t, byPhone1.json().booking.id),
    );
  });

  it('makes one customer of two first bookings of one new address at once', async () => {
    const results = await Promise.all(
      ['13:00', '13:30', '14:00', '14:30'].map((time, i) =>
        book({ Naam: 'Race', 'E-mail': i % 2 ? 'RACE@example.nl' : 'race@example.nl ' }, dates[2], time),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = await Promise.all(results.map((r) => customerOfBooking(t, r.json().booking.id)));
    expect(new Set(ids).size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(customers)
      .where(sql`${customers.businessId} = ${anna.id} and ${customers.emailKey} = 'race@example.nl'`);
    expect(rows).toHaveLength(1);
  });

  it('shows the card of a customer with three visits and a no-show, and finds them by a national number', async () => {
    const who = { name: 'Fatima El Amrani', email: 'fatima@example.nl', phone: '+31687654321' };
    const visit = await pastBooking(t, event.id, 60, who, { paymentStatus: 'paid', amountPaid: '25.00' });
    await pastBooking(t, event.id, 40, who);
    await pastBooking(t, event.id, 20, { ...who, email: 'Fatima@Example.nl' });
    await pastBooking(t, event.id, 10, who, { noShow: true, noShowAt: testNow() });
    await pastBooking(t, event.id, 5, who, { status: 'cancelled' });
    const id = await customerOfBooking(t, visit);

    const found = await anna.get('/api/customers?q=0687654');
    expect(found.statusCode).toBe(200);
    const page = found.json() as CustomersPage;
    expect(page.customers.map((c) => c.id)).toEqual([id]);
    expect(page.customers[0]).toMatchObject({
      visits: 3,
      noShows: 1,
      totalPaidCents: 2500,
      phone: '+31687654321',
    });

    const card = (await anna.get(`/api/customers/${id}`)).json() as CustomerDetail;
    expect(card).toMatchObject({
      name: 'Fatima El Amrani',
      email: 'fatima@example.nl',
      visits: 3,
      noShows: 1,
    });
    expect(card.bookings).toHaveLength(5);
    expect(card.bookings.map((b) => b.startsAt)).toEqual(
      [...card.bookings.map((b) => b.startsAt)].sort().reverse(),
    );
    expect(card.lastVisitAt).toBe(card.bookings.find((b) => !b.noShow && b.status === 'confirmed')!.startsAt);

    const byName = (await anna.get('/api/customers?q=amrani&sort=name')).json() as CustomersPage;
    expect(byName.customers.map((c) => c.id)).toEqual([id]);
    const byAddress = (await anna.get('/api/customers?q=FATIMA%40exa')).json() as CustomersPage;
    expect(byAddress.customers.map((c) => c.id)).toEqual([id]);
    expect((await anna.get('/api/customers?q=atima%40example')).json().customers).toEqual([]);
    const bad = await anna.get('/api/customers?cursor=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Deze pagina bestaat niet meer. Laad de lijst opnieuw.');
  });

  it('pages the list with a cursor, in every order', async () => {
    for (let i = 0; i < 55; i++)
      await pastBooking(t, event.id, 100 + i, {
        name: `Pagina ${String(i).padStart(2, '0')}`,
        email: `p${i}@example.nl`,
      });
    for (const sort of ['name', 'lastVisit', 'visits']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await anna.get(
          `/api/customers?q=pagina&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        const page = res.json() as CustomersPage;
        seen.push(...page.customers.map((c) => c.name));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(55);
      expect(new Set(seen).size).toBe(55);
      if (sort === 'name') expect(seen).toEqual([...seen].sort());
    }
  });

  it('creates and edits a customer; an address of another customer is a Dutch 409 offering the merge', async () => {
    const made = await anna.post('/api/customers', {
      name: 'Nieuwe Klant',
      email: 'nieuw@example.nl',
      phone: '+31612340000',
      tags: ['vip', 'vip', 'kleur'],
      marketingConsent: true,
    });
    expect(made.statusCode).toBe(201);
    const card = made.json() as CustomerDetail;
    expect(card.tags).toEqual(['vip', 'kleur']);
    expect(card).toMatchObject({ marketingConsent: true, marketingConsentSource: 'owner' });

    const other = await anna.post('/api/customers', { name: 'Tweede', email: 'tweede@example.nl' });
    const taken = await anna.patch(`/api/customers/${other.json().id}`, { email: ' NIEUW@example.nl' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'Dit e-mailadres hoort al bij Nieuwe Klant. Voeg de twee klanten samen als het dezelfde persoon is.',
    );
    expect(taken.json().details).toEqual({ customerId: card.id, customerName: 'Nieuwe Klant' });
    expect(
      (await anna.post('/api/customers', { name: 'Dubbel', email: 'nieuw@example.nl' })).statusCode,
    ).toBe(409);

    const bad = await anna.patch(`/api/customers/${card.id}`, { name: '', tags: ['x'.repeat(41)] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ name: 'Vul de naam van de klant in.' });
    const edited = await anna.patch(`/api/customers/${card.id}`, { birthDate: '1990-04-01', phone: '' });
    expect(edited.json()).toMatchObject({ birthDate: '1990-04-01', phone: null });
    const log = (await activityOf(t, anna.id)).filter((e) => e.subject_id === card.id);
    expect(log.map((e) => e.kind)).toEqual(['customer.created', 'customer.updated']);
    expect(log[1]!.after).toEqual({ changed: ['phone', 'birthDate'] });
  });

  it('keeps notes, and a follow-up shows on its day', async () => {
    const c = (await anna.post('/api/customers', { name: 'Notitie Klant' })).json() as CustomerDetail;
    const note = await anna.post(`/api/customers/${c.id}/notes`, {
      text: 'Allergisch voor ammoniak, kleur 6.1 + 20 vol',
      followUpOn: testToday(),
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ followUpOn: testToday(), memberName: expect.any(String) });
    const followUps = (await anna.get('/api/customers/follow-ups')).json();
    expect(followUps).toContainEqual(
      expect.objectContaining({ customerId: c.id, customerName: 'Notitie Klant' }),
    );
    const edited = await anna.patch(`/api/customers/${c.id}/notes/${note.json().id}`, { followUpOn: null });
    expect(edited.json().followUpOn).toBeNull();
    expect((await anna.get('/api/customers/follow-ups')).json()).not.toContainEqual(
      expect.objectContaining({ customerId: c.id }),
    );
    expect((await anna.post(`/api/customers/${c.id}/notes`, { text: '  ' })).json().message).toBe(
      'Schrijf een notitie.',
    );
    expect((await anna.delete(`/api/customers/${c.id}/notes/${note.json().id}`)).statusCode).toBe(200);
    expect((await anna.delete(`/api/customers/${c.id}/notes/${note.json().id}`)).statusCode).toBe(404);
  });

  it('merges two customers into one, once, and logs it', async () => {
    const a = await pastBooking(t, event.id, 30, { name: 'Eva Jansen', email: 'eva@example.nl' });
    const b = await pastBooking(t, event.id, 15, {
      name: 'Eva J.',
      email: 'eva.werk@example.nl',
      phone: '+31699998888',
    });
    const keep = await customerOfBooking(t, a);
    const gone = await customerOfBooking(t, b);
    await anna.post(`/api/customers/${gone}/notes`, { text: 'Werkadres' });
    await anna.patch(`/api/customers/${gone}`, { tags: ['zakelijk'], marketingConsent: true });

    const merged = await anna.post(`/api/customers/${keep}/merge`, { otherId: gone });
    expect(merged.statusCode).toBe(200);
    const card = merged.json() as CustomerDetail;
    expect(card.bookings.map((x) => x.id).sort()).toEqual([a, b].sort());
    expect(card).toMatchObject({
      phone: '+31699998888',
      tags: ['zakelijk'],
      marketingConsent: true,
      visits: 2,
    });
    expect(card.notes.map((n) => n.text)).toEqual(['Werkadres']);
    expect((await anna.get(`/api/customers/${gone}`)).statusCode).toBe(404);

    const again = await anna.post(`/api/customers/${keep}/merge`, { otherId: gone });
    expect(again.statusCode).toBe(200);
    expect(again.json().bookings).toHaveLength(2);
    expect((await anna.post(`/api/customers/${keep}/merge`, { otherId: keep })).statusCode).toBe(400);
    const log = (await activityOf(t, anna.id)).filter((e) => e.kind === 'customer.merged');
    expect(log).toHaveLength(1);
    // A booking of the other address links to the kept record from now on.
    const later = await book({ Naam: 'Eva', 'E-mail': 'EVA.werk@example.nl' }, dates[3], '15:00');
    expect(later.statusCode).toBe(201);
  });

  it('refuses a blocked customer online with the neutral message; the owner still books them', async () => {
    const first = await book({ Naam: 'Geblokkeerd', 'E-mail': 'blok@example.nl' }, dates[1], '11:00');
    const id = await customerOfBooking(t, first.json().booking.id);
    const blocked = await anna.post(`/api/customers/${id}/block`, { reason: 'Drie keer niet gekomen' });
    expect(blocked.json()).toMatchObject({ blocked: true, blockedReason: 'Drie keer niet gekomen' });

    const refused = await book({ Naam: 'Geblokkeerd', 'E-mail': ' Blok@example.nl' }, dates[1], '11:30');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /^Online boeken is voor u niet mogelijk\. Neem contact op met .+\.$/,
    );
    const [{ count }] = (await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.customerId, id))) as [{ count: number }];
    expect(count).toBe(1);

    const byOwner = await anna.post('/api/bookings', {
      eventId: event.id,
      bookingDate: dates[1],
      bookingTime: '11:30',
      customerId: id,
      customerName: 'Geblokkeerd',
      customerEmail: 'blok@example.nl',
    });
    expect(byOwner.statusCode).toBe(201);
    expect(byOwner.json().customerId).toBe(id);

    await anna.post(`/api/customers/${id}/unblock`);
    expect(
      (await book({ Naam: 'Geblokkeerd', 'E-mail': 'blok@example.nl' }, dates[1], '12:00')).statusCode,
    ).toBe(201);
    expect((await activityOf(t, anna.id)).filter((e) => e.subject_id === id).map((e) => e.kind)).toEqual([
      'customer.blocked',
      'customer.unblocked',
    ]);
  });

  it("shows a medewerker only their agendas' customers, without contact details or the manager's actions", async () => {
    const stoel = await newAgenda(anna, 'Stoel Mila');
    await anna.patch(`/api/events/${event.id}`, { agendaIds: [...event.agendaIds, stoel] });
    const mila = await teamMember(t, anna, 'medewerker', { agendaIds: [stoel] });
    const mine = await pastBooking(
      t,
      event.id,
      3,
      { name: 'Klant van Mila', email: 'mila.klant@example.nl' },
      { agendaId: stoel },
    );
    const mineId = await customerOfBooking(t, mine);

    const list = (await mila.get('/api/customers?sort=name')).json() as CustomersPage;
    expect(list.customers.map((c) => c.id)).toEqual([mineId]);
    expect(list.customers[0]).toMatchObject({ email: null, phone: null });
    const someoneElse = (await anna.get('/api/customers?q=Fatima')).json().customers[0].id as string;
    expect((await mila.get(`/api/customers/${someoneElse}`)).statusCode).toBe(404);
    expect((await mila.post(`/api/customers/${mineId}/notes`, { text: 'Kort houden' })).statusCode).toBe(201);
    expect((await anna.get(`/api/customers/${mineId}`)).json().notes[0].text).toBe('Kort houden');
    // Today's follow-ups: only those of the customers she sees.
    await anna.post(`/api/customers/${mineId}/notes`, { text: 'Bellen', followUpOn: testToday() });
    await anna.post(`/api/customers/${someoneElse}/notes`, { text: 'Bellen', followUpOn: testToday() });
    const due = (await mila.get('/api/customers/follow-ups')).json() as { customerId: string }[];
    expect(due.map((d) => d.customerId)).toEqual([mineId]);
    const all = (await anna.get('/api/customers/follow-ups')).json() as { customerId: string }[];
    expect(all.map((d) => d.customerId)).toEqual(expect.arrayContaining([mineId, someoneElse]));
    for (const [path, body] of [
      [`/api/customers/${mineId}/merge`, { otherId: someoneElse }],
      [`/api/customers/${mineId}/block`, { reason: 'Te laat' }],
    ] as const)
      expect((await mila.post(path, body)).statusCode).toBe(403);
    expect((await mila.patch(`/api/customers/${mineId}`, { name: 'X' })).statusCode).toBe(403);
  });
});
