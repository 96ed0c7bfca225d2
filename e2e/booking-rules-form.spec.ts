/**
 * The section "Boekingsregels" on the Tijd tab of the event form and the template editor
 * (docs/PRODUCT.md#booking-rules): the owner sets a notice in hours, a buffer, a cut-off in days, a
 * closed date and a policy, saves, reloads and sees them again; a server's message for one override
 * row shows under that row. Axe on the Tijd tab. RULES_SCREENSHOTS=<dir> also writes screenshots of
 * the tab at 390 and 1280 px there.
 */
import type { Page } from '@playwright/test';
import { formatLongDutchDate } from '@core/index';
import { expect, test } from './support/test';
import { daysFromToday, everyDay, seriousViolations, toast } from './support/helpers';

const SHOTS = process.env.RULES_SCREENSHOTS;
const POLICY = 'Annuleren kan kosteloos tot 2 dagen van tevoren. Daarna rekenen we de helft.';

const customFields = [{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }];

async function newOwner(page: Page, prefix: string) {
  const username = `${prefix}${Date.now()}`;
  const res = await page.request.post('/api/register', { data: { username, password: 'geheim123' } });
  expect(res.status()).toBe(201);
}

/** Fills the rules the journey checks on the open Tijd tab. */
async function setRules(page: Page, closedDate: string) {
  await page.getByLabel('Minimale boekingstermijn', { exact: true }).fill('2');
  await page.getByRole('combobox', { name: 'Eenheid: Minimale boekingstermijn' }).click();
  await page.getByRole('option', { name: 'uur', exact: true }).click();
  await page.getByLabel('Buffer achteraf', { exact: true }).fill('15');
  await page.getByRole('switch', { name: 'Termijn voor annuleren' }).click();
  await page.getByRole('spinbutton', { name: 'Termijn voor annuleren' }).fill('2');
  await page.getByRole('combobox', { name: 'Eenheid: Termijn voor annuleren' }).click();
  await page.getByRole('option', { name: 'dagen', exact: true }).click();
  await page.getByLabel('Annuleringsvoorwaarden').fill(POLICY);
  await page.getByLabel('Afwijkende datum', { exact: true }).fill(closedDate);
  await page.getByRole('button', { name: 'Datum toevoegen' }).click();
  const label = formatLongDutchDate(closedDate);
  await expect(page.getByRole('combobox', { name: `Openingstijden op ${label}` })).toHaveText('Gesloten');
}

/** What the reloaded Tijd tab shows of those rules. */
async function expectRules(page: Page, closedDate: string) {
  await expect(page.getByLabel('Minimale boekingstermijn', { exact: true })).toHaveValue('2');
  await expect(page.getByRole('combobox', { name: 'Eenheid: Minimale boekingstermijn' })).toHaveText('uur');
  await expect(page.getByLabel('Buffer achteraf', { exact: true })).toHaveValue('15');
  await expect(page.getByLabel('Buffer vooraf', { exact: true })).toHaveValue('0');
  await expect(page.getByRole('switch', { name: 'Termijn voor annuleren' })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Termijn voor annuleren' })).toHaveValue('2');
  await expect(page.getByRole('combobox', { name: 'Eenheid: Termijn voor annuleren' })).toHaveText('dagen');
  await expect(page.getByRole('switch', { name: 'Termijn voor verzetten' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Hoe ver vooruit' })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Tijdstap' })).toHaveText('Gelijk aan de duur');
  await expect(page.getByLabel('Annuleringsvoorwaarden')).toHaveValue(POLICY);
  const label = formatLongDutchDate(closedDate);
  await expect(page.getByRole('combobox', { name: `Openingstijden op ${label}` })).toHaveText('Gesloten');
  await expect(page.getByRole('button', { name: `Verwijder ${label}` })).toBeVisible();
}

const expectedRules = (closedDate: string, more: object[] = []) => ({
  minimumNoticeMinutes: 120,
  bookingHorizonDays: null,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  slotIntervalMinutes: null,
  maxBookingsPerDay: null,
  cancelCutoffHours: 48,
  rescheduleCutoffHours: null,
  policyText: POLICY,
  dateOverrides: [{ date: closedDate, closed: true }, ...more],
});

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1000 });
    const card = page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole('heading', { name: 'Boekingsregels' }) });
    await card.screenshot({ path: `${SHOTS}/rules-${name}-${width}.png`, animations: 'disabled' });
    await page.screenshot({
      path: `${SHOTS}/rules-${name}-${width}-page.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('event form: the owner sets booking rules on the Tijd tab, saves, reloads and sees them again', async ({
  page,
}) => {
  await newOwner(page, 'regels');
  const created = await page.request.post('/api/events', {
    data: {
      title: 'Knipbeurt',
      workingDays: everyDay,
      dateRangeType: 'range',
      dateRangeStart: daysFromToday(1),
      dateRangeEnd: daysFromToday(60),
      durationMinutes: 30,
      customFields,
    },
  });
  expect(created.status()).toBe(201);
  const event = (await created.json()) as { id: string };
  const closedDate = daysFromToday(10);

  await page.goto(`/events/${event.id}/edit`);
  await page.getByRole('tab', { name: 'Tijd' }).click();
  await expect(page.getByRole('heading', { name: 'Boekingsregels' })).toBeVisible();
  await setRules(page, closedDate);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(toast(page, 'Evenement bijgewerkt')).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);

  const stored = (await (await page.request.get(`/api/events/${event.id}`)).json()) as Record<
    string,
    unknown
  >;
  expect(stored).toMatchObject(expectedRules(closedDate));

  await page.goto(`/events/${event.id}/edit`);
  await page.getByRole('tab', { name: 'Tijd' }).click();
  await expectRules(page, closedDate);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'event');

  // Saved again untouched: the server keeps exactly what it had.
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page).toHaveURL(/\/events$/);
  const again = (await (await page.request.get(`/api/events/${event.id}`)).json()) as Record<string, unknown>;
  expect(again).toMatchObject(expectedRules(closedDate));

  // A message the server gives for one override row shows under that row, on the Tijd tab.
  await page.goto(`/events/${event.id}/edit`);
  await page.route(`**/api/events/${event.id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'VALIDATION_ERROR',
            message: 'Op deze datum kan dat niet.',
            fields: { 'dateOverrides.0.date': 'Op deze datum kan dat niet.' },
          }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page.getByRole('tab', { name: /Tijd/ })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('listitem').filter({ hasText: formatLongDutchDate(closedDate) });
  await expect(row.getByText('Op deze datum kan dat niet.')).toBeVisible();
  await expect(
    page.getByRole('combobox', { name: `Openingstijden op ${formatLongDutchDate(closedDate)}` }),
  ).toHaveAccessibleDescription('Op deze datum kan dat niet.');
});

