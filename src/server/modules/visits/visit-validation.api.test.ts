import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { bookings } from '../../db/schema';
import { book, createService } from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { postVisit, salon, visitAnswers, type Salon } from '../../test/visit-fixtures';

const b = nlPublicSteps.booking;
const v = nlPublicSteps.visits;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * What a visit refuses before anything is stored (docs/PRODUCT.md#visits), each with its Dutch
 * message: both on the month (GET) and on the booking (POST) where the check applies to both.
 */
describe.each(dbKinds())('visit validation on %s', (kind) => {
  let t: TestApp;
  let s: Salon;
  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await salon(t);
  });
  afterAll(() => t.close());

  const month = (ids: string[], agendaId?: string) =>
    agent(t.app).get(
      `/api/public/visits/availability?services=${ids.join(',')}&month=${s.date.slice(0, 7)}${agendaId ? `&agendaId=${agendaId}` : ''}`,
    );
  /** Each test that stores a visit uses a time of its own: they share one salon. */
  const visit = (ids: string[], extra: Record<string, unknown> = {}, agendaId?: string, time = '16:00') =>
    postVisit(
      t,
      ids.map((eventId) => ({ eventId })),
      s.date,
      time,
      'Controle',
      agendaId,
      extra,
    );

  async function refusedBoth(ids: string[], status: number, message: string, agendaId?: string) {
    for (const res of [await month(ids, agendaId), await visit(ids, {}, agendaId)]) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
  }

  it('refuses an unknown service', async () => {
    await refusedBoth([s.knippen.id, UNKNOWN], 404, b.eventNotFound);
    const res = await visit(['niet-een-id']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(b.eventNotFound);
  });

  it('refuses services of two owners', async () => {
    const other = await owner(t);
    const theirs = await createService(other, 'Knippen elders', 30, { allowCombinations: true } as never);
    await refusedBoth([s.knippen.id, theirs.id], 400, v.otherBusiness);
  });

  it('refuses a service that does not allow combinations in a visit of two, not alone', async () => {
    const single = await createService(s.a, 'Alleen los', 30, { agendaIds: [s.anna] } as never);
    await refusedBoth([s.knippen.id, single.id], 400, v.notCombinable);
    await refusedBoth([single.id, s.knippen.id], 400, v.notCombinable);
    expect((await visit([single.id], {}, undefined, '09:00')).statusCode).toBe(201);
  });

  it('offers a service paid online, and books it only while the owner can take payments', async () => {
    const paid = await createService(s.a, 'Betaald', 30, {
      requiresPayment: true,
      paymentAmount: '25.00',
      allowCombinations: true,
    } as never);
    expect((await month([s.knippen.id, paid.id])).statusCode).toBe(200);
    // This owner never set payment keys: as for one paid service, nobody can book it online.
    const body = {
      services: [{ eventId: s.knippen.id }, { eventId: paid.id }],
      date: s.date,
      time: '16:00',
      answers: visitAnswers('Controle'),
    };
    for (const path of ['/api/public/visits', '/api/public/visits/payment-intent']) {
      const res = await agent(t.app).post(path, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('PAYMENTS_UNAVAILABLE');
    }
  });

  it('refuses services paid online in different currencies', async () => {
    const paid = { requiresPayment: true, paymentAmount: '25.00', allowCombinations: true };
    const euro = await createService(s.a, 'In euro', 30, paid as never);
    const pound = await createService(s.a, 'In pond', 30, { ...paid, currency: 'GBP' } as never);
    await refusedBoth([euro.id, pound.id], 400, v.currencyMixed);
  });

  it('refuses the same service twice, and more than five', async () => {
    await refusedBoth([s.knippen.id, s.knippen.id], 400, v.serviceTwice);
    const more = [];
    for (let i = 0; i < 5; i++)
      more.push((await createService(s.a, `Extra ${i}`, 15, { allowCombinations: true } as never)).id);
    await refusedBoth([s.knippen.id, ...more], 400, v.tooManyServices);
    expect((await month(more)).statusCode).toBe(200);
  });

  it('refuses a person for the whole visit whom not every service books', async () => {
    const annaOnly = await createService(s.a, 'Alleen Anna', 30, {
      agendaIds: [s.anna],
      allowCombinations: true,
    } as never);
    await refusedBoth([s.knippen.id, annaOnly.id], 400, v.agendaNotForAll, s.bram);
    expect((await visit([s.knippen.id, annaOnly.id], {}, s.anna, '11:00')).statusCode).toBe(201);
  });

  it('asks the policy to be accepted when one of the services has one', async () => {
    const strict = await createService(s.a, 'Met voorwaarden', 30, {
      allowCombinations: true,
      policyText: 'Annuleren kan tot 24 uur van tevoren.',
    } as never);
    for (const extra of [{}, { acceptedPolicy: false }]) {
      const res = await visit([s.fohnen.id, strict.id], extra);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toMatchObject({ acceptedPolicy: b.policyRequired });
    }
    const res = await visit([s.fohnen.id, strict.id], { acceptedPolicy: true }, undefined, '12:00');
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a blocked customer with 403 BOOKING_REFUSED and stores nothing', async () => {
    const first = await book(t, s.knippen.id, s.date, '15:00', 'Geweerd');
    expect(first.statusCode, first.body).toBe(201);
    const [row] = await t.database.db
      .select({ customerId: bookings.customerId })
      .from(bookings)
      .where(eq(bookings.id, first.json().booking.id));
    const blocked = await s.a.post(`/api/customers/${row!.customerId}/block`, { reason: 'Niet gekomen' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const res = await postVisit(
      t,
      [{ eventId: s.knippen.id }, { eventId: s.fohnen.id }],
      s.date,
      '13:00',
      'Geweerd',
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BOOKING_REFUSED' });
    expect(res.json().message).toMatch(/^Online boeken is voor u niet mogelijk\. Neem contact op met .+\.$/);
    const rows = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.customerId, row!.customerId!));
    expect(rows).toHaveLength(1);
  });

  it('refuses a taken or invalid time and missing answers in Dutch', async () => {
    const off = await postVisit(t, [{ eventId: s.knippen.id }], s.date, '10:10', 'Scheef');
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(b.slotUnavailable);
    const noName = await agent(t.app).post('/api/public/visits', {
      services: [{ eventId: s.knippen.id }, { eventId: s.fohnen.id }],
      date: s.date,
      time: '11:00',
      answers: {},
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/[a-z]/);
    expect(noName.json().code).toBe('VALIDATION');
    const badMonth = await agent(t.app).get(
      `/api/public/visits/availability?services=${s.knippen.id}&month=2026-13`,
    );
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toBe(b.invalidMonth);
    const none = await agent(t.app).get(`/api/public/visits/availability?services=&month=2026-12`);
    expect(none.statusCode).toBe(400);
  });
});
