/**
 * Choosing an agenda (person) on the booking page of a service with two (issue 16): "Geen voorkeur"
 * or a name on the date step, the availability that follows that choice, the booking that carries
 * it, the review and success pages that name it, and the manage page that keeps the person when
 * moving. The owner, the agendas and the event are made through the API; dates come from the
 * suite's today (e2e/support), each test on a day of its own.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { AgendaDto } from '@contracts/agendas';
import type { EventDto } from '@contracts/events';
import { expect, test } from './support/test';
import { installFakeStripeJs } from './support/fake-stripe-js';
import { TEST_CARDS } from './support/stripe-test-cards';
import { bookableDates, ownerWithEvent, publicViolations } from './support/helpers';
import { newStripeAccount } from './support/fake-stripe-control';

const SHOTS = process.env.BOOKING_SCREENSHOTS; // e.g. /tmp: also write screenshots there
const FAKE_STRIPE = process.env.FAKE_STRIPE_URL!;

// Transitions off, so axe measures colours as they end up, not halfway through a hover fade.
test.use({ reducedMotion: 'reduce' });

let api: APIRequestContext;
let event: EventDto;
let anna: AgendaDto;
let ben: AgendaDto;
let days: string[] = [];

async function shot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/agenda-${name}.png`, fullPage: true, animations: 'disabled' });
}

const choice = (page: Page) => page.getByRole('group', { name: 'Voorkeur' });
const timeList = (page: Page) => page.getByRole('list', { name: 'Beschikbare tijden' });
const freeTime = (page: Page, time: string) =>
  timeList(page).getByRole('button', { name: time, exact: true });
const busyTime = (page: Page, time: string) =>
  timeList(page).getByRole('button', { name: `${time} (Bezet)`, exact: true });
/** The value of one row of a details list (review, success and manage pages). */
const detail = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

/** A month availability request of the event, with the agenda it asks for (null: none). */
const availabilityRequest = (page: Page, agendaId: string | null) =>
  page.waitForRequest((r: Request) => {
    const url = new URL(r.url());
    return (
      url.pathname === `/api/public/events/${event.id}/availability` &&
      url.searchParams.get('agendaId') === agendaId
    );
  });

/** Opens `date` on the date step, moving on a month when it lies in the next one. */
async function openDay(page: Page, date: string) {
  const list = page.getByRole('list', { name: 'Beschikbare dagen' });
  for (let i = 0; i < 3; i++) {
    await expect(list).toBeVisible();
    const day = list.locator(`[data-date="${date}"]`);
    if ((await day.count()) > 0) {
      await day.click();
      await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeVisible();
      return;
    }
    await page.getByRole('button', { name: 'Volgende maand' }).click();
  }
  throw new Error(`${date} is not offered`);
}

/** Picks a free time, fills the form and goes to the review. */
async function toReview(page: Page, time: string, name: string) {
  await freeTime(page, time).click();
  await page.getByLabel('Naam').fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(`${name.toLowerCase()}@example.nl`);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
}

/** Confirms on the review step and hands back the body that was sent and the management link. */
async function confirm(page: Page) {
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/public/bookings',
  );
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  const manageUrl = (await page.getByRole('link', { name: 'Afspraak beheren' }).getAttribute('href'))!;
  return { body, manageUrl };
}

