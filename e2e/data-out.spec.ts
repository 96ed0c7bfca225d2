/**
 * Getting data out (docs/PRODUCT.md#csv-export, #calendar-feed): the bookings page's 'Exporteren
 * (CSV)' downloads what the current filter shows; the 'Agenda-abonnement' card in Instellingen makes,
 * copies, replaces and removes the secret calendar address, and the address answers the owner's
 * bookings as an iCalendar. Axe clean; 1280 and 390 px, with screenshots in /tmp.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { bookableDates, ownerWithEvent, seriousViolations, toast } from './support/helpers';

const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'data-out-')), 'state.json');
let api: APIRequestContext;

/** The page, or one card of it (a settings page is too long to read whole at 390 px). */
async function shot(target: Page | Locator, name: string) {
  await target.screenshot({ path: `/tmp/hD-${name}.png`, animations: 'disabled' });
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE, reducedMotion: 'reduce' });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const made = await ownerWithEvent(baseURL!, { prefix: 'export', title: 'Knippen' });
  api = made.api;
  const [first, second] = bookableDates(made.event, 2);
  for (const [date, time, name] of [
    [first, '10:00', 'Anna Export'],
    [first, '11:00', 'Bram Export'],
    [second, '10:00', 'Cees Anders'],
  ] as const) {
    const res = await api.post('/api/public/bookings', {
      data: {
        eventId: made.eventId,
        bookingDate: date,
        bookingTime: time,
        customFieldResponses: { Naam: name, 'E-mail': `${name.split(' ')[0]!.toLowerCase()}@example.nl` },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

test('Exporteren (CSV) downloads the bookings the current search shows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings');
  await expect(page.getByRole('row').filter({ hasText: 'Cees Anders' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Zoek afspraken' }).fill('Export');
  await expect(page.getByRole('row').filter({ hasText: 'Cees Anders' })).toHaveCount(0);
  const link = page.getByRole('link', { name: 'Exporteren (CSV)' });
  await expect(link).toHaveAttribute('href', /q=Export/);
  await shot(page, 'export-1280');
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^afspraken-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toMatch(/^Datum;Tijd;Dienst;Agenda;Naam;E-mail;Telefoon;Status;Betaling;/);
  const names = lines.slice(1, -1).map((l) => l.split(';')[4]);
  expect(names.sort()).toEqual(['Anna Export', 'Bram Export']);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(link).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'export-390');
  expect(await seriousViolations(page)).toEqual([]);
});

test('Agenda-abonnement: make, copy, replace and remove the calendar address', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings');
  // By its title: the card below it (customer answers in calendars) mentions the subscription too.
  const card = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByText('Agenda-abonnement', { exact: true }) });
  await expect(card.getByText('Er is nog geen agenda-adres.')).toBeVisible();
  await card.getByRole('button', { name: 'Agenda-adres maken' }).click();
  await expect(toast(page, 'Agenda-adres gemaakt')).toBeVisible();

  const https = card.getByLabel('Agenda-adres (https)');
  const url = await https.inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/feed/[A-Za-z0-9_-]{43}\\.ics$`));
  await expect(card.getByLabel('Agenda-adres (webcal)')).toHaveValue(
    url.replace(/^https?:\/\//, 'webcal://'),
  );
  // The address answers the owner's bookings as an iCalendar, without a session.
  const feed = await fetch(url);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const ics = (await feed.text()).replace(/\r\n /g, '');
  expect(ics).toContain('SUMMARY:Knippen – Anna Export');
  expect(ics).toContain('SUMMARY:Knippen – Cees Anders');

  await card.getByRole('button', { name: 'Kopieer het https-adres' }).click();
  await expect(toast(page, 'Gekopieerd')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await card.getByRole('button', { name: 'Kopieer het webcal-adres' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^webcal:\/\//);
  await card.getByText('Google Agenda', { exact: true }).click();
  await expect(card.getByText(/Via URL, plak het https-adres/)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(card, 'feed-1280');
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Nieuw adres maken' }).click();
  const replace = page.getByRole('alertdialog', { name: 'Nieuw agenda-adres maken?' });
  await expect(replace).toContainText('Het huidige adres werkt daarna niet meer.');
  expect(await seriousViolations(page)).toEqual([]);
  await replace.getByRole('button', { name: 'Nieuw adres maken' }).click();
  await expect(toast(page, 'Nieuw agenda-adres gemaakt')).toBeVisible();
  await expect(https).not.toHaveValue(url);
  const replaced = await https.inputValue();
  expect((await fetch(url)).status).toBe(404);
  expect((await fetch(replaced)).status).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(card, 'feed-390');
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Adres verwijderen' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Agenda-adres verwijderen?' });
  await remove.getByRole('button', { name: 'Adres verwijderen' }).click();
  await expect(toast(page, 'Agenda-adres verwijderd')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Agenda-adres maken' })).toBeVisible();
  expect((await fetch(replaced)).status).toBe(404);
  await shot(card, 'feed-removed-390');
  expect(await seriousViolations(page)).toEqual([]);
});
