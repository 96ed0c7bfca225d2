/**
 * Bookings the owner writes down and corrections of a customer's details (issue 19,
 * docs/PRODUCT.md#bookings-page): the "Nieuwe afspraak" button of the page header and an empty spot
 * of the agenda open one dialog; a time outside the hours is allowed with a visible warning; the
 * edit dialog corrects a misspelt name. The list opens on today, soonest first; the earlier
 * appointments are one choice away. At 1280 px and 390 px, axe clean.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { OwnerBookingDto } from '@contracts/bookings';
import { formatLongDutchDate } from '@core/index';
import { expect, test } from './support/test';
import {
  bookableDates,
  daysFromToday,
  ownerWithEvent,
  seriousViolations,
  testToday,
  toast,
} from './support/helpers';

/** MANUAL_SHOTS=/tmp/hC- also writes screenshots, named after that prefix. */
const SHOTS = process.env.MANUAL_SHOTS;
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'manual-booking-')), 'state.json');

let api: APIRequestContext;
let date = '';
let agendaName = '';
let eventId = '';
/** Two more dates the service offers after `date`, in order. */
let later: [string, string];

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true, animations: 'disabled' });
}

async function ownerBookings() {
  return (await (await api.get('/api/bookings?limit=500')).json()) as OwnerBookingDto[];
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const owner = await ownerWithEvent(baseURL!, { prefix: 'handmatig', title: 'Knippen', phoneField: true });
  api = owner.api;
  const fields = await api.patch(`/api/events/${owner.eventId}`, {
    data: {
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
        { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
        { fieldName: 'Opmerking', fieldType: 'textarea', isRequired: false, order: 3 },
      ],
    },
  });
  expect(fields.status(), await fields.text()).toBe(200);
  [date, ...later] = bookableDates(owner.event, 3) as [string, string, string];
  eventId = owner.eventId;
  const agendas = (await (await api.get('/api/agendas')).json()) as Array<{ name: string }>;
  agendaName = agendas[0]!.name;
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

test('the header button writes down a phone booking outside the hours, with a warning first', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings');
  await page.getByRole('button', { name: 'Nieuwe afspraak' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
  await expect(dialog).toBeVisible();

  // Saving an empty form names what is missing under each field.
  await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
  await expect(dialog.getByText('Vul de naam van de klant in.')).toBeVisible();

  await dialog.getByLabel('Datum').fill(date);
  await dialog.getByRole('combobox', { name: 'Tijd' }).click();
  await expect(page.getByRole('option', { name: '10:00' })).toBeVisible();
  await page.getByRole('option', { name: 'Andere tijd...' }).click();
  await dialog.getByLabel('Tijd (vrij in te vullen)').fill('20:00');
  const warning = dialog.getByRole('status').filter({ hasText: 'Let op' });
  await expect(warning).toContainText('Buiten de werktijden of het tijdrooster van deze dienst');

  await dialog.getByLabel('Naam').fill('Eva de Vries');
  await dialog.getByLabel('Telefoon (optioneel)').fill('06 12345678');
  await dialog.getByLabel('Opmerking (optioneel)').fill('Belt terug als het later wordt');
  // Informing the customer needs an address; the hint says so until one is typed.
  await expect(dialog.getByText('Vul een e-mailadres in om de klant te informeren.')).toBeVisible();
  await dialog.getByLabel('E-mail (optioneel)').fill('eva@example.nl');
  await dialog.getByRole('checkbox', { name: 'Klant informeren per e-mail' }).check();
  await shot(page, 'new-desktop');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
  await expect(toast(page, 'Afspraak vastgelegd')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Eva de Vries' })).toBeVisible();
  expect((await ownerBookings()).find((b) => b.customerName === 'Eva de Vries')).toMatchObject({
    bookingDate: date,
    bookingTime: '20:00',
    customerEmail: 'eva@example.nl',
    customerPhone: '+31612345678',
    customFieldResponses: {
      Naam: 'Eva de Vries',
      'E-mail': 'eva@example.nl',
      Telefoon: '+31612345678',
      Opmerking: 'Belt terug als het later wordt',
    },
  });
  expect(await seriousViolations(page)).toEqual([]);
});

test('an empty spot of the day view opens the dialog on its date, time and agenda', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/bookings?weergave=dag&datum=${date}`);
  const spot = page.getByRole('button', {
    name: `Nieuwe afspraak op ${formatLongDutchDate(date)} in ${agendaName}`,
  });
  // By keyboard: the day and agenda, the time still to choose.
  await spot.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
  await expect(dialog.getByLabel('Datum')).toHaveValue(date);
  await expect(dialog.getByRole('combobox', { name: 'Tijd' })).toHaveText('Kies een tijd');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // By mouse: the half hour under the pointer (just below the 10:00 line), a free time of the grid.
  const box = (await spot.boundingBox())!;
  const hour = (await page
    .locator('span', { hasText: /^10:00$/ })
    .first()
    .boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, hour.y + 8);
  await expect(dialog.getByLabel('Datum')).toHaveValue(date);
  await expect(dialog.getByRole('combobox', { name: 'Tijd' })).toHaveText('10:00');
  const chosen = '10:00';
  await dialog.getByLabel('Naam').fill('Sem Jansen');
  await shot(page, 'spot-desktop');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
  await expect(toast(page, 'Afspraak vastgelegd')).toBeVisible();
  await expect(page.getByRole('button', { name: /Sem Jansen/ })).toBeVisible();
  expect((await ownerBookings()).find((b) => b.customerName === 'Sem Jansen')).toMatchObject({
    bookingDate: date,
    bookingTime: chosen,
  });
});

test('on a phone the week list and the header open the dialog; axe clean at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/bookings?weergave=week&datum=${date}`);
  await page.getByRole('button', { name: `Nieuwe afspraak op ${formatLongDutchDate(date)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
  await expect(dialog.getByLabel('Datum')).toHaveValue(date);
  // A free time of the grid carries no warning.
  await dialog.getByRole('combobox', { name: 'Tijd' }).click();
  await page.getByRole('option', { name: '11:00' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Let op' })).toHaveCount(0);
  await dialog.getByLabel('Naam').fill('Noor');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shot(page, 'new-phone');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/bookings');
  await page.getByRole('button', { name: 'Nieuwe afspraak' }).click();
  await expect(page.getByRole('dialog', { name: 'Nieuwe afspraak' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the edit dialog corrects a misspelt name and refuses a bad address under its field', async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/bookings');
    const before = width === 1280 ? 'Eva de Vries' : 'Eva de Vries-Bakker';
    const after = width === 1280 ? 'Eva de Vries-Bakker' : 'Eva de Vries';
    await page.getByRole('button', { name: `Afspraak van ${before} wijzigen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Afspraak wijzigen' });
    await expect(dialog.getByLabel('Naam')).toHaveValue(before);
    await expect(dialog.getByLabel('Opmerking (optioneel)')).toHaveValue('Belt terug als het later wordt');
    await dialog.getByLabel('Naam').fill(after);
    await dialog.getByLabel('E-mail (optioneel)').fill('eva@');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog.getByText('Ongeldig e-mailadres')).toBeVisible();
    await dialog.getByLabel('E-mail (optioneel)').fill('eva@example.nl');
    await shot(page, `edit-${width}`);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(toast(page, 'Afspraak bijgewerkt')).toBeVisible();
    await expect(page.getByRole('button', { name: `Afspraak van ${after} wijzigen` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
  expect((await ownerBookings()).find((b) => b.customerName === 'Eva de Vries')).toMatchObject({
    bookingTime: '20:00',
    customFieldResponses: { Naam: 'Eva de Vries', Opmerking: 'Belt terug als het later wordt' },
  });
});

test('the list opens on today, soonest first; earlier appointments under “Eerdere afspraken”', async ({
  page,
}) => {
  // Written down out of order, so the list's order is not the order of writing.
  for (const [name, bookingDate] of [
    ['Lotte Laatst', later[1]],
    ['Pieter Eerder', daysFromToday(-3)], // the owner may write down the past (with a warning)
    ['Sem Straks', later[0]],
  ] as const) {
    const res = await api.post('/api/bookings', {
      data: { eventId, bookingDate, bookingTime: '10:00', customerName: name },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings');
  const period = page.getByRole('combobox', { name: 'Periode' });
  await expect(period).toHaveText('Komende afspraken');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Lotte Laatst' })).toBeVisible();
  const names = async () =>
    (await table.getByRole('row').allTextContents()).flatMap((text) =>
      ['Eva de Vries', 'Sem Straks', 'Lotte Laatst', 'Pieter Eerder'].filter((n) => text.includes(n)),
    );
  // Eva (on the first date), then the later ones; nothing from before today.
  expect(await names()).toEqual(['Eva de Vries', 'Sem Straks', 'Lotte Laatst']);
  // The export takes the list's range and order.
  const exportHref = await page.getByRole('link', { name: 'Exporteren (CSV)' }).getAttribute('href');
  expect(Object.fromEntries(new URL(exportHref!, 'http://x').searchParams)).toEqual({
    order: 'asc',
    from: testToday(),
  });
  await shot(page, 'list-upcoming-1280');
  expect(await seriousViolations(page)).toEqual([]);

  // A search that finds nothing upcoming offers to look in all appointments.
  await page.getByLabel('Zoek afspraken').fill('Pieter');
  await expect(page.getByRole('heading', { name: 'Geen afspraken gevonden' })).toBeVisible();
  await page.getByRole('button', { name: 'Zoek in alle afspraken' }).click();
  await expect(period).toHaveText('Alle afspraken');
  await expect(table.getByRole('row').filter({ hasText: 'Pieter Eerder' })).toBeVisible();
  await page.getByLabel('Zoek afspraken').fill('');

  // The earlier ones: before today, most recent first.
  await period.click();
  await page.getByRole('option', { name: 'Eerdere afspraken' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Pieter Eerder' })).toBeVisible();
  expect(await names()).toEqual(['Pieter Eerder']);

  // On a phone: the cards in the same order.
  await period.click();
  await page.getByRole('option', { name: 'Komende afspraken' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Afspraken' }).getByRole('listitem');
  await expect(cards.filter({ hasText: 'Lotte Laatst' })).toBeVisible();
  const cardNames = (await cards.allTextContents()).flatMap((text) =>
    ['Eva de Vries', 'Sem Straks', 'Lotte Laatst', 'Pieter Eerder'].filter((n) => text.includes(n)),
  );
  expect(cardNames).toEqual(['Eva de Vries', 'Sem Straks', 'Lotte Laatst']);
  await shot(page, 'list-upcoming-390');
  expect(await seriousViolations(page)).toEqual([]);
});
