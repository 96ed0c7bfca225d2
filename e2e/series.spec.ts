/**
 * An appointment series from the owner's new-booking dialog (docs/PRODUCT.md#series): 'Herhalen'
 * checks every date, a date already taken is listed as 'Bezet' and skipped by default, booking it
 * anyway answers the server's 409 in the form, and the kept dates are booked under one seriesId.
 * At 1280 px and 390 px, axe clean.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { OwnerBookingDto } from '@contracts/bookings';
import { formatLongDutchDate, formatShortDutchDate, seriesDates } from '@core/index';
import { expect, test } from './support/test';
import { nextBookableDate, ownerWithEvent, seriousViolations, toast } from './support/helpers';

/** SERIES_SHOTS=/tmp/series- also writes screenshots, named after that prefix. */
const SHOTS = process.env.SERIES_SHOTS;
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'series-')), 'state.json');

let api: APIRequestContext;
let eventId = '';
/** The eight weekly dates, by the series' own rule from the first date the service offers. */
let dates: string[] = [];

async function shot(page: Page, name: string, { fullPage = true } = {}) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage, animations: 'disabled' });
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  // Open every day for the coming 60 days: eight weeks from the first date all fall inside it.
  const owner = await ownerWithEvent(baseURL!, { prefix: 'reeks', title: 'Fysiotherapie' });
  api = owner.api;
  eventId = owner.eventId;
  dates = seriesDates(nextBookableDate(owner.event), '1w', { count: 8 });
  // The clash: another customer already has the third date at the series' time.
  const clash = await api.post('/api/bookings', {
    data: { eventId, bookingDate: dates[2], bookingTime: '10:00', customerName: 'Bram Bezet' },
  });
  expect(clash.status(), await clash.text()).toBe(201);
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

async function openSeries(page: Page, time: string) {
  await page.goto('/bookings');
  await page.getByRole('button', { name: 'Nieuwe afspraak' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
  await dialog.getByLabel('Datum').fill(dates[0]!);
  await dialog.getByRole('combobox', { name: 'Tijd' }).click();
  await page.getByRole('option', { name: time, exact: true }).click();
  await dialog.getByLabel('Naam').fill('Fenna Visser');
  // By keyboard: Space ticks 'Herhalen'.
  await dialog.getByRole('checkbox', { name: 'Herhalen' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('combobox', { name: 'Hoe vaak' })).toHaveText('Elke week');
  await expect(dialog.getByRole('combobox', { name: 'Eindigt' })).toHaveText('Na een aantal keer');
  await dialog.getByLabel('Aantal keer (2–52)').fill('8');
  return dialog;
}

test('off by default the dialog books one date; on, it lists every date with the clash skipped', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings');
  await page.getByRole('button', { name: 'Nieuwe afspraak' }).click();
  const plain = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
  await expect(plain.getByRole('checkbox', { name: 'Herhalen' })).not.toBeChecked();
  await expect(plain.getByRole('combobox', { name: 'Hoe vaak' })).toHaveCount(0);
  await expect(plain.getByRole('button', { name: 'Afspraak opslaan' })).toBeVisible();
  await page.keyboard.press('Escape');

  const dialog = await openSeries(page, '10:00');
  const list = dialog.getByRole('region', { name: 'Data in deze reeks' });
  const rows = list.getByRole('listitem');
  await expect(rows).toHaveCount(8);
  await expect(list.getByRole('status')).toHaveText('7 van 8 afspraken worden geboekt.');
  for (const [i, date] of dates.entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(formatLongDutchDate(date));
    await expect(row).toContainText(i === 2 ? 'Bezet' : 'Vrij');
  }
  const skip = dialog.getByRole('checkbox', { name: `${formatLongDutchDate(dates[2]!)} overslaan` });
  await expect(skip).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /overslaan$/ })).toHaveCount(1);
  await shot(page, 'desktop');
  expect(await seriousViolations(page)).toEqual([]);

  // Booking the taken date anyway: the server's 409 in the form's error place, nothing booked.
  await skip.uncheck();
  await expect(list.getByRole('status')).toHaveText('8 van 8 afspraken worden geboekt.');
  await dialog.getByRole('button', { name: 'Reeks opslaan' }).click();
  await expect(dialog.getByRole('alert')).toContainText('is de agenda al bezet');
  await expect(dialog.getByRole('alert')).toContainText(`Op ${formatLongDutchDate(dates[2]!)} om 10:00`);
  const none = (await (await api.get('/api/bookings?limit=500')).json()) as OwnerBookingDto[];
  expect(none.filter((b) => b.customerName === 'Fenna Visser')).toEqual([]);

  await skip.check();
  await dialog.getByRole('button', { name: 'Reeks opslaan' }).click();
  await expect(toast(page, 'Reeks vastgelegd')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Fenna Visser' }).first()).toBeVisible();

  const all = (await (await api.get('/api/bookings?limit=500')).json()) as OwnerBookingDto[];
  const seriesId = all.find((b) => b.customerName === 'Fenna Visser')?.seriesId;
  expect(seriesId).toBeTruthy();
  const series = (await (
    await api.get(`/api/bookings?seriesId=${seriesId}&limit=500`)
  ).json()) as OwnerBookingDto[];
  expect(series.map((b) => b.bookingDate).sort()).toEqual(dates.filter((_, i) => i !== 2));
  expect(series.every((b) => b.customerName === 'Fenna Visser' && b.bookingTime === '10:00')).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});

