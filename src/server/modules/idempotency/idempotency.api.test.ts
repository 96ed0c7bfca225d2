import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { dbKinds, queryRows } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookableDates, upcomingRange } from '../../test/test-today';

describe.each(dbKinds())('Idempotency-Key on the public writes, on %s', (kind) => {
  let t: TestApp;
  let event: EventDto;
  let dates: string[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const o = await owner(t);
    event = (await o.post('/api/events', eventPayload(upcomingRange()))).json();
    dates = bookableDates(event, 4);
  });
  afterAll(() => t.close());

  const body = (date: string, time = '10:00', name = 'Iris Idem') => ({
    eventId: event.id,
    bookingDate: date,
    bookingTime: time,
    customFieldResponses: { Naam: name, 'E-mail': 'iris@example.nl' },
  });
  const post = (payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/bookings',
      headers: key ? { 'idempotency-key': key } : {},
      payload: payload as object,
    });
  const stored = async (date: string) =>
    (
      await queryRows<{ n: number }>(
        t.database,
        sql`select count(*)::int as n from bookings where event_id = ${event.id} and booking_date = ${date} and status <> 'cancelled'`,
      )
    )[0]!.n;

  it('20 parallel retries with one key book once and all get the first answer (201, one manage token)', async () => {
    const key = `poging-${kind}-1`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body(dates[0]!), key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const tokens = new Set(answers.map((a) => a.json().managementToken as string));
    expect(tokens.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await stored(dates[0]!)).toBe(1);

    // Later, the same key still answers the first result.
    const later = await post(body(dates[0]!), key);
    expect(later.statusCode).toBe(201);
    expect(later.json().managementToken).toBe([...tokens][0]);
    expect(await stored(dates[0]!)).toBe(1);
  });

  it('without a key a retry is a second booking attempt: the slot is taken', async () => {
    expect((await post(body(dates[1]!))).statusCode).toBe(201);
    const again = await post(body(dates[1]!));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SLOT_TAKEN');
  });

  it('the same key with another body is refused, a malformed key too; neither books', async () => {
    const key = `poging-${kind}-2`;
    expect((await post(body(dates[2]!), key)).statusCode).toBe(201);
    const other = await post(body(dates[2]!, '11:00'), key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ code: 'CONFLICT', message: nl.errors.idempotencyKeyReused });
    const bad = await post(body(dates[2]!, '12:00'), 'met spatie');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(nl.errors.idempotencyKeyInvalid);
    expect(await stored(dates[2]!)).toBe(1);
  });

  it('a move retried with its key moves once and answers the first result', async () => {
    const created = (await post(body(dates[3]!), `poging-${kind}-3`)).json();
    const token = created.managementToken as string;
    const move = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/public/bookings/manage/${token}`,
        headers: { 'idempotency-key': `verzet-${kind}` },
        payload: { bookingDate: dates[3]!, bookingTime: '14:00' },
      });
    const [first, retry] = [await move(), await move()];
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const history = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from booking_history h join bookings b on b.id = h.booking_id
          where b.id = ${created.booking.id as string} and h.kind = 'rescheduled'`,
    );
    expect(history[0]!.n).toBe(1);
  });
});
