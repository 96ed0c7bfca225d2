/**
 * The 100,000 bookings of B6, B8 and B14: one owner with 20 events × 5,000 bookings written directly
 * in SQL (each event books into an agenda of its own, so none overlap).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { BENCH_SECRET, freshDatabase } from './server';

export const BENCH_PASSWORD = 'geheim123';

/**
 * The app in this process on a fresh database of the kind, with one owner (`username`, signed in as
 * `cookie`) holding `bookings` seeded bookings, its statistics updated as autovacuum (PostgreSQL) or
 * the hourly maintenance job (embedded) keeps them in production.
 */
export async function seededApp(
  label: 'embedded' | 'postgres',
  bookings: number,
  username: string,
  opts: { customers?: number; perDay?: number } = {},
) {
  const target = await freshDatabase(label);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'silent',
    APP_SECRET: BENCH_SECRET,
    DATABASE_URL: target.url,
  });
  const database = openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  const reg = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, password: BENCH_PASSWORD },
  });
  const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
  await seedBookings(app, database, cookie, bookings, label, opts.customers, opts.perDay);
  await database.db.execute(sql`vacuum analyze`);
  return { target, app, database, cookie };
}

const EVENTS = 20;

/**
 * Without `customers`, booking g of every event is customer g ('klant{g}@example.nl'), linked by the
 * database's trigger as any booking is. With it, that many customer records are written first and
 * the bookings spread over them (booking g of event e belongs to customer (e × perEvent + g) mod
 * customers), linked in the same statement, as an import followed by years of bookings would be.
 * Each event books `perDay` consecutive half hours a day from 08:00 UTC (24 by default, about seven
 * months; 7 spreads 100,000 bookings over about two years, some 4,200 in a month).
 */
export async function seedBookings(
  app: FastifyInstance,
  database: Database,
  cookie: string,
  bookings: number,
  label: string,
  customers?: number,
  perDay = 24,
) {
  const workingDays = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
      k,
      { enabled: true, startTime: '08:00', endTime: '20:00' },
    ]),
  );
  const perEvent = Math.ceil(bookings / EVENTS);
  console.log(
    `[${label}] seeding ${EVENTS * perEvent} bookings${customers ? ` of ${customers} customers` : ''}…`,
  );
  const [owner] = (
    (await database.db.execute(sql`select id from users order by created_at desc limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  if (customers)
    await database.db.execute(sql`
      insert into customers (business_id, name, email, phone, tags, created_at, updated_at)
      select ${owner!.id}::uuid, 'Klant ' || n, 'klant' || n || '@example.nl', '+316' || lpad(n::text, 8, '0'),
             case when n % 10 = 0 then array['vip'] else '{}'::text[] end,
             timestamptz '2025-01-01 08:00+00', timestamptz '2025-01-01 08:00+00'
      from generate_series(0, ${customers - 1}) n`);
  for (let e = 0; e < EVENTS; e++) {
    // Every event has the same times, so each books into an agenda of its own (a chair per event):
    // bookings of one agenda never overlap.
    const agenda = await app.inject({
      method: 'POST',
      url: '/api/agendas',
      headers: { cookie },
      payload: { name: `Stoel ${e + 1}` },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie },
      payload: {
        title: `Bench ${e}`,
        workingDays,
        dateRangeType: 'range',
        dateRangeStart: '2026-01-01',
        dateRangeEnd: '2028-12-31',
        durationMinutes: 30,
        requiresPayment: e % 2 === 0,
        paymentAmount: e % 2 === 0 ? '25' : null,
        customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true }],
        agendaIds: [agenda.json().id],
      },
    });
    const eventId = res.json().id as string;
    // Consecutive 30-minute slots from 2026-01-01 08:00 UTC, `perDay` per day, never overlapping;
    // each written the day before its appointment.
    const per = sql.raw(String(Math.trunc(perDay)));
    const who = customers ? sql`((${e * perEvent} + g) % ${customers})` : sql`g`;
    await database.db.execute(sql`
      insert into bookings (event_id, customer_id, customer_name, customer_email, customer_phone, booking_date, booking_time, starts_at, ends_at, status, payment_status, management_token_hash, custom_field_responses, created_at, updated_at)
      select ${eventId}::uuid,
             ${customers ? sql`(select c.id from customers c where c.business_id = ${owner!.id}::uuid and c.email_key = 'klant' || ${who} || '@example.nl')` : sql`null`},
             'Klant ' || ${who}, 'klant' || ${who} || '@example.nl', '+3161234' || lpad((g % 10000)::text, 4, '0'),
             (timestamptz '2026-01-01 08:00+00' + (g / ${per}) * interval '1 day' + (g % ${per}) * interval '30 minutes')::date,
             to_char(timestamptz '2026-01-01 08:00+00' + (g / ${per}) * interval '1 day' + (g % ${per}) * interval '30 minutes', 'HH24:MI'),
             timestamptz '2026-01-01 08:00+00' + (g / ${per}) * interval '1 day' + (g % ${per}) * interval '30 minutes',
             timestamptz '2026-01-01 08:30+00' + (g / ${per}) * interval '1 day' + (g % ${per}) * interval '30 minutes',
             case when g % 17 = 0 then 'cancelled' else 'confirmed' end,
             case when g % 3 = 0 then 'paid' else 'not_required' end,
             ${eventId} || '-' || g, jsonb_build_object('Naam', 'Klant ' || ${who}),
             timestamptz '2025-12-31 08:00+00' + (g / ${per}) * interval '1 day',
             timestamptz '2025-12-31 08:00+00' + (g / 24) * interval '1 day'
      from generate_series(0, ${perEvent - 1}) g`);
  }
}
