/**
 * The owner's mail connection stops working (Google refuses the Gmail grant): the confirmation of a
 * booking made meanwhile waits, the dashboard and the e-mail settings say so (role=alert, Dutch, at
 * desktop width and on a 390 px phone, axe), and reconnecting Gmail sends the waiting mail once and
 * clears the warning. The real server against the stateful fake Google, as in google.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import type { MailStatusDto } from '@contracts/notifications';
import { expect, test } from './support/test';
import { nextBookableDate, ownerWithEvent, seriousViolations, toast } from './support/helpers';

const FAKE_GOOGLE = process.env.FAKE_GOOGLE_URL!;
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mail-status-')), 'state.json');
const CUSTOMER = 'wacht.op.gmail@example.nl';
const SHOTS = process.env.MAIL_SCREENSHOTS; // e.g. /tmp: also write screenshots there

let api: APIRequestContext;
let event: EventDto;

async function fake<T>(route: string, method: 'GET' | 'POST' = 'GET'): Promise<T> {
  const res = await fetch(`${FAKE_GOOGLE}/__control/${route}`, { method });
  expect(res.ok, `${route}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}
const mailStatus = async () => (await (await api.get('/api/email-status')).json()) as MailStatusDto;
const gmail = (page: Page) => page.getByRole('region', { name: 'Gmail-account' });
const warning = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Uw e-mailkoppeling werkt niet meer' });

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE, reducedMotion: 'reduce' });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  const owner = await ownerWithEvent(baseURL!, { prefix: 'mailstatus', title: 'Knippen' });
  ({ api, event } = owner);
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

test('Gmail stops working: the warning on the dashboard and in the settings, reconnecting sends the waiting mail', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings');
  await gmail(page).getByRole('button', { name: 'Gmail koppelen' }).click();
  await expect(toast(page, 'Gmail gekoppeld')).toBeVisible();
  await page.getByRole('radio', { name: 'Gmail' }).click();
  await expect(toast(page, 'Verzendmethode opgeslagen')).toBeVisible();
  await expect(warning(page)).toHaveCount(0);

  // The owner removes the app's access at Google; then a customer books.
  await fake('revoke-all', 'POST');
  const booking = await api.post('/api/public/bookings', {
    data: {
      eventId: event.id,
      bookingDate: nextBookableDate(event),
      bookingTime: '11:00',
      customFieldResponses: { Naam: 'Wim Wachter', 'E-mail': CUSTOMER },
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  await expect.poll(async () => (await mailStatus()).waiting, { timeout: 20_000 }).toBe(2);

  await page.goto('/');
  await expect(warning(page)).toBeVisible();
  await expect(warning(page)).toContainText(
    'Uw e-mailkoppeling werkt niet meer: Google weigert de toegang tot uw Gmail (ingetrokken of verlopen)',
  );
  await expect(warning(page)).toContainText('Koppel Gmail opnieuw onder Instellingen › E-mail');
  await expect(warning(page)).toContainText(
    '2 e-mails wachten en worden verstuurd zodra de koppeling weer werkt.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(warning(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/mail-status-dashboard-phone.png`, animations: 'disabled' });

  await warning(page).getByRole('link', { name: 'Naar e-mailinstellingen' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const emailCard = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'E-mail', exact: true }) });
  await expect(
    emailCard.getByRole('alert').filter({ hasText: 'Uw e-mailkoppeling werkt niet meer' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS)
    await emailCard.screenshot({ path: `${SHOTS}/mail-status-settings-phone.png`, animations: 'disabled' });

  // Reconnecting is the repair: the waiting mail goes out once and the warning leaves.
  await gmail(page).getByRole('button', { name: 'Opnieuw koppelen' }).click();
  await expect(toast(page, 'Gmail gekoppeld')).toBeVisible();
  await expect(warning(page)).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await mailStatus()).waiting, { timeout: 20_000 }).toBe(0);
  const sent = await fake<Array<{ headers: { to?: string; subject?: string } }>>('sent-mail');
  expect(sent.filter((m) => m.headers.to?.includes(CUSTOMER))).toHaveLength(1);
});
