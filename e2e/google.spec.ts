/**
 * The Google connection in the browser (docs/PRODUCT.md#google): the real server, its Google calls
 * going to the stateful fake Google (e2e/support/fake-google-server.ts, started by
 * playwright.config.ts). Connect Calendar through the consent screen, pick a calendar in the event
 * form, sync, connect Gmail after a refused consent, then Google refuses the grants (revoked) and
 * settings shows the broken state, reconnect, and disconnect both. Axe on /settings in the connected
 * and the broken state. The tests run in order on the same owner.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { nextBookableDate, seriousViolations, toast, ownerWithEvent } from './support/helpers';

const FAKE_GOOGLE = process.env.FAKE_GOOGLE_URL!;
const SHOTS = process.env.GOOGLE_SCREENSHOTS; // e.g. /tmp: also write screenshots there
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'google-')), 'state.json');
const GOOGLE_ACCOUNT = 'eigenaar@gmail.test'; // the fake's default consenting account
const EVENT_TITLE = 'Knippen & föhnen';

let api: APIRequestContext;
let eventId = '';

interface FakeState {
  calendars: Array<{ id: string; summary: string; accountEmail: string }>;
  events: Record<string, Array<{ summary?: string; status?: string }>>;
}

async function control<T>(route: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${FAKE_GOOGLE}/__control/${route}`, init);
  expect(res.ok, `${route}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}
const post = (route: string) => control<{ ok: true }>(route, { method: 'POST' });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await calendarCard(page).screenshot({
    path: `${SHOTS}/google-${name}-calendar.png`,
    animations: 'disabled',
  });
  await gmail(page).screenshot({ path: `${SHOTS}/google-${name}-gmail.png`, animations: 'disabled' });
  await page.screenshot({ path: `${SHOTS}/google-${name}.png`, fullPage: true, animations: 'disabled' });
}

const calendarCard = (page: Page) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Google Calendar', exact: true }) });
const gmail = (page: Page) => page.getByRole('region', { name: 'Gmail-account' });

async function user() {
  const res = await api.get('/api/user');
  expect(res.status()).toBe(200);
  return (await res.json()) as { googleConnected: boolean; googleBroken: boolean; emailProvider: string };
}
async function emailSettings() {
  const res = await api.get('/api/email-settings');
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    provider: string;
    gmailConnected: boolean;
    gmailBroken: boolean;
    gmailAddress: string | null;
  };
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE, reducedMotion: 'reduce' });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const owner = await ownerWithEvent(baseURL!, { prefix: 'agenda', title: EVENT_TITLE });
  ({ api, eventId } = owner);
  // Booked before Google is connected: 'Sync met Google' pushes it later.
  const booking = await api.post('/api/public/bookings', {
    data: {
      eventId,
      bookingDate: nextBookableDate(owner.event),
      bookingTime: '10:00',
      customFieldResponses: { Naam: 'Anna de Boer', 'E-mail': 'anna@example.nl' },
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

test('connect Google Calendar through the consent screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings');
  await expect(calendarCard(page).getByText('Niet gekoppeld', { exact: true })).toBeVisible();
  await expect(page.getByText(/binnenkort beschikbaar/)).toHaveCount(0);

  await calendarCard(page).getByRole('button', { name: 'Koppelen met Google' }).click();
  // Google's consent answers at once; the callback lands on /settings?success=… and the address is reset.
  await expect(toast(page, 'Google Calendar gekoppeld')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(calendarCard(page).getByText('Gekoppeld', { exact: true })).toBeVisible();
  await expect(calendarCard(page).getByRole('button', { name: 'Ontkoppelen' })).toBeVisible();
  await expect(calendarCard(page).getByRole('button', { name: 'Koppelen met Google' })).toHaveCount(0);
  expect(await user()).toMatchObject({ googleConnected: true, googleBroken: false });
});

test("the event form's Calendar tab lists the Google calendars and saves the choice", async ({ page }) => {
  await page.goto(`/events/${eventId}/edit`);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const picker = page.getByRole('combobox', { name: 'Agenda voor nieuwe afspraken' });
  await expect(picker).toHaveText('Hoofdagenda (standaard)');
  await expect(page.getByText('Google Calendar koppelt u onder Instellingen')).toHaveCount(0);
  await picker.click();
  await expect(page.getByRole('option')).toHaveText(['Hoofdagenda (standaard)', 'Persoonlijk', 'Werk']);
  await page.getByRole('option', { name: 'Werk' }).click();
  await expect(picker).toHaveText('Werk');
  // The fake made the account's calendars when the server first listed them.
  const fake = await control<FakeState>('state');
  const werk = fake.calendars.find((c) => c.accountEmail === GOOGLE_ACCOUNT && c.summary === 'Werk')!;
  expect(werk).toBeDefined();
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS)
    await page
      .getByRole('tabpanel')
      .screenshot({ path: `${SHOTS}/google-event-calendar-tab.png`, animations: 'disabled' });
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(toast(page, 'Evenement bijgewerkt')).toBeVisible();
  const saved = (await (await api.get(`/api/events/${eventId}`)).json()) as {
    googleCalendarId: string | null;
  };
  expect(saved.googleCalendarId).toBe(werk.id);
});

test("'Sync met Google' pushes the booking and says what it did", async ({ page }) => {
  await page.goto('/bookings');
  await page.getByRole('button', { name: 'Sync met Google' }).click();
  await expect(toast(page, 'Gesynchroniseerd')).toBeVisible();
  await expect(page.getByText(/1 afspraak naar Google gezet/).first()).toBeVisible();
  // The booking landed in the calendar chosen for its event.
  await expect(async () => {
    const fake = await control<FakeState>('state');
    const werk = fake.calendars.find((c) => c.accountEmail === GOOGLE_ACCOUNT && c.summary === 'Werk')!;
    expect(fake.events[werk.id]?.filter((e) => e.status !== 'cancelled')).toHaveLength(1);
  }).toPass({ timeout: 10_000 });
});

test('connect Gmail: a refused consent, then the address mail is sent from', async ({ page }) => {
  await page.goto('/settings');
  await expect(gmail(page).getByText('Niet gekoppeld', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Gmail' })).toBeDisabled();

  await post('deny-next-consent');
  await gmail(page).getByRole('button', { name: 'Gmail koppelen' }).click();
  await expect(toast(page, 'Gmail verbinding mislukt')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(gmail(page).getByText('Niet gekoppeld', { exact: true })).toBeVisible();

  await gmail(page).getByRole('button', { name: 'Gmail koppelen' }).click();
  await expect(toast(page, 'Gmail gekoppeld')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(gmail(page).getByText('Gekoppeld', { exact: true })).toBeVisible();
  await expect(gmail(page).getByText(`Gekoppeld als ${GOOGLE_ACCOUNT}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Gmail' })).toBeEnabled();

  // Choose Gmail as the provider (saved at once): the broken state below then matters for mail.
  await page.getByRole('radio', { name: 'Gmail' }).click();
  await expect(toast(page, 'Verzendmethode opgeslagen')).toBeVisible();
  expect(await emailSettings()).toMatchObject({
    provider: 'gmail',
    gmailConnected: true,
    gmailBroken: false,
    gmailAddress: GOOGLE_ACCOUNT,
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'connected');
  expect(await seriousViolations(page)).toEqual([]);
});

test('Google refuses the grants: settings shows the broken state and offers to reconnect', async ({
  page,
}) => {
  // The owner removes the app's access at Google: access and refresh tokens are refused from now on.
  await post('revoke-all');

  // A call that needs the Calendar grant: the sync fails with the spec's text and the server's reason.
  await page.goto('/bookings');
  await page.getByRole('button', { name: 'Sync met Google' }).click();
  await expect(toast(page, 'Kon niet synchroniseren met Google Calendar.')).toBeVisible();
  // A call that needs the Gmail grant: the test mail.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Testmail versturen' }).click();
  await expect(toast(page, 'Testmail mislukt')).toBeVisible();

  await page.reload();
  expect(await user()).toMatchObject({ googleConnected: true, googleBroken: true });
  expect(await emailSettings()).toMatchObject({ gmailConnected: true, gmailBroken: true });
  await expect(calendarCard(page).getByText('Werkt niet meer', { exact: true })).toBeVisible();
  await expect(calendarCard(page).getByText(/de toegang is ingetrokken of verlopen/)).toBeVisible();
  await expect(calendarCard(page).getByRole('button', { name: 'Opnieuw koppelen' })).toBeVisible();
  await expect(gmail(page).getByText('Werkt niet meer', { exact: true })).toBeVisible();
  await expect(gmail(page).getByText(/de toegang is ingetrokken of verlopen/)).toBeVisible();
  await expect(gmail(page).getByRole('button', { name: 'Opnieuw koppelen' })).toBeVisible();
  await shot(page, 'broken');
  expect(await seriousViolations(page)).toEqual([]);
  // On a phone the badges, notes and buttons wrap inside the cards.
  await page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS)
    await page.screenshot({
      path: `${SHOTS}/google-broken-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });
  expect(await seriousViolations(page)).toEqual([]);

  // The event form says the connection no longer works instead of offering calendars.
  await page.goto(`/events/${eventId}/edit`);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(page.getByText(/De koppeling met Google Calendar werkt niet meer/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Agenda voor nieuwe afspraken' })).toHaveCount(0);
  if (SHOTS)
    await page
      .getByRole('tabpanel')
      .screenshot({ path: `${SHOTS}/google-event-calendar-broken.png`, animations: 'disabled' });
});

test('reconnect Calendar, then disconnect Calendar and Gmail through the confirmation', async ({ page }) => {
  await page.goto('/settings');
  await calendarCard(page).getByRole('button', { name: 'Opnieuw koppelen' }).click();
  await expect(toast(page, 'Google Calendar gekoppeld')).toBeVisible();
  await expect(calendarCard(page).getByText('Gekoppeld', { exact: true })).toBeVisible();
  expect(await user()).toMatchObject({ googleConnected: true, googleBroken: false });

  // Disconnect: a confirmation first; keeping the connection changes nothing.
  await calendarCard(page).getByRole('button', { name: 'Ontkoppelen' }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Google Calendar ontkoppelen?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();
  await expect(calendarCard(page).getByText('Gekoppeld', { exact: true })).toBeVisible();

  await calendarCard(page).getByRole('button', { name: 'Ontkoppelen' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Google Calendar ontkoppelen?' });
  await dialog.getByRole('button', { name: 'Ontkoppelen' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Google Calendar ontkoppeld')).toBeVisible();
  await expect(calendarCard(page).getByText('Niet gekoppeld', { exact: true })).toBeVisible();
  await expect(calendarCard(page).getByRole('button', { name: 'Koppelen met Google' })).toBeVisible();
  expect(await user()).toMatchObject({ googleConnected: false, googleBroken: false });

  // Gmail, still broken, can be disconnected too; mail falls back to the system provider.
  await gmail(page).getByRole('button', { name: 'Gmail ontkoppelen' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Gmail ontkoppelen?' });
  await dialog.getByRole('button', { name: 'Gmail ontkoppelen' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Gmail ontkoppeld')).toBeVisible();
  await expect(gmail(page).getByText('Niet gekoppeld', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Systeem' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Gmail' })).toBeDisabled();
  expect(await emailSettings()).toMatchObject({
    provider: 'system',
    gmailConnected: false,
    gmailAddress: null,
  });

  // The event form is back to where to connect.
  await page.goto(`/events/${eventId}/edit`);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(page.getByText(/Google Calendar koppelt u onder Instellingen/)).toBeVisible();
});
