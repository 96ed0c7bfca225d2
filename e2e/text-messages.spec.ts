/**
 * Text messages (docs/PRODUCT.md#text-messages): an owner with the fake Twilio connected turns on
 * the SMS confirmation and reminder of a service on the event form's Webhooks tab, with an own
 * confirmation text whose counter shows its SMS parts (a long one warns); a customer books on a
 * phone, ticks 'Stuur mij een herinnering per sms' (a landline is refused first, in the server's
 * words) and the fake Twilio receives the confirmation in the owner's text. Axe on the new section
 * at 390 and 1280 px and on the consent at 390 px (with TEXT_SHOTS, screenshots of both at both).
 *
 * Nothing is texted between 21:00 and 08:00 (core/quiet-hours.ts): run in the day, or with a
 * daytime TEST_TODAY (e.g. TEST_TODAY=2027-01-12T10:00); in the quiet hours the spec checks that
 * the confirmation waits for the morning instead.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { inQuietHours } from '@core/quiet-hours';
import { everyDayService, seriousViolations, testNow, toast } from './support/helpers';
import { expect, test } from './support/test';

const t = nl.textMessages.form;
const consent = nlPublicSteps.booking;
const SHOTS = process.env.TEXT_SHOTS; // e.g. /tmp/shots: also write screenshots there
const FAKE_TWILIO = () => process.env.FAKE_TWILIO_URL!;

async function twilioControl<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${FAKE_TWILIO()}/__control${path}`, init);
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

async function shot(target: Locator | Page, page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({
    path: `${SHOTS}/text-${name}-${page.viewportSize()?.width}.png`,
    animations: 'disabled',
  });
}

test.use({ reducedMotion: 'reduce' });

test('the owner turns on SMS for a service and a customer who asks for it gets the confirmation', async ({
  page,
}) => {
  const reg = await page.request.post('/api/register', {
    data: { username: `txt${Date.now()}`, password: 'geheim123', email: 'lotte@example.nl' },
  });
  expect(reg.status()).toBe(201);
  expect(
    (await page.request.patch('/api/business-profile', { data: { name: 'Salon Lotte' } })).status(),
  ).toBe(200);
  const keys = await twilioControl<{ accountSid: string; authToken: string }>('/accounts', {
    method: 'POST',
  });
  const connect = await page.request.put('/api/messaging', {
    data: { provider: 'twilio', ...keys, sender: 'SalonLotte' },
  });
  expect(connect.status(), await connect.text()).toBe(200);
  const created = await page.request.post('/api/events', {
    data: everyDayService('Knippen', { phoneField: true }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as EventDto;
  expect(event.textMessages).toBeNull();

  // The owner: Webhooks tab, 'Sms en WhatsApp'.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/events/${event.id}/edit`);
  await page.getByRole('tab', { name: nl.eventForm.tabs.webhooks }).click();
  const section = page.getByText(t.title, { exact: true }).locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(section.getByText(t.noProvider)).toHaveCount(0);
  await section.getByRole('switch', { name: t.enabled }).click();
  await expect(section.getByRole('checkbox', { name: t.kinds.confirmation })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: t.kinds.reminder })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: t.kinds.cancellation })).not.toBeChecked();
  // Twilio without a WhatsApp sender: SMS is the one channel.
  await expect(section.getByLabel(t.channel)).toHaveText(t.channels.sms);
  await section.getByLabel(t.reminderHours).fill('3');

  const own = section.getByLabel(t.template.replace('{kind}', t.kinds.confirmation));
  await expect(own).toHaveAttribute('placeholder', nl.textMessages.defaults.confirmation);
  const counter = section.getByTestId('text-counter-confirmation');
  // A long text: more than two parts, and the warning says what that costs.
  await own.fill(`Beste klant, ${'tot snel bij Salon Lotte! '.repeat(16)}`);
  await expect(counter).toContainText('429 tekens · 3 sms');
  await expect(section.getByText("Let op: dit bericht wordt als 3 sms'jes verstuurd")).toBeVisible();
  const text = 'Tot {{eventDate}} om {{eventTime}} bij {{fromName}}! Wijzigen: {beheerlink}';
  await own.fill(text);
  await expect(counter).toHaveText(
    `${t.counter.replace('{n}', String(text.length)).replace('{parts}', '1')}`,
  );
  await expect(section.getByText(/Let op: dit bericht/)).toHaveCount(0);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await section.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(section, page, 'section');
  }
  // The long text's warning, for the screenshot.
  await own.fill(`Beste klant, ${'tot snel bij Salon Lotte! '.repeat(16)}`);
  await shot(section, page, 'section-warning');
  await own.fill(text);

  await page.getByRole('button', { name: nl.eventForm.save }).click();
  await expect(toast(page, nl.eventForm.updated)).toBeVisible();
  const saved = (await (await page.request.get(`/api/events/${event.id}`)).json()) as EventDto;
  expect(saved.textMessages).toEqual({
    channel: 'sms',
    send: ['confirmation', 'reminder'],
    reminderHours: 3,
    templates: { confirmation: text },
  });

  // The customer, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/boek/${event.slug}`);
  await page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button').first().click();
  await page
    .getByRole('list', { name: 'Beschikbare tijden' })
    .getByRole('button', { disabled: false })
    .first()
    .click();
  await page.getByLabel('Naam').fill('Eva Jansen');
  await page.getByLabel('E-mail', { exact: true }).fill('eva@example.nl');
  const phone = page.getByRole('textbox', { name: 'Telefoon' });
  await phone.fill('010 1234567');
  const box = page.getByRole('checkbox', { name: consent.textConsent.sms });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText(consent.textConsentNotMobile)).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page, { wcag22: true })).toEqual([]);
  await shot(page, page, 'consent-error');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, page, 'consent-error');
  await page.setViewportSize({ width: 390, height: 844 });

  // A mobile number: the message goes as the visitor types.
  await phone.fill('06 12345678');
  await expect(page.getByText(consent.textConsentNotMobile)).toHaveCount(0);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
  const booked = page.waitForResponse(
    (r) => r.url().endsWith('/api/public/bookings') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  const request = (await booked).request().postDataJSON() as { textConsent?: boolean };
  expect(request.textConsent).toBe(true);
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  await expect(page.getByText(nlPublicSteps.paymentPages.alsoText.sms)).toBeVisible();

  const mine = () =>
    twilioControl<{ account: string; to: string; from: string; body: string }[]>('/messages').then((all) =>
      all.filter((m) => m.account === keys.accountSid),
    );
  if (inQuietHours(testNow(), 'Europe/Amsterdam')) {
    // Planned for 08:00: nothing reaches the phone tonight.
    await page.waitForTimeout(2000);
    expect(await mine()).toEqual([]);
    return;
  }
  await expect.poll(async () => (await mine()).length, { timeout: 20_000 }).toBe(1);
  const [sms] = await mine();
  expect(sms).toMatchObject({ to: '+31612345678', from: 'SalonLotte' });
  expect(sms!.body).toMatch(/^Tot .+ om \d{2}:\d{2} bij Salon Lotte! Wijzigen: http:\/\/\S+\/m\/\S+$/);
});
