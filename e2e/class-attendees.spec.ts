/**
 * The owner's side of a group class (docs/PRODUCT.md#classes): the agenda shows a class time as one
 * block with its places ('2/8'), and the block opens the attendee list: both attendees with their
 * places, one marked as not shown, one added by hand with 2 places ('4/8'), and a message to all of
 * them. The class runs at today's 5-minute slot under way (the owner's own bookings may record a
 * time that has passed, as e2e/refunds-no-shows.spec.ts does), so the server's clock says it started
 * and the no-show can be marked, without the test waiting. Screenshots at 390 and 1280 px with
 * CLASS_SHOTS=/tmp/folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { utcToZoned } from '@core/index';
import { expect, test } from './support/test';
import { everyDay, ownerWithEvent, seriousViolations, testNow, upcomingRange } from './support/helpers';

const SHOTS = process.env.CLASS_SHOTS;
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'class-attendees-')), 'state.json');
const ZONE = 'Europe/Amsterdam';

let api: APIRequestContext;
let eventId = '';
/** The class's date and time in the owner's zone: today's 5-minute slot under way. */
let at = { date: '', time: '' };

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, animations: 'disabled' });
}

/** The class's length: it must end on the day it starts, or the day view cuts its block short. */
const CLASS_MINUTES = 30;

/**
 * Today's 5-minute slot under way (it started at most 5 minutes ago), in the owner's zone; in the
 * last half hour of the day the last start that still ends that day (started all the same).
 */
