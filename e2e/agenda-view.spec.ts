/**
 * The owner's agenda on the bookings page (issue 16): the day view with a column per agenda, the
 * week view, the phone layouts, the details of a booking by keyboard, and the table's agenda filter.
 * One owner with two agendas (Lotte, the default, and Sanne) and bookings in both, made through the
 * API on the event's first bookable date; the views are opened on that date through the URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AgendaDto } from '@contracts/agendas';
import type { OwnerBookingDto } from '@contracts/bookings';
import type { EventDto } from '@contracts/events';
import { addDays, formatLongDutchDate, isoWeekNumber, weekRange } from '@core/index';
import { expect, test } from './support/test';
import {
  everyDay,
  nextBookableDate,
  ownerWithEvent,
  seriousViolations,
  upcomingRange,
} from './support/helpers';
import { newStripeAccount } from './support/fake-stripe-control';

/** AGENDA_SHOTS=/tmp/h/w3- also writes screenshots, named after that prefix. */
const SHOTS = process.env.AGENDA_SHOTS;
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-view-')), 'state.json');

let api: APIRequestContext;
let date = '';
let lotte: AgendaDto;
let sanne: AgendaDto;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true, animations: 'disabled' });
}

async function post<T>(path: string, data: unknown): Promise<T> {
  const res = await api.post(path, { data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

const fields = [
  { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
];

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const owner = await ownerWithEvent(baseURL!, { prefix: 'agenda', title: 'Knippen' });
  api = owner.api;
  // The default agenda ('Agenda 1') is renamed after the owner herself.
  const [own] = (await (await api.get('/api/agendas')).json()) as AgendaDto[];
  const renamed = await api.patch(`/api/agendas/${own!.id}`, { data: { name: 'Lotte', color: '#2563EB' } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  lotte = (await renamed.json()) as AgendaDto;
  sanne = await post<AgendaDto>('/api/agendas', { name: 'Sanne', color: '#DB2777' });
  const both = [lotte.id, sanne.id];
  const knip = await api.patch(`/api/events/${owner.eventId}`, { data: { agendaIds: both } });
  expect(knip.status(), await knip.text()).toBe(200);
  const kleur = await post<EventDto>('/api/events', {
    title: 'Kleuren',
    workingDays: everyDay,
    ...upcomingRange(60),
    durationMinutes: 90,
    dailyPauseTimes: {},
    customFields: fields,
    agendaIds: both,
  });
  // A paid service, whose booking waits for the customer's payment.
  const secretKey = await newStripeAccount();
  const keys = await api.patch('/api/user/settings', {
    data: { stripePublicKey: 'pk_test_agenda', stripeSecretKey: secretKey },
  });
  expect(keys.status(), await keys.text()).toBe(200);
  const balayage = await post<EventDto>('/api/events', {
    title: 'Balayage',
    workingDays: everyDay,
    ...upcomingRange(60),
    durationMinutes: 60,
    dailyPauseTimes: {},
    requiresPayment: true,
    paymentAmount: '85',
    customFields: fields,
    agendaIds: both,
  });

  date = nextBookableDate(owner.event);
  const book = (eventId: string, agendaId: string, time: string, name: string, hold = false) =>
    post(hold ? '/api/create-payment-intent' : '/api/public/bookings', {
      eventId,
      agendaId,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: { Naam: name, 'E-mail': `${name.split(' ')[0]!.toLowerCase()}@example.nl` },
    });
  await book(owner.eventId, lotte.id, '09:00', 'Anna de Boer');
  await book(kleur.id, lotte.id, '10:30', 'Daan Smit');
  // The paid booking is held while the customer pays (15 minutes): 'In afwachting'.
  await book(balayage.id, lotte.id, '14:00', 'Eva Mulder', true);
  await book(kleur.id, sanne.id, '09:00', 'Bram Visser');
  await book(owner.eventId, sanne.id, '11:30', 'Carla Jansen');
  await book(owner.eventId, sanne.id, '13:00', 'Fleur Bakker');
  const all = (await (await api.get('/api/bookings')).json()) as OwnerBookingDto[];
  const carla = all.find((b) => b.customerName === 'Carla Jansen')!;
  const cancel = await api.patch(`/api/bookings/${carla.id}`, { data: { status: 'cancelled' } });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

const dayUrl = () => `/bookings?weergave=dag&datum=${date}`;
const column = (page: Page, agenda: string) => page.getByRole('list', { name: `Afspraken van ${agenda}` });
const booking = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) });

test('day view: a column per agenda with customer, service and status; details by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(dayUrl());
  await expect(page.getByRole('tab', { name: 'Dag' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: formatLongDutchDate(date) })).toBeVisible();

  const lotteCol = column(page, 'Lotte');
  const sanneCol = column(page, 'Sanne');
  await expect(lotteCol.getByRole('button')).toHaveCount(3);
  await expect(sanneCol.getByRole('button')).toHaveCount(3);
  const anna = lotteCol.getByRole('button', { name: /Anna de Boer/ });
  await expect(anna).toHaveAccessibleName('09:00 - 09:30, Anna de Boer, Knippen, Bevestigd');
  await expect(anna).toContainText('Anna de Boer');
  await expect(lotteCol.getByRole('button', { name: /Daan Smit/ })).toContainText('Kleuren');
  await expect(lotteCol.getByRole('button', { name: /Eva Mulder/ })).toContainText('In afwachting');
  await expect(sanneCol.getByRole('button', { name: /Carla Jansen/ })).toContainText('Geannuleerd');
  await expect(sanneCol.getByRole('button', { name: /Bram Visser/ })).toContainText('Kleuren');
  // A 90-minute booking is three times as tall as a 30-minute one.
  const annaBox = (await anna.boundingBox())!;
  const daanBox = (await lotteCol.getByRole('button', { name: /Daan Smit/ }).boundingBox())!;
  expect(Math.round(daanBox.height / annaBox.height)).toBe(3);
  expect(daanBox.y).toBeGreaterThan(annaBox.y);
  await shot(page, 'day-1280');
  expect(await seriousViolations(page)).toEqual([]);

  // By keyboard: from the day's 'next' button, Tab reaches the first booking; Enter opens its details.
  await page.getByRole('button', { name: 'Volgende dag' }).focus();
  await page.keyboard.press('Tab');
  await expect(anna).toBeFocused();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Anna de Boer' });
  await expect(details).toBeVisible();
  await expect(details).toContainText('Knippen bij Lotte');
  await expect(details).toContainText('anna@example.nl');
  await expect(details).toContainText('09:00 - 09:30');
  await shot(page, 'details-1280');
  expect(await seriousViolations(page)).toEqual([]);
  // Its actions are the table's: 'Wijzigen' opens the same edit dialog, on top of the details.
  await details.getByRole('button', { name: 'Afspraak van Anna de Boer wijzigen' }).click();
  const edit = page.getByRole('dialog', { name: 'Afspraak wijzigen' });
  await expect(edit.getByLabel('Datum')).toHaveValue(date);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(details).toBeVisible();
  await expect(details.getByRole('button', { name: 'Afspraak van Anna de Boer wijzigen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(anna).toBeFocused();

  // Space opens a cancelled booking too: only delete is left.
  await sanneCol.getByRole('button', { name: /Carla Jansen/ }).focus();
  await page.keyboard.press('Space');
  const carla = page.getByRole('dialog', { name: 'Carla Jansen' });
  await expect(carla.getByText('Geannuleerd', { exact: true })).toBeVisible();
  await expect(carla.getByRole('button', { name: /verwijderen/ })).toBeVisible();
  await expect(carla.getByRole('button', { name: /wijzigen|annuleren/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Previous and next day, 'Vandaag', and the back button, all through the URL.
  await page.getByRole('button', { name: 'Volgende dag' }).click();
  await expect(page).toHaveURL(/datum=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('button', { name: /Anna de Boer/ })).toHaveCount(0);
  await page.goBack();
  await expect(anna).toBeVisible();
  await page.reload();
  await expect(anna).toBeVisible();
  await page.getByRole('button', { name: 'Vandaag' }).click();
  await expect(page).toHaveURL(/weergave=dag$/);
});

test('week view: seven days, every agenda by colour or one chosen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(dayUrl());
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page).toHaveURL(new RegExp(`weergave=week&datum=${date}`));
  const week = isoWeekNumber(date);
  await expect(page.getByRole('heading', { level: 2, name: `Week ${week}` })).toBeVisible();
  const grid = page.getByRole('group', { name: new RegExp(`^Week ${week}:`) });
  const days = grid.getByRole('list');
  await expect(days).toHaveCount(7);
  await expect(days.first()).toHaveAccessibleName(formatLongDutchDate(weekRange(date).from));
  const theDay = grid.getByRole('list', { name: formatLongDutchDate(date) });
  await expect(theDay.getByRole('button')).toHaveCount(6);
  await expect(theDay.getByRole('button', { name: /Bram Visser/ })).toHaveAccessibleName(
    '09:00 - 10:30, Bram Visser, Kleuren, Sanne, Bevestigd',
  );
  await expect(page.getByRole('list', { name: 'Kleuren van de agenda’s' })).toContainText('Sanne');
  await shot(page, 'week-1280');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'Agenda' }).click();
  await page.getByRole('option', { name: 'Sanne' }).click();
  await expect(theDay.getByRole('button')).toHaveCount(3);
  await expect(booking(page, 'Anna de Boer')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`agenda=${sanne.id}`));

  await page.getByRole('button', { name: 'Volgende week' }).click();
  await expect(theDay).toHaveCount(0);
  await page.getByRole('button', { name: 'Vorige week' }).click();
  await expect(theDay.getByRole('button')).toHaveCount(3);

  // Between phone and desktop the seven days scroll sideways: the grid then takes focus for the keyboard.
  await expect(grid).not.toHaveAttribute('tabindex');
  await page.setViewportSize({ width: 900, height: 900 });
  await expect(grid).toHaveAttribute('tabindex', '0');
  await page.getByRole('button', { name: 'Volgende week' }).click();
  // An empty week: no bookings, only each day's empty spot for a new booking.
  const next = page.getByRole('group', { name: new RegExp(`^Week ${isoWeekNumber(addDays(date, 7))}:`) });
  await expect(next.getByRole('listitem')).toHaveCount(0);
  await expect(next.getByRole('button', { name: /^Nieuwe afspraak op / })).toHaveCount(7);
  await expect(next).toHaveAttribute('tabindex', '0');
  expect(await seriousViolations(page)).toEqual([]);
});

test('on a phone: one agenda at a time in the day, the week as a list of days', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(dayUrl());
  const select = page.getByRole('combobox', { name: 'Agenda' });
  await expect(select).toContainText('Lotte');
  await expect(column(page, 'Lotte').getByRole('button')).toHaveCount(3);
  await expect(column(page, 'Sanne')).toHaveCount(0);
  await expect(booking(page, 'Bram Visser')).toHaveCount(0);
  await shot(page, 'day-390');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await select.click();
  await page.getByRole('option', { name: 'Sanne' }).click();
  await expect(column(page, 'Sanne').getByRole('button', { name: /Bram Visser/ })).toBeVisible();
  await expect(booking(page, 'Anna de Boer')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Week' }).click();
  await page.getByRole('combobox', { name: 'Agenda' }).click();
  await page.getByRole('option', { name: 'Alle agenda’s' }).click();
  const list = page.getByRole('list', { name: new RegExp(`^Week ${isoWeekNumber(date)}:`) });
  await expect(list.getByRole('heading', { level: 3 })).toHaveCount(7);
  await expect(list.getByRole('button', { name: /Anna de Boer/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /Bram Visser/ })).toBeVisible();
  await shot(page, 'week-390');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the table filters by agenda', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/bookings');
  await expect(page.getByRole('tab', { name: 'Lijst' })).toHaveAttribute('aria-selected', 'true');
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });
  await expect(row('Anna de Boer')).toBeVisible();
  await page.getByRole('combobox', { name: 'Agenda' }).click();
  await page.getByRole('option', { name: 'Sanne' }).click();
  await expect(row('Anna de Boer')).toHaveCount(0);
  for (const name of ['Bram Visser', 'Carla Jansen', 'Fleur Bakker']) await expect(row(name)).toBeVisible();
  await shot(page, 'table-filter-1280');
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone the cards keep the filter: the agenda select spans the row under status and event.
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Afspraken' });
  await expect(cards.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('combobox', { name: 'Agenda' })).toContainText('Sanne');
  await shot(page, 'table-filter-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The server's filter itself, as the table asks it.
  const res = await api.get(`/api/bookings?agendaId=${lotte.id}`);
  const lottes = (await res.json()) as OwnerBookingDto[];
  expect(lottes.map((b) => b.customerName).sort()).toEqual(['Anna de Boer', 'Daan Smit', 'Eva Mulder']);
  expect(new Set(lottes.map((b) => b.agendaName))).toEqual(new Set(['Lotte']));
});

test('the owner moves a booking to another agenda of its service', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(dayUrl());
  await column(page, 'Sanne')
    .getByRole('button', { name: /Fleur Bakker/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Fleur Bakker' });
  await details.getByRole('button', { name: 'Afspraak van Fleur Bakker wijzigen' }).click();
  const edit = page.getByRole('dialog', { name: 'Afspraak wijzigen' });
  // Knippen books into both agendas, so the dialog offers them; Lotte is free at 13:00.
  await expect(edit).toContainText(
    'Wijzig de datum, de tijd, de agenda of de gegevens van Fleur Bakker (Knippen).',
  );
  const agenda = edit.getByRole('combobox', { name: 'Agenda' });
  await expect(agenda).toContainText('Sanne');
  expect(await seriousViolations(page)).toEqual([]);
  await agenda.click();
  await page.getByRole('option', { name: 'Lotte' }).click();
  await expect(edit.getByRole('combobox', { name: 'Tijd' })).toContainText('13:00');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(edit).toBeHidden();
  // Escape closes the 'Afspraak bijgewerkt' toast first (Radix's top layer), then the details panel.
  // The toast must be there before the key: pressed earlier, the panel is the top layer and closes.
  const saved = page.getByText('Afspraak bijgewerkt', { exact: true });
  await expect(saved).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(saved).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(column(page, 'Lotte').getByRole('button', { name: /Fleur Bakker/ })).toBeVisible();
  await expect(column(page, 'Sanne').getByRole('button', { name: /Fleur Bakker/ })).toHaveCount(0);
  const all = (await (await api.get('/api/bookings')).json()) as OwnerBookingDto[];
  expect(all.find((b) => b.customerName === 'Fleur Bakker')).toMatchObject({
    agendaId: lotte.id,
    agendaName: 'Lotte',
    bookingTime: '13:00',
  });
});
