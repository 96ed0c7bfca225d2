/**
 * Account deletion (issue 20; docs/PRODUCT.md#account-deletion): an owner with a service and a
 * customer's booking reads the warning with the counts on Profiel, types a wrong password first
 * (the field says so after the confirmation, nothing is deleted), then the right one; after the
 * confirmation the app lands on /auth with 'Uw account is verwijderd', and the account cannot log
 * in any more. axe at 1280 px and 390 px.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { bookableDates, ownerWithEvent, seriousViolations, toast } from './support/helpers';

/** DELETION_SHOTS=/tmp/h/E- writes screenshots, named after that prefix. */
const SHOTS = process.env.DELETION_SHOTS;
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'account-deletion-')), 'state.json');

let api: APIRequestContext;
let username = '';

async function shot(page: Page, name: string, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}${name}.png`, animations: 'disabled', fullPage });
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const made = await ownerWithEvent(baseURL!, { prefix: 'afscheid', title: 'Knippen' });
  api = made.api;
  username = ((await (await api.get('/api/user')).json()) as { username: string }).username;
  const [date] = bookableDates(made.event, 1);
  const res = await api.post('/api/public/bookings', {
    data: {
      eventId: made.eventId,
      bookingDate: date,
      bookingTime: '10:00',
      customFieldResponses: { Naam: 'Noor Jansen', 'E-mail': 'noor.afscheid@example.nl' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

const deletionCard = (page: Page) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Account verwijderen', exact: true }) });

test('the warning names what goes; a wrong password deletes nothing (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/profile');
  const card = deletionCard(page);
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Dit wordt definitief verwijderd')).toBeVisible();
  await expect(card.getByRole('listitem')).toContainText([
    '1 dienst',
    '1 afspraak (ook voorbije en geannuleerde)',
    '1 agenda',
  ]);
  await expect(
    card.getByText(
      '1 komende afspraak wordt eerst geannuleerd. Klanten met een e-mailadres (1) krijgen de gebruikelijke annuleringsmail.',
    ),
  ).toBeVisible();
  await expect(card.getByText('Dit kan niet ongedaan worden gemaakt. Exporteer eerst')).toBeVisible();
  await shot(page, 'card-1280');
  expect(await seriousViolations(page)).toEqual([]);

  // Empty: the form's own check, before any dialog.
  await card.getByRole('button', { name: 'Account verwijderen' }).click();
  const password = card.getByLabel('Uw wachtwoord');
  await expect(card.getByText('Wachtwoord is verplicht')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Wrong: confirmed, then refused on the field.
  await password.fill('verkeerd1');
  await password.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Account definitief verwijderen?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ja, verwijder mijn account' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Wachtwoord is onjuist')).toBeVisible();
  await expect(password).toBeFocused();
  await shot(page, 'wrong-1280');
  expect(await seriousViolations(page)).toEqual([]);
  expect((await api.get('/api/user')).status()).toBe(200);
  expect(((await (await api.get('/api/events')).json()) as unknown[]).length).toBe(1);

  // 'Annuleren' in the dialog keeps everything too.
  await password.fill('geheim123');
  await card.getByRole('button', { name: 'Account verwijderen' }).click();
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();
  expect((await api.get('/api/user')).status()).toBe(200);
});

test('the right password deletes the account and lands on /auth; it cannot log in (390 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile');
  const card = deletionCard(page);
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('listitem').first()).toHaveText('1 dienst');
  await shot(page, 'card-390');
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByLabel('Uw wachtwoord').fill('geheim123');
  await card.getByRole('button', { name: 'Account verwijderen' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Account definitief verwijderen?' });
  await expect(dialog).toBeVisible();
  await shot(page, 'confirm-390');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Ja, verwijder mijn account' }).click();

  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, 'Uw account is verwijderd')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welkom terug' })).toBeVisible();
  await shot(page, 'deleted-390');
  expect(await seriousViolations(page)).toEqual([]);
  expect((await api.get('/api/user')).status()).toBe(401);

  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill('geheim123');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Ongeldige gebruikersnaam of wachtwoord').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});
