import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@contracts/api-keys';
import { nl } from '@contracts/messages';
import type { PublicBooking, PublicCustomer, PublicCustomerPage } from '@contracts/public-api';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { v1Client, type V1Client } from '../../test/v1-client';

const NOW = new Date('2026-12-01T08:00:00Z');

describe.each(dbKinds())('public API customers on %s', (kind) => {
  let t: TestApp;
  let v1: V1Client;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    v1 = v1Client(t);
  });
  afterAll(() => t.close());

  let n = 0;
  async function business(name: string) {
    const a = await owner(t, `${name}-${kind}-${++n}`);
    const key = ((await a.post('/api/api-keys', { name: 'CRM', access: 'read' })).json() as CreatedApiKey)
      .key;
    const customer = async (customerName: string, extra: Record<string, unknown> = {}) => {
      const res = await a.post('/api/customers', { name: customerName, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    return Object.assign(a, { key, customer });
  }

  it('answers a customer with their figures and offset times; another business’s is 404', async () => {
    const a = await business('klant');
    const b = await business('ander');
    const event = (await a.post('/api/events', eventPayload())).json() as { id: string };
    const write = (
      (await a.post('/api/api-keys', { name: 'Kassa', access: 'read-write' })).json() as CreatedApiKey
    ).key;
    const made = (
      await v1.post('/bookings', {
        key: write,
        body: {
          eventId: event.id,
          bookingDate: '2026-12-02',
          bookingTime: '14:00',
          customerName: 'Noor de Vries',
          customerEmail: 'noor@example.nl',
          customerPhone: '06 1234 5678',
        },
      })
    ).json() as PublicBooking;

    const res = await v1.get(`/customers/${made.customerId}`, { key: a.key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: made.customerId,
      name: 'Noor de Vries',
      email: 'noor@example.nl',
      phone: '+31612345678',
      birthDate: null,
      tags: [],
      marketingConsent: false,
      blocked: false,
      visits: 0,
      noShows: 0,
      lastVisitAt: null,
      nextVisitAt: '2026-12-02T14:00:00+01:00',
      totalPaidCents: 0,
      createdAt: '2026-12-01T09:00:00+01:00',
      updatedAt: '2026-12-01T09:00:00+01:00',
    } satisfies PublicCustomer);

    const theirs = await b.customer('Hun klant');
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'geen-id']) {
      const other = await v1.get(`/customers/${id}`, { key: a.key });
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('NOT_FOUND');
    }
    const list = (await v1.get('/customers', { key: a.key })).json() as PublicCustomerPage;
    expect(list.data.map((c) => c.id)).toEqual([made.customerId]);
    expect(list.nextCursor).toBeNull();
  });

  it('pages customers in name order, each once, while customers are added between pages', async () => {
    const a = await business('pagina');
    const names = Array.from({ length: 12 }, (_, i) => `Klant ${String.fromCharCode(66 + i)}`); // B…M
    const original = new Set<string>();
    for (const name of names) original.add((await a.customer(name)).id);

    const seen: PublicCustomer[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const q: string = `?limit=5${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await v1.get(`/customers${q}`, { key: a.key });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as PublicCustomerPage;
      pageSizes.push(page.data.length);
      seen.push(...page.data);
      cursor = page.nextCursor;
      // One before every page seen (never shown now) and one after every original (shown later).
      if (cursor && added < 2) {
        await a.customer(`Klant A${added}`);
        await a.customer(`Klant Z${added}`);
        added++;
      }
    } while (cursor);
    const ids = seen.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...original].every((id) => ids.includes(id))).toBe(true);
    expect(seen.map((c) => c.name)).toEqual([...names, 'Klant Z0', 'Klant Z1']);
    expect(pageSizes).toEqual([5, 5, 4]);

    const found = (await v1.get('/customers?q=klant%20z', { key: a.key })).json() as PublicCustomerPage;
    expect(found.data.map((c) => c.name)).toEqual(['Klant Z0', 'Klant Z1']);
    const tooMany = await v1.get('/customers?limit=201', { key: a.key });
    expect(tooMany.statusCode).toBe(400);
    const badCursor = await v1.get('/customers?cursor=bm9wZQ', { key: a.key });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ code: 'VALIDATION', message: nl.apiKeys.invalidCursor });
  });
});