test('on a phone the list fits 390 px and axe finds nothing serious', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Half an hour later the series is free but for the sixth date, now taken too.
  const clash = await api.post('/api/bookings', {
    data: { eventId, bookingDate: dates[5], bookingTime: '10:30', customerName: 'Bo Bezet' },
  });
  expect(clash.status(), await clash.text()).toBe(201);
  const dialog = await openSeries(page, '10:30');
  const rows = dialog.getByRole('region', { name: 'Data in deze reeks' }).getByRole('listitem');
  await expect(rows).toHaveCount(8);
  await expect(rows.nth(5)).toContainText('Bezet');
  await expect(rows.filter({ hasText: 'Vrij' })).toHaveCount(7);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await rows.nth(5).scrollIntoViewIfNeeded();
  await shot(page, 'phone', { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);
});

test('from the details, "Deze en alle volgende" cancels that date and every later one of the series', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/bookings');
  // The fifth date of Fenna's series (the third, a clash, was skipped).
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Fenna Visser' })
    .filter({ hasText: formatShortDutchDate(dates[4]!) });
  await row.getByRole('button', { name: 'Details van Fenna Visser' }).click();
  const panel = page.getByRole('dialog', { name: 'Fenna Visser' });
  await expect(panel.getByRole('region', { name: 'Afspraak' })).toContainText('Onderdeel van een reeks');
  await panel.getByRole('button', { name: 'Afspraak van Fenna Visser annuleren' }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Afspraak annuleren?' });
  const scope = cancel.getByRole('radiogroup', { name: 'Welke afspraken van de reeks?' });
  await expect(scope.getByRole('radio', { name: 'Alleen deze afspraak' })).toBeChecked();
  await scope.getByRole('radio', { name: 'Deze en alle volgende' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'cancel-following-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'cancel-following-desktop', { fullPage: false });
  await cancel.getByRole('button', { name: 'Afspraak annuleren' }).click();
  // (The toast lies outside the details panel, hidden from the accessibility tree while it is open.)
  await expect(page.getByText('Afspraken geannuleerd', { exact: true })).toBeVisible();
  await expect(cancel).toBeHidden();

  const all = (await (await api.get('/api/bookings?limit=500')).json()) as OwnerBookingDto[];
  const seriesId = all.find((b) => b.customerName === 'Fenna Visser')?.seriesId;
  const series = (await (
    await api.get(`/api/bookings?seriesId=${seriesId}&limit=500`)
  ).json()) as OwnerBookingDto[];
  const status = Object.fromEntries(series.map((b) => [b.bookingDate, b.status]));
  // Dates 1, 2 and 4 stay; the fifth and every later one is cancelled.
  expect(status).toEqual(
    Object.fromEntries(
      dates.map((d, i) => [d, i < 4 ? 'confirmed' : 'cancelled'] as const).filter((_, i) => i !== 2),
    ),
  );
});

test('a date not free moved to another free time is checked there and booked at that time', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // At 10:30 the sixth date is taken (Bo Bezet): moved to 11:30 that day, it is booked there.
  const dialog = await openSeries(page, '10:30');
  await dialog.getByLabel('Naam').fill('Mila Mol');
  const list = dialog.getByRole('region', { name: 'Data in deze reeks' });
  const rows = list.getByRole('listitem');
  await expect(rows.nth(5)).toContainText('Bezet');
  await expect(list.getByRole('status')).toHaveText('7 van 8 afspraken worden geboekt.');
  const sixth = formatLongDutchDate(dates[5]!);
  // Only a date not free can be moved.
  await expect(list.getByRole('button', { name: /verplaatsen$/ })).toHaveCount(1);
  await list.getByRole('button', { name: `${sixth} verplaatsen` }).click();
  const newDate = list.getByLabel(`Nieuwe datum voor ${sixth}`);
  await expect(newDate).toBeFocused();
  await expect(newDate).toHaveValue(dates[5]!);
  await list.getByLabel(`Nieuwe tijd voor ${sixth}`).fill('11:30');
  await expect(rows.nth(5)).toContainText('Vrij');
  await expect(rows.nth(5)).toContainText('11:30');
  await expect(rows.nth(5)).toContainText(`Verplaatst van ${sixth}`);
  await expect(list.getByRole('status')).toHaveText('8 van 8 afspraken worden geboekt.');
  expect(await seriousViolations(page)).toEqual([]);
  await rows.nth(5).scrollIntoViewIfNeeded();
  await shot(page, 'moved-desktop', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await rows.nth(5).scrollIntoViewIfNeeded();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shot(page, 'moved-phone', { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // 'Niet verplaatsen' takes it back to its planned place, 'Bezet' again; then moved once more.
  await list.getByRole('button', { name: `${sixth} niet verplaatsen` }).click();
  await expect(rows.nth(5)).toContainText('Bezet');
  await expect(list.getByRole('status')).toHaveText('7 van 8 afspraken worden geboekt.');
  await list.getByRole('button', { name: `${sixth} verplaatsen` }).click();
  await list.getByLabel(`Nieuwe tijd voor ${sixth}`).fill('11:30');
  await expect(list.getByRole('status')).toHaveText('8 van 8 afspraken worden geboekt.');

  await dialog.getByRole('button', { name: 'Reeks opslaan' }).click();
  await expect(toast(page, 'Reeks vastgelegd')).toBeVisible();
  await expect(dialog).toBeHidden();
  const all = (await (await api.get('/api/bookings?limit=500')).json()) as OwnerBookingDto[];
  const seriesId = all.find((b) => b.customerName === 'Mila Mol')?.seriesId;
  expect(seriesId).toBeTruthy();
  const series = (await (
    await api.get(`/api/bookings?seriesId=${seriesId}&limit=500`)
  ).json()) as OwnerBookingDto[];
  const booked = Object.fromEntries(series.map((b) => [b.bookingDate, b.bookingTime]));
  expect(booked).toEqual(Object.fromEntries(dates.map((d, i) => [d, i === 5 ? '11:30' : '10:30'])));
});

test("'Herhalen' from a booking's details makes a series starting a week after it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const single = await api.post('/api/bookings', {
    data: { eventId, bookingDate: dates[0], bookingTime: '14:00', customerName: 'Sanne Smit' },
  });
  expect(single.status(), await single.text()).toBe(201);
  const booking = (await single.json()) as OwnerBookingDto;
  await page.goto('/bookings');
  await page
    .getByRole('row')
    .filter({ hasText: 'Sanne Smit' })
    .getByRole('button', { name: 'Details van Sanne Smit' })
    .click();
  const panel = page.getByRole('dialog', { name: 'Sanne Smit' });
  await panel.getByRole('button', { name: 'Afspraak van Sanne Smit herhalen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
  await expect(dialog.getByRole('checkbox', { name: 'Herhalen' })).toBeChecked();
  await expect(dialog.getByLabel('Datum', { exact: true })).toHaveValue(dates[1]!);
  await expect(dialog.getByRole('combobox', { name: 'Tijd' })).toHaveText('14:00');
  await expect(dialog.getByLabel('Naam')).toHaveValue('Sanne Smit');
  await expect(dialog.getByRole('group', { name: 'Gekozen klant' })).toContainText('Sanne Smit');
  await dialog.getByLabel('Aantal keer (2–52)').fill('4');
  const list = dialog.getByRole('region', { name: 'Data in deze reeks' });
  await expect(list.getByRole('status')).toHaveText('4 van 4 afspraken worden geboekt.');
  await expect(list.getByRole('listitem').first()).toContainText(formatLongDutchDate(dates[1]!));
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Reeks opslaan' }).click();
  // (The toast lies outside the details panel, hidden from the accessibility tree while it is open.)
  await expect(page.getByText('Reeks vastgelegd', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const all = (await (await api.get('/api/bookings?limit=500')).json()) as OwnerBookingDto[];
  const mine = all.filter((b) => b.customerName === 'Sanne Smit');
  const seriesId = mine.find((b) => b.seriesId)?.seriesId;
  expect(seriesId).toBeTruthy();
  const series = mine.filter((b) => b.seriesId === seriesId);
  expect(series.map((b) => b.bookingDate).sort()).toEqual(dates.slice(1, 5));
  expect(series.every((b) => b.bookingTime === '14:00' && b.customerId === booking.customerId)).toBe(true);
  // The booking it was made from stays on its own, not booked twice.
  expect(mine.filter((b) => b.bookingDate === dates[0])).toEqual([
    expect.objectContaining({ id: booking.id, seriesId: null }),
  ]);
});
