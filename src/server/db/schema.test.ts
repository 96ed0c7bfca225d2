import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, queryRows, type TestDatabase } from '../test/databases';
import { PG_EXCLUSION_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from './client';
import * as s from './schema';

const workingDays = { '1': { enabled: true, startTime: '09:00', endTime: '17:00' } };
/** The app stamps created_at and updated_at itself (no database default): these rows get this instant. */
const at = new Date();
const stamped = { createdAt: at, updatedAt: at };

describe.each(dbKinds())('data model on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  async function owner(username: string) {
    const [u] = await database.db
      .insert(s.users)
      .values({ username, ...stamped })
      .returning();
    await database.db.insert(s.members).values({
      id: u!.id,
      businessId: u!.id,
      username,
      password: 'x',
      name: username,
      role: 'eigenaar',
      createdAt: stamped.createdAt,
    });
    return u!;
  }
  async function event(userId: string, slug: string, categoryId?: string) {
    const [e] = await database.db
      .insert(s.events)
      .values({
        ...stamped,
        userId,
        title: 'Knippen',
        workingDays,
        dateRangeType: 'range',
        durationMinutes: 30,
        slug,
        categoryId,
      })
      .returning();
    return e!;
  }
  let tokenCounter = 0;
  function booking(
    eventId: string,
    start: string,
    end: string,
    status: 'confirmed' | 'cancelled' | 'pending' = 'confirmed',
  ) {
    return database.db.insert(s.bookings).values({
      ...stamped,
      eventId,
      customerName: 'Klant',
      bookingDate: start.slice(0, 10),
      bookingTime: start.slice(11, 16),
      startsAt: new Date(start),
      endsAt: new Date(end),
      status,
      managementTokenHash: `hash-${++tokenCounter}`,
    });
  }
  async function codeOf(p: Promise<unknown>) {
    try {
      await p;
      return 'ok';
    } catch (err) {
      return pgErrorCode(err);
    }
  }

  it('applies the spec defaults', async () => {
    const u = await owner('defaults');
    expect(u).toMatchObject({ emailProvider: 'system', smtpSecure: true, timeZone: 'Europe/Amsterdam' });
    const e = await event(u.id, 'defaults');
    expect(e).toMatchObject({
      requiresPayment: false,
      currency: 'EUR',
      themeColor: '#3B82F6',
      categoryId: null,
    });
    const [c] = await database.db
      .insert(s.eventCategories)
      .values({ userId: u.id, name: 'Haar', ...stamped })
      .returning();
    expect(c!.color).toBe('#3B82F6');
  });

  it('copies the event owner onto every booking', async () => {
    const u = await owner('trigger');
    const e = await event(u.id, 'trigger');
    await booking(e.id, '2026-12-09T09:00:00Z', '2026-12-09T09:30:00Z');
    const [row] = await database.db.select().from(s.bookings).where(eq(s.bookings.eventId, e.id));
    expect(row!.ownerId).toBe(u.id);
  });

  it('refuses overlapping non-cancelled bookings of one agenda, whatever their events', async () => {
    const u = await owner('overlap');
    const e = await event(u.id, 'overlap');
    const sameAgenda = await event(u.id, 'overlap-3');
    const [room] = await database.db
      .insert(s.agendas)
      .values({ userId: u.id, name: 'Kamer 2', ...stamped })
      .returning();
    const other = await event(u.id, 'overlap-2');
    await database.db
      .update(s.events)
      .set({ agendaIds: [room!.id] })
      .where(eq(s.events.id, other.id));
    expect(await codeOf(booking(e.id, '2026-12-01T09:00:00Z', '2026-12-01T09:30:00Z'))).toBe('ok');
    expect(await codeOf(booking(e.id, '2026-12-01T09:15:00Z', '2026-12-01T09:45:00Z'))).toBe(
      PG_EXCLUSION_VIOLATION,
    );
    expect(await codeOf(booking(e.id, '2026-12-01T09:00:00Z', '2026-12-01T09:30:00Z', 'pending'))).toBe(
      PG_EXCLUSION_VIOLATION,
    );
    // Another service in the same (default) agenda is refused too.
    expect(await codeOf(booking(sameAgenda.id, '2026-12-01T09:00:00Z', '2026-12-01T09:30:00Z'))).toBe(
      PG_EXCLUSION_VIOLATION,
    );
    // Adjacent slots touch but do not overlap ([) ranges); another agenda is independent.
    expect(await codeOf(booking(e.id, '2026-12-01T09:30:00Z', '2026-12-01T10:00:00Z'))).toBe('ok');
    expect(await codeOf(booking(other.id, '2026-12-01T09:00:00Z', '2026-12-01T09:30:00Z'))).toBe('ok');
    // A cancelled booking frees its slot, and any number of cancelled ones may overlap.
    expect(await codeOf(booking(e.id, '2026-12-02T09:00:00Z', '2026-12-02T09:30:00Z', 'cancelled'))).toBe(
      'ok',
    );
    expect(await codeOf(booking(e.id, '2026-12-02T09:00:00Z', '2026-12-02T09:30:00Z', 'cancelled'))).toBe(
      'ok',
    );
    expect(await codeOf(booking(e.id, '2026-12-02T09:00:00Z', '2026-12-02T09:30:00Z'))).toBe('ok');
  });

  it('keeps exactly one of many concurrent inserts for one slot', async () => {
    const u = await owner('race');
    const e = await event(u.id, 'race');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => codeOf(booking(e.id, '2026-12-03T10:00:00Z', '2026-12-03T10:30:00Z'))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === PG_EXCLUSION_VIOLATION)).toHaveLength(19);
  });

  it('enforces unique slugs, usernames (any case) and payment intents', async () => {
    const u = await owner('Uniek');
    await event(u.id, 'uniek');
    expect(await codeOf(event(u.id, 'uniek'))).toBe(PG_UNIQUE_VIOLATION);
    expect(await codeOf(database.db.insert(s.users).values({ username: 'uniek', ...stamped }))).toBe(
      PG_UNIQUE_VIOLATION,
    );
    const e = await event(u.id, 'uniek-2');
    const pay = (start: string) =>
      database.db.insert(s.bookings).values({
        ...stamped,
        eventId: e.id,
        customerName: 'K',
        bookingDate: start.slice(0, 10),
        bookingTime: '09:00',
        startsAt: new Date(start),
        endsAt: new Date(new Date(start).getTime() + 1800_000),
        managementTokenHash: `pi-${start}`,
        stripePaymentIntentId: 'pi_123',
      });
    expect(await codeOf(pay('2026-12-04T09:00:00Z'))).toBe('ok');
    expect(await codeOf(pay('2026-12-05T09:00:00Z'))).toBe(PG_UNIQUE_VIOLATION);
  });

  it('cascades: event → fields, bookings, webhooks; category → null; user → everything', async () => {
    const u = await owner('cascade');
    const [cat] = await database.db
      .insert(s.eventCategories)
      .values({ userId: u.id, name: 'Nagels', ...stamped })
      .returning();
    const e = await event(u.id, 'cascade', cat!.id);
    await database.db
      .insert(s.customFields)
      .values({ eventId: e.id, fieldName: 'Naam', fieldType: 'text', isRequired: true });
    await database.db
      .insert(s.eventWebhooks)
      .values({ eventId: e.id, url: 'https://example.nl/hook', name: 'CRM', secret: 'whsec_x', ...stamped });
    await booking(e.id, '2026-12-06T09:00:00Z', '2026-12-06T09:30:00Z');

    await database.db.delete(s.eventCategories).where(eq(s.eventCategories.id, cat!.id));
    const [after] = await database.db.select().from(s.events).where(eq(s.events.id, e.id));
    expect(after!.categoryId).toBeNull();

    await database.db.delete(s.events).where(eq(s.events.id, e.id));
    const count = async (table: string) =>
      (
        await queryRows<{ n: number }>(
          database,
          sql`select count(*)::int as n from ${sql.identifier(table)} where event_id = ${e.id}`,
        )
      )[0]!.n;
    expect(await count('custom_fields')).toBe(0);
    expect(await count('bookings')).toBe(0);
    expect(await count('event_webhooks')).toBe(0);

    const e2 = await event(u.id, 'cascade-2');
    await database.db.insert(s.eventCategories).values({ userId: u.id, name: 'Rest', ...stamped });
    await database.db
      .insert(s.eventTemplates)
      .values({ userId: u.id, templateName: 'Sjabloon', workingDays, ...stamped });
    await database.db.insert(s.emailTemplates).values({
      userId: u.id,
      templateType: 'reminder',
      subject: 'Herinnering',
      htmlBody: '<p>Hoi</p>',
      ...stamped,
    });
    await database.db.insert(s.sessions).values({
      id: 'sess-cascade',
      userId: u.id,
      memberId: u.id,
      expiresAt: new Date(at.getTime() + 1000),
      ...stamped,
    });
    await database.db.delete(s.users).where(eq(s.users.id, u.id));
    for (const table of ['events', 'event_categories', 'event_templates', 'email_templates', 'sessions']) {
      const rows = await queryRows<{ n: number }>(
        database,
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${u.id}`,
      );
      expect(rows[0]!.n, table).toBe(0);
    }
    expect(await database.db.select().from(s.events).where(eq(s.events.id, e2.id))).toHaveLength(0);
  });

  it('rejects values outside the allowed sets', async () => {
    const u = await owner('checks');
    expect(
      await codeOf(
        database.db.insert(s.events).values({
          ...stamped,
          userId: u.id,
          title: 'x',
          workingDays,
          dateRangeType: 'weekly' as 'range',
          durationMinutes: 30,
          slug: 'checks',
        }),
      ),
    ).toBe('23514');
    expect(
      await codeOf(
        database.db
          .insert(s.eventTemplates)
          .values({ userId: u.id, templateName: 't', workingDays, currency: 'JPY', ...stamped }),
      ),
    ).toBe('23514');
  });
});
