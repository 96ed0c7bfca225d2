import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nlPublicBusiness } from '@contracts/messages-public-business';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { nextBookableDate, upcomingRange } from '../../test/test-today';

const t = nlPublicBusiness.businessPage;
/** One question (a name), so a booking needs one answer. */
const service = (overrides: Parameters<typeof eventPayload>[0] = {}) =>
  eventPayload({
    ...upcomingRange(),
    customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }],
    dailyPauseTimes: null,
    ...overrides,
  });

describe.each(dbKinds())('business page API (docs/PRODUCT.md#business-page) on %s', (kind) => {
  let app: TestApp;
  let salon: Awaited<ReturnType<typeof owner>>;
  let publicSlug: string;
  const page = (slug: string) => agent(app.app).get(`/api/public/owners/${slug}`);

  beforeAll(async () => {
    app = await createTestApp(kind);
    salon = await owner(app, 'Salon-Bloem_1');
    const hair = (await salon.post('/api/event-categories', { name: 'Haar', color: '#EC4899' })).json();
    const nails = (await salon.post('/api/event-categories', { name: 'Nagels', color: '#10B981' })).json();
    for (const body of [
      service({ title: 'Knippen', categoryId: hair.id, paymentAmount: '30.00', allowCombinations: true }),
      service({ title: 'Föhnen', categoryId: hair.id, requiresPayment: true, paymentAmount: '25.00' }),
      service({ title: 'Manicure', categoryId: nails.id, description: null, durationMinutes: 45 }),
      service({ title: 'Kennismaking', themeColor: '#F59E0B' }),
      service({ title: 'Geheime behandeling', categoryId: hair.id, hiddenOnProfile: true }),
    ]) {
      const res = await salon.post('/api/events', body);
      expect(res.statusCode, res.body).toBe(201);
    }
    // Another owner's services are never on this page, not even in a category of the same name.
    const other = await owner(app, 'anderesalon');
    const otherHair = (await other.post('/api/event-categories', { name: 'Haar', color: '#000000' })).json();
    await other.post('/api/events', service({ title: 'Permanent', categoryId: otherHair.id }));
    publicSlug = (await salon.get('/api/business-profile')).json().publicSlug;
  });
  afterAll(() => app.close());

  it('starts from the username folded to a readable address', () => {
    expect(publicSlug).toBe('salon-bloem-1');
  });

  it('lists the listed services by category, uncategorised last, with what each card shows', async () => {
    const res = await page(publicSlug);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.business).toMatchObject({
      publicSlug,
      name: null,
      logoUrl: null,
      privacyUrl: null,
      address: null,
      phone: null,
      website: null,
    });
    expect(
      body.groups.map((g: { category: unknown; services: Array<{ title: string }> }) => [
        g.category,
        g.services.map((s) => s.title),
      ]),
    ).toEqual([
      [{ name: 'Haar', color: '#EC4899' }, ['Föhnen', 'Knippen']],
      [{ name: 'Nagels', color: '#10B981' }, ['Manicure']],
      [null, ['Kennismaking']],
    ]);
    const [fohnen, knippen] = body.groups[0].services;
    expect(fohnen).toEqual({
      slug: 'fohnen',
      title: 'Föhnen',
      description: 'Knippen en föhnen',
      durationMinutes: 30,
      themeColor: '#3B82F6',
      requiresPayment: true,
      paymentAmount: '25.00',
      currency: 'EUR',
      allowCombinations: false,
    });
    // The price line's inputs: paid online / a price paid at the salon / no price.
    // With its tick box for a visit (docs/PRODUCT.md#visits).
    expect(knippen).toMatchObject({
      requiresPayment: false,
      paymentAmount: '30.00',
      allowCombinations: true,
    });
    expect(body.groups[1].services[0]).toMatchObject({
      description: null,
      durationMinutes: 45,
      requiresPayment: false,
      paymentAmount: null,
    });
    expect(body.groups[2].services[0]).toMatchObject({ themeColor: '#F59E0B' });
    expect(JSON.stringify(body)).not.toMatch(/Geheime|Permanent|userId|ownerId|stripe/);
  });

  it('keeps a hidden service bookable by its own link', async () => {
    const hidden = (await salon.get('/api/events'))
      .json()
      .find((e: { title: string }) => e.title === 'Geheime behandeling');
    expect(hidden.hiddenOnProfile).toBe(true);
    const event = await agent(app.app).get(`/api/public/events/${hidden.slug}`);
    expect(event.statusCode).toBe(200);
    const booked = await agent(app.app).post('/api/public/bookings', {
      eventId: hidden.id,
      bookingDate: nextBookableDate(hidden),
      bookingTime: '10:00',
      customFieldResponses: { Naam: 'Sanne de Vries' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('lists a service again when the owner shows it, and hides one they hide', async () => {
    const events = (await salon.get('/api/events')).json() as Array<{ id: string; title: string }>;
    const byTitle = (title: string) => events.find((e) => e.title === title)!.id;
    expect(
      (await salon.patch(`/api/events/${byTitle('Geheime behandeling')}`, { hiddenOnProfile: false }))
        .statusCode,
    ).toBe(200);
    expect(
      (await salon.patch(`/api/events/${byTitle('Manicure')}`, { hiddenOnProfile: true })).statusCode,
    ).toBe(200);
    const titles = (await page(publicSlug))
      .json()
      .groups.flatMap((g: { services: Array<{ title: string }> }) => g.services.map((s) => s.title));
    expect(titles).toEqual(['Föhnen', 'Geheime behandeling', 'Knippen', 'Kennismaking']);
    // Another field's change keeps the choice.
    expect(
      (await salon.patch(`/api/events/${byTitle('Manicure')}`, { title: 'Manicure deluxe' })).json(),
    ).toMatchObject({
      hiddenOnProfile: true,
    });
  });

  it('answers an unknown address with a Dutch 404, and finds a page typed in capitals', async () => {
    const missing = await page('bestaat-niet');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: t.notFound });
    expect((await page(publicSlug.toUpperCase())).statusCode).toBe(200);
    expect((await page('x'.repeat(101))).statusCode).toBeLessThan(500);
    for (const odd of ['%00', 'a%00b', '%C3%28', '..%2F..%2Fapi', '%F0%9F%92%87']) {
      const res = await page(odd);
      expect(res.statusCode, odd).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, odd).toBeLessThan(500);
    }
    expect((await app.app.inject({ url: '/p/%00' })).statusCode).toBeLessThan(500);
    // Embeddable like the booking page: any site may frame it.
    const framed = await app.app.inject({ url: `/p/${publicSlug}?embed=true` });
    expect(framed.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
  });

  it('moves to a new address when the owner changes it, and shows the business details', async () => {
    const patched = await salon.patch('/api/business-profile', {
      publicSlug: 'salon-de-bloem',
      name: 'Salon de Bloem',
      address: 'Dorpsstraat 1, Utrecht',
      website: 'https://salondebloem.nl',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await page(publicSlug)).statusCode).toBe(404);
    const moved = await page('salon-de-bloem');
    expect(moved.statusCode).toBe(200);
    expect(moved.json().business).toMatchObject({
      name: 'Salon de Bloem',
      publicSlug: 'salon-de-bloem',
      address: 'Dorpsstraat 1, Utrecht',
      website: 'https://salondebloem.nl',
    });
  });
});
