/**
 * Privacy (AVG, issue 20; docs/PRODUCT.md#privacy): the owner sets a retention period in
 * Instellingen → 'Privacy', downloads a customer's data (from the settings by address and from the
 * booking's details) and erases it after a confirmation that says what happens; the booking then
 * shows the placeholder name and is cancelled. axe at 1280 px and 390 px.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CustomerExport } from '@contracts/privacy';
import { expect, test } from './support/test';
import { bookableDates, ownerWithEvent, seriousViolations, toast } from './support/helpers';

/** PRIVACY_SHOTS=/tmp/h/D- writes screenshots, named after that prefix. */
const SHOTS = process.env.PRIVACY_SHOTS;
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'privacy-')), 'state.json');
const EMAIL = 'sanne.privacy@example.nl';

let api: APIRequestContext;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}${name}.png`, animations: 'disabled', fullPage: false });
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const made = await ownerWithEvent(baseURL!, { prefix: 'privacy', title: 'Knippen', phoneField: true });
  api = made.api;
  const [date] = bookableDates(made.event, 1);
  const res = await api.post('/api/public/bookings', {
    data: {
      eventId: made.eventId,
      bookingDate: date,
      bookingTime: '10:00',
      customFieldResponses: { Naam: 'Sanne de Vries', 'E-mail': EMAIL, Telefoon: '+31612345678' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

const privacyCard = (page: Page) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByText('Privacy', { exact: true }) });

/** The settings at desktop width with the Privacy section's customer address in view. */
async function customerAddressField(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings');
  const card = privacyCard(page);
  const email = card.getByLabel('E-mailadres van de klant');
  await email.scrollIntoViewIfNeeded();
  return { card, email };
}

test('retention: saved in the Privacy section, refused outside 1 to 120, empty keeps', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings');
  const card = privacyCard(page);
  const months = card.getByLabel('Bewaartermijn in maanden');
  await months.scrollIntoViewIfNeeded();
  await expect(months).toHaveValue('');
  await expect(months).toHaveAttribute('placeholder', 'Bewaren');

  await months.fill('0');
  await card.getByRole('button', { name: 'Opslaan' }).click();
  await expect(
    card.getByText('Kies een bewaartermijn van 1 tot 120 maanden', { exact: false }),
  ).toBeVisible();
  await expect(months).toHaveAttribute('aria-invalid', 'true');

  await months.fill('24');
  await card.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, 'Bewaartermijn opgeslagen')).toBeVisible();
  await shot(page, 'retention-1280');
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(privacyCard(page).getByLabel('Bewaartermijn in maanden')).toHaveValue('24');
  expect(((await (await api.get('/api/user')).json()) as { retentionMonths: number }).retentionMonths).toBe(
    24,
  );
});

test("export: the customer's data downloads as JSON from the settings and from the booking's details", async ({
  page,
}) => {
  const { card, email } = await customerAddressField(page);
  await email.fill('geen-adres');
  await card.getByRole('button', { name: 'Gegevens downloaden' }).click();
  await expect(card.getByText('Ongeldig e-mailadres')).toBeVisible();

  await email.fill(` ${EMAIL.toUpperCase()} `);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Gegevens downloaden' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`klantgegevens-${EMAIL}.json`);
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as CustomerExport;
  expect(data.bookings).toHaveLength(1);
  expect(data.bookings[0]).toMatchObject({
    service: 'Knippen',
    customerName: 'Sanne de Vries',
    customerEmail: EMAIL,
    customerPhone: '+31612345678',
    status: 'confirmed',
  });
  expect(data.bookings[0]!.answers).toContainEqual({ fieldName: 'Naam', value: 'Sanne de Vries' });
  expect(data.bookings[0]!.history.map((h) => h.kind)).toEqual(['created']);
  await shot(page, 'customer-1280');

  await page.goto('/bookings');
  await page.getByRole('button', { name: 'Details van Sanne de Vries' }).click();
  const panel = page.getByRole('dialog', { name: 'Sanne de Vries' });
  const link = panel.getByRole('link', { name: 'Gegevens downloaden' });
  await expect(link).toBeVisible();
  const [fromPanel] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(fromPanel.suggestedFilename()).toBe(`klantgegevens-${EMAIL}.json`);
  await shot(page, 'details-1280');
  expect(await seriousViolations(page)).toEqual([]);
});

test('erase: the dialog says what happens; the booking is cancelled and shows the placeholder', async ({
  page,
}) => {
  const { card, email } = await customerAddressField(page);
  await email.fill(EMAIL);
  await card.getByRole('button', { name: 'Gegevens wissen' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Gegevens van ${EMAIL} wissen?` });
  await expect(dialog).toContainText('Toekomstige afspraken van deze klant worden geannuleerd');
  await expect(dialog).toContainText('gebruikelijke annuleringsmail');
  await expect(dialog).toContainText('Dit kan niet ongedaan worden gemaakt.');
  await shot(page, 'erase-dialog-1280');
  expect(await seriousViolations(page)).toEqual([]);

  // 'Terug' changes nothing.
  await dialog.getByRole('button', { name: 'Terug' }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: 'Gegevens wissen' }).click();
  await dialog.getByRole('button', { name: 'Definitief wissen' }).click();
  await expect(toast(page, 'Gegevens gewist')).toBeVisible();
  await expect(
    toast(page, 'Afspraken geanonimiseerd: 1. Toekomstige afspraken geannuleerd (met e-mail): 1.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(email).toHaveValue('');

  await page.goto('/bookings');
  await expect(page.getByRole('button', { name: 'Details van Sanne de Vries' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Details van Geanonimiseerd' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Geanonimiseerd' });
  await expect(panel.getByText('Geannuleerd', { exact: true }).first()).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Geschiedenis' })).toContainText(
    'Persoonsgegevens geanonimiseerd door u',
  );
  // No address left: nothing to download.
  await expect(panel.getByRole('link', { name: 'Gegevens downloaden' })).toHaveCount(0);
  await shot(page, 'erased-1280');
  expect(await seriousViolations(page)).toEqual([]);

  // A second request finds nothing left.
  await page.goto('/settings');
  await privacyCard(page).getByLabel('E-mailadres van de klant').fill(EMAIL);
  await privacyCard(page).getByRole('button', { name: 'Gegevens wissen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Definitief wissen' }).click();
  await expect(toast(page, 'Niets gewist')).toBeVisible();
});

test('phone: the Privacy section and its dialog at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  const card = privacyCard(page);
  await card.scrollIntoViewIfNeeded();
  await card.getByLabel('E-mailadres van de klant').fill(EMAIL);
  await card.getByText('Privacy', { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'card-390');
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Gegevens wissen' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await shot(page, 'erase-dialog-390');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Terug' }).click();
  // Keyboard: the dialog returns focus to the button that opened it.
  await expect(card.getByRole('button', { name: 'Gegevens wissen' })).toBeFocused();
});
