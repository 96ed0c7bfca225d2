/**
 * Small things a daily user trips over (issue 19): the bookings page and the agenda view stay within
 * a phone's screen with long names and keep every action reachable, and at 1280 px a row's action
 * buttons sit on one line; leaving the event, template or e-mail-template form with unsaved changes
 * asks first (in-app links, browser back and tab close), a save does not; the statistics show the
 * coming seven days. The owner, the event and the bookings are made through the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  bookableDates,
  daysFromToday,
  ownerWithEvent,
  seriousViolations,
  testToday,
  toast,
} from './support/helpers';

const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'daily-ui-')), 'state.json');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// 52 characters without a space a browser may break at in its longest word, as in the report.
const LONG_NAME = 'Maria-Theresia Alexandrina van Oldenbarnevelt-Zuylen';
const LONG_EMAIL = 'maria-theresia.alexandrina.vanoldenbarnevelt-zuylen@voorbeeld-kapsalon.nl';
const LONG_SERVICE = 'Uitgebreide kleurbehandeling met highlights, föhnen en styling voor lang haar';

let api: APIRequestContext;
let date = '';
let templateId = '';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/hF-${name}.png`, fullPage: true, animations: 'disabled' });
}

/** How far the page scrolls sideways, and the action buttons that stick out of the viewport. */
async function fitsOnScreen(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    outside: [...document.querySelectorAll('#main-content button')]
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.width > 0 && (r.left < 0 || r.right > window.innerWidth);
      })
      .map((b) => b.getAttribute('aria-label') ?? b.textContent),
  }));
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE, reducedMotion: 'reduce' });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const owner = await ownerWithEvent(baseURL!, { prefix: 'dagelijks', title: LONG_SERVICE });
  api = owner.api;
  date = bookableDates(owner.event, 1)[0]!;
  for (const [name, email, time] of [
    [LONG_NAME, LONG_EMAIL, '10:00'],
    ['Anna de Boer', 'anna@example.nl', '11:00'],
  ] as const) {
    const booking = await api.post('/api/public/bookings', {
      data: {
        eventId: owner.eventId,
        bookingDate: date,
        bookingTime: time,
        customFieldResponses: { Naam: name, 'E-mail': email },
      },
    });
    expect(booking.status(), await booking.text()).toBe(201);
  }
  const template = await api.post('/api/templates', {
    data: {
      templateName: 'Standaard knipbeurt',
      workingDays: owner.event.workingDays,
      durationMinutes: 30,
      customFieldsConfig: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }],
      webhooksConfig: [],
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  templateId = ((await template.json()) as { id: string }).id;
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

test('bookings with long names stay on a phone screen; at 1280 px a row’s actions share one line', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/bookings');
  const card = page.getByRole('listitem').filter({ hasText: LONG_NAME });
  await expect(card).toBeVisible();
  expect(await fitsOnScreen(page)).toEqual({ scrollWidth: PHONE.width, outside: [] });
  await expect(card.getByRole('button', { name: `Afspraak van ${LONG_NAME} annuleren` })).toBeInViewport();
  await shot(page, 'bookings-390');
  expect(await seriousViolations(page)).toEqual([]);

  // The agenda's day view with the same long name.
  await page.goto(`/bookings?weergave=dag&datum=${date}`);
  await expect(page.getByText(LONG_NAME).first()).toBeVisible();
  expect(await fitsOnScreen(page)).toEqual({ scrollWidth: PHONE.width, outside: [] });
  await shot(page, 'agenda-390');
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize(DESKTOP);
  await page.goto('/bookings');
  for (const name of [LONG_NAME, 'Anna de Boer']) {
    const row = page.getByRole('row').filter({ hasText: name });
    const buttons = row.getByRole('button', { name: /^Afspraak van .* (wijzigen|annuleren|verwijderen)$/ });
    await expect(buttons).toHaveCount(3);
    const tops = await buttons.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(new Set(tops).size, `${name}: ${tops.join(', ')}`).toBe(1);
    for (const button of await buttons.all()) await expect(button).toBeInViewport();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  // An ordinary address is shown whole, not cut off to make room.
  const email = page.getByRole('row').filter({ hasText: 'Anna de Boer' }).getByText('anna@example.nl');
  expect(await email.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await shot(page, 'bookings-1280');
  expect(await seriousViolations(page)).toEqual([]);
});

const question = (page: Page) => page.getByRole('alertdialog', { name: 'Wijzigingen niet opgeslagen' });
/** The new-event form starts from the owner's template (it brings the required form field). */
async function fromTemplate(page: Page) {
  await page
    .getByRole('dialog', { name: 'Hoe wilt u beginnen?' })
    .getByRole('button', { name: /Standaard knipbeurt/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Hoe wilt u beginnen?' })).toBeHidden();
}
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name, exact: true });

test('the event form asks before unsaved changes are left: links, Instellingen, browser back, reload; a save does not', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/events');
  await page.getByRole('link', { name: 'Nieuw evenement' }).first().click();
  await expect(page).toHaveURL(/\/events\/new$/);
  await fromTemplate(page);
  const title = page.getByLabel('Titel');
  await title.fill('Balayage');

  // A menu link: the question, axe clean; 'Blijven' keeps the form and its value, focus on the link.
  const bookingsLink = menuLink(page, 'Afspraken');
  await bookingsLink.click();
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText('Als u deze pagina verlaat, gaan ze verloren.');
  await expect(question(page).getByRole('button', { name: 'Blijven' })).toBeFocused();
  await shot(page, 'guard-1280');
  expect(await seriousViolations(page)).toEqual([]);
  await question(page).getByRole('button', { name: 'Blijven' }).click();
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(/\/events\/new$/);
  await expect(title).toHaveValue('Balayage');
  await expect(bookingsLink).toBeFocused();

  // Browser back is held the same way; Escape means 'Blijven'.
  await page.goBack();
  await expect(question(page)).toBeVisible();
  await expect(page).toHaveURL(/\/events\/new$/);
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeHidden();
  await expect(title).toHaveValue('Balayage');

  // Closing or reloading the tab: the browser's own question; dismissing it keeps the page.
  const asked = page.waitForEvent('dialog');
  void page.reload().catch(() => undefined);
  const unload = await asked;
  expect(unload.type()).toBe('beforeunload');
  await unload.dismiss();
  await expect(title).toHaveValue('Balayage');

  // The payment tab's link to Instellingen no longer drops the new event silently.
  await page.getByRole('tab', { name: /^Betaling/ }).click();
  await page.getByRole('link', { name: 'Uw betaalsleutels stelt u in onder Instellingen.' }).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Verlaten' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(question(page)).toBeHidden();

  // Back on the (new, empty) form: a successful save goes to the overview without asking.
  await page.goto('/events/new');
  await fromTemplate(page);
  await title.fill('Balayage');
  await page.getByRole('tab', { name: 'Tijd' }).click();
  await page.getByLabel('Startdatum').fill(testToday());
  await page.getByLabel('Einddatum').fill(daysFromToday(60));
  await page.getByRole('button', { name: 'Evenement aanmaken' }).click();
  await expect(toast(page, 'Evenement aangemaakt')).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);
  await expect(question(page)).toHaveCount(0);
  // Unchanged forms never ask.
  await page.getByRole('link', { name: 'Nieuw evenement' }).first().click();
  await fromTemplate(page);
  await menuLink(page, 'Dashboard').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(question(page)).toHaveCount(0);
});

