import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { intentIdOf, type FakeStripe } from '../../test/fake-stripe';
import { eventPayload, owner } from '../../test/fixtures';
import { paidAnswers, paidEventOwner, paidFlow, startPaidApp } from '../../test/paid-events';
import { agent, type TestApp } from '../../test/test-app';

const m = nl.payments;
// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe.each(dbKinds())('releasing and extending a payment hold on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock = NOW;
  let flow: ReturnType<typeof paidFlow>;
  let paid: Awaited<ReturnType<typeof paidEventOwner>>;
  let close: () => Promise<void>;
  const release = (token: string) => agent(t.app).post(`/api/public/payment-holds/${token}/release`);
  const extend = (token: string) => agent(t.app).post(`/api/public/payment-holds/${token}/extend`);
  const statusOf = async (token: string) =>
    (await agent(t.app).get(`/api/public/bookings/manage/${token}`)).json().booking as {
      status: string;
      paymentStatus: string;
    };
  const busyAt = async (date: string, time: string) => {
    const month = (
      await agent(t.app).get(`/api/public/events/${paid.event.id}/availability?month=${date.slice(0, 7)}`)
    ).json() as { days: { date: string; slots: { time: string; busy: boolean }[] }[] };
    return month.days.find((d) => d.date === date)?.slots.find((s) => s.time === time)?.busy;
  };

  beforeAll(async () => {
    ({ t, fake, paid, flow, close } = await startPaidApp(kind, () => clock));
  });
  afterAll(() => close());
  beforeEach(() => {
    clock = NOW;
  });

  it('releases an unpaid hold by its token: the slot is free at once, a repeat changes nothing', async () => {
    const held = (await flow.hold('2026-12-02', '10:00')).json();
    // Read (and cached) while held.
    expect(await flow.takenTimes('2026-12-02')).toEqual(['10:00']);
    expect(await busyAt('2026-12-02', '10:00')).toBe(true);

    const res = await release(held.managementToken);
    expect(res.statusCode).toBe(204);
    expect(await statusOf(held.managementToken)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'pending',
    });
    expect(await flow.takenTimes('2026-12-02')).toEqual([]);
    expect(await busyAt('2026-12-02', '10:00')).toBe(false);
    expect((await release(held.managementToken)).statusCode).toBe(204);

    // Another customer takes the time straight away; the released hold's intent is cancelled later.
    const next = await flow.hold('2026-12-02', '10:00', { customerName: 'Iemand Anders' });
    expect(next.statusCode).toBe(201);
    const report = await t.app.services.payments.reconcilePayments(clock);
    expect(report.errors).toBe(0);
    expect(fake.intent(intentIdOf(held.clientSecret)).status).toBe('canceled');
    expect(fake.intent(intentIdOf(next.json().clientSecret)).status).toBe('requires_payment_method');
  });

  it('never releases a booking: a paid hold or a free booking is refused with a Dutch 409', async () => {
    const held = (await flow.hold('2026-12-03', '10:00')).json();
    const intentId = intentIdOf(held.clientSecret);
    fake.setStatus(intentId, 'succeeded');
    expect((await flow.confirm(intentId, '2026-12-03', '10:00')).statusCode).toBe(201);
    const refused = await release(held.managementToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.holdNotOpen);
    expect(await statusOf(held.managementToken)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    expect((await extend(held.managementToken)).json().message).toBe(m.holdNotOpen);

    const a = await owner(t);
    const free = (await a.post('/api/events', eventPayload())).json();
    const booked = await agent(t.app).post('/api/public/bookings', {
      eventId: free.id,
      bookingDate: '2026-12-03',
      bookingTime: '11:00',
      customFieldResponses: paidAnswers(),
    });
    expect(booked.statusCode).toBe(201);
    const token = booked.json().managementToken as string;
    expect((await release(token)).statusCode).toBe(409);
    expect(await statusOf(token)).toMatchObject({ status: 'confirmed' });
  });

  it('answers an unknown or malformed token in Dutch, never 5xx', async () => {
    const unknown = await release('a'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(nl.booking.bookingNotFound);
    const malformed = await extend('kort');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe(nl.errors.notFound);
  });

  it("'Meer tijd' holds 15 minutes from then on, up to 60 minutes after the hold was taken", async () => {
    const held = (await flow.hold('2026-12-04', '10:00')).json();
    expect(held.expiresAt).toBe(at(15).toISOString());

    clock = at(13);
    const first = await extend(held.managementToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ expiresAt: at(28).toISOString(), extendable: true });
    // Past its first 15 minutes the slot is still held for this customer alone.
    clock = at(20);
    expect(await flow.takenTimes('2026-12-04')).toEqual(['10:00']);
    expect((await flow.hold('2026-12-04', '10:00')).json().message).toBe(nl.booking.slotTaken);

    clock = at(27);
    expect((await extend(held.managementToken)).json()).toEqual({
      expiresAt: at(42).toISOString(),
      extendable: true,
    });
    clock = at(50);
    expect((await extend(held.managementToken)).statusCode).toBe(409); // lapsed at 42
    expect((await extend(held.managementToken)).json().message).toBe(m.holdExpired);
    expect(await flow.takenTimes('2026-12-04')).toEqual([]);
  });

  it('stops at the longest hold: the last extension says so, a further one is refused', async () => {
    const held = (await flow.hold('2026-12-07', '10:00')).json();
    for (const [minute, until] of [
      [13, 28],
      [26, 41],
      [39, 54],
    ] as const) {
      clock = at(minute);
      expect((await extend(held.managementToken)).json()).toEqual({
        expiresAt: at(until).toISOString(),
        extendable: true,
      });
    }
    clock = at(52);
    expect((await extend(held.managementToken)).json()).toEqual({
      expiresAt: at(60).toISOString(),
      extendable: false,
    });
    clock = at(58);
    const refused = await extend(held.managementToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.holdAtLimit);
    clock = at(61);
    expect(await flow.takenTimes('2026-12-07')).toEqual([]);

    // A released hold is not extended either.
    clock = NOW;
    const otherHold = await flow.hold('2026-12-03', '15:00');
    expect(otherHold.statusCode, otherHold.body).toBe(201);
    const other = otherHold.json();
    await release(other.managementToken);
    expect((await extend(other.managementToken)).json().message).toBe(m.holdNotOpen);
  });
});