function currentSlot() {
  const now = utcToZoned(testNow(), ZONE);
  const [h, m] = now.time.split(':').map(Number) as [number, number];
  const start = Math.min(h * 60 + Math.floor(m / 5) * 5, 24 * 60 - CLASS_MINUTES - 5);
  const time = `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
  return { date: now.date, time };
}

const classBlock = (page: Page) => page.getByRole('button', { name: /^Les Yogales, / });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Yogales' });

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE, reducedMotion: 'reduce' });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const owner = await ownerWithEvent(baseURL!, { prefix: 'deelnemers', title: 'Knippen' });
  api = owner.api;
  const allDay = Object.fromEntries(
    Object.keys(everyDay).map((k) => [k, { enabled: true, startTime: '00:00', endTime: '23:59' }]),
  );
  const res = await api.post('/api/events', {
    data: {
      title: 'Yogales',
      workingDays: allDay,
      ...upcomingRange(60),
      durationMinutes: CLASS_MINUTES,
      slotIntervalMinutes: 5,
      dailyPauseTimes: {},
      seats: 8,
      maxSeatsPerBooking: 2,
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  eventId = ((await res.json()) as { id: string }).id;
  at = currentSlot();
  for (const [name, email] of [
    ['Sanne de Vries', 'sanne@example.nl'],
    ['Bram Jansen', 'bram@example.nl'],
  ]) {
    const booked = await api.post('/api/bookings', {
      data: { eventId, bookingDate: at.date, bookingTime: at.time, customerName: name, customerEmail: email },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  }
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

test('the agenda shows the class as one block "2/8"; its attendee list marks a no-show, adds 2 places by hand and e-mails all', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/bookings?weergave=dag&datum=${at.date}`);
  const block = classBlock(page);
  await expect(block).toHaveCount(1);
  await expect(block).toHaveAccessibleName(/2 van 8 plekken bezet$/);
  await expect(block).toContainText('2/8');
  // One block, not one per attendee.
  await expect(page.getByRole('button', { name: /Sanne de Vries/ })).toHaveCount(0);
  await block.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'class-block');

  // The keyboard opens it.
  await block.focus();
  await page.keyboard.press('Enter');
  const panel = sheet(page);
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-class-places]')).toHaveText('2/8');
  await expect(panel.getByLabel('2 van 8 plekken bezet')).toBeVisible();
  await expect(panel.getByText('Nog 6 plekken vrij')).toBeVisible();
  const attendees = panel.getByRole('region', { name: 'Deelnemers' });
  await expect(panel.getByRole('button', { name: 'Details van Sanne de Vries' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Details van Bram Jansen' })).toBeVisible();
  await expect(attendees.getByText('1 plek')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'class-sheet');

  // Bram did not come.
  await panel.getByRole('button', { name: 'Markeer Bram Jansen als niet verschenen' }).click();
  await expect(panel.locator('[data-attendee]').filter({ hasText: 'Bram Jansen' })).toContainText(
    'Niet verschenen',
  );

  // A walk-in for 2 places: the owner's new booking, prefilled with the class.
  await panel.getByRole('button', { name: 'Deelnemer toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Datum')).toHaveValue(at.date);
  const places = dialog.getByLabel('Aantal plekken');
  await expect(places).toHaveValue('1');
  await places.fill('3');
  await dialog.getByLabel('Naam', { exact: true }).fill('Iris Bakker');
  await dialog.getByLabel('E-mail (optioneel)').fill('iris@example.nl');
  await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
  // More than one booking may take: the server's message on the field.
  await expect(
    dialog.getByText('U kunt voor deze les maximaal 2 plekken tegelijk boeken.').first(),
  ).toBeVisible();
  await places.fill('2');
  await dialog.getByRole('button', { name: 'Afspraak opslaan' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.locator('[data-class-places]')).toHaveText('4/8');
  await expect(panel.locator('[data-attendee]').filter({ hasText: 'Iris Bakker' })).toContainText(
    '2 plekken',
  );
  // E-mail all: both fields are required, in Dutch.
  await panel.getByRole('button', { name: 'E-mail alle deelnemers' }).click();
  const mail = page.getByRole('dialog', { name: 'E-mail alle deelnemers' });
  await expect(mail).toBeVisible();
  await mail.getByRole('button', { name: 'Versturen' }).click();
  await expect(mail.getByText('Vul een onderwerp in.')).toBeVisible();
  await expect(mail.getByText('Vul een bericht in.')).toBeVisible();
  await mail.getByLabel('Onderwerp').fill('Les in zaal 2');
  await mail.getByLabel('Bericht').fill('Beste deelnemers,\n\nVandaag zijn we in zaal 2.');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'class-mail');
  await mail.getByRole('button', { name: 'Versturen' }).click();
  // The toast sits outside the modal panel (hidden from the accessibility tree while it is open).
  await expect(page.getByText('Bericht verstuurd aan 3 deelnemers', { exact: true }).first()).toBeVisible();
  await expect(mail).toBeHidden();
  await expect(panel).toBeVisible();

  // Closing gives the focus back to the block (Escape would first close the toast, its own layer).
  await panel.getByRole('button', { name: 'Sluiten' }).click();
  await expect(panel).toBeHidden();
  await expect(block).toBeFocused();
  await expect(block).toContainText('4/8');
  await expect(block).toHaveAccessibleName(/4 van 8 plekken bezet$/);
});

test('at 390 px the day shows the class block and its attendee list fits the phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/bookings?weergave=dag&datum=${at.date}`);
  const block = classBlock(page);
  await expect(block).toContainText('4/8');
  await block.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'class-block');
  await block.click();
  const panel = sheet(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Details van Iris Bakker' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'class-sheet');

  // A name opens the booking's details over the list; closing them returns to it.
  await panel.getByRole('button', { name: 'Details van Iris Bakker' }).click();
  const details = page.getByRole('dialog', { name: 'Iris Bakker' });
  await expect(details).toBeVisible();
  await expect(details.getByText('2 plekken')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(panel).toBeVisible();

  // Cancelling one attendee gives its places back.
  await panel.getByRole('button', { name: 'Afspraak van Iris Bakker annuleren' }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Afspraak annuleren?' });
  await cancel.getByRole('button', { name: 'Afspraak annuleren' }).click();
  await expect(cancel).toBeHidden();
  await expect(panel.locator('[data-class-places]')).toHaveText('2/8');
});