test('template editor: the same rules on its Tijd tab are stored and shown again', async ({ page }) => {
  await newOwner(page, 'regelstpl');
  const created = await page.request.post('/api/templates', {
    data: {
      templateName: 'Intake',
      workingDays: everyDay,
      durationMinutes: 30,
      customFieldsConfig: customFields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const template = (await created.json()) as { id: string };
  const closedDate = daysFromToday(12);

  const shortDate = daysFromToday(13);
  const short = formatLongDutchDate(shortDate);

  await page.goto(`/templates/${template.id}/edit`);
  await page.getByRole('tab', { name: 'Tijd' }).click();
  await setRules(page, closedDate);
  // A second date with other hours; an end before the start is refused under that row.
  await page.getByLabel('Afwijkende datum', { exact: true }).fill(shortDate);
  await page.getByRole('button', { name: 'Datum toevoegen' }).click();
  await page.getByRole('combobox', { name: `Openingstijden op ${short}` }).click();
  await page.getByRole('option', { name: 'Andere tijden' }).click();
  await page.getByLabel(`Begintijd op ${short}`).fill('13:00');
  await page.getByLabel(`Eindtijd op ${short}`).fill('10:00');
  await page.getByRole('tab', { name: 'Basis' }).click();
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByRole('tab', { name: /Tijd/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(`Eindtijd op ${short}`)).toHaveAccessibleDescription(
    'De eindtijd moet na de begintijd liggen.',
  );
  await expect(page.getByLabel(`Eindtijd op ${short}`)).toHaveAttribute('aria-invalid', 'true');
  // The form's toast loads its chunk on first use: wait for it, so axe never sees it mid-fade.
  await expect(toast(page, 'Controleer het formulier')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel(`Begintijd op ${short}`).fill('10:00');
  await page.getByLabel(`Eindtijd op ${short}`).fill('13:00');
  await expect(page.getByText('De eindtijd moet na de begintijd liggen.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(toast(page, 'Template bijgewerkt')).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);

  const stored = (await (await page.request.get(`/api/templates/${template.id}`)).json()) as Record<
    string,
    unknown
  >;
  const hours = { date: shortDate, startTime: '10:00', endTime: '13:00' };
  expect(stored).toMatchObject(expectedRules(closedDate, [hours]));

  await page.goto(`/templates/${template.id}/edit`);
  await page.getByRole('tab', { name: 'Tijd' }).click();
  await expectRules(page, closedDate);
  await expect(page.getByRole('combobox', { name: `Openingstijden op ${short}` })).toHaveText(
    'Andere tijden',
  );
  await expect(page.getByLabel(`Begintijd op ${short}`)).toHaveValue('10:00');
  await expect(page.getByLabel(`Eindtijd op ${short}`)).toHaveValue('13:00');
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'template');
});