async function bookByApi(date: string, time: string, agendaId: string, name: string) {
  const res = await api.post('/api/public/bookings', {
    data: {
      eventId: event.id,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: { Naam: name, 'E-mail': `${name.toLowerCase()}@example.nl` },
      agendaId,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.beforeAll(async ({ baseURL }) => {
  const owner = await ownerWithEvent(baseURL!, { prefix: 'agendas', title: 'Knippen bij de salon' });
  api = owner.api;
  const made: AgendaDto[] = [];
  for (const name of ['Anna', 'Ben']) {
    const res = await api.post('/api/agendas', { data: { name } });
    expect(res.status(), await res.text()).toBe(201);
    made.push((await res.json()) as AgendaDto);
  }
  [anna, ben] = made as [AgendaDto, AgendaDto];
  const patched = await api.patch(`/api/events/${owner.eventId}`, {
    data: { agendaIds: [anna.id, ben.id] },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  event = (await patched.json()) as EventDto;
  expect(event.agendaIds).toEqual([anna.id, ben.id]);
  days = bookableDates(event, 3);
});

test.afterAll(async () => {
  await api?.dispose();
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('"Geen voorkeur" takes any free agenda; that agenda is then busy, the other still free; a named booking keeps its person when moved', async ({
    page,
  }) => {
    const day = days[0]!;
    // Customer 1: "Geen voorkeur" is the default, and the month is asked without an agenda.
    const anyMonth = availabilityRequest(page, null);
    await page.goto(`/boek/${event.slug}`);
    await anyMonth;
    await expect(choice(page).getByRole('radio')).toHaveCount(3);
    await expect(choice(page).getByRole('radio', { name: 'Geen voorkeur' })).toBeChecked();
    await expect(page.getByRole('list', { name: 'Beschikbare dagen' })).toBeVisible();
    await shot(page, 'date-1280');
    expect(await publicViolations(page)).toEqual([]);

    await openDay(page, day);
    await toReview(page, '10:00', 'Sanne');
    await expect(detail(page, 'Voorkeur')).toHaveText('Geen voorkeur');
    const first = await confirm(page);
    expect(first.body).not.toHaveProperty('agendaId');
    // The success page names the agenda the server took.
    const taken = (await detail(page, 'Bij').textContent())!;
    expect(['Anna', 'Ben']).toContain(taken);
    const [busyAgenda, freeAgenda] = taken === 'Anna' ? [anna, ben] : [ben, anna];

    // Customer 2: with "Geen voorkeur" 10:00 is still free (the other agenda is) ...
    await page.goto(`/boek/${event.slug}`);
    await openDay(page, day);
    await expect(freeTime(page, '10:00')).toBeEnabled();
    // ... but not with the person who got the first booking.
    await page.getByRole('button', { name: 'Terug' }).click();
    const busyMonth = availabilityRequest(page, busyAgenda.id);
    await choice(page).getByRole('radio', { name: busyAgenda.name }).check();
    await busyMonth;
    await openDay(page, day);
    await expect(busyTime(page, '10:00')).toBeDisabled();

    // With the other person it is free, and the booking goes to them.
    await page.getByRole('button', { name: 'Terug' }).click();
    await choice(page).getByRole('radio', { name: freeAgenda.name }).check();
    await openDay(page, day);
    await toReview(page, '10:00', 'Noor');
    await expect(detail(page, 'Voorkeur')).toHaveText(freeAgenda.name);
    await shot(page, 'review-1280');
    expect(await publicViolations(page)).toEqual([]);
    const second = await confirm(page);
    expect(second.body).toMatchObject({ agendaId: freeAgenda.id, bookingDate: day, bookingTime: '10:00' });
    await expect(detail(page, 'Bij')).toHaveText(freeAgenda.name);

    // Both agendas are taken at 10:00 now: busy for "Geen voorkeur" too.
    await page.goto(`/boek/${event.slug}`);
    await openDay(page, day);
    await expect(busyTime(page, '10:00')).toBeDisabled();

    // The person of the second booking is busy at 11:00, the other one is not.
    await bookByApi(day, '11:00', freeAgenda.id, 'Piet');

    // Manage the named booking: it shows the person, and moving it offers only their free times.
    const kept = availabilityRequest(page, freeAgenda.id);
    await page.goto(second.manageUrl);
    await expect(detail(page, 'Bij')).toHaveText(freeAgenda.name);
    await page.getByRole('button', { name: 'Wijzig datum/tijd' }).click();
    await kept;
    const grid = page.getByRole('grid');
    await expect(page.locator('[aria-busy]', { has: grid })).toHaveAttribute('aria-busy', 'false');
    await openManagedDay(page, day);
    const slots = page.getByRole('list', { name: /^Tijden op/ });
    await expect(slots.getByRole('button', { name: '10:00 (huidig)' })).toBeEnabled();
    await expect(slots.getByRole('button', { name: '11:00 (Bezet)' })).toBeDisabled();
    await shot(page, 'manage-1280');
    expect(await publicViolations(page)).toEqual([]);

    // The "Geen voorkeur" booking asks for any agenda: 11:00 is free in the other one.
    const any = availabilityRequest(page, null);
    await page.goto(first.manageUrl);
    await expect(detail(page, 'Bij')).toHaveText(busyAgenda.name);
    await page.getByRole('button', { name: 'Wijzig datum/tijd' }).click();
    await any;
    await expect(page.locator('[aria-busy]', { has: grid })).toHaveAttribute('aria-busy', 'false');
    await openManagedDay(page, day);
    await expect(slots.getByRole('button', { name: '11:00', exact: true })).toBeEnabled();
    await slots.getByRole('button', { name: '11:00', exact: true }).click();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Uw afspraak is succesvol gewijzigd.').first()).toBeVisible();
    await expect(detail(page, 'Tijd')).toContainText('11:00');
    await expect(detail(page, 'Bij')).toHaveText(busyAgenda.name);
  });

  test('a time picked before is kept when still free in the newly chosen agenda, and dropped when busy there', async ({
    page,
  }) => {
    const day = days[1]!;
    await bookByApi(day, '10:00', anna.id, 'Piet');

    await page.goto(`/boek/${event.slug}`);
    await openDay(page, day);
    await freeTime(page, '10:00').click(); // Ben is free
    await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeVisible();
    await page.getByRole('button', { name: 'Terug' }).click();
    await page.getByRole('button', { name: 'Terug' }).click();

    // Ben: 10:00 still free, still chosen.
    await choice(page).getByRole('radio', { name: 'Ben' }).check();
    await openDay(page, day);
    await expect(freeTime(page, '10:00')).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Terug' }).click();

    // Anna: 10:00 is busy, and no time is chosen any more; the page's polite live region says so.
    await choice(page).getByRole('radio', { name: 'Anna' }).check();
    await expect(page.locator('[data-announcer]')).toHaveText(
      'Het gekozen tijdstip 10:00 is bij deze voorkeur niet vrij. Kies opnieuw een tijd.',
    );
    await openDay(page, day);
    await expect(busyTime(page, '10:00')).toBeDisabled();
    await expect(timeList(page).locator('[aria-pressed="true"]')).toHaveCount(0);
    // Dropped, not just hidden: back with Ben, 10:00 is free again but no longer chosen.
    await page.getByRole('button', { name: 'Terug' }).click();
    await choice(page).getByRole('radio', { name: 'Ben' }).check();
    await openDay(page, day);
    await expect(freeTime(page, '10:00')).toHaveAttribute('aria-pressed', 'false');
  });

  test('a service with one agenda asks nothing and sends no agenda', async ({ page }) => {
    const res = await api.post('/api/events', {
      data: { ...createBodyOf(event), title: 'Alleen Lotte', agendaIds: [anna.id] },
    });
    expect(res.status(), await res.text()).toBe(201);
    const single = (await res.json()) as EventDto;
    const month = page.waitForRequest((r) =>
      r.url().includes(`/api/public/events/${single.id}/availability?`),
    );
    await page.goto(`/boek/${single.slug}`);
    expect(new URL((await month).url()).searchParams.has('agendaId')).toBe(false);
    await expect(page.getByRole('list', { name: 'Beschikbare dagen' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Voorkeur' })).toHaveCount(0);
    await expect(page.getByRole('radio')).toHaveCount(0);
  });
});

test.describe('paid', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.beforeEach(async ({ page }) => {
    await installFakeStripeJs(page, FAKE_STRIPE);
  });

  test('the payment hold and the paid booking carry the chosen person', async ({ page, baseURL }) => {
    // An owner of their own with card payments set up, and a paid service with two agendas.
    const secretKey = await newStripeAccount();
    const owner = await ownerWithEvent(baseURL!, { prefix: 'betaald', title: 'Kleuren' });
    try {
      const keys = await owner.api.patch('/api/user/settings', {
        data: { stripePublicKey: 'pk_test_e2e_agendas', stripeSecretKey: secretKey },
      });
      expect(keys.status(), await keys.text()).toBe(200);
      const [mila, sem] = await Promise.all(
        ['Mila', 'Sem'].map(async (name) => {
          const res = await owner.api.post('/api/agendas', { data: { name } });
          expect(res.status(), await res.text()).toBe(201);
          return (await res.json()) as AgendaDto;
        }),
      );
      const patched = await owner.api.patch(`/api/events/${owner.eventId}`, {
        data: { requiresPayment: true, paymentAmount: '25.00', agendaIds: [mila!.id, sem!.id] },
      });
      expect(patched.status(), await patched.text()).toBe(200);
      const paid = (await patched.json()) as EventDto;
      const day = bookableDates(paid, 1)[0]!;

      await page.goto(`/boek/${paid.slug}`);
      await choice(page).getByRole('radio', { name: 'Sem' }).check();
      await openDay(page, day);
      await toReview(page, '10:00', 'Eva');
      await expect(detail(page, 'Voorkeur')).toHaveText('Sem');
      const hold = page.waitForRequest((r) => r.url().endsWith('/api/create-payment-intent'));
      await page.getByRole('button', { name: 'Naar betaling' }).click();
      expect((await hold).postDataJSON()).toMatchObject({ agendaId: sem!.id, bookingTime: '10:00' });
      await expect(page.getByRole('heading', { name: 'Betaling', exact: true })).toBeVisible();

      const booked = page.waitForRequest(
        (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/public/bookings',
      );
      await page.getByLabel('Kaartnummer').fill(TEST_CARDS.paid);
      await page.getByRole('button', { name: /^Betaal/ }).click();
      expect((await booked).postDataJSON()).toMatchObject({ agendaId: sem!.id });
      await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
      await expect(detail(page, 'Bij')).toHaveText('Sem');

      // The owner sees the paid booking in Sem's agenda.
      const list = await owner.api.get(`/api/bookings?eventId=${paid.id}`);
      const rows = (await list.json()) as {
        customerName: string;
        paymentStatus: string;
        agendaName: string;
      }[];
      expect(rows.find((b) => b.customerName === 'Eva')).toMatchObject({
        paymentStatus: 'paid',
        agendaName: 'Sem',
      });
    } finally {
      await owner.api.dispose();
    }
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the choice at 390 px: fits, works with the arrow keys and passes axe', async ({ page }) => {
    await page.goto(`/boek/${event.slug}`);
    await expect(page.getByRole('list', { name: 'Beschikbare dagen' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'date-390');
    expect(await publicViolations(page)).toEqual([]);

    // Keyboard: focus the checked option, an arrow moves the choice to the next person.
    const none = choice(page).getByRole('radio', { name: 'Geen voorkeur' });
    await none.focus();
    const annaMonth = availabilityRequest(page, anna.id);
    await page.keyboard.press('ArrowRight');
    await annaMonth;
    await expect(choice(page).getByRole('radio', { name: 'Anna' })).toBeChecked();
    await expect(choice(page).getByRole('radio', { name: 'Anna' })).toBeFocused();
    await expect(page.getByRole('list', { name: 'Beschikbare dagen' })).toBeVisible();
    await shot(page, 'date-390-anna');
    expect(await publicViolations(page)).toEqual([]);
  });
});

/** Opens `date` in the manage page's calendar, moving on a month when needed. */
async function openManagedDay(page: Page, date: string) {
  const grid = page.getByRole('grid');
  for (let i = 0; i < 3; i++) {
    const cell = grid.locator(`[role="gridcell"][data-date="${date}"]`);
    if ((await cell.count()) > 0) {
      await cell.click();
      return;
    }
    await page.getByRole('button', { name: 'Volgende maand' }).click();
    await expect(page.locator('[aria-busy]', { has: grid })).toHaveAttribute('aria-busy', 'false');
  }
  throw new Error(`${date} is not in the calendar`);
}

/** The create body of an event like `e` (same schedule and fields). */
function createBodyOf(e: EventDto) {
  return {
    workingDays: e.workingDays,
    dateRangeType: e.dateRangeType,
    dateRangeStart: e.dateRangeStart,
    dateRangeEnd: e.dateRangeEnd,
    durationMinutes: e.durationMinutes,
    dailyPauseTimes: {},
    customFields: [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
      { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
    ],
  };
}
