/**
 * The waitlist (docs/PRODUCT.md#waitlist) end to end. An owner makes a class of 2 places with a
 * waitlist through the API; two customers fill 10:00; a customer on a phone sees 'Vol' and joins
 * the waitlist for 10:00 ('U staat op de wachtlijst', nummer 1). The owner cancels one booking: the
 * server's worker offers the freed place, the entry's page /wachtlijst/{token} shows the offer with
 * the service's form (the name already filled in), and 'Boek deze plek' books it: the wizard's own
 * confirmation with the management link. The day is the service's first bookable one after the
 * suite's today (TEST_TODAY), found by its rules.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { openDay, ownerWithRules, shot, timeList } from './support/booking-page';
import { bookableDates, publicViolations, seriousViolations } from './support/helpers';
import { expect, test } from './support/test';

test.use({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });

let api: APIRequestContext;
let event: EventDto;
let day = '';

const timeButton = (page: Page, time: string, note: string) =>
  timeList(page).getByRole('button', { name: `${time} ${note}`, exact: true });

/** A booking of one place through the public API, as another customer would make it. */
async function bookPlace(date: string, time: string, name: string) {
  const res = await api.post('/api/public/bookings', {
    data: {
      eventId: event.id,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: { Naam: name, 'E-mail': `${name.toLowerCase()}@example.nl` },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { booking: { id: string } }).booking.id;
}

async function atBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await shot(page, name);
    expect(await publicViolations(page), `axe at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test.beforeAll(async ({ baseURL }) => {
  ({ api, event } = await ownerWithRules(baseURL!, {
    prefix: 'wachtlijst',
    title: 'Pilatesles',
    rules: { seats: 2, maxSeatsPerBooking: 1, waitlistEnabled: true, waitlistOfferMinutes: 60 },
  }));
  expect(event.waitlistEnabled).toBe(true);
  [day] = bookableDates(event, 1) as [string];
});

test.afterAll(async () => {
  await api?.dispose();
});

test('a customer on a phone joins the waitlist of a full class, gets the freed place and books it', async ({
  page,
}) => {
  const first = await bookPlace(day, '10:00', 'Bram');
  await bookPlace(day, '10:00', 'Ilse');

  await page.goto(`/boek/${event.slug}`);
  await openDay(page, day);
  await expect(timeButton(page, '10:00', 'Vol')).toBeDisabled();
  const open = page.getByRole('button', { name: 'Wachtlijst voor 10:00', exact: true });
  await expect(open).toBeVisible();
  // Only the full time is offered: 10:30 still has room.
  await expect(page.getByRole('button', { name: 'Wachtlijst voor 10:30', exact: true })).toHaveCount(0);
  await open.click();

  const form = page.getByRole('region', { name: 'Op de wachtlijst' });
  await expect(form).toBeVisible();
  // Checked before sending, with the server's Dutch messages at the fields.
  await form.getByRole('button', { name: 'Zet mij op de wachtlijst' }).click();
  await expect(form.getByText('Vul uw naam in.')).toBeVisible();
  await expect(form.getByLabel('Naam')).toBeFocused();
  await form.getByLabel('Naam').fill('Sanne');
  await form.getByLabel('E-mailadres').fill('sanne@example.nl');
  await atBothWidths(page, 'waitlist-join');

  const joined = page.waitForResponse(
    (r) => r.url().endsWith('/api/public/waitlist') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Zet mij op de wachtlijst' }).click();
  const answer = await joined;
  expect(answer.status(), await answer.text()).toBe(201);
  const { token, position } = (await answer.json()) as { token: string; position: number };
  expect(position).toBe(1);
  await expect(page.getByRole('heading', { name: 'U staat op de wachtlijst' })).toBeVisible();
  await expect(page.getByText('U bent nummer 1 op de wachtlijst.', { exact: false })).toBeVisible();

  // Joining twice is refused in Dutch.
  const again = await api.post('/api/public/waitlist', {
    data: { eventId: event.id, date: day, time: '10:00', name: 'Sanne', email: 'sanne@example.nl' },
  });
  expect(again.status()).toBe(409);

  // The entry's page while waiting.
  await page.goto(`/wachtlijst/${token}`);
  await expect(page.getByText(/U bent nummer 1\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Afmelden voor de wachtlijst' })).toBeVisible();

  // The owner cancels one booking: the worker offers the freed place to the first waiting.
  const cancelled = await api.patch(`/api/bookings/${first}`, { data: { status: 'cancelled' } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/public/waitlist/${token}`)).json()) as { status: string }).status,
      { timeout: 20_000 },
    )
    .toBe('offered');

  await page.reload();
  await expect(
    page.getByText(/Er is een plek vrijgekomen: .* om 10:00\. We houden deze plek voor u vast tot/),
  ).toBeVisible();
  // The form of the service, the name already the entry's.
  await expect(page.getByLabel('Naam')).toHaveValue('Sanne');
  const email = page.getByLabel('E-mail', { exact: true });
  if (!(await email.inputValue())) await email.fill('sanne@example.nl');
  await atBothWidths(page, 'waitlist-offer');

  await page.getByRole('button', { name: 'Boek deze plek' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Afspraak beheren' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'waitlist-claimed');

  // The entry is claimed now: its page says so.
  await page.goto(`/wachtlijst/${token}`);
  await expect(page.getByRole('heading', { name: 'Geboekt' })).toBeVisible();
});
