/**
 * API keys (docs/PRODUCT.md#public-api): an eigenaar makes a key in Instellingen › API-sleutels, sees
 * it once with the warning and a copy button, the key opens /api/v1, and revoking it (confirmed)
 * closes it at once. Keyboard only for the form; axe on the card and on the dialog; screenshots at
 * 390 and 1280 px through the shared `shot` (BOOKING_SCREENSHOTS).
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { shot } from './support/booking-page';
import { seriousViolations } from './support/helpers';
import { expect, test } from './support/test';

const SHOTS = process.env.BOOKING_SCREENSHOTS;

/** axe and a screenshot at phone and desktop width; `part` also on its own (the long settings page). */
async function atBothWidths(page: Page, name: string, part: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, name);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await part.screenshot({ path: `${SHOTS}/${name}-part-${width}.png`, animations: 'disabled' });
    }
  }
}

test('an eigenaar makes an API key, sees it once, uses it and revokes it', async ({ page }) => {
  const owner = `sleutelsalon${Date.now()}`;
  await page.goto('/auth');
  await page.getByText('Nog geen account? Registreer hier').click();
  await page.getByLabel('Gebruikersnaam').fill(owner);
  await page.getByLabel('Wachtwoord').fill('geheim123');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/settings');
  const card = page.locator('[data-slot="card"]', {
    has: page.getByText('API-sleutels', { exact: true }),
  });
  await expect(card.getByText('Nog geen API-sleutels.')).toBeVisible();
  await card.getByRole('button', { name: 'Nieuwe sleutel' }).click();

  const dialog = page.getByRole('dialog', { name: 'Nieuwe API-sleutel' });
  await expect(dialog).toBeVisible();
  // An empty name is refused in Dutch, beside the field.
  await dialog.getByRole('button', { name: 'Sleutel aanmaken' }).click();
  await expect(dialog.getByText('Geef de sleutel een naam.')).toBeVisible();
  await dialog.getByLabel('Naam').fill('Boekhouding');
  // The access by keyboard: Tab from the name to the chosen radio, arrow to the other, Space.
  await dialog.getByLabel('Naam').press('Tab');
  await expect(dialog.getByRole('radio', { name: 'Alleen lezen' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Lezen en schrijven' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: 'Lezen en schrijven' })).toBeChecked();
  await expect(dialog.getByLabel('Vervaldatum (optioneel)')).toHaveValue('');
  await atBothWidths(page, 'api-key-create', dialog);
  await dialog.getByRole('button', { name: 'Sleutel aanmaken' }).click();

  const shown = page.getByRole('dialog', { name: 'Uw nieuwe API-sleutel' });
  await expect(shown.getByText(/wordt maar één keer getoond/)).toBeVisible();
  const field = shown.getByLabel('API-sleutel', { exact: true });
  await expect(field).toHaveValue(/^ap_live_[0-9A-Za-z]{43}$/);
  const key = await field.inputValue();
  await expect(shown.getByRole('button', { name: 'Kopiëren' })).toBeVisible();
  await atBothWidths(page, 'api-key-shown', shown);
  await shown.getByRole('button', { name: 'Klaar' }).click();

  // The list names the key by its first characters only.
  await expect(card.getByText('Boekhouding', { exact: true })).toBeVisible();
  await expect(card.getByText(key.slice(0, 12) + '…')).toBeVisible();
  await expect(card.getByText(key)).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await atBothWidths(page, 'api-keys-card', card);

  const call = () => page.request.get('/api/v1/agendas', { headers: { authorization: `Bearer ${key}` } });
  expect((await call()).status()).toBe(200);

  await card.getByRole('button', { name: 'Sleutel Boekhouding intrekken' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'API-sleutel intrekken?' });
  await expect(confirm.getByText(/Boekhouding gebruiken, krijgen meteen geen toegang meer/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Intrekken' }).click();
  await expect(card.getByText('Nog geen API-sleutels.')).toBeVisible();
  expect((await call()).status()).toBe(401);
});

test('the API-sleutels card links the API reference page, drawn from the OpenAPI document', async ({
  page,
}) => {
  const owner = `docssalon${Date.now()}`;
  await page.goto('/auth');
  await page.getByText('Nog geen account? Registreer hier').click();
  await page.getByLabel('Gebruikersnaam').fill(owner);
  await page.getByLabel('Wachtwoord').fill('geheim123');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/settings');
  const card = page.locator('[data-slot="card"]', {
    has: page.getByText('API-sleutels', { exact: true }),
  });
  await card.getByRole('link', { name: 'API-documentatie' }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API-documentatie' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'POST /hooks' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'GET /bookings/{id}' })).toBeVisible();
  await page.getByRole('link', { name: /^GET \/bookings\/\{id\}/ }).click();
  await expect(page).toHaveURL(/#get-bookings-id$/);
  await atBothWidths(page, 'api-docs', page.locator('main'));

  const doc = await page.request.get('/api/v1/openapi.json');
  expect(doc.status()).toBe(200);
  expect(((await doc.json()) as { openapi: string }).openapi).toBe('3.1.0');
});
