import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { eventWebhooks } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner, templatePayload } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const m = nl.eventRules;
const NOW = new Date('2026-12-01T08:00:00Z');

describe.each(dbKinds())('categories, webhooks and templates on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  it('manages categories; deleting one leaves its events uncategorised', async () => {
    const a = await owner(t);
    const created = await a.post('/api/event-categories', { name: '  Nagels ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Nagels', color: '#3B82F6' });
    const id = created.json().id;
    const updated = await a.patch(`/api/event-categories/${id}`, { name: 'Nagelstudio', color: '#F59E0B' });
    expect(updated.json()).toMatchObject({ name: 'Nagelstudio', color: '#F59E0B' });
    expect((await a.post('/api/event-categories', { name: '   ' })).json().message).toBe(
      m.categoryNameRequired,
    );
    expect((await a.post('/api/event-categories', { name: 'X', color: 'rood' })).json().message).toBe(
      m.invalidColor,
    );

    const event = (await a.post('/api/events', eventPayload({ categoryId: id }))).json();
    expect((await a.delete(`/api/event-categories/${id}`)).statusCode).toBe(200);
    expect((await a.get(`/api/events/${event.id}`)).json().categoryId).toBeNull();
    expect((await a.get('/api/event-categories')).json()).toHaveLength(0);
  });

  it('manages webhooks with a signing secret that is encrypted at rest', async () => {
    const a = await owner(t);
    const event = (await a.post('/api/events', eventPayload())).json();
    const res = await a.post(`/api/events/${event.id}/webhooks`, {
      name: 'CRM',
      url: 'https://crm.example.nl/hook',
    });
    expect(res.statusCode).toBe(201);
    const hook = res.json();
    expect(hook).toMatchObject({ name: 'CRM', url: 'https://crm.example.nl/hook', isActive: true });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const [stored] = await t.database.db.select().from(eventWebhooks).where(eq(eventWebhooks.id, hook.id));
    expect(stored!.secret).not.toContain(hook.secret.slice(6));

    const patched = await a.patch(`/api/webhooks/${hook.id}`, { isActive: false, name: 'CRM (uit)' });
    expect(patched.json()).toMatchObject({ isActive: false, name: 'CRM (uit)', secret: hook.secret });
    expect(
      (await a.post(`/api/events/${event.id}/webhooks`, { name: 'X', url: 'ftp://x.nl' })).json().message,
    ).toBe(m.webhookUrlInvalid);
    expect(
      (await a.post(`/api/events/${event.id}/webhooks`, { name: '', url: 'https://x.nl' })).json().message,
    ).toBe(m.webhookNameRequired);
    expect((await a.post(`/api/events/${event.id}/webhooks`, { name: 'X' })).statusCode).toBe(400);
    expect((await a.delete(`/api/webhooks/${hook.id}`)).statusCode).toBe(200);
    expect((await a.get(`/api/events/${event.id}/webhooks`)).json()).toEqual([]);
  });

  it('manages templates with their rules', async () => {
    const a = await owner(t);
    const res = await a.post('/api/templates', templatePayload());
    expect(res.statusCode).toBe(201);
    const tpl = res.json();
    expect(tpl).toMatchObject({
      templateName: 'Standaard knipbeurt',
      durationMinutes: 45,
      paymentAmount: '25.00',
      currency: 'EUR',
    });
    // A field saved without the intake settings answers their defaults.
    expect(tpl.customFieldsConfig).toEqual([
      {
        fieldName: 'Naam',
        fieldType: 'text',
        isRequired: true,
        order: 0,
        options: [],
        minValue: null,
        maxValue: null,
        sensitive: false,
      },
    ]);
    expect(tpl.webhooksConfig).toEqual([{ name: 'CRM', url: 'https://crm.example.nl/hook' }]);

    const upd = await a.patch(
      `/api/templates/${tpl.id}`,
      templatePayload({ templateName: 'Lang haar', currency: 'GBP' }),
    );
    expect(upd.json()).toMatchObject({ templateName: 'Lang haar', currency: 'GBP' });
    expect((await a.post('/api/templates', templatePayload({ templateName: ' ' }))).json().message).toBe(
      m.templateNameRequired,
    );
    expect((await a.post('/api/templates', templatePayload({ customFieldsConfig: [] }))).json().message).toBe(
      m.templateNeedField,
    );
    expect(
      (await a.post('/api/templates', templatePayload({ currency: 'JPY' as 'EUR' }))).json().message,
    ).toBe(m.invalidCurrency);
    expect((await a.get('/api/templates')).json()).toHaveLength(1);
    expect((await a.delete(`/api/templates/${tpl.id}`)).statusCode).toBe(200);
    expect((await a.get(`/api/templates/${tpl.id}`)).statusCode).toBe(404);
  });
});

