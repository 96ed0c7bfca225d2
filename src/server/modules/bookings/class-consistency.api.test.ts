import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';

// Tuesday 2 March 2027, 08:00 in Amsterdam; the day swept is Wednesday 3 March.
const NOW = new Date('2027-03-02T07:00:00Z');
const DAY = '2027-03-03';

type Slot = { time: string; busy: boolean; seatsLeft?: number };

/**
 * What the month offers for a class is what the server accepts (docs/PRODUCT.md#classes), time by
 * time: one place is stored exactly when the month says the time is free, two exactly when it says at
 * least two places are left. Each stored booking is cancelled again through its manage link, so every
 * time meets the same occupancy: classes with places left, a full one, one overlapping class times
 * of the same service (every half hour), and another service's booking.
 */
describe.each(dbKinds())('class availability matches what the server accepts on %s', (kind) => {
  let t: TestApp;
  let classId: string;
  let n = 0;
  const book = (eventId: string, time: string, seats?: number) =>
    agent(t.app).post('/api/public/bookings', {
      eventId,
      bookingDate: DAY,
      bookingTime: time,
      customFieldResponses: { Naam: `Klant ${++n}`, 'E-mail': `klant${n}@example.nl` },
      ...(seats ? { seats } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    const a = await owner(t);
    const common = { dateRangeStart: '2027-03-01', dateRangeEnd: '2027-03-12', dailyPauseTimes: {} };
    const make = async (extra: Parameters<typeof eventPayload>[0]) => {
      const res = await a.post('/api/events', eventPayload({ ...common, ...extra }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    classId = await make({
      title: 'Pilates',
      durationMinutes: 60,
      slotIntervalMinutes: 30,
      seats: 4,
      maxSeatsPerBooking: 2,
    });
    const intake = await make({ title: 'Intake', durationMinutes: 30 });
    // 10:00 three places sold (one left), 12:00 full, 15:00 one sold; an intake 13:30–14:00.
    for (const [time, seats] of [
      ['10:00', 2],
      ['10:00', 1],
      ['12:00', 2],
      ['12:00', 2],
      ['15:00', 1],
    ] as const) {
      const res = await book(classId, time, seats);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await book(intake, '13:30')).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  async function month(): Promise<Slot[]> {
    const res = await agent(t.app).get(`/api/public/events/${classId}/availability?month=2027-03`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().days as Array<{ date: string; slots: Slot[] }>).find((d) => d.date === DAY)!.slots;
  }

  it('one place and two places, every time of the day', async () => {
    const slots = await month();
    expect(slots.length).toBeGreaterThan(10);
    const offered: Record<string, [boolean, boolean]> = {};
    const accepted: Record<string, [boolean, boolean]> = {};
    for (const s of slots) {
      offered[s.time] = [!s.busy, (s.seatsLeft ?? 0) >= 2];
      const answers: boolean[] = [];
      for (const seats of [1, 2]) {
        const res = await book(classId, s.time, seats);
        expect([201, 409], `${s.time} × ${seats}: ${res.body}`).toContain(res.statusCode);
        answers.push(res.statusCode === 201);
        if (res.statusCode === 201) {
          const cancel = await agent(t.app).delete(
            `/api/public/bookings/manage/${res.json().managementToken}`,
          );
          expect(cancel.statusCode, cancel.body).toBe(200);
        }
      }
      accepted[s.time] = answers as [boolean, boolean];
    }
    expect(accepted).toEqual(offered);
    // Every kind of answer occurs: free for two, free for one only, busy.
    expect(offered['10:00']).toEqual([true, false]);
    expect(offered['12:00']).toEqual([false, false]);
    expect(offered['15:00']).toEqual([true, true]);
    expect(offered['14:30']).toEqual([false, false]);
    // Nothing changed meanwhile: the sweep left the day as it found it.
    expect(await month()).toEqual(slots);
  });
});
