import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateEventBody } from '@contracts/events';
import { nl } from '@contracts/messages';
import type { PublicWaitlistEntry, WaitlistJoined } from '@contracts/public-waitlist';
import type { WaitlistList } from '@contracts/waitlist';
import { dbKinds, queryRows } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { eventually } from '../../test/wait';
import { sql } from 'drizzle-orm';

const w = nl.waitlist;
// Tuesday 2 March 2027, 08:00 in Amsterdam (UTC+1), as the class tests: the services run Monday to
// Friday in March's first two weeks. The clock is the test's: offers lapse when it is moved on.
const NOW = new Date('2027-03-02T07:00:00Z');
const WED = '2027-03-03';
const THU = '2027-03-04';
const FRI = '2027-03-05';
const range = { dateRangeStart: '2027-03-01', dateRangeEnd: '2027-03-12' } as const;
const HOUR = 3_600_000;

type Slot = { time: string; busy: boolean; seatsLeft?: number };

/**
 * The waitlist end to end (docs/PRODUCT.md#waitlist): joining in order, a freed class place offered
 * to the first whose places fit and held from everyone else, the offer lapsing to the next one on
 * the test's clock, the claim after the lapse refused, a claim that books, and a day's waiting
 * customers all told at once with exactly as many winners as there are places.
 */
