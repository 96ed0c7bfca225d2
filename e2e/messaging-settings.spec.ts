/**
 * Instellingen → 'SMS en WhatsApp' (docs/PRODUCT.md#messaging): the owner connects their own Twilio
 * account (the fake's keys; a wrong token is refused under its field first), sees 'Gekoppeld', sends
 * a test message to a mobile number (a landline is refused in Dutch), and the fake received it with
 * the business's sender and text; then disconnects. Labels, keyboard, axe at 390 and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { nl } from '@contracts/messages';
import { expect, test } from './support/test';
import { seriousViolations, toast } from './support/helpers';

const t = nl.messaging.card;
const m = nl.messaging;
const SHOTS = process.env.MESSAGING_SHOTS; // e.g. /tmp/h: also write screenshots there
const FAKE_TWILIO = () => process.env.FAKE_TWILIO_URL!;

async function twilioControl<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${FAKE_TWILIO()}/__control${path}`, init);
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const card = page
    .getByRole('heading', { name: t.title })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await card.screenshot({
    path: `${SHOTS}/M-${name}-${page.viewportSize()?.width}.png`,
    animations: 'disabled',
  });
}

test.use({ reducedMotion: 'reduce' });

test('connects Twilio, sends a test message to a mobile number, and disconnects', async ({ page }) => {
  const reg = await page.request.post('/api/register', {
    data: { username: `sms${Date.now()}`, password: 'geheim123', email: 'lotte@example.nl' },
  });
  expect(reg.status()).toBe(201);
  expect(
    (await page.request.patch('/api/business-profile', { data: { name: 'Salon Lotte' } })).status(),
  ).toBe(200);
  const keys = await twilioControl<{ accountSid: string; authToken: string }>('/accounts', {
    method: 'POST',
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings');
  const card = page
    .getByRole('heading', { name: t.title })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(card.getByText(t.status.missing, { exact: true })).toBeVisible();
  await expect(card.getByRole('radio', { name: t.providers.twilio })).toBeChecked();

  // A wrong token: refused by Twilio, shown under the field; nothing saved.
  await card.getByLabel(t.accountSid).fill(keys.accountSid);
  await card.getByLabel(t.authToken).fill('fout0000000000000000000000000000');
  await card.getByLabel(t.sender).fill('SalonLotte');
  await card.getByRole('button', { name: t.save }).click();
  await expect(card.getByText(m.keysRefused.twilio).first()).toBeVisible();
  await expect(card.getByText(t.status.missing, { exact: true })).toBeVisible();

  // The right token, saved with the keyboard (Enter in the form).
  await card.getByLabel(t.authToken).fill(keys.authToken);
  await card.getByLabel(t.authToken).press('Enter');
  await expect(toast(page, t.saved)).toBeVisible();
  await expect(card.getByText(t.status.ok, { exact: true })).toBeVisible();
  await expect(card.getByLabel(t.authToken)).toHaveValue('');
  await shot(page, 'connected');

  // A landline is refused before anything is sent; a mobile number gets the message.
  const phone = card.getByLabel(t.testPhone);
  await phone.fill('010 1234567');
  await card.getByRole('button', { name: t.test }).click();
  await expect(card.getByText(m.phoneNotMobile)).toBeVisible();
  await phone.fill('06 12345678');
  await card.getByRole('button', { name: t.test }).click();
  await expect(
    card.getByRole('status').filter({ hasText: 'Testbericht verstuurd naar 06 12345678' }),
  ).toBeVisible();
  const messages =
    await twilioControl<{ account: string; to: string; from: string; body: string }[]>('/messages');
  expect(messages.filter((x) => x.account === keys.accountSid)).toEqual([
    expect.objectContaining({
      to: '+31612345678',
      from: 'SalonLotte',
      body: 'Dit is een testbericht van Salon Lotte: uw sms-koppeling werkt.',
    }),
  ]);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await card.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'tested');
  }

  // Ontkoppelen asks first.
  await card.getByRole('button', { name: t.disconnect }).click();
  const dialog = page.getByRole('alertdialog', { name: t.disconnectTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t.confirmDisconnect }).click();
  await expect(toast(page, t.disconnected)).toBeVisible();
  await expect(card.getByText(t.status.missing, { exact: true })).toBeVisible();
  expect((await (await page.request.get('/api/messaging')).json()).provider).toBeNull();
});
