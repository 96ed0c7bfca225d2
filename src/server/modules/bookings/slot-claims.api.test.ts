import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { AppError } from '../../http/app-error';
import { dbKinds, queryRows } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { bookableDates } from '../../test/test-today';
import { bookAt, ruledService, settableClock } from '../../test/rules-fixtures';
import { createSlotClaims, type ClaimOutcome } from './slot-claims';

const b = nl.booking;
const SLOT_TAKEN = { code: 'SLOT_TAKEN', message: b.slotTaken };

const tookOne = (agendaId: string, candidates = [agendaId]) => ({
  result: agendaId,
  took: { agendaId, candidates } satisfies ClaimOutcome,
});
const later = <T>(value: () => T, ms = 20) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(value());
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    }, ms),
  );

/** docs/decisions/008-slot-claims.md: what a request that waited for a write of its slot is told. */
describe('slot claims', () => {
  it('answers the requests that waited for a committed write the 409 of a taken slot, without writing', async () => {
    const claims = createSlotClaims();
    let writes = 0;
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        claims.run('k', () => {
          writes++;
          return later(() => tookOne('a'));
        }),
      ),
    );
    expect(writes).toBe(1);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', ...Array(4).fill('rejected')]);
    for (const a of answers.slice(1))
      expect((a as PromiseRejectedResult).reason).toMatchObject({ code: 'SLOT_TAKEN', message: b.slotTaken });
    expect(claims.size).toBe(0);
  });

  it('lets the next request write when the first one failed for a reason of its own', async () => {
    const claims = createSlotClaims();
    const order: string[] = [];
    const first = claims.run('k', () => {
      order.push('first');
      return later(() => {
        throw new AppError('VALIDATION', 'Naam: verplicht');
      });
    });
    const second = claims.run('k', () => {
      order.push('second');
      return later(() => tookOne('a'));
    });
    await expect(first).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(second).resolves.toBe('a');
    expect(order).toEqual(['first', 'second']);
  });

  it('gives the waiting requests the refusal of the slot the database gave the writer', async () => {
    const claims = createSlotClaims();
    let writes = 0;
    const answers = await Promise.allSettled(
      Array.from({ length: 3 }, () =>
        claims.run('k', () => {
          writes++;
          return later(() => {
            throw new AppError('SLOT_TAKEN', b.dayFull);
          });
        }),
      ),
    );
    expect(writes).toBe(1);
    for (const a of answers)
      expect((a as PromiseRejectedResult).reason).toMatchObject({ code: 'SLOT_TAKEN', message: b.dayFull });
  });

  it('keeps waiting requests writing while one of their agendas is still free ("Geen voorkeur")', async () => {
    const claims = createSlotClaims();
    const free = ['a', 'b'];
    const answers = await Promise.allSettled(
      Array.from({ length: 4 }, () => claims.run('k', () => later(() => tookOne(free.shift()!, ['a', 'b'])))),
    );
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : 'taken'))).toEqual([
      'a',
      'b',
      'taken',
      'taken',
    ]);
  });

  it('does not make requests of other slots wait', async () => {
    const claims = createSlotClaims();
    const slow = claims.run('k1', () => later(() => tookOne('a'), 200));
    const started = performance.now();
    await expect(claims.run('k2', () => later(() => tookOne('a'), 1))).resolves.toBe('a');
    expect(performance.now() - started).toBeLessThan(150);
    await slow;
  });
});

describe.each(dbKinds())('racers for one slot on %s', (kind) => {
  let t: TestApp;
  const clock = settableClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
  });
  afterAll(() => t?.close());

  const liveAt = (eventId: string, date: string, time: string) =>
    queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from bookings
           where event_id = ${eventId} and booking_date = ${date} and booking_time = ${time}
             and status <> 'cancelled'`,
    ).then((rows) => rows[0]!.n);

  it('books the slot once for 40 parallel customers; every other one gets the Dutch 409', async () => {
    const a = await owner(t);
    const service = await ruledService(a, 'Knippen', 30);
    const [date] = bookableDates(service, 1);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => bookAt(t, service.id, date!, '10:00', `Klant ${i}`)),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const lost = answers.filter((r) => r.statusCode !== 201);
    expect(lost.map((r) => r.statusCode)).toEqual(Array(39).fill(409));
    for (const r of lost) expect(r.json()).toMatchObject(SLOT_TAKEN);
    expect(await liveAt(service.id, date!, '10:00')).toBe(1);
  }, 60_000);

  it('leaves the slot bookable when the first request of a race fails; one of the others books it', async () => {
    const a = await owner(t);
    const service = await ruledService(a, 'Knippen', 30);
    const [date] = bookableDates(service, 1);
    const customer = agent(t.app);
    // Without the required name: refused with its own 400, whatever the others do.
    const wrong = customer.post('/api/public/bookings', {
      eventId: service.id,
      bookingDate: date,
      bookingTime: '11:00',
      customFieldResponses: { 'E-mail': 'zonder-naam@example.nl' },
    });
    const others = Array.from({ length: 10 }, (_, i) => bookAt(t, service.id, date!, '11:00', `Klant ${i}`));
    const [refused, ...answers] = await Promise.all([wrong, ...others]);
    expect([400, 409]).toContain(refused!.statusCode);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((r) => r.statusCode !== 201)) expect(r.json()).toMatchObject(SLOT_TAKEN);
    expect(await liveAt(service.id, date!, '11:00')).toBe(1);
  }, 60_000);

  it('answers a lone customer whose request failed, then books the same slot for the next one', async () => {
    const a = await owner(t);
    const service = await ruledService(a, 'Knippen', 30);
    const [date] = bookableDates(service, 1);
    const res = await agent(t.app).post('/api/public/bookings', {
      eventId: service.id,
      bookingDate: date,
      bookingTime: '14:00',
      customFieldResponses: { 'E-mail': 'zonder-naam@example.nl' },
    });
    expect(res.statusCode).toBe(400);
    expect((await bookAt(t, service.id, date!, '14:00', 'Anna')).statusCode).toBe(201);
    expect(await liveAt(service.id, date!, '14:00')).toBe(1);
  });
});