describe.each(dbKinds())('waitlist on %s', (kind) => {
  let t: MailingApp;
  let a: Awaited<ReturnType<typeof owner>>;
  let clock = NOW;
  let customers = 0;
  const mailsTo = (to: string) => t.smtp.received.filter((x) => x.envelope.to.includes(to));
  const email = (name: string) => `${name.toLowerCase()}.${kind}@example.nl`;
  const tick = () => t.app.services.waitlist.offers.tick(clock);

  async function service(title: string, extra: Partial<CreateEventBody> = {}) {
    const res = await a.post(
      '/api/events',
      eventPayload({
        title,
        durationMinutes: 60,
        dailyPauseTimes: {},
        waitlistEnabled: true,
        ...range,
        ...extra,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }
  async function book(eventId: string, date: string, time: string, seats = 1) {
    const n = ++customers;
    const res = await agent(t.app).post('/api/public/bookings', {
      eventId,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: { Naam: `Klant ${n}`, 'E-mail': `klant${n}.${kind}@example.nl` },
      seats,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { booking: { id: string }; managementToken: string };
  }
  const join = (eventId: string, date: string, name: string, extra: Record<string, unknown> = {}) =>
    agent(t.app).post('/api/public/waitlist', { eventId, date, name, email: email(name), ...extra });
  async function joined(eventId: string, date: string, name: string, extra: Record<string, unknown> = {}) {
    const res = await join(eventId, date, name, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as WaitlistJoined;
  }
  const entry = async (token: string) =>
    (await agent(t.app).get(`/api/public/waitlist/${token}`)).json() as PublicWaitlistEntry;
  const claim = (token: string, name: string, extra: Record<string, unknown> = {}) =>
    agent(t.app).post(`/api/public/waitlist/${token}/claim`, {
      answers: { Naam: name, 'E-mail': email(name) },
      ...extra,
    });
  async function slotAt(eventId: string, date: string, time: string): Promise<Slot | undefined> {
    const res = await agent(t.app).get(`/api/public/events/${eventId}/availability?month=2027-03`);
    const days = res.json().days as Array<{ date: string; slots: Slot[] }>;
    return days.find((d) => d.date === date)?.slots.find((s) => s.time === time);
  }
  const cancel = (token: string) => agent(t.app).delete(`/api/public/bookings/manage/${token}`);

  beforeAll(async () => {
    t = await createMailingApp(kind, { now: () => clock });
    a = await owner(t);
  });
  afterAll(() => t.close());

  it('refuses waiting while there is room, for a service without a waitlist, and the same address twice', async () => {
    const off = await service('Zonder wachtlijst', { waitlistEnabled: false });
    const closed = await join(off.id, WED, 'Anna', { time: '10:00' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(w.notEnabled);

    const yoga = await service('Yoga', { seats: 2 });
    const roomy = await join(yoga.id, WED, 'Anna', { time: '10:00' });
    expect(roomy.statusCode).toBe(409);
    expect(roomy.json().message).toBe(w.timeNotFull);
    const day = await join(yoga.id, WED, 'Anna');
    expect(day.json().message).toBe(w.dayNotFull);
    const offGrid = await join(yoga.id, WED, 'Anna', { time: '10:15' });
    expect(offGrid.statusCode).toBe(400);

    await book(yoga.id, WED, '10:00', 1);
    await book(yoga.id, WED, '10:00', 1);
    expect(await slotAt(yoga.id, WED, '10:00')).toMatchObject({ busy: true, seatsLeft: 0 });
    const first = await joined(yoga.id, WED, 'Anna', { time: '10:00' });
    expect(first.position).toBe(1);
    const twice = await join(yoga.id, WED, 'Anna', { time: '10:00' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(w.alreadyOnTime);
    const bad = await agent(t.app).post('/api/public/waitlist', {
      eventId: yoga.id,
      date: WED,
      time: '10:00',
      name: ' ',
      email: 'geen-adres',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Vul/);
    // The confirmation carries the link to leave.
    const mail = await eventually(() => mailsTo(email('Anna'))[0], 15_000, 'joined mail');
    expect(mail.mail.subject).toBe('U staat op de wachtlijst: Yoga');
    expect(mail.mail.text).toContain(`/wachtlijst/${first.token}`);
  });

  it('keeps the order of concurrent joins: positions 1 to 10, each once', async () => {
    const pilates = await service('Pilates druk', { seats: 1 });
    await book(pilates.id, THU, '09:00');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => joined(pilates.id, THU, `Rij${i}`, { time: '09:00' })),
    );
    expect(answers.map((x) => x.position).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const list = (await a.get(`/api/waitlist?eventId=${pilates.id}&date=${THU}`)).json() as WaitlistList;
    expect(list.entries.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The list's order is the order of the joins' answers.
    const byPosition = [...answers].sort((x, y) => x.position - y.position);
    const pages = await Promise.all(byPosition.map((x) => entry(x.token)));
    expect(pages.map((p) => p.customerName)).toEqual(list.entries.map((e) => e.customerName));
  });

  it('offers a freed place to the first whose places fit, holds it, passes it on when it lapses', async () => {
    const les = await service('Spinning', { seats: 3, maxSeatsPerBooking: 2, waitlistOfferMinutes: 60 });
    const sold = [await book(les.id, FRI, '11:00', 1), await book(les.id, FRI, '11:00', 2)];
    const duo = await joined(les.id, FRI, 'Duo', { time: '11:00', seats: 2 });
    const bram = await joined(les.id, FRI, 'Bram', { time: '11:00' });
    const cor = await joined(les.id, FRI, 'Cor', { time: '11:00' });
    expect([duo.position, bram.position, cor.position]).toEqual([1, 2, 3]);

    // One place comes free: the duo's two do not fit, Bram is next.
    expect((await cancel(sold[0]!.managementToken)).statusCode).toBe(200);
    expect((await tick()).wakeups).toBeGreaterThan(0);
    const offered = await entry(bram.token);
    expect(offered.status).toBe('offered');
    expect(offered.offer).toEqual({
      time: '11:00',
      expiresAt: new Date(clock.getTime() + HOUR).toISOString(),
    });
    expect((await entry(duo.token)).status).toBe('waiting');
    expect((await entry(cor.token)).status).toBe('waiting');
    const offerMail = await eventually(
      () => mailsTo(email('Bram')).find((m) => m.mail.subject === 'Er is een plek vrij: Spinning'),
      15_000,
      'offer mail',
    );
    expect(offerMail.mail.text).toContain(`/wachtlijst/${bram.token}`);
    // Held: nobody else gets it, on the page or by asking.
    expect(await slotAt(les.id, FRI, '11:00')).toMatchObject({ busy: true, seatsLeft: 0 });
    const n = ++customers;
    const other = await agent(t.app).post('/api/public/bookings', {
      eventId: les.id,
      bookingDate: FRI,
      bookingTime: '11:00',
      customFieldResponses: { Naam: `Klant ${n}`, 'E-mail': `klant${n}.${kind}@example.nl` },
    });
    expect(other.statusCode).toBe(409);

    // An hour later the offer lapses: Cor gets it, and Bram's claim is refused.
    clock = new Date(clock.getTime() + HOUR);
    expect((await tick()).lapsed).toBe(1);
    expect((await entry(bram.token)).status).toBe('lapsed');
    expect((await entry(cor.token)).status).toBe('offered');
    const late = await claim(bram.token, 'Bram');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(w.notAvailable);

    // Cor claims: a confirmed booking of the held place, the class full again.
    const won = await claim(cor.token, 'Cor');
    expect(won.statusCode, won.body).toBe(201);
    expect(won.json().booking).toMatchObject({ status: 'confirmed', bookingTime: '11:00', seats: 1 });
    expect(won.json().managementUrl).toContain('/booking/manage/');
    expect((await entry(cor.token)).status).toBe('claimed');
    expect(await slotAt(les.id, FRI, '11:00')).toMatchObject({ busy: true, seatsLeft: 0 });
    const again = await claim(cor.token, 'Cor');
    expect(again.statusCode).toBe(409);
    const sessions = await queryRows<{ taken: number }>(
      t.database,
      sql`select seats_taken as taken from class_sessions where event_id = ${les.id}`,
    );
    expect(sessions).toEqual([{ taken: 3 }]);
    await eventually(
      () => mailsTo(email('Cor')).find((m) => m.mail.subject?.startsWith('Bevestiging')),
      15_000,
      'confirmation',
    );
    clock = NOW;
  });

  it('tells everyone waiting for a day at once; of 10 parallel claims exactly the freed places win', async () => {
    // One hour a day on Thursdays: two agendas-worth of places is one time with two seats.
    const kort = await service('Kort spreekuur', {
      seats: 2,
      workingDays: { '4': { enabled: true, startTime: '14:00', endTime: '15:00' } },
    });
    const booked = [await book(kort.id, THU, '14:00'), await book(kort.id, THU, '14:00')];
    const waiting = await Promise.all(Array.from({ length: 10 }, (_, i) => joined(kort.id, THU, `Dag${i}`)));
    expect(waiting.map((x) => x.position).sort((x, y) => x - y)[9]).toBe(10);
    // Before any place is free, a day's claim is refused.
    expect((await claim(waiting[0]!.token, 'Dag0')).statusCode).toBe(409);

    for (const b of booked) expect((await cancel(b.managementToken)).statusCode).toBe(200);
    await tick();
    for (let i = 0; i < 10; i++)
      await eventually(
        () => mailsTo(email(`Dag${i}`)).find((m) => m.mail.subject === 'Er is een tijd vrij: Kort spreekuur'),
        15_000,
        `day mail ${i}`,
      );
    const claims = await Promise.all(waiting.map((x, i) => claim(x.token, `Dag${i}`)));
    const won = claims.filter((c) => c.statusCode === 201);
    expect(won).toHaveLength(2);
    expect(claims.filter((c) => c.statusCode === 409)).toHaveLength(8);
    for (const c of claims.filter((c) => c.statusCode === 409)) expect(c.json().message).toBe(w.notAvailable);
    expect(await slotAt(kort.id, THU, '14:00')).toMatchObject({ busy: true, seatsLeft: 0 });
  });

  it('lets the customer leave (an offer held for them goes to the next) and the owner remove or offer by hand', async () => {
    const knip = await service('Knippen vol');
    const first = await book(knip.id, WED, '15:00');
    const dirk = await joined(knip.id, WED, 'Dirk', { time: '15:00' });
    const eva = await joined(knip.id, WED, 'Eva', { time: '15:00' });
    const fien = await joined(knip.id, WED, 'Fien', { time: '15:00' });
    await cancel(first.managementToken);
    await tick();
    expect((await entry(dirk.token)).status).toBe('offered');
    // Dirk leaves: his held place is offered to Eva at once.
    expect((await agent(t.app).delete(`/api/public/waitlist/${dirk.token}`)).statusCode).toBe(204);
    expect((await agent(t.app).delete(`/api/public/waitlist/${dirk.token}`)).statusCode).toBe(204);
    await tick();
    expect((await entry(dirk.token)).status).toBe('left');
    expect((await entry(eva.token)).status).toBe('offered');

    // The owner removes Eva (her hold goes to Fien by the list), then offers by hand refuses a full time.
    const list = (await a.get(`/api/waitlist?eventId=${knip.id}&date=${WED}`)).json() as WaitlistList;
    const evaId = list.entries.find((e) => e.customerName === 'Eva')!.id;
    expect((await a.delete(`/api/waitlist/${evaId}`)).statusCode).toBe(204);
    await tick();
    expect((await entry(eva.token)).status).toBe('removed');
    expect((await entry(fien.token)).status).toBe('offered');
    const fienId = list.entries.find((e) => e.customerName === 'Fien')!.id;
    const busy = await a.post(`/api/waitlist/${fienId}/offer`, {});
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(nl.waitlistOwner.notWaiting);
    const activity = await a.get('/api/activity?kind=waitlist');
    const kinds = (activity.json().entries as Array<{ kind: string }>).map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['waitlist.joined', 'waitlist.offered', 'waitlist.left', 'waitlist.removed']),
    );
  });
  it("is part of the customer's export, and gone after their erasure", async () => {
    const knip = await service('Knippen export');
    await book(knip.id, THU, '11:00');
    await joined(knip.id, THU, 'Gijs', { time: '11:00', phone: '0612345678' });
    await book(knip.id, FRI, '09:00');
    await joined(knip.id, FRI, 'Gijs', { time: '09:00' });
    const exported = await a.get(`/api/customers/export?email=${encodeURIComponent(email('Gijs'))}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().waitlist).toEqual([
      expect.objectContaining({
        service: 'Knippen export',
        date: THU,
        time: '11:00',
        seats: 1,
        status: 'waiting',
        customerName: 'Gijs',
        customerEmail: email('Gijs'),
        customerPhone: '0612345678',
        offerTime: null,
      }),
      expect.objectContaining({ service: 'Knippen export', date: FRI, time: '09:00', customerPhone: null }),
    ]);
    expect((await a.post('/api/customers/erase', { email: email('Gijs') })).statusCode).toBe(200);
    const after = await a.get(`/api/customers/export?email=${encodeURIComponent(email('Gijs'))}`);
    expect(after.json().waitlist).toEqual([]);
  });
});
