import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessProfileDto } from '@contracts/business-profile';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { bookAs, notifyingEvent } from '../../test/notification-fixtures';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { nextBookableDate } from '../../test/test-today';
import { HTML_PAGE, SVG_WITH_SCRIPT, TINY_GIF, TINY_JPEG, TINY_PNG, TINY_WEBP } from '../../test/tiny-images';
import { eventually } from '../../test/wait';

const m = nl.businessProfile;
type Owner = Awaited<ReturnType<typeof owner>>;

const upload = (a: Owner, bytes: Buffer, type = 'application/octet-stream') =>
  a.put('/api/business-profile/logo', bytes, { 'content-type': type });

/** Instellingen → 'Bedrijfsprofiel' (docs/PRODUCT.md#business-profile). */
describe.each(dbKinds())('the business profile on %s', (kind) => {
  let t: MailingApp;
  beforeAll(async () => {
    t = await createMailingApp(kind, { env: { APP_URL: 'https://afspraak.example' } });
  });
  afterAll(() => t.close());

  it('starts with the slug the database gave it and saves every field, an empty text clearing it', async () => {
    const a = await owner(t, 'Kapsalon_Mooi');
    const start = (await a.get('/api/business-profile')).json() as BusinessProfileDto;
    expect(start).toEqual({
      name: null,
      address: null,
      phone: null,
      website: null,
      privacyUrl: null,
      publicSlug: 'kapsalon-mooi',
      logoUrl: null,
      publicUrl: 'https://afspraak.example/p/kapsalon-mooi',
    });

    const res = await a.patch('/api/business-profile', {
      name: '  Kapsalon Mooi  ',
      address: 'Dorpsstraat 1, 1234 AB Ergens',
      phone: '020 123 4567',
      website: 'https://www.kapsalon-mooi.nl',
      privacyUrl: 'https://www.kapsalon-mooi.nl/privacy',
      publicSlug: 'Salon-Mooi',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Kapsalon Mooi',
      address: 'Dorpsstraat 1, 1234 AB Ergens',
      phone: '+31201234567',
      website: 'https://www.kapsalon-mooi.nl',
      privacyUrl: 'https://www.kapsalon-mooi.nl/privacy',
      publicSlug: 'salon-mooi',
      logoUrl: null,
      publicUrl: 'https://afspraak.example/p/salon-mooi',
    });

    const cleared = await a.patch('/api/business-profile', { website: '', phone: '', address: '' });
    expect(cleared.json()).toMatchObject({
      website: null,
      phone: null,
      address: null,
      name: 'Kapsalon Mooi',
    });
    expect((await a.get('/api/business-profile')).json()).toEqual(cleared.json());

    // A number written with its country code keeps it.
    for (const [typed, stored] of [
      ['+44 20 7946 0958', '+442079460958'],
      ['0032 2 123 45 67', '+3221234567'],
      ['+31 (0)20 123 4567', '+31201234567'],
    ]) {
      const saved = await a.patch('/api/business-profile', { phone: typed });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().phone, typed).toBe(stored);
    }
  });

  it('refuses bad input with a Dutch 400 on the field, and an empty change', async () => {
    const a = await owner(t);
    const refused = async (body: object, field: string, message: string) => {
      const res = await a.patch('/api/business-profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
    };
    await refused({ name: 'x'.repeat(101) }, 'name', m.nameTooLong);
    await refused({ address: 'x'.repeat(301) }, 'address', m.addressTooLong);
    await refused({ phone: '12' }, 'phone', m.invalidPhone);
    await refused({ phone: 'geen nummer' }, 'phone', m.invalidPhone);
    await refused({ website: 'javascript:alert(1)' }, 'website', m.invalidUrl);
    await refused({ website: 'www.zonder-schema.nl' }, 'website', m.invalidUrl);
    await refused({ privacyUrl: 'data:text/html,hallo' }, 'privacyUrl', m.invalidUrl);
    await refused({ privacyUrl: `https://example.nl/${'x'.repeat(500)}` }, 'privacyUrl', m.urlTooLong);
    await refused({ publicSlug: 'ab' }, 'publicSlug', m.slugTooShort);
    await refused({ publicSlug: 'a'.repeat(41) }, 'publicSlug', m.slugTooLong);
    await refused({ publicSlug: 'salon mooi' }, 'publicSlug', m.slugChars);
    await refused({ publicSlug: 'salon--mooi' }, 'publicSlug', m.slugHyphens);
    await refused({ publicSlug: '' }, 'publicSlug', m.slugTooShort);
    const empty = await a.patch('/api/business-profile', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(nl.errors.noChanges);
    expect((await agent(t.app).get('/api/business-profile')).statusCode).toBe(401);
  });

  it('answers a slug another owner has with a Dutch 409 on the field, and keeps each owner to their own', async () => {
    const anna = await owner(t);
    const bert = await owner(t);
    expect(
      (await anna.patch('/api/business-profile', { publicSlug: 'de-kapper', name: 'Anna' })).statusCode,
    ).toBe(200);
    const taken = await bert.patch('/api/business-profile', { publicSlug: 'De-Kapper' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'CONFLICT',
      message: m.slugTaken,
      fields: { publicSlug: m.slugTaken },
    });
    // Keeping one's own name is no conflict.
    expect((await anna.patch('/api/business-profile', { publicSlug: 'de-kapper' })).statusCode).toBe(200);
    await bert.patch('/api/business-profile', { name: 'Bert' });
    expect((await anna.get('/api/business-profile')).json()).toMatchObject({
      name: 'Anna',
      publicSlug: 'de-kapper',
    });
    expect((await bert.get('/api/business-profile')).json().name).toBe('Bert');
  });

  it('stores PNG, JPEG and WebP logos by their content and serves them with the stored type only', async () => {
    const a = await owner(t);
    for (const [bytes, type, claimed] of [
      [TINY_PNG, 'image/png', 'image/png'],
      [TINY_JPEG, 'image/jpeg', 'application/octet-stream'],
      // The content decides, not the claim.
      [TINY_WEBP, 'image/webp', 'image/png'],
    ] as const) {
      const res = await upload(a, bytes, claimed);
      expect(res.statusCode, res.body).toBe(200);
      const { logoUrl } = res.json() as BusinessProfileDto;
      expect(logoUrl).toMatch(new RegExp(`^/api/public/logos/${a.id}\\?v=\\d+$`));

      const served = await agent(t.app).get(logoUrl!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(bytes)).toBe(true);
      // Without the current version (an old page): served, but not kept for long.
      const old = await agent(t.app).get(`/api/public/logos/${a.id}?v=1`);
      expect(old.headers['cache-control']).toBe('public, max-age=300');
      // A new logo has a new address.
      await new Promise((r) => setTimeout(r, 2));
    }
  });

  it('refuses SVG, GIF, HTML (also when it claims to be a PNG) and nothing, with a Dutch 400', async () => {
    const a = await owner(t);
    await upload(a, TINY_PNG, 'image/png');
    const before = (await a.get('/api/business-profile')).json() as BusinessProfileDto;
    for (const [bytes, claimed] of [
      [SVG_WITH_SCRIPT, 'image/svg+xml'],
      [SVG_WITH_SCRIPT, 'image/png'],
      [TINY_GIF, 'image/gif'],
      [HTML_PAGE, 'image/png'],
      [HTML_PAGE, 'text/html'],
      [Buffer.from('{}'), 'application/json'],
    ] as const) {
      const res = await upload(a, bytes, claimed);
      expect(res.statusCode, `${claimed}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ message: m.logoInvalid, fields: { logo: m.logoInvalid } });
    }
    const empty = await a.put('/api/business-profile/logo', undefined, { 'content-type': 'image/png' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(m.logoInvalid);
    // The logo stored before is still the one served.
    expect((await a.get('/api/business-profile')).json()).toEqual(before);
    expect((await agent(t.app).get(before.logoUrl!)).headers['content-type']).toBe('image/png');
  });

  it('refuses a logo over 1 MB with a Dutch 413', async () => {
    const a = await owner(t);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024)]);
    const res = await upload(a, big, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: m.logoTooLarge,
      fields: { logo: m.logoTooLarge },
    });
    expect((await a.get('/api/business-profile')).json().logoUrl).toBeNull();
  });

  it('deletes the logo: its address answers a Dutch 404, like an owner without one', async () => {
    const a = await owner(t);
    const { logoUrl } = (await upload(a, TINY_PNG)).json() as BusinessProfileDto;
    const res = await a.delete('/api/business-profile/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json().logoUrl).toBeNull();
    const gone = await agent(t.app).get(logoUrl!);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'NOT_FOUND', message: m.logoNotFound });
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await agent(t.app).get('/api/public/logos/niet-een-id')).statusCode).toBe(404);
    // Another owner cannot remove or replace it: the routes only ever touch the caller's own profile.
    const b = await owner(t);
    await upload(a, TINY_PNG);
    await b.delete('/api/business-profile/logo');
    expect((await a.get('/api/business-profile')).json().logoUrl).not.toBeNull();
  });

  it('puts the business name and logo in the public event answer', async () => {
    const a = await owner(t);
    const event = (await a.post('/api/events', eventPayload({ title: 'Knippen' }))).json() as {
      slug: string;
    };
    const before = (await agent(t.app).get(`/api/public/events/${event.slug}`)).json();
    expect(before.business).toMatchObject({ name: null, logoUrl: null });
    await a.patch('/api/business-profile', { name: 'Salon Zon', privacyUrl: 'https://zon.example/privacy' });
    const { logoUrl, publicSlug } = (await upload(a, TINY_WEBP)).json() as BusinessProfileDto;
    const after = (await agent(t.app).get(`/api/public/events/${event.slug}`)).json();
    expect(after.business).toEqual({
      name: 'Salon Zon',
      logoUrl,
      publicSlug,
      privacyUrl: 'https://zon.example/privacy',
    });
  });

  it('sends e-mail under the business name unless the owner chose a sender name', async () => {
    const { owner: a, event } = await notifyingEvent(t, { title: 'Föhnen' });
    await a.patch('/api/business-profile', { name: 'Salon "De Spiegel"' });
    const date = nextBookableDate(event);
    await bookAs(t, event.id, date, '10:00', 'Jan', 'jan.afzender@example.nl');
    const first = await eventually(
      () => t.smtp.received.find((r) => r.envelope.to.includes('jan.afzender@example.nl')),
      15_000,
      'confirmation',
    );
    expect(first.mail.from?.value[0]).toEqual({
      name: 'Salon "De Spiegel"',
      address: 'noreply@afspraak.test',
    });

    // The owner's own choice ('Afzendernaam') comes first.
    await a.post('/api/email-settings', { provider: 'system', fromName: 'Team Spiegel' });
    await bookAs(t, event.id, date, '11:00', 'Els', 'els.afzender@example.nl');
    const second = await eventually(
      () => t.smtp.received.find((r) => r.envelope.to.includes('els.afzender@example.nl')),
      15_000,
      'confirmation',
    );
    expect(second.mail.from?.value[0]?.name).toBe('Team Spiegel');

    // The test mail of the e-mail settings goes out under the same rule.
    await a.post('/api/email-settings', { provider: 'system', fromName: '' });
    expect((await a.post('/api/email-settings/test')).statusCode).toBe(200);
    const test = await eventually(
      () => t.smtp.received.find((r) => r.mail.subject === nl.settings.testSubject),
      15_000,
      'test mail',
    );
    expect(test.mail.from?.value[0]?.name).toBe('Salon "De Spiegel"');

    // So does the cancellation of an erased customer's future booking (a farewell mail).
    await bookAs(t, event.id, date, '12:00', 'Wim', 'wim.afzender@example.nl');
    expect((await a.post('/api/customers/erase', { email: 'wim.afzender@example.nl' })).statusCode).toBe(200);
    const farewell = await eventually(
      () =>
        t.smtp.received.find(
          (r) =>
            r.envelope.to.includes('wim.afzender@example.nl') && /^Geannuleerd/.test(r.mail.subject ?? ''),
        ),
      15_000,
      'farewell cancellation',
    );
    expect(farewell.mail.from?.value[0]?.name).toBe('Salon "De Spiegel"');
  });
});
