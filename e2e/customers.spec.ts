/**
 * The 'Klanten' screens below Afspraken (docs/PRODUCT.md#customers): one customer with three visits
 * and a no-show (the owner's own bookings on past days, which POST /api/bookings may record), found
 * by search in the list, opened on the card with the figures and the history; a note to follow up
 * today shows on the dashboard and leads back to the card; an edit, an address of another customer
 * answered with the offer to merge, the merge itself, and a block with its reason. Axe at every screen
 * and both widths; screenshots with BOOKING_SCREENSHOTS.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { OwnerBookingDto } from '@contracts/bookings';
import { expect, test } from './support/test';
import { shot } from './support/booking-page';
import { daysFromToday, ownerWithEvent, seriousViolations, testToday, toast } from './support/helpers';

let api: APIRequestContext;
let cookies: Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'] = [];

test.describe.configure({ mode: 'serial' });
// A toast fading out lowers its text's contrast while axe reads it: the check sees the end states.
test.use({ reducedMotion: 'reduce' });

async function ownBooking(eventId: string, date: string, name: string, email: string) {
  const res = await api.post('/api/bookings', {
    data: { eventId, bookingDate: date, bookingTime: '10:00', customerName: name, customerEmail: email },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as OwnerBookingDto;
}

async function signIn(page: Page) {
  await page.context().addCookies(cookies);
}

async function noViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test.beforeAll(async ({ baseURL }) => {
  const owner = await ownerWithEvent(baseURL!, { prefix: 'klant', title: 'Knippen' });
  api = owner.api;
  // Three visits and a no-show for Anna, on past days; one visit for Bram; Anna's second address.
  for (const n of [-10, -7, -4])
    await ownBooking(owner.eventId, daysFromToday(n), 'Anna de Boer', 'anna@example.nl');
  const missed = await ownBooking(owner.eventId, daysFromToday(-2), 'Anna de Boer', 'anna@example.nl');
  const mark = await api.patch(`/api/bookings/${missed.id}`, { data: { noShow: true } });
  expect(mark.status(), await mark.text()).toBe(200);
  await ownBooking(owner.eventId, daysFromToday(-3), 'Bram Visser', 'bram@example.nl');
  // Anna's next visit, which the bookings list (upcoming first) shows.
  await ownBooking(owner.eventId, daysFromToday(3), 'Anna de Boer', 'anna@example.nl');
  await ownBooking(owner.eventId, daysFromToday(-5), 'A. de Boer', 'anna.werk@example.nl');
  cookies = (await api.storageState()).cookies;
});

test.afterAll(async () => {
  await api?.dispose();
});

test('the list: reached from Afspraken, searched as you type, at both widths', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings');
  await page.getByRole('link', { name: 'Klanten', exact: true }).click();
  await expect(page).toHaveURL(/\/bookings\/customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Klanten' });
  const anna = table.getByRole('row').filter({ hasText: 'anna@example.nl' });
  // Visits, no-shows: the figures the server counts.
  await expect(anna.getByRole('cell').nth(2)).toHaveText('3');
  await expect(anna.getByRole('cell').nth(3)).toHaveText('1');
  await expect(table.getByRole('link', { name: 'Bram Visser' })).toBeVisible();
  await shot(page, 'customers-list');
  await noViolations(page);

  await page.getByRole('searchbox', { name: 'Zoek klanten' }).fill('bram');
  await expect(table.getByRole('link', { name: 'Anna de Boer' })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'Bram Visser' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Zoek klanten' }).fill('zzzz');
  await expect(page.getByRole('heading', { name: 'Geen klanten gevonden' })).toBeVisible();
  await noViolations(page);
  await page.getByRole('button', { name: 'Filters wissen' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Klanten' });
  await expect(cards.getByRole('link', { name: 'Anna de Boer' })).toBeVisible();
  await shot(page, 'customers-list');
  await noViolations(page);
});

test('the card: figures and history; a note to follow up today is on the dashboard', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings/customers');
  await page.getByRole('searchbox', { name: 'Zoek klanten' }).fill('anna@');
  await page.getByRole('link', { name: 'Anna de Boer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anna de Boer' })).toBeVisible();
  const history = page.getByRole('list', { name: 'Afspraken' });
  await expect(history.getByRole('listitem')).toHaveCount(5);
  await expect(history.getByRole('listitem').nth(1)).toContainText('Niet verschenen');

  await page.getByRole('textbox', { name: 'Nieuwe notitie' }).fill('Bellen over een vervolgafspraak.');
  await page.getByLabel('Opvolgen op (optioneel)').fill(testToday());
  await page.getByRole('button', { name: 'Notitie toevoegen' }).click();
  await expect(toast(page, 'Notitie toegevoegd')).toBeVisible();
  const notes = page.getByRole('list', { name: 'Notities' });
  await expect(notes).toContainText('Bellen over een vervolgafspraak.');
  await expect(notes).toContainText('Opvolgen op');
  await shot(page, 'customers-card');
  await noViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'customers-card');
  await noViolations(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const followUp = page.getByRole('link', { name: 'Opvolgen: Anna de Boer' });
  await expect(followUp).toBeVisible();
  await noViolations(page);
  await followUp.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anna de Boer' })).toBeVisible();
});

test('edit, an address of another customer offers the merge, and a block with its reason', async ({
  page,
}) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings');
  // From a booking in the list straight to its customer's card.
  await page.getByRole('link', { name: 'Klantkaart van Anna de Boer' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anna de Boer' })).toBeVisible();

  await page.getByRole('button', { name: 'Bewerken', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Klant bewerken' });
  await dialog.getByLabel('Telefoon (optioneel)').fill('0612345678');
  await dialog.getByLabel('Labels (optioneel)').fill('vaste klant, kleuring');
  await noViolations(page);
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, 'Klant bijgewerkt')).toBeVisible();
  await expect(page.getByRole('link', { name: '06 12345678' })).toBeVisible();
  await expect(page.getByText('kleuring', { exact: true }).first()).toBeVisible();

  // The address of 'A. de Boer': refused with the Dutch message and the way to merge them.
  await page.getByRole('button', { name: 'Bewerken', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Klant bewerken' });
  await dialog.getByLabel('E-mail (optioneel)').fill('anna.werk@example.nl');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(
    dialog.getByText(
      'Dit e-mailadres hoort al bij A. de Boer. Voeg de twee klanten samen als het dezelfde persoon is.',
    ),
  ).toBeVisible();
  await noViolations(page);
  await dialog.getByRole('button', { name: 'Samenvoegen met A. de Boer' }).click();
  const merge = page.getByRole('dialog', { name: 'Klant samenvoegen met Anna de Boer' });
  await expect(merge).toContainText('Afspraken: 1');
  await expect(merge).toContainText('Notities: 0');
  await noViolations(page);
  await merge.getByRole('button', { name: 'Samenvoegen', exact: true }).click();
  await expect(toast(page, 'Klanten samengevoegd')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Afspraken' }).getByRole('listitem')).toHaveCount(6);

  await page.getByRole('button', { name: 'Blokkeren', exact: true }).click();
  const block = page.getByRole('dialog', { name: 'Anna de Boer blokkeren?' });
  await block.getByRole('button', { name: 'Blokkeren' }).click();
  await expect(block.getByText('Schrijf op waarom de klant niet meer online mag boeken.')).toBeVisible();
  await block.getByLabel('Reden').fill('Drie keer niet verschenen zonder bericht.');
  await noViolations(page);
  await block.getByRole('button', { name: 'Blokkeren' }).click();
  await expect(toast(page, 'Klant geblokkeerd')).toBeVisible();
  await expect(page.getByText('Reden: Drie keer niet verschenen zonder bericht.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deblokkeren' })).toBeVisible();
  await noViolations(page);
});

test('the import: a CSV file, its columns matched, a dry run, then the customers are there', async ({
  page,
}) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings/customers');
  await page.getByRole('button', { name: 'Importeren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Klanten importeren' });
  await dialog.getByRole('button', { name: 'Bestand lezen' }).click();
  await expect(dialog.getByText('Kies een CSV-bestand om te importeren.')).toBeVisible();
  const csv =
    'Voornaam;Achternaam;E-mail;Telefoon\nSanne;Jansen;sanne@example.nl;0611111111\nPiet;;geen-adres;\n';
  await dialog.getByLabel('CSV-bestand').setInputFiles({
    name: 'klanten.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await dialog.getByRole('button', { name: 'Bestand lezen' }).click();
  await expect(dialog.getByText('2 rijen gevonden.', { exact: false })).toBeVisible();
  // The server's suggestion fills the mapping from the headers.
  await expect(dialog.getByRole('combobox', { name: 'Voornaam' })).toContainText('Voornaam');
  await expect(dialog.getByRole('combobox', { name: 'E-mail' })).toContainText('E-mail');
  await noViolations(page);
  await dialog.getByRole('button', { name: 'Proefimport' }).click();
  await expect(dialog.getByText(/^Proefimport: 1 nieuw, 0 aangevuld, 1 overgeslagen/)).toBeVisible();
  await expect(dialog.getByText('Rij 3: Ongeldig e-mailadres.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importeren', exact: true }).click();
  await expect(dialog.getByText(/^Geïmporteerd: 1 nieuw, 0 aangevuld, 1 overgeslagen/)).toBeVisible();
  await noViolations(page);
  // The footer's button (the toast may lie over it; the corner's cross has the same name).
  await dialog.getByRole('button', { name: 'Sluiten', exact: true }).last().press('Enter');
  await expect(
    page.getByRole('region', { name: 'Klanten' }).getByRole('link', { name: 'Sanne Jansen' }),
  ).toBeVisible();
  await noViolations(page);
});
