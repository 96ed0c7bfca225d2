/**
 * Group classes on the customer's page and the owner's form (docs/PRODUCT.md#classes). An owner
 * makes a class of 8 places, at most 2 per booking, through the API; a customer on a phone sees
 * 'Nog 8 plekken', books 2 places, and the month then says 'Nog 6 plekken'; the success and manage
 * pages show the places. A time whose places are sold reads 'Vol' and cannot be chosen. On the
 * owner's Basis tab the places are edited, checked with the server's contract, and fewer places than
 * a coming time has sold are refused with the server's message on the field. The dates are the
 * service's next ones after the suite's today (TEST_TODAY), found by its rules.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { openDay, ownerWithRules, shot, timeList } from './support/booking-page';
import { bookableDates, everyDayService, publicViolations, seriousViolations } from './support/helpers';
import { expect, test } from './support/test';

test.use({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });

let api: APIRequestContext;
let event: EventDto;
let day = '';
let fullDay = '';

const timeButton = (page: Page, time: string, note: string) =>
  timeList(page).getByRole('button', { name: `${time} ${note}`, exact: true });

/** A booking of `seats` places through the public API, as another customer would make it. */
const bookPlaces = (eventId: string, date: string, time: string, name: string, seats: number) =>
  api.post('/api/public/bookings', {
    data: {
      eventId,
      bookingDate: date,
      bookingTime: time,
      seats,
      customFieldResponses: { Naam: name, 'E-mail': `${name.toLowerCase()}@example.nl` },
    },
  });

test.beforeAll(async ({ baseURL }) => {
  ({ api, event } = await ownerWithRules(baseURL!, {
    prefix: 'groepsles',
    title: 'Yogales',
    rules: { seats: 8, maxSeatsPerBooking: 2 },
  }));
  expect([event.seats, event.maxSeatsPerBooking]).toEqual([8, 2]);
  [day, fullDay] = bookableDates(event, 2) as [string, string];
});

test.afterAll(async () => {
  await api?.dispose();
});

test('a customer at 390 px books 2 of the 8 places; the month then says "Nog 6 plekken"', async ({
  page,
}) => {
  await page.goto(`/boek/${event.slug}`);
  await openDay(page, day);
  await expect(timeButton(page, '10:00', 'Nog 8 plekken')).toBeEnabled();
  expect(await publicViolations(page)).toEqual([]);
  await shot(page, 'classes-time');
  await timeButton(page, '10:00', 'Nog 8 plekken').click();

  await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeVisible();
  const places = page.getByLabel('Aantal plekken');
  await expect(places).toHaveValue('1');
  // At most 2 per booking, though 8 are left.
  await expect(places.locator('option')).toHaveText(['1', '2']);
  // A native select: chosen from the keyboard.
  await places.focus();
  await page.keyboard.press('ArrowDown');
  await expect(places).toHaveValue('2');
  expect(await publicViolations(page)).toEqual([]);
  await shot(page, 'classes-form');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'classes-form');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByLabel('Naam').fill('Sanne');
  await page.getByLabel('E-mail', { exact: true }).fill('sanne@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
  const placesRow = (p: Page) => p.locator('dt', { hasText: 'Aantal plekken' }).locator('+ dd');
  await expect(placesRow(page)).toHaveText('2');
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  await expect(placesRow(page)).toHaveText('2');
  expect(await seriousViolations(page)).toEqual([]);

  // The booking took 2 places: the customer's manage page says so.
  const manageUrl = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('bookingSummary') ?? '{}') as { managementUrl?: string })
        .managementUrl,
  );
  expect(manageUrl).toBeTruthy();
  const token = new URL(manageUrl!).pathname.split('/').pop()!;
  const managed = await api.get(`/api/public/bookings/manage/${token}`);
  expect(((await managed.json()) as { booking: { seats: number } }).booking.seats).toBe(2);
  await page.goto(new URL(manageUrl!).pathname);
  await expect(placesRow(page)).toHaveText('2');

  // The owner's bookings carry the class booking of 2 places.
  const owned = (await (await api.get('/api/bookings')).json()) as Array<{
    bookingDate: string;
    bookingTime: string;
    seats?: number;
  }>;
  const mine = owned.find((b) => b.bookingDate === day && b.bookingTime === '10:00');
  expect(mine).toBeTruthy();
  expect(mine?.seats).toBe(2);

  await page.goto(`/boek/${event.slug}`);
  await openDay(page, day);
  await expect(timeButton(page, '10:00', 'Nog 6 plekken')).toBeEnabled();
  await expect(timeButton(page, '10:30', 'Nog 8 plekken')).toBeEnabled();
});