test('the template form asks before unsaved changes are left; a save does not', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/templates/${templateId}/edit`);
  const name = page.getByLabel('Templatenaam');
  await expect(name).toHaveValue('Standaard knipbeurt');
  await name.fill('Knipbeurt lang haar');
  // The phone's menu (a slide-over sheet) asks too, on top of the sheet; 'Blijven' keeps the value.
  await page.getByRole('button', { name: 'Menu openen' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Statistieken' }).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Blijven' }).click();
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(/\/edit$/);
  await page.keyboard.press('Escape'); // close the menu
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(name).toHaveValue('Knipbeurt lang haar');
  await page.getByRole('link', { name: 'Terug naar templates' }).first().click();
  await expect(question(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'guard-390');
  expect(await seriousViolations(page)).toEqual([]);
  await question(page).getByRole('button', { name: 'Verlaten' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByText('Standaard knipbeurt')).toBeVisible(); // left unsaved

  await page.goto(`/templates/${templateId}/edit`);
  await name.fill('Knipbeurt lang haar');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, 'Template bijgewerkt')).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByText('Knipbeurt lang haar')).toBeVisible();
  await expect(question(page)).toHaveCount(0);
});

test('the e-mail-template form asks before unsaved changes are left; after a save it does not', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/email-templates');
  const subject = page.getByLabel('Onderwerp', { exact: true });
  await subject.fill('Tot snel, {{customerName}}');
  await menuLink(page, 'Dashboard').click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Blijven' }).click();
  await expect(subject).toHaveValue('Tot snel, {{customerName}}');
  // Another tab would drop the editor and its draft: asked too.
  await page.getByRole('tab', { name: 'Wijziging' }).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Blijven' }).click();
  await expect(page.getByRole('tab', { name: 'Bevestiging' })).toHaveAttribute('aria-selected', 'true');
  await expect(subject).toHaveValue('Tot snel, {{customerName}}');
  // Signing out would leave it too.
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Blijven' }).click();
  await expect(page).toHaveURL(/\/email-templates$/);
  await expect(subject).toHaveValue('Tot snel, {{customerName}}');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, 'Email template opgeslagen')).toBeVisible();
  // Saved: the tabs change without a question.
  await page.getByRole('tab', { name: 'Wijziging' }).click();
  await expect(page.getByRole('tab', { name: 'Wijziging' })).toHaveAttribute('aria-selected', 'true');
  await expect(question(page)).toHaveCount(0);
  await menuLink(page, 'Dashboard').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(question(page)).toHaveCount(0);
});

test('statistics show the coming seven days beside the periods', async ({ page }) => {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/analytics');
    const upcoming = page.getByRole('region', { name: 'Komende 7 dagen' });
    // Both bookings lie on the event's first bookable date after today, within the window.
    await expect(upcoming.getByRole('definition').first()).toHaveText(/^2\s*Bevestigd, vanaf nu$/);
    await expect(upcoming).toContainText(/Verwachte omzet\s*€\s0,00/);
    // The spec's periods stay as they were.
    await expect(page.getByRole('tab')).toHaveText([
      'Vandaag',
      'Gisteren',
      'Afgelopen Week',
      'Afgelopen Maand',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await shot(page, `analytics-${size.width}`);
    expect(await seriousViolations(page)).toEqual([]);
  }
});
