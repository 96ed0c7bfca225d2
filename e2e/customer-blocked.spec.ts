/**
 * A customer the business blocked from booking online (docs/PRODUCT.md#customers) fills in the
 * booking page as anyone would and is told, without a reason, to contact the business; nothing is
 * booked. Someone else books the same time afterwards. Axe at 390 and 1280 px.
 */
import type { APIRequestContext } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { expect, test } from './support/test';
import { freeTime, openDay, shot } from './support/booking-page';
import { bookableDates, ownerWithEvent, publicViolations } from './support/helpers';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let event: EventDto;
let date: string;

test.beforeAll(async ({ baseURL }) => {
  ({ api, event } = await ownerWithEvent(baseURL!, { prefix: 'blok', title: 'Knippen' }));
  const profile = await api.patch('/api/business-profile', { data: { name: 'Salon Mooi' } });
  expect(profile.status(), await profile.text()).toBe(200);
  date = bookableDates(event, 1)[0]!;
  const made = await api.post('/api/customers', {
    data: { name: 'Bart Blok', email: 'bart.blok@example.nl' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const blocked = await api.post(`/api/customers/${(await made.json()).id}/block`, {
    data: { reason: 'Drie keer niet gekomen' },
  });
  expect(blocked.status(), await blocked.text()).toBe(200);
});

async function fillAndConfirm(page: import('@playwright/test').Page, name: string, email: string) {
  await page.goto(`/boek/${event.slug}`);
  await openDay(page, date);
  await freeTime(page, '10:00').click();
  await page.getByLabel('Naam').fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Bevestigen' }).click();
}

test('a blocked customer is told to contact the business; the time stays free for others', async ({
  page,
}) => {
  await fillAndConfirm(page, 'Bart', ' BART.blok@example.nl');
  const toast = page.getByRole('region', { name: /Meldingen/ }).getByRole('listitem');
  await expect(toast).toContainText('Online boeken is voor u niet mogelijk. Neem contact op met Salon Mooi.');
  await expect(toast).not.toContainText('Drie keer');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await shot(page, 'booking-blocked');
    expect(await publicViolations(page), `axe at ${width} px`).toEqual([]);
  }
  const list = await api.get('/api/bookings');
  expect((await list.json()) as unknown[]).toEqual([]);

  await fillAndConfirm(page, 'Anouk', 'anouk.blok@example.nl');
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
});
