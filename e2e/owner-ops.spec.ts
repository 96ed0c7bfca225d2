/**
 * Owner operations (docs/PRODUCT.md#dashboard, #bookings-page, #statistics, #email-templates-page, #settings): bookings table with search, filters, edit,
 * cancel and delete; the dashboard figures; e-mail templates with toolbar, preview and reset; settings
 * with card keys, SMTP and the OAuth return; axe on every page. The owner, the event and the bookings
 * are made through the API; the tests run in order on the same data.
 */
import { formatShortDutchDate } from '@core/dutch-calendar';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  bookableDates,
  seriousViolations,
  testNow,
  testToday,
  toast,
  ownerWithEvent,
} from './support/helpers';
import { newStripeAccount } from './support/fake-stripe-control';

const SHOTS = process.env.OWNER_OPS_SCREENSHOTS; // e.g. /tmp: also write screenshots there
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'owner-ops-')), 'state.json');
const EVENT_TITLE = 'Knippen & föhnen';
const DEFAULT_CONFIRMATION_SUBJECT = 'Bevestiging: {{eventTitle}} op {{eventDate}} om {{eventTime}}';

let api: APIRequestContext;
let eventId = '';
/** The event's range and the dates booked in it: Anna, Bram, Carla, and where Bram is moved to. */
let range = { start: '', end: '' };
let dates = { anna: '', bram: '', carla: '', bramMoved: '' };

async function shot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/owner-${name}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * Elements of the page content that stick out past its right padding on a phone (the layout would
 * then scroll sideways or clip). Content of deliberately scrollable strips (tab lists) is allowed.
 */