describe.each(dbKinds())(
  'ownership of every owner catalog route (docs/PRODUCT.md#api-owner) on %s',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { now: () => NOW });
    });
    afterAll(() => t.close());

    it("answers 404 to another owner's ids and changes nothing", async () => {
      const alice = await owner(t);
      const mallory = await owner(t);
      const cat = (await alice.post('/api/event-categories', { name: 'Privé' })).json();
      const event = (await alice.post('/api/events', eventPayload({ categoryId: cat.id }))).json();
      const hook = (
        await alice.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: 'https://crm.example.nl/h' })
      ).json();
      const tpl = (await alice.post('/api/templates', templatePayload())).json();
      const snapshot = async () =>
        JSON.stringify([
          (await alice.get('/api/events')).json(),
          (await alice.get(`/api/events/${event.id}/fields`)).json(),
          (await alice.get(`/api/events/${event.id}/webhooks`)).json(),
          (await alice.get('/api/event-categories')).json(),
          (await alice.get('/api/templates')).json(),
        ]);
      const before = await snapshot();

      const attempts: [string, () => Promise<{ statusCode: number }>][] = [
        ['GET event', () => mallory.get(`/api/events/${event.id}`)],
        ['GET fields', () => mallory.get(`/api/events/${event.id}/fields`)],
        ['PATCH event', () => mallory.patch(`/api/events/${event.id}`, { title: 'Gekaapt' })],
        ['DELETE event', () => mallory.delete(`/api/events/${event.id}`)],
        ['GET webhooks', () => mallory.get(`/api/events/${event.id}/webhooks`)],
        [
          'POST webhook',
          () =>
            mallory.post(`/api/events/${event.id}/webhooks`, { name: 'X', url: 'https://evil.example/h' }),
        ],
        ['PATCH webhook', () => mallory.patch(`/api/webhooks/${hook.id}`, { url: 'https://evil.example/h' })],
        ['DELETE webhook', () => mallory.delete(`/api/webhooks/${hook.id}`)],
        ['PATCH category', () => mallory.patch(`/api/event-categories/${cat.id}`, { name: 'Gekaapt' })],
        ['DELETE category', () => mallory.delete(`/api/event-categories/${cat.id}`)],
        ['GET template', () => mallory.get(`/api/templates/${tpl.id}`)],
        [
          'PATCH template',
          () => mallory.patch(`/api/templates/${tpl.id}`, templatePayload({ templateName: 'Gekaapt' })),
        ],
        ['DELETE template', () => mallory.delete(`/api/templates/${tpl.id}`)],
      ];
      for (const [name, attempt] of attempts) expect((await attempt()).statusCode, name).toBe(404);
      for (const list of ['/api/events', '/api/event-categories', '/api/templates']) {
        expect((await mallory.get(list)).json(), list).toEqual([]);
      }
      expect(await snapshot()).toBe(before);

      const anonymous = await t.app.inject({ url: '/api/events' });
      expect(anonymous.statusCode).toBe(401);
    });
  },
);
