/**
 * Closures in the owner app: the "Sluitingsdagen" card in Instellingen. A vacation range through the
 * form, two holidays through "Feestdagen toevoegen", the list, a delete, the form's refusals, axe,
 * and a closure added with the keyboard alone. CLOSURE_SCREENSHOTS=<dir> writes screenshots at 390
 * and 1280 px there.
 */
import type { Locator, Page } from '@playwright/test';
import { addDays, dutchWeekday, formatDutchDayMonth, formatShortDutchDate } from '@core/index';
import { expect, test } from './support/test';
import { daysFromToday, seriousViolations, testToday, toast } from './support/helpers';

const SHOTS = process.env.CLOSURE_SCREENSHOTS;

const card = (page: Page) => page.locator('#closures');
const closureList = (page: Page) => page.getByRole('list', { name: 'Uw sluitingsdagen' });
const closureRow = (page: Page, label: string) =>
  closureList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
const holidayBox = (page: Page, name: string) =>
  card(page).getByRole('checkbox', { name: new RegExp(`^${name} `) });

/** 'vr 25 dec. 2026' */
const oneDay = (date: string) => `${dutchWeekday(date).short} ${formatShortDutchDate(date)}`;
/** 'ma 6 jul. – vr 24 jul. 2026' (or both years when the range crosses one). */
const range = (start: string, end: string) =>
  start.slice(0, 4) === end.slice(0, 4)
    ? `${dutchWeekday(start).short} ${formatDutchDayMonth(start)} – ${oneDay(end)}`
    : `${oneDay(start)} – ${oneDay(end)}`;

/**
 * Types a date into a date field with the keyboard. Chromium orders the field's parts by the
 * system's locale, not the page's, so a first date in the past (2001-01-02 or 2001-02-01) tells which
 * order it uses; the real date then overwrites it.
 */
async function typeDate(page: Page, field: Locator, date: string) {
  const [y, m, d] = date.split('-');
  await field.focus();
  await page.keyboard.type('01022001');
  const monthFirst = (await field.inputValue()) === '2001-01-02';
  // Back from the year to the first part.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.type(monthFirst ? `${m}${d}${y}` : `${d}${m}${y}`);
}

/** Presses Tab until `target` has the focus, at most `max` times (a date field's parts are stops too). */
async function tabTo(page: Page, target: Locator, max: number) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}

async function newOwner(page: Page, prefix: string) {
  const res = await page.request.post('/api/register', {
    data: { username: `${prefix}${Date.now()}`, password: 'geheim123' },
  });
  expect(res.status()).toBe(201);
}

