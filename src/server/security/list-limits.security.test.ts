import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AGENDAS } from '@contracts/agendas';
import { MAX_CLOSURES } from '@contracts/closures';
import { MAX_CATEGORIES, MAX_WEBHOOKS_PER_EVENT } from '@contracts/events';
import { nl } from '@contracts/messages';
import { closures } from '../db/schema';
import { dbKinds } from '../test/databases';
import { eventPayload, owner } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { daysFromToday } from '../test/test-today';

/**
 * Every list an owner grows has a ceiling far above real use, so a runaway script cannot fill the
 * database or make every page that lists them slow; the last place is taken once, also by racers.
 */
describe.each(dbKinds())('list limits per owner on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it(`categories: ${MAX_CATEGORIES} at most, the last place taken once by five racers`, async () => {
    const o = await owner(t);
    for (let i = 0; i < MAX_CATEGORIES - 1; i++)
      expect((await o.post('/api/event-categories', { name: `Categorie ${i}` })).statusCode).toBe(201);
    const racers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => o.post('/api/event-categories', { name: `Laatste ${i}` })),
    );
    expect(racers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    const refused = racers.find((r) => r.statusCode === 400)!;
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', message: nl.eventRules.tooManyCategories });
    expect((await o.get('/api/event-categories')).json()).toHaveLength(MAX_CATEGORIES);
  });

  it(`webhooks: ${MAX_WEBHOOKS_PER_EVENT} per event at most; another event has its own`, async () => {
    const o = await owner(t);
    const [a, b] = [
      (await o.post('/api/events', eventPayload())).json(),
      (await o.post('/api/events', eventPayload({ title: 'Verven' }))).json(),
    ];
    const hook = (i: number) => ({
      name: `Hook ${i}`,
      url: `https://example.nl/hook/${i}`,
      triggers: ['booking.created'],
    });
    for (let i = 0; i < MAX_WEBHOOKS_PER_EVENT; i++)
      expect((await o.post(`/api/events/${a.id}/webhooks`, hook(i))).statusCode).toBe(201);
    const over = await o.post(`/api/events/${a.id}/webhooks`, hook(99));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(nl.eventRules.tooManyWebhooks);
    expect((await o.post(`/api/events/${b.id}/webhooks`, hook(0))).statusCode).toBe(201);
  });

  it(`agendas: ${MAX_AGENDAS} at most`, async () => {
    const o = await owner(t);
    // The default agenda is the first.
    for (let i = 1; i < MAX_AGENDAS; i++)
      expect((await o.post('/api/agendas', { name: `Stoel ${i}` })).statusCode).toBe(201);
    const over = await o.post('/api/agendas', { name: 'Een te veel' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(nl.agendas.tooMany);
  });

  it(`closures: ${MAX_CLOSURES} at most, the last place taken once by five racers`, async () => {
    const o = await owner(t);
    const closure = (label: string) => ({ startDate: daysFromToday(10), endDate: daysFromToday(11), label });
    // All but the last place straight into the table: a few hundred requests would only be slower.
    await t.database.db.insert(closures).values(
      Array.from({ length: MAX_CLOSURES - 1 }, (_, i) => ({
        ...closure(`Sluiting ${i}`),
        userId: o.id,
        createdAt: new Date(),
      })),
    );
    const racers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => o.post('/api/closures', closure(`Laatste ${i}`))),
    );
    expect(racers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    const refused = racers.find((r) => r.statusCode === 400)!;
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', message: nl.closures.tooManyClosures });
    expect((await o.get('/api/closures')).json()).toHaveLength(MAX_CLOSURES);
    // A deleted closure frees its place; another owner has their own allowance.
    const first = (await o.get('/api/closures')).json()[0] as { id: string };
    expect((await o.delete(`/api/closures/${first.id}`)).statusCode).toBe(200);
    expect((await o.post('/api/closures', closure('Weer plaats'))).statusCode).toBe(201);
    expect((await (await owner(t)).post('/api/closures', closure('Vakantie'))).statusCode).toBe(201);
  });
});
