import { expect, test } from './support/test';
import { seriousViolations } from './support/helpers';

const MENU = [
  'Dashboard',
  'Evenementen',
  'Afspraken',
  'Statistieken',
  'Templates',
  'Email Templates',
  'Profiel',
  'Instellingen',
];

test('an owner registers, lands in the owner layout, logs out and logs in again', async ({ page }) => {
  const username = `salon${Date.now()}`;

  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/); // owner routes redirect anonymous visitors
  await expect(page.getByRole('heading', { name: 'Welkom terug' })).toBeVisible();
  await expect(page.getByText('Log in om uw afspraken te beheren')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByText('Nog geen account? Registreer hier').click();
  await expect(page.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
  await expect(page.getByText('Maak een account om te beginnen')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill('geheim123');
  await page.getByRole('button', { name: 'Registreren' }).click();

  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: /menu/i });
  await expect(nav.getByRole('link')).toHaveText(MENU);
  await expect(page.getByText(username).first()).toBeVisible();

  // The auth page sends a signed-in owner home.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.request.get('/api/user')).status()).toBe(401);

  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill('fout-wachtwoord');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Inloggen mislukt').first()).toBeVisible();

  await page.getByLabel('Wachtwoord').fill('geheim123');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(username).first()).toBeVisible();
});

test('a login that runs shows it and cannot be sent twice; it goes on once the server answers', async ({
  page,
}) => {
  const username = `wacht${Date.now()}`;
  expect(
    (await page.request.post('/api/register', { data: { username, password: 'geheim123' } })).status(),
  ).toBe(201);
  await page.request.post('/api/logout');

  // The login request is held until the test lets it through.
  let sent = 0;
  let release!: () => Promise<void>;
  const held = new Promise<void>((resolve) => {
    void page.route('**/api/login', (route) => {
      sent++;
      release = () => route.continue();
      resolve();
    });
  });

  await page.goto('/auth');
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill('geheim123');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await held;

  // PendingButton: disabled with the pending label while the request runs.
  const pending = page.getByRole('button', { name: 'Bezig...' });
  await expect(pending).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Inloggen' })).toHaveCount(0);
  // Enter in a field would submit again, but not through a disabled submit button.
  await page.getByLabel('Wachtwoord').press('Enter');
  await expect(pending).toBeDisabled();

  await release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(username).first()).toBeVisible();
  // A second submit would have reached the held route before the release.
  expect(sent).toBe(1);
});

test('the sidebar toggles with ctrl+b and remembers it in a 7-day cookie; the theme toggle persists', async ({
  page,
  context,
}) => {
  await page.goto('/auth');
  await page.getByText('Nog geen account? Registreer hier').click();
  await page.getByLabel('Gebruikersnaam').fill(`kapper${Date.now()}`);
  await page.getByLabel('Wachtwoord').fill('geheim123');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Evenementen', exact: true })).toBeVisible();

  await page.keyboard.press('Control+b');
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'sidebar_state')?.value)
    .toBe('false');
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state')!;
  expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(604800 - 120);
  await page.keyboard.press('Control+b');
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'sidebar_state')?.value)
    .toBe('true');

  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  await page
    .getByRole('button', { name: /donker|thema|licht/i })
    .first()
    .click();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
});

test('profile: e-mail validation and password change with the Dutch messages', async ({ page }) => {
  const username = `coach${Date.now()}`;
  await page.goto('/auth');
  await page.getByText('Nog geen account? Registreer hier').click();
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill('geheim123');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Mijn Profiel' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: false }).first().fill('geen-mail');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Ongeldig e-mailadres')).toBeVisible();

  await page.getByRole('button', { name: /wachtwoord wijzigen/i }).click();
  await expect(page.getByText('Huidig wachtwoord is verplicht')).toBeVisible();
  await expect(page.getByText('Nieuw wachtwoord moet minimaal 6 tekens zijn')).toBeVisible();
  await expect(page.getByText('Bevestig wachtwoord is verplicht')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/bestaat/niet');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
