/**
 * The team (docs/PRODUCT.md#team): an eigenaar signs up, invites a medewerker from Instellingen →
 * Team (the shared e2e server has no mail server, so the card offers the link to copy), a second
 * browser opens the link, chooses a username and password and lands signed in as a medewerker.
 * axe on the Team card and the invitation page; screenshots at 390 and 1280 px through the shared
 * `shot` (BOOKING_SCREENSHOTS).
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { shot } from './support/booking-page';
import { seriousViolations } from './support/helpers';
import { expect, test, useSuiteClock } from './support/test';

const SHOTS = process.env.BOOKING_SCREENSHOTS;

/** axe and a screenshot at phone and desktop width; `part` is also shot on its own (the long settings page). */
async function atBothWidths(page: Page, name: string, part?: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, name);
    if (SHOTS && part) {
      mkdirSync(SHOTS, { recursive: true });
      await part.screenshot({ path: `${SHOTS}/${name}-part-${width}.png`, animations: 'disabled' });
    }
  }
}

test('an eigenaar invites a medewerker, who accepts the link in another browser and is signed in', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = `teamsalon${Date.now()}`;
  const medewerker = `anna${Date.now()}`;

  await page.goto('/auth');
  await page.getByText('Nog geen account? Registreer hier').click();
  await page.getByLabel('Gebruikersnaam').fill(owner);
  await page.getByLabel('Wachtwoord').fill('geheim123');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/settings');
  const card = page.locator('[data-slot="card"]', { has: page.getByText('Team', { exact: true }) }).first();
  await expect(card.getByText(owner).first()).toBeVisible();
  await expect(card.getByText('Eigenaar', { exact: true })).toBeVisible();
  await expect(card.getByRole('switch', { name: '2FA verplicht' })).not.toBeChecked();

  await card.getByLabel('Naam', { exact: true }).fill('Anna de Vries');
  await card.getByLabel('E-mailadres', { exact: true }).fill('anna@example.nl');
  await card.getByRole('radio', { name: 'Medewerker' }).check();
  await card.getByRole('button', { name: 'Uitnodiging versturen' }).click();

  // No mail server behind the e2e server: the link to pass on by hand.
  const link = card.getByLabel('Uitnodigingslink');
  await expect(link).toHaveValue(/\/uitnodiging\/[A-Za-z0-9_-]{43}$/);
  const inviteUrl = await link.inputValue();
  await expect(card.getByText('Uitgenodigd', { exact: true })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await atBothWidths(page, 'team-card', card);

  // The invitee, in a browser of their own.
  const other = await browser.newContext({ baseURL });
  await useSuiteClock(other);
  const invitee = await other.newPage();
  await invitee.goto(new URL(inviteUrl).pathname);
  await expect(invitee.getByRole('heading', { name: 'Uitnodiging' })).toBeVisible();
  await expect(
    invitee.getByText(`U bent uitgenodigd voor het team van ${owner} als Medewerker.`),
  ).toBeVisible();
  await expect(invitee.getByText('Uitnodiging voor Anna de Vries (anna@example.nl)')).toBeVisible();
  await atBothWidths(invitee, 'invitation-page');

  await invitee.getByLabel('Gebruikersnaam').fill(medewerker);
  await invitee.getByLabel('Wachtwoord', { exact: true }).fill('geheim123');
  await invitee.getByLabel('Herhaal wachtwoord').fill('anders123');
  await invitee.getByRole('button', { name: 'Uitnodiging aannemen' }).click();
  await expect(invitee.getByText('Wachtwoorden komen niet overeen')).toBeVisible();
  await invitee.getByLabel('Herhaal wachtwoord').fill('geheim123');
  await invitee.getByRole('button', { name: 'Uitnodiging aannemen' }).click();
  await expect(invitee).toHaveURL(/\/$/);
  await expect(invitee.getByText(medewerker).first()).toBeVisible();
  const me = (await (await invitee.request.get('/api/user')).json()) as {
    role: string;
    allowedActions: string[];
  };
  expect(me.role).toBe('medewerker');
  expect(me.allowedActions).toEqual(['signedIn', 'services.read']);

  // The link worked once.
  await invitee.goto(new URL(inviteUrl).pathname);
  await expect(invitee.getByRole('heading', { name: 'Deze uitnodiging werkt niet' })).toBeVisible();
  await shot(invitee, 'invitation-used');
  await other.close();

  // The owner's card now lists the medewerker as active.
  await page.reload();
  await expect(card.getByText('Anna de Vries')).toBeVisible();
  await expect(card.getByText('Uitgenodigd', { exact: true })).toHaveCount(0);
});
