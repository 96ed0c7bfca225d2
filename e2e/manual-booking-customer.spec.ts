/**
 * The owner's 'Nieuwe afspraak' picks an existing customer (docs/PRODUCT.md#customers): a number
 * typed nationally finds the stored '+31…' one, the keyboard picks it, the record fills the
 * booking's details and the saved booking belongs to that customer. A blocked customer shows
 * 'Geblokkeerd' and can still be booked by hand; 'Andere klant' undoes a pick. Axe clean at 1280
 * and 390 px (BOOKING_SCREENSHOTS=<folder> writes the screenshots).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { BookingDetailsDto, OwnerBookingDto } from '@contracts/bookings';
import type { CustomerDetail } from '@contracts/customers';
import { expect, test } from './support/test';
import { shot } from './support/booking-page';
import { bookableDates, ownerWithEvent, seriousViolations, toast } from './support/helpers';

const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'manual-booking-customer-')), 'state.json');

let api: APIRequestContext;
let dates: [string, string];
let fatima: CustomerDetail;
let bram: CustomerDetail;

async function createCustomer(data: Record<string, unknown>) {
  const res = await api.post('/api/customers', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CustomerDetail;
}

/** The saved booking of `name`, read back in full. */
async function bookingOf(name: string) {
  const list = (await (await api.get('/api/bookings?limit=500')).json()) as OwnerBookingDto[];
  const booking = list.find((b) => b.customerName === name);
  expect(booking, `a booking for ${name}`).toBeDefined();
  const res = await api.get(`/api/bookings/${booking!.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as BookingDetailsDto;
}

async function openDialog(page: Page, date: string) {
  await page.goto('/bookings');
  await page.getByRole('button', { name: 'Nieuwe afspraak' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Datum').fill(date);
  await dialog.getByRole('combobox', { name: 'Tijd' }).click();
  await page.getByRole('option', { name: '10:00' }).click();
  return dialog;
}

/** Arrow down through the results until the option naming `name` is the active one. */
async function arrowTo(page: Page, box: Locator, name: string) {
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    if (active && (await page.locator(`[id="${active}"]`).textContent())?.includes(name)) return;
  }
  throw new Error(`no option for ${name}`);
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const owner = await ownerWithEvent(baseURL!, { prefix: 'klantkeuze', title: 'Knippen', phoneField: true });
  api = owner.api;
  dates = bookableDates(owner.event, 2) as [string, string];
  fatima = await createCustomer({
    name: 'Fatima El Amrani',
    email: 'fatima@example.nl',
    phone: '+31687654321',
  });
  bram = await createCustomer({ name: 'Bram Amrani', phone: '+31687650000' });
  const blocked = await api.post(`/api/customers/${bram.id}/block`, {
    data: { reason: 'Twee keer niet gekomen' },
  });
  expect(blocked.status(), await blocked.text()).toBe(200);
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

test('a national number finds the customer, the keyboard picks it and the booking is theirs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const dialog = await openDialog(page, dates[0]);
  const box = dialog.getByRole('combobox', { name: 'Bestaande klant zoeken' });
  await box.click();
  await page.keyboard.type('06 8765');
  const list = dialog.getByRole('listbox', { name: 'Bestaande klant zoeken' });
  await expect(list.getByRole('option')).toHaveCount(2);
  await expect(list.getByRole('option', { name: /Bram Amrani/ })).toContainText('Geblokkeerd');
  const found = list.getByRole('option', { name: /Fatima El Amrani/ });
  for (const fact of ['fatima@example.nl', '06 87654321', 'Nog geen bezoek'])
    await expect(found).toContainText(fact);
  await arrowTo(page, box, 'Fatima El Amrani');
  await shot(page, 'customer-results');
  expect(await seriousViolations(page)).toEqual([]);

  // Escape closes the list only; the dialog stays.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(dialog).toBeVisible();
  await arrowTo(page, box, 'Fatima El Amrani');
  await page.keyboard.press('Enter');

  const picked = dialog.getByRole('group', { name: 'Gekozen klant' });
  await expect(picked).toContainText('Fatima El Amrani');
  await expect(picked.getByRole('button', { name: 'Andere klant' })).toBeFocused();
  await expect(dialog.getByLabel('Naam', { exact: true })).toHaveValue('Fatima El Amrani');
  await expect(dialog.getByLabel('E-mail (optioneel)')).toHaveValue('fatima@example.nl');
  await expect(dialog.getByLabel('Telefoon (optioneel)')).toHaveValue('06 87654321');
  await shot(page, 'customer-picked');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
  await expect(toast(page, 'Afspraak vastgelegd')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await bookingOf('Fatima El Amrani')).toMatchObject({
    customerId: fatima.id,
    customerEmail: 'fatima@example.nl',
    customerPhone: '+31687654321',
  });
});

test('on a phone a blocked customer is picked by tap; "Andere klant" undoes a pick', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await openDialog(page, dates[1]);
  const box = dialog.getByRole('combobox', { name: 'Bestaande klant zoeken' });
  await box.fill('fatima');
  await dialog.getByRole('option', { name: /Fatima El Amrani/ }).click();
  await dialog.getByRole('button', { name: 'Andere klant' }).click();
  // The record's details go with the pick; the box is back, focused.
  await expect(box).toBeFocused();
  await expect(dialog.getByLabel('Naam', { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel('E-mail (optioneel)')).toHaveValue('');

  await box.fill('amrani');
  const option = dialog.getByRole('option', { name: /Bram Amrani/ });
  await expect(option).toContainText('Geblokkeerd');
  await shot(page, 'customer-results');
  expect(await seriousViolations(page)).toEqual([]);
  await option.click();
  const picked = dialog.getByRole('group', { name: 'Gekozen klant' });
  await expect(picked).toContainText('Geblokkeerd');
  // The booking's own details stay editable after the pick.
  await dialog.getByLabel('E-mail (optioneel)').fill('bram@example.nl');
  await shot(page, 'customer-picked');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
  await expect(toast(page, 'Afspraak vastgelegd')).toBeVisible();
  expect(await bookingOf('Bram Amrani')).toMatchObject({
    customerId: bram.id,
    customerEmail: 'bram@example.nl',
    customerPhone: '+31687650000',
  });
});
