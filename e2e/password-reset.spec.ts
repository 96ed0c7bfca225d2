/**
 * A forgotten password (docs/PRODUCT.md#password-reset), at phone and desktop width: the e-mail hint
 * at registration, 'Wachtwoord vergeten?' on /auth, the link from the real e-mail, the new password
 * (which signs out every session), a link that no longer works, and signing in with the new password.
 *
 * The reset mail must really be sent, so this spec starts its own server process (the image's
 * command, on a fresh embedded database) with SMTP_URL pointing at a real SMTP server inside the
 * spec; the shared e2e server has no mail server and only logs (with the link redacted).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process';
import { startSmtp, type TestSmtp } from '../src/server/test/smtp';
import { eventually, freePort } from '../src/server/test/wait';
import { seriousViolations } from './support/helpers';
import { expect, test } from './support/test';

let smtp: TestSmtp;
let server: ServerProcess;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  smtp = await startSmtp();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = startServerProcess('password-reset', {
    PORT: String(port),
    APP_URL: origin,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'afspraak-reset-e2e-')),
    APP_SECRET: 'e2e-reset-secret-e2e-reset-secret-0123456',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Afspraakplanner <noreply@afspraak.test>',
    LOG_LEVEL: 'warn',
  });
  await server.ready();
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `/tmp/helperE-${name}-${width}.png`, fullPage: true });

/** The reset link of the n-th reset mail to `to`, as the owner would click it. */
async function resetLinkFor(to: string, n = 1): Promise<string> {
  const mail = await eventually(
    () => smtp.received.filter((m) => m.envelope.to.includes(to))[n - 1],
    15_000,
    `reset mail ${n} to ${to}`,
  );
  expect(mail.mail.subject).toBe('Nieuw wachtwoord instellen');
  return /href="([^"]+\/auth\/reset\/[^"]+)"/.exec(mail.mail.html || '')![1]!;
}

for (const width of [390, 1280]) {
  test(`forgot password → e-mail → new password → sign in, at ${width} px`, async ({ browser }) => {
    const username = `salon${width}${Date.now()}`;
    const email = `${username}@example.nl`;
    const viewport = { width, height: 900 };

    // Registration asks for the address with the reason under the field; the owner stays signed in here.
    const laptop = await browser.newContext({ viewport, baseURL: origin });
    const signedIn = await laptop.newPage();
    await signedIn.goto('/auth');
    await signedIn.getByRole('button', { name: 'Nog geen account? Registreer hier' }).click();
    const emailField = signedIn.getByLabel('E-mail (optioneel)');
    await expect(emailField).toHaveAccessibleDescription(
      'Nodig om een vergeten wachtwoord opnieuw in te stellen.',
    );
    await signedIn.getByLabel('Gebruikersnaam').fill(username);
    await signedIn.getByLabel('Wachtwoord').fill('geheim123');
    await emailField.fill(email);
    await shot(signedIn, 'register', width);
    expect(await seriousViolations(signedIn)).toEqual([]);
    await signedIn.getByRole('button', { name: 'Registreren' }).click();
    await expect(signedIn).toHaveURL(/\/$/);

    // On another device: 'Wachtwoord vergeten?'.
    const phone = await browser.newContext({ viewport, baseURL: origin });
    const page = await phone.newPage();
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welkom terug' })).toBeVisible();
    await shot(page, 'login', width);
    await page.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
    await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();
    await page.getByRole('button', { name: 'Link versturen' }).click();
    await expect(page.getByText('Vul uw gebruikersnaam of e-mailadres in', { exact: true })).toBeVisible();
    await shot(page, 'forgot', width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Gebruikersnaam of e-mailadres').fill(width === 390 ? email : username);
    await page.getByRole('button', { name: 'Link versturen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Kijk in uw e-mail' })).toBeVisible();
    await shot(page, 'forgot-sent', width);
    expect(await seriousViolations(page)).toEqual([]);

    const link = await resetLinkFor(email);
    expect(link.startsWith(`${origin}/auth/reset/`)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Nieuw wachtwoord kiezen' })).toBeVisible();
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('kort');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('anders');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(page.getByText('Nieuw wachtwoord moet minimaal 6 tekens zijn')).toBeVisible();
    await expect(page.getByText('Wachtwoorden komen niet overeen')).toBeVisible();
    await shot(page, 'reset-errors', width);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nieuw-geheim');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('nieuw-geheim');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(page.getByRole('heading', { name: 'Wachtwoord gewijzigd' })).toBeVisible();
    await shot(page, 'reset-done', width);
    expect(await seriousViolations(page)).toEqual([]);

    // Every session ended: the first device is signed out.
    await signedIn.reload();
    await expect(signedIn).toHaveURL(/\/auth$/);

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Deze link werkt niet meer' })).toBeVisible();
    await expect(
      page.getByText('Deze link is verlopen, al gebruikt of ongeldig. Vraag een nieuwe link aan.'),
    ).toBeVisible();
    await shot(page, 'link-used', width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Nieuwe link aanvragen' }).click();
    await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();
    await expect(page.getByLabel('Gebruikersnaam of e-mailadres')).toBeVisible();

    // Back to the login, with the new password only.
    await page.getByRole('button', { name: 'Terug naar inloggen' }).click();
    await page.getByLabel('Gebruikersnaam').fill(username);
    await page.getByLabel('Wachtwoord').fill('geheim123');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page.getByText('Inloggen mislukt').first()).toBeVisible();
    await page.getByLabel('Wachtwoord').fill('nieuw-geheim');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(/\/$/);
    // (The sidebar with the name is folded away at phone width: ask who is signed in.)
    expect(((await (await page.request.get('/api/user')).json()) as { username: string }).username).toBe(
      username,
    );

    // A link that never existed gets the same page.
    await page.goto('/auth/reset/bestaat-niet');
    await expect(page.getByRole('heading', { name: 'Deze link werkt niet meer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nieuwe link aanvragen' })).toBeVisible();

    await laptop.close();
    await phone.close();
  });
}