async function overflowing(page: Page) {
  return page.evaluate(() => {
    const main = document.getElementById('main-content');
    if (!main) return ['no #main-content'];
    const limit = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight) + 0.5;
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== main; p = p.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    return [...main.querySelectorAll('*')]
      .filter(
        (el) =>
          el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > limit && !inScroller(el),
      )
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} ${el.textContent?.slice(0, 30)} ${Math.round(el.getBoundingClientRect().right)}>${Math.round(limit)}`,
      )
      .slice(0, 5);
  });
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const { event, ...owner } = await ownerWithEvent(baseURL!, {
    prefix: 'salon',
    title: EVENT_TITLE,
    phoneField: true,
  });
  ({ api, eventId } = owner);
  range = { start: event.dateRangeStart!, end: event.dateRangeEnd! };
  const [anna, bram, carla, bramMoved] = bookableDates(event, 4) as [string, string, string, string];
  dates = { anna, bram, carla, bramMoved };

  const customers = [
    ['Anna de Boer', 'anna@example.nl', anna],
    ['Bram Visser', 'bram@example.nl', bram],
    ['Carla Jansen', 'carla@example.nl', carla],
  ] as const;
  for (const [name, email, date] of customers) {
    const booking = await api.post('/api/public/bookings', {
      data: {
        eventId,
        bookingDate: date,
        bookingTime: '10:00',
        customFieldResponses: { Naam: name, 'E-mail': email, Telefoon: '+31612345678' },
      },
    });
    expect(booking.status(), await booking.text()).toBe(201);
  }
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

test('bookings: table, search, status filter, edit, cancel, delete and Google sync', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Afspraken' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Klant',
    'Evenement',
    'Datum & Tijd',
    'Contact',
    'Status',
    'Acties',
  ]);
  for (const name of ['Anna de Boer', 'Bram Visser', 'Carla Jansen'])
    await expect(row(page, name)).toBeVisible();
  await expect(row(page, 'Anna de Boer')).toContainText(EVENT_TITLE);
  await expect(row(page, 'Anna de Boer')).toContainText(formatShortDutchDate(dates.anna));
  await expect(row(page, 'Anna de Boer')).toContainText('10:00 - 10:30');
  await expect(row(page, 'Anna de Boer')).toContainText('anna@example.nl');
  await expect(row(page, 'Anna de Boer')).toContainText('Bevestigd');
  await shot(page, 'bookings-desktop');
  expect(await seriousViolations(page)).toEqual([]);

  // Server-side search on the customer's name.
  await page.getByLabel('Zoek afspraken').fill('anna');
  await expect(row(page, 'Bram Visser')).toHaveCount(0);
  await expect(row(page, 'Anna de Boer')).toBeVisible();
  await page.getByLabel('Zoek afspraken').fill('');
  await expect(row(page, 'Bram Visser')).toBeVisible();

  // Edit: only date and time.
  await page.getByRole('button', { name: 'Afspraak van Bram Visser wijzigen' }).click();
  const edit = page.getByRole('dialog', { name: 'Afspraak wijzigen' });
  await expect(edit.getByLabel('Datum')).toHaveValue(dates.bram);
  await edit.getByLabel('Datum').fill(dates.bramMoved);
  await edit.getByRole('combobox', { name: 'Tijd' }).click();
  await page.getByRole('option', { name: '11:00', exact: true }).click();
  await shot(page, 'bookings-edit');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, 'Afspraak bijgewerkt')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row(page, 'Bram Visser')).toContainText(formatShortDutchDate(dates.bramMoved));
  await expect(row(page, 'Bram Visser')).toContainText('11:00 - 11:30');

  // Cancel: the dialog says the customer is not told; afterwards no cancel or edit button.
  await page.getByRole('button', { name: 'Afspraak van Carla Jansen annuleren' }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Afspraak annuleren?' });
  await expect(cancel).toContainText('De klant ontvangt hier geen bericht van');
  await cancel.getByRole('button', { name: 'Afspraak annuleren' }).click();
  await expect(toast(page, 'Afspraak geannuleerd')).toBeVisible();
  await expect(row(page, 'Carla Jansen')).toContainText('Geannuleerd');
  await expect(page.getByRole('button', { name: 'Afspraak van Carla Jansen annuleren' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Afspraak van Carla Jansen wijzigen' })).toHaveCount(0);

  // Status filter.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Geannuleerd' }).click();
  await expect(row(page, 'Anna de Boer')).toHaveCount(0);
  await expect(row(page, 'Carla Jansen')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Bevestigd' }).click();
  await expect(row(page, 'Carla Jansen')).toHaveCount(0);
  await expect(row(page, 'Anna de Boer')).toBeVisible();
  await expect(row(page, 'Bram Visser')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Alle statussen' }).click();
  await expect(row(page, 'Carla Jansen')).toBeVisible();

  // Delete, permanently.
  await page.getByRole('button', { name: 'Afspraak van Anna de Boer verwijderen' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Afspraak definitief verwijderen?' });
  await expect(remove).toContainText('permanent verwijderd');
  await remove.getByRole('button', { name: 'Definitief verwijderen' }).click();
  await expect(toast(page, 'Afspraak verwijderd')).toBeVisible();
  await expect(row(page, 'Anna de Boer')).toHaveCount(0);

  // Google is not connected: the spec's failure text with the server's Dutch reason.
  await page.getByRole('button', { name: 'Sync met Google' }).click();
  await expect(toast(page, 'Kon niet synchroniseren met Google Calendar.')).toBeVisible();
  await expect(page.getByText('Google Calendar is niet gekoppeld').first()).toBeVisible();

  const list = (await (await api.get('/api/bookings')).json()) as Array<{
    customerName: string;
    status: string;
    bookingDate: string;
    bookingTime: string;
  }>;
  expect(list.map((b) => [b.customerName, b.status, b.bookingDate, b.bookingTime]).sort()).toEqual([
    ['Bram Visser', 'confirmed', dates.bramMoved, '11:00'],
    ['Carla Jansen', 'cancelled', dates.carla, '10:00'],
  ]);
});

test('bookings on a phone: stacked cards instead of the table', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bookings');
  const cards = page.getByRole('list', { name: 'Afspraken' });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(cards.getByRole('listitem').filter({ hasText: 'Carla Jansen' })).toContainText('Geannuleerd');
  await shot(page, 'bookings-phone');
  expect(await overflowing(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('dashboard: the four figures and both lists', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const figure = (label: string) =>
    page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(figure('Evenementen').locator('dd')).toContainText('1');
  await expect(figure('Evenementen')).toContainText("Actieve reserveringspagina's");
  await expect(figure('Totaal Afspraken').locator('dd')).toContainText('2');
  await expect(figure('Vandaag').locator('dd')).toContainText('0');
  await expect(figure('Omzet').locator('dd')).toContainText('€ 0,00');
  await expect(page.getByRole('heading', { name: 'Recente Afspraken' })).toBeVisible();
  await expect(page.getByText('Bram Visser')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Uw Evenementen' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(EVENT_TITLE) })).toContainText(
    '30 minuten per afspraak',
  );
  await expect(page.getByRole('link', { name: new RegExp(EVENT_TITLE) })).toContainText(
    `${formatShortDutchDate(range.start)} - ${formatShortDutchDate(range.end)}`,
  );
  await shot(page, 'dashboard');
  expect(await seriousViolations(page)).toEqual([]);
});

test('statistics: overview, period tabs and an honest empty period', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/analytics');
  await expect(page.getByRole('tab')).toHaveText([
    'Vandaag',
    'Gisteren',
    'Afgelopen Week',
    'Afgelopen Maand',
  ]);
  const overview = page.getByRole('region', { name: 'Overzicht' });
  await expect(
    overview.locator('dl > div').filter({ hasText: 'Totaal evenementen' }).locator('dd'),
  ).toContainText('1');
  await expect(
    overview.locator('dl > div').filter({ hasText: 'Totaal afspraken' }).locator('dd'),
  ).toContainText('2');
  await page.getByRole('tab', { name: 'Afgelopen Week' }).click();
  await expect(page.getByText('Geen afspraken in deze periode')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('e-mail templates: toolbar, preview, save, reload, reset and reminders', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/email-templates');
  await expect(page.getByRole('tab')).toHaveText(['Bevestiging', 'Wijziging', 'Annulering', 'Herinnering']);
  const subject = page.getByLabel('Onderwerp', { exact: true });
  const body = page.getByLabel('Inhoud (HTML)');
  await expect(subject).toHaveValue(DEFAULT_CONFIRMATION_SUBJECT);
  expect(await seriousViolations(page)).toEqual([]);

  // Validation messages of docs/PRODUCT.md#validation.
  await subject.fill('');
  await body.fill('');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Onderwerp is verplicht')).toBeVisible();
  await expect(page.getByText('Email inhoud is verplicht')).toBeVisible();

  await subject.fill('Tot snel, {{customerName}}: {{eventTitle}}');
  await body.fill('<p>Hallo {{customerName}}, tot snel!</p>');
  await body.evaluate((el: HTMLTextAreaElement) => {
    const start = el.value.indexOf('tot snel!');
    el.focus();
    el.setSelectionRange(start, start + 'tot snel!'.length);
  });
  await page.getByRole('button', { name: 'Vet', exact: true }).click();
  await expect(body).toHaveValue('<p>Hallo {{customerName}}, <strong>tot snel!</strong></p>');

  await page.getByRole('button', { name: 'Voorbeeld tonen' }).click();
  const preview = page.frameLocator('iframe[title="Voorbeeld van de e-mail"]');
  await expect(preview.locator('body')).toContainText('Hallo Jan de Vries, tot snel!');
  await expect(preview.locator('strong')).toHaveText('tot snel!');
  await expect(page.getByText('Onderwerp: Tot snel, Jan de Vries: Knipbeurt')).toBeVisible();
  expect(await page.locator('iframe[title="Voorbeeld van de e-mail"]').getAttribute('sandbox')).toBe('');
  await shot(page, 'email-preview');
  await page.getByRole('button', { name: 'Terug naar bewerken' }).click();

  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, 'Email template opgeslagen')).toBeVisible();
  await page.reload();
  await expect(subject).toHaveValue('Tot snel, {{customerName}}: {{eventTitle}}');
  await expect(body).toHaveValue('<p>Hallo {{customerName}}, <strong>tot snel!</strong></p>');

  await page.getByRole('button', { name: 'Standaard herstellen' }).click();
  await expect(subject).toHaveValue(DEFAULT_CONFIRMATION_SUBJECT);
  await expect(body).toHaveValue(/^<p>Beste \{\{customerName\}\},<\/p>/);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, 'Email template opgeslagen')).toBeVisible();
  await page.reload();
  await expect(subject).toHaveValue(DEFAULT_CONFIRMATION_SUBJECT);

  // Reminders: each its own card with timing; add one, delete it again.
  await page.getByRole('tab', { name: 'Herinnering' }).click();
  await expect(page.getByRole('heading', { name: 'Herinnering 1' })).toBeVisible();
  await expect(page.getByText('24 uur van tevoren', { exact: true })).toBeVisible();
  await expect(page.getByText('1 dag = 24 uur van tevoren')).toBeVisible();
  await page.getByRole('button', { name: 'Herinnering toevoegen' }).click();
  await expect(page.getByRole('heading', { name: 'Herinnering 2' })).toBeVisible();
  await page.getByLabel('Aantal').nth(1).fill('2');
  await page.getByRole('combobox', { name: 'Eenheid' }).nth(1).click();
  await page.getByRole('option', { name: 'dagen' }).click();
  await page.getByRole('button', { name: 'Opslaan' }).nth(1).click();
  await expect(toast(page, 'Herinnering opgeslagen')).toBeVisible();
  await expect(page.getByText('2 dagen van tevoren')).toBeVisible();
  await shot(page, 'email-reminders');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Herinnering 2 verwijderen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expect(toast(page, 'Herinnering verwijderd')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Herinnering 2' })).toHaveCount(0);
});

test('settings: card keys, SMTP provider and fields, test mail and the OAuth return', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings?success=google_connected');
  await expect(toast(page, 'Google Calendar gekoppeld')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Card-payment keys: checked with Stripe (an account on the fake provider); the secret is write-only.
  const secretKey = await newStripeAccount();
  await page.getByLabel('Publieke sleutel').fill('pk_test_123');
  await page.getByLabel(/Geheime sleutel/).fill(secretKey);
  await page.getByRole('button', { name: 'Opslaan', exact: true }).first().click();
  await expect(toast(page, 'Instellingen opgeslagen')).toBeVisible();
  await expect(page.getByText('Sleutels gecontroleerd en in orde.')).toBeVisible();
  await expect(page.getByLabel(/Geheime sleutel/)).toHaveValue('');
  await expect(page.getByText('ingesteld', { exact: true })).toBeVisible();

  // Gmail cannot be chosen before it is connected; both connections are offered (e2e/google.spec.ts follows them).
  await expect(page.getByRole('radio', { name: 'Gmail' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Koppelen met Google' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Gmail koppelen' })).toBeEnabled();

  // The system provider can send a test mail (logged by the server without SMTP_URL).
  await page.getByRole('button', { name: 'Testmail versturen' }).click();
  await expect(
    page.locator('#main-content').getByRole('status').filter({ hasText: 'serverlogboek' }),
  ).toBeVisible();

  await page.getByRole('radio', { name: 'Eigen SMTP-server' }).click();
  await expect(page.getByText('Vul hieronder de gegevens van uw SMTP-server in')).toBeVisible();
  await expect(page.getByLabel('Poort')).toHaveValue('587');
  await page.getByLabel('Afzendernaam').fill('Salon Lotte');
  await page.getByRole('textbox', { name: 'Server' }).fill('smtp.salon.invalid');
  await page.getByLabel('Poort').fill('2525');
  await page.getByLabel('Gebruikersnaam', { exact: true }).fill('lotte');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('smtp-geheim');
  await page.getByRole('switch', { name: 'Beveiligde verbinding (SSL/TLS)' }).click();
  await shot(page, 'settings');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).nth(1).click();
  await expect(toast(page, 'E-mailinstellingen opgeslagen')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Eigen SMTP-server' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Server' })).toHaveValue('smtp.salon.invalid');
  await expect(page.getByLabel('Poort')).toHaveValue('2525');
  await expect(page.getByLabel('Afzendernaam')).toHaveValue('Salon Lotte');
  await expect(page.getByLabel('Wachtwoord', { exact: true })).toHaveValue('');
  await expect(page.getByText('Laat leeg om het bestaande wachtwoord te behouden.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Beveiligde verbinding (SSL/TLS)' })).not.toBeChecked();
  const saved = (await (await api.get('/api/email-settings')).json()) as {
    provider: string;
    smtp: { passwordSet: boolean };
  };
  expect(saved.provider).toBe('smtp');
  expect(saved.smtp.passwordSet).toBe(true);

  // Choosing a provider saves at once.
  await page.getByRole('radio', { name: 'Systeem' }).click();
  await expect(toast(page, 'Verzendmethode opgeslagen')).toBeVisible();
  expect(((await (await api.get('/api/email-settings')).json()) as { provider: string }).provider).toBe(
    'system',
  );

  await page.goto('/settings?error=oauth_failed');
  await expect(toast(page, 'Verbinding mislukt')).toBeVisible();
  await expect(page.getByText('Kon niet verbinden met Google Calendar.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
});

test('phone size: none of the pages scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const url of ['/', '/bookings', '/analytics', '/settings', '/email-templates']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await overflowing(page), url).toEqual([]);
  }
});

/** Only with OWNER_OPS_SCREENSHOTS: a screenshot tour at desktop and phone size, with bookings later today for the charts. */
test('screenshot tour', async ({ page }) => {
  test.skip(!SHOTS, 'set OWNER_OPS_SCREENSHOTS to a folder to take the screenshots');
  const now = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
  }).format(testNow());
  for (const [name, time] of [
    ['Dirk Smit', '15:00'],
    ['Eva Mulder', '15:30'],
    ['Fleur Bakker', '16:30'],
  ] as const) {
    if (time <= now) continue;
    await api.post('/api/public/bookings', {
      data: {
        eventId,
        bookingDate: testToday(),
        bookingTime: time,
        customFieldResponses: { Naam: name, 'E-mail': 'klant@example.nl' },
      },
    });
  }
  const pages = ['/', '/bookings', '/analytics', '/settings', '/email-templates'];
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    for (const url of pages) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      if (label === 'phone') expect(await overflowing(page), url).toEqual([]);
      await page.screenshot({
        path: `${SHOTS}/tour-${label}${url.replace(/\//g, '-') || '-'}.png`,
        fullPage: false,
        animations: 'disabled',
      });
      await page.evaluate(() => document.getElementById('main-content')?.parentElement?.scrollTo?.(0, 0));
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(150);
      await page.screenshot({
        path: `${SHOTS}/tour-${label}${url.replace(/\//g, '-')}-2.png`,
        fullPage: false,
        animations: 'disabled',
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/email-templates');
  await page.getByRole('button', { name: 'Tekstkleur' }).click();
  await page.screenshot({ path: `${SHOTS}/tour-desktop-color.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  for (const url of ['/bookings', '/analytics', '/settings']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.screenshot({
      path: `${SHOTS}/tour-dark${url.replace(/\//g, '-')}.png`,
      animations: 'disabled',
    });
    expect(await seriousViolations(page), url).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
});
