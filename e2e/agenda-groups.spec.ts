/**
 * A service that needs one agenda of each of several groups (docs/PRODUCT.md#agenda-groups): the
 * owner makes "Kleuren", which needs Stylist A or Stylist B and the colour room, on the event form's
 * Basis tab, and lets customers combine it with other services. Axe on the form;
 * AGENDA_GROUPS_SCREENSHOTS=<dir> also writes screenshots at 390 and 1280 px there.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { daysFromToday, seriousViolations, toast } from './support/helpers';

const SHOTS = process.env.AGENDA_GROUPS_SCREENSHOTS;

test.use({ reducedMotion: 'reduce' });

async function shots(page: Page, name: string, target: () => Locator) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1400 });
    await target().scrollIntoViewIfNeeded();
    await target().screenshot({ path: `${SHOTS}/groups-${name}-${width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A new owner, signed in on the page, with the agendas named; answers their ids by name. */
async function salon(page: Page, names: string[]): Promise<Record<string, string>> {
  const username = `groepen${Date.now()}`;
  const res = await page.request.post('/api/register', { data: { username, password: 'geheim123' } });
  expect(res.status()).toBe(201);
  for (const name of names) {
    expect((await page.request.post('/api/agendas', { data: { name } })).status()).toBe(201);
  }
  const agendas = (await (await page.request.get('/api/agendas')).json()) as Array<{
    id: string;
    name: string;
  }>;
  return Object.fromEntries(agendas.map((a) => [a.name, a.id]));
}

test('an owner makes “Kleuren”: one of two stylists and the colour room, combinable', async ({ page }) => {
  const ids = await salon(page, ['Stylist A', 'Stylist B', 'Kleurkamer']);
  await page.goto('/events/new');
  const person = page.getByRole('group', { name: 'Medewerker' });
  // Nothing added yet: the service needs only its person, and no summary is shown.
  await expect(person.getByRole('checkbox', { name: 'Agenda 1 (standaard)' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Ook nodig' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Ruimte/ })).toHaveCount(0);

  await page.getByLabel('Titel').fill('Kleuren');
  await person.getByRole('checkbox', { name: 'Stylist A' }).click();
  await person.getByRole('checkbox', { name: 'Stylist B' }).click();
  await person.getByRole('checkbox', { name: 'Agenda 1 (standaard)' }).click();

  // An added group takes the focus; saved empty, the contract's message shows under it.
  await page.getByRole('button', { name: 'Ruimte toevoegen' }).click();
  const room = page.getByRole('group', { name: 'Ruimte' });
  await expect(room.getByRole('checkbox').first()).toBeFocused();
  await page.getByRole('tab', { name: 'Tijd' }).click();
  await page.getByLabel('Startdatum').fill(daysFromToday(1));
  await page.getByLabel('Einddatum').fill(daysFromToday(30));
  await page.getByRole('tab', { name: 'Velden' }).click();
  await page.getByRole('button', { name: 'Veld toevoegen' }).click();
  await page.getByRole('textbox', { name: 'Veldnaam 1' }).fill('Naam');
  await page.getByRole('button', { name: 'Evenement aanmaken' }).click();
  await expect(page.getByRole('tab', { name: /Basis/ })).toHaveAttribute('aria-selected', 'true');
  await expect(room.getByText('Kies minstens één agenda.')).toBeVisible();
  await expect(toast(page, 'Controleer het formulier')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The room in both groups is refused as well, under the room.
  const inTwo = room.getByText('Een agenda kan maar in één groep staan. Haal hem uit de andere groep.');
  await room.getByRole('checkbox', { name: 'Stylist A' }).click();
  await expect(inTwo).toBeVisible();
  await room.getByRole('checkbox', { name: 'Stylist A' }).click();
  await room.getByRole('checkbox', { name: 'Kleurkamer' }).click();
  await expect(inTwo).toBeHidden();
  await expect(room.getByText('Kies minstens één agenda.')).toBeHidden();
  await expect(page.getByText('Medewerker: Stylist A of Stylist B + Ruimte: Kleurkamer')).toBeVisible();

  // Combining with other services is off until switched on.
  const combine = page.getByRole('switch', { name: 'Combineren met andere diensten toestaan' });
  await expect(combine).not.toBeChecked();
  await combine.click();
  await expect(combine).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Evenement aanmaken' }).click();
  await expect(toast(page, 'Evenement aangemaakt')).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);
  const events = (await (await page.request.get('/api/events')).json()) as Array<{
    id: string;
    title: string;
    agendaIds: string[];
    agendaGroups: string[][];
    allowCombinations: boolean;
  }>;
  const kleuren = events.find((e) => e.title === 'Kleuren')!;
  expect(kleuren).toMatchObject({
    agendaIds: [ids['Stylist A'], ids['Stylist B']],
    agendaGroups: [[ids['Stylist A'], ids['Stylist B']], [ids['Kleurkamer']]],
    allowCombinations: true,
  });

  // Edited: the groups and the switch load as saved; removing the room leaves the person only.
  await page.goto(`/events/${kleuren.id}/edit`);
  await expect(room.getByRole('checkbox', { name: 'Kleurkamer' })).toBeChecked();
  await expect(person.getByRole('checkbox', { name: 'Stylist B' })).toBeChecked();
  await expect(combine).toBeChecked();
  await expect(page.getByText('Medewerker: Stylist A of Stylist B + Ruimte: Kleurkamer')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'basis-tab', () => page.getByRole('tabpanel', { name: 'Basis' }));
  await page.getByRole('button', { name: 'Verwijder Ruimte' }).click();
  await expect(room).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ruimte toevoegen' })).toBeFocused();
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(toast(page, 'Evenement bijgewerkt')).toBeVisible();
  const saved = (await (await page.request.get(`/api/events/${kleuren.id}`)).json()) as {
    agendaGroups: string[][];
    allowCombinations: boolean;
  };
  expect(saved).toMatchObject({
    agendaGroups: [[ids['Stylist A'], ids['Stylist B']]],
    allowCombinations: true,
  });
});