async function shots(page: Page, name: string, target: () => Locator) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1400 });
    await target().scrollIntoViewIfNeeded();
    await target().screenshot({ path: `${SHOTS}/closures-${name}-${width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('an owner adds a vacation and two holidays, sees them listed and deletes one', async ({ page }) => {
  await newOwner(page, 'sluiting');
  const nextYear = Number(testToday().slice(0, 4)) + 1;
  const holidays = (await (
    await page.request.get(`/api/closures/holidays?year=${nextYear}`)
  ).json()) as Array<{
    date: string;
    name: string;
  }>;
  const dateOf = (name: string) => holidays.find((h) => h.name === name)!.date;

  // A closure that is over stays out of sight until asked for, then shows dimmed as past.
  const last = await page.request.post('/api/closures', {
    data: { startDate: daysFromToday(-9), endDate: daysFromToday(-8), label: 'Studiereis' },
  });
  expect(last.status()).toBe(201);

  await page.goto('/settings');
  await expect(card(page).getByRole('heading', { name: 'Sluitingsdagen', exact: true })).toBeVisible();
  await expect(card(page).getByText('Geen komende sluitingsdagen.')).toBeVisible();
  await card(page).getByRole('button', { name: 'Voorbije sluitingen tonen (1)' }).click();
  await expect(closureRow(page, 'Studiereis')).toContainText('Voorbij');
  await expect(closureRow(page, 'Studiereis')).toContainText(range(daysFromToday(-9), daysFromToday(-8)));
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'past', () => card(page).getByRole('list', { name: 'Uw sluitingsdagen' }));
  await card(page).getByRole('button', { name: 'Voorbije sluitingen verbergen' }).click();
  await expect(closureList(page)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The form refuses what the server would, at the field.
  const form = card(page).getByRole('form', { name: 'Periode toevoegen' });
  await form.getByRole('button', { name: 'Sluiting toevoegen' }).click();
  await expect(form.getByText('Kies een begindatum.')).toBeVisible();
  await expect(form.getByText('Geef de sluiting een omschrijving', { exact: false })).toBeVisible();
  await expect(form.getByLabel('Eerste dag')).toHaveAttribute('aria-invalid', 'true');

  // A vacation range: choosing the first day fills the last day with it, then the owner moves it.
  const start = daysFromToday(30);
  const end = addDays(start, 13);
  await form.getByLabel('Eerste dag').fill(start);
  await expect(form.getByLabel('Laatste dag')).toHaveValue(start);
  await form.getByLabel('Laatste dag').fill(end);
  await form.getByLabel('Omschrijving').fill('Zomervakantie');
  await form.getByRole('button', { name: 'Sluiting toevoegen' }).click();
  await expect(toast(page, 'Sluiting toegevoegd')).toBeVisible();
  const vacation = closureRow(page, 'Zomervakantie');
  await expect(vacation).toContainText(range(start, end));
  await expect(vacation).toContainText('14 dagen');
  await expect(vacation).toContainText('Hele zaak');
  await expect(form.getByLabel('Omschrijving')).toHaveValue('');

  // Two holidays of next year through the picker: none ticked to begin with.
  const picker = card(page).getByRole('region', { name: 'Feestdagen toevoegen' });
  await picker.getByRole('radio', { name: String(nextYear) }).click();
  const group = picker.getByRole('group', { name: `Feestdagen in ${nextYear}` });
  await expect(group.getByRole('checkbox')).toHaveCount(11);
  for (const box of await group.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  await holidayBox(page, 'Koningsdag').click();
  await holidayBox(page, 'Tweede Kerstdag').click();
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'picker', () => picker);
  await picker.getByRole('button', { name: '2 feestdagen toevoegen' }).click();
  await expect(toast(page, '2 feestdagen toegevoegd')).toBeVisible();

  // Listed by date, one day each, named after the holiday; the picker shows them as closed.
  await expect(closureList(page).getByRole('listitem')).toHaveCount(3);
  await expect(closureRow(page, 'Koningsdag')).toContainText(oneDay(dateOf('Koningsdag')));
  await expect(closureRow(page, 'Tweede Kerstdag')).toContainText(oneDay(dateOf('Tweede Kerstdag')));
  await expect(holidayBox(page, 'Koningsdag')).toBeDisabled();
  await expect(picker.getByText('al gesloten', { exact: false })).toHaveCount(2);
  await expect(picker.getByRole('button', { name: 'Gekozen feestdagen toevoegen' })).toBeVisible();
  const saved = (await (await page.request.get('/api/closures')).json()) as Array<{ label: string }>;
  expect(saved.map((c) => c.label)).toEqual(['Studiereis', 'Zomervakantie', 'Koningsdag', 'Tweede Kerstdag']);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'card', () => card(page));

  // Delete Koningsdag, after confirming; the row's button names it.
  await closureRow(page, 'Koningsdag')
    .getByRole('button', { name: `Verwijder Koningsdag (${oneDay(dateOf('Koningsdag'))})` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Sluiting “Koningsdag” verwijderen?' });
  await expect(confirm).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(toast(page, 'Sluiting verwijderd')).toBeVisible();
  await expect(closureRow(page, 'Koningsdag')).toHaveCount(0);
  await expect(closureList(page).getByRole('listitem')).toHaveCount(2);
  await expect(holidayBox(page, 'Koningsdag')).toBeEnabled();
  await expect(holidayBox(page, 'Koningsdag')).not.toBeChecked();
});

test('a closure for one agenda can be added with the keyboard alone', async ({ page }) => {
  await newOwner(page, 'sluitingtoets');
  expect((await page.request.post('/api/agendas', { data: { name: 'Stoel 2' } })).status()).toBe(201);
  const day = daysFromToday(20);

  await page.goto('/settings');
  const form = card(page).getByRole('form', { name: 'Periode toevoegen' });
  await typeDate(page, form.getByLabel('Eerste dag'), day);
  await expect(form.getByLabel('Eerste dag')).toHaveValue(day);
  await expect(form.getByLabel('Laatste dag')).toHaveValue(day);
  // Past the rest of the first day's parts and the last day's (which followed the first day).
  await tabTo(page, form.getByLabel('Laatste dag'), 3);
  await tabTo(page, form.getByLabel('Omschrijving'), 4);
  await page.keyboard.type('Cursus Sanne');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Geldt voor')).toBeFocused();
  await expect(form.getByLabel('Geldt voor')).toHaveText('Hele zaak');
  await page.keyboard.press('Enter'); // opens on 'Hele zaak'
  await expect(page.getByRole('option', { name: 'Hele zaak' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Agenda 1' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Stoel 2' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Geldt voor')).toHaveText('Stoel 2');
  await expect(form.getByLabel('Geldt voor')).toBeFocused();
  await page.keyboard.press('Tab');
  // A course on the same date every year: 'Elk jaar' ticks with the space bar.
  await expect(form.getByRole('checkbox', { name: 'Elk jaar' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(form.getByRole('checkbox', { name: 'Elk jaar' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Sluiting toevoegen' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'form', () => form);
  await page.keyboard.press('Enter');

  await expect(toast(page, 'Sluiting toegevoegd')).toBeVisible();
  const row = closureRow(page, 'Cursus Sanne');
  await expect(row).toContainText(`${formatDutchDayMonth(day)}, elk jaar`);
  await expect(row).toContainText('Stoel 2');
  await expect(form.getByRole('checkbox', { name: 'Elk jaar' })).not.toBeChecked();
  await shots(page, 'yearly', () => card(page));
  const [saved] = (await (await page.request.get('/api/closures')).json()) as Array<{
    agendaId: string | null;
    yearly: boolean;
  }>;
  expect(saved!.agendaId).not.toBeNull();
  expect(saved!.yearly).toBe(true);
});