test('a class whose places are sold reads "Vol" and cannot be chosen', async ({ page }) => {
  for (const name of ['Bram', 'Ilse', 'Noor', 'Daan']) {
    const res = await bookPlaces(event.id, fullDay, '11:00', name, 2);
    expect(res.status(), await res.text()).toBe(201);
  }
  // One more place is refused in Dutch (the server's 409 the wizard shows on the times).
  const late = await bookPlaces(event.id, fullDay, '11:00', 'Tess', 1);
  expect(late.status()).toBe(409);
  expect(((await late.json()) as { message: string }).message).toBe(
    'Deze les is vol. Kies een ander tijdstip.',
  );

  await page.goto(`/boek/${event.slug}`);
  await openDay(page, fullDay);
  await expect(timeButton(page, '11:00', 'Vol')).toBeDisabled();
  await expect(timeButton(page, '11:30', 'Nog 8 plekken')).toBeEnabled();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await shot(page, 'classes-full-time');
    expect(await publicViolations(page), `axe at ${width} px`).toEqual([]);
  }
});

test('the class fills while the customer reviews: the server\'s "Deze les is vol." on the times, that time "Vol"', async ({
  page,
}) => {
  await page.goto(`/boek/${event.slug}`);
  await openDay(page, fullDay);
  await timeButton(page, '14:00', 'Nog 8 plekken').click();
  await page.getByLabel('Aantal plekken').selectOption('2');
  await page.getByLabel('Naam').fill('Sanne');
  await page.getByLabel('E-mail', { exact: true }).fill('sanne@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();

  // Meanwhile other customers take 7 of the 8 places: the customer's 2 no longer fit.
  for (const [name, seats] of [
    ['Bram', 2],
    ['Ilse', 2],
    ['Noor', 2],
    ['Daan', 1],
  ] as const) {
    const res = await bookPlaces(event.id, fullDay, '14:00', name, seats);
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByText('Deze les is vol. Kies een ander tijdstip.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeVisible();
  await expect(timeButton(page, '14:00', 'Nog 1 plek')).toBeEnabled();
  expect(await publicViolations(page)).toEqual([]);
});

test("the owner's Basis tab edits the places; fewer than a coming time sold are refused on the field", async ({
  page,
}) => {
  const reg = await page.request.post('/api/register', {
    data: { username: `lesbaas${Date.now()}`, password: 'geheim123' },
  });
  expect(reg.status()).toBe(201);
  const created = await page.request.post('/api/events', {
    data: { ...everyDayService('Spinning'), seats: 6, maxSeatsPerBooking: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const spinning = (await created.json()) as EventDto;
  const [date] = bookableDates(spinning, 1) as [string];
  for (const [name, seats] of [
    ['Bram', 2],
    ['Ilse', 1],
  ] as const) {
    const res = await page.request.post('/api/public/bookings', {
      data: {
        eventId: spinning.id,
        bookingDate: date,
        bookingTime: '10:00',
        seats,
        customFieldResponses: { Naam: name, 'E-mail': `${name.toLowerCase()}@example.nl` },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto(`/events/${spinning.id}/edit`);
  const seats = page.getByLabel('Plaatsen per tijdstip');
  const perBooking = page.getByLabel('Maximaal per boeking');
  await expect(seats).toHaveValue('6');
  await expect(perBooking).toHaveValue('2');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await seats.scrollIntoViewIfNeeded();
    await shot(page, 'classes-owner-form');
    expect(await seriousViolations(page), `axe at ${width} px`).toEqual([]);
  }

  // The contract's own checks, before anything is sent.
  await perBooking.fill('7');
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page.getByText('Eén boeking kan niet meer plekken nemen dan de les heeft.')).toBeVisible();
  await expect(perBooking).toHaveAttribute('aria-invalid', 'true');
  await perBooking.fill('2');

  // Fewer places than the 3 sold at 10:00: the server's message on the field.
  await seats.fill('2');
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  const refusal = page.getByText(/zijn al 3 plekken verkocht; kies ten minste 3 plekken\.$/);
  await expect(refusal).toBeVisible();
  await expect(seats).toHaveAttribute('aria-invalid', 'true');
  await expect(seats).toHaveAttribute('aria-describedby', (await refusal.getAttribute('id'))!);

  // One place: no longer a class, the maximum per booking hidden.
  await seats.fill('1');
  await expect(perBooking).toHaveCount(0);
});
