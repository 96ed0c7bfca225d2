/**
 * A visit on the owner's agenda (docs/PRODUCT.md#visits): Knippen with Lotte, then Kleuren with Sanne
 * in the colour room, booked as one visit through the API. The day view shows each segment in its
 * agenda's column, joined by the visit's colour and a '1/2' and '2/2' marker, the room named; the
 * details of one list the other, which opens from there. Axe on both;
 * VISIT_AGENDA_SHOTS=<dir> also writes screenshots at 390 and 1280 px there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AgendaDto } from '@contracts/agendas';
import type { EventDto } from '@contracts/events';
import { expect, test } from './support/test';
import {
  everyDay,
  nextBookableDate,
  ownerWithEvent,
  seriousViolations,
  upcomingRange,
} from './support/helpers';

const SHOTS = process.env.VISIT_AGENDA_SHOTS;
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'visit-agenda-')), 'state.json');

let api: APIRequestContext;
let date = '';

async function post<T>(url: string, data: unknown): Promise<T> {
  const res = await api.post(url, { data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

async function shot(page: Page, name: string, width: number) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/visit-${name}-${width}.png`, animations: 'disabled' });
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE, reducedMotion: 'reduce' });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const owner = await ownerWithEvent(baseURL!, { prefix: 'bezoek', title: 'Knippen' });
  api = owner.api;
  const [own] = (await (await api.get('/api/agendas')).json()) as AgendaDto[];
  const renamed = await api.patch(`/api/agendas/${own!.id}`, { data: { name: 'Lotte', color: '#2563EB' } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const sanne = await post<AgendaDto>('/api/agendas', { name: 'Sanne', color: '#DB2777' });
  const room = await post<AgendaDto>('/api/agendas', { name: 'Kleurkamer', color: '#059669' });
  const knip = await api.patch(`/api/events/${owner.eventId}`, {
    data: { agendaIds: [own!.id], allowCombinations: true },
  });
  expect(knip.status(), await knip.text()).toBe(200);
  const kleuren = await post<EventDto>('/api/events', {
    title: 'Kleuren',
    workingDays: everyDay,
    ...upcomingRange(60),
    durationMinutes: 60,
    dailyPauseTimes: {},
    customFields: [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
      { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
    ],
    agendaGroups: [[sanne.id], [room.id]],
    allowCombinations: true,
  });
  date = nextBookableDate(owner.event);
  await post('/api/public/visits', {
    services: [{ eventId: owner.eventId }, { eventId: kleuren.id }],
    date,
    time: '10:00',
    answers: { Naam: 'Iris Bezoek', 'E-mail': 'iris@example.nl' },
  });
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

const column = (page: Page, agenda: string) => page.getByRole('list', { name: `Afspraken van ${agenda}` });

test('the day view shows a visit’s segments in their agendas, joined, the room named', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/bookings?weergave=dag&datum=${date}`);
  const first = column(page, 'Lotte').getByRole('button', { name: /Iris Bezoek/ });
  const second = column(page, 'Sanne').getByRole('button', { name: /Iris Bezoek/ });
  await expect(first).toHaveAccessibleName(
    '10:00 - 10:30, Iris Bezoek, Knippen, Bevestigd, bezoek, deel 1 van 2',
  );
  await expect(second).toHaveAccessibleName(
    '10:30 - 11:30, Iris Bezoek, Kleuren, Bevestigd, ruimte: Kleurkamer, bezoek, deel 2 van 2',
  );
  await expect(first).toContainText('1/2');
  await expect(second).toContainText('2/2');
  await expect(second).toContainText('Kleurkamer');
  // One colour joins them: the same edge on both.
  const edge = (l: typeof first) => l.evaluate((el) => getComputedStyle(el).borderRightColor);
  expect(await edge(first)).toBe(await edge(second));
  expect(await edge(first)).not.toBe('rgba(0, 0, 0, 0)');
  await shot(page, 'day', 1280);
  expect(await seriousViolations(page)).toEqual([]);

  // The second segment's details list the first one, which opens from there.
  await second.click();
  const details = page.getByRole('dialog', { name: 'Iris Bezoek' });
  const visit = details.getByRole('region', { name: 'Bezoek' });
  await expect(visit).toContainText('Deel 2 van 2 van één bezoek van deze klant.');
  await expect(visit).toContainText('10:30 - 11:30 Kleuren bij Sanne (ruimte: Kleurkamer) (deze afspraak)');
  await expect(details.getByText('Kleurkamer', { exact: true })).toBeVisible();
  await shot(page, 'details', 1280);
  expect(await seriousViolations(page)).toEqual([]);
  await visit.getByRole('button', { name: /Open Knippen om 10:00/ }).click();
  await expect(details).toContainText('Knippen bij Lotte');
  await expect(visit).toContainText('10:00 - 10:30 Knippen bij Lotte (deze afspraak)');
  await expect(visit.getByRole('button', { name: /Open Kleuren om 10:30/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

test('on a phone each agenda’s segment keeps its marker; the details list the visit', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/bookings?weergave=dag&datum=${date}`);
  const first = page.getByRole('button', { name: /Iris Bezoek, Knippen/ });
  await expect(first).toContainText('1/2');
  await shot(page, 'day', 390);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('combobox').first().click();
  await page.getByRole('option', { name: 'Sanne' }).click();
  const second = page.getByRole('button', { name: /Iris Bezoek, Kleuren/ });
  await expect(second).toContainText('2/2');
  await shot(page, 'day-sanne', 390);
  await second.click();
  const visit = page.getByRole('dialog', { name: 'Iris Bezoek' }).getByRole('region', { name: 'Bezoek' });
  await expect(visit.getByRole('button', { name: /Open Knippen om 10:00/ })).toBeVisible();
  await shot(page, 'details', 390);
  expect(await seriousViolations(page)).toEqual([]);
});
