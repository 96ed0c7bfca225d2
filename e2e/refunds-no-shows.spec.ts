/**
 * Refunds and no-shows in the owner app (docs/PRODUCT.md#refunds, #no-shows): the real server with its
 * Stripe calls going to the fake card API. The owner cancels a paid booking with "Terugbetalen" and
 * the fake provider holds exactly one refund; a booking whose start has passed is marked as not shown,
 * gets the badge and is found by the filter. The started appointment is the owner's own booking
 * (POST /api/bookings may record a time that has passed) on the current 5-minute slot of today, so
 * the server's own clock says it started without the test waiting for it; a customer's booking on a
 * later day shows the refusal before the start.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { utcToZoned } from '@core/index';
import { WEBHOOK_TRIGGERS } from '@contracts/enums';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { bookableDates, everyDay, seriousViolations, testNow, toast, upcomingRange } from './support/helpers';
import { intentIdOf, newStripeAccount, stripeControl } from './support/fake-stripe-control';

const SHOTS = process.env.REFUND_SCREENSHOTS; // e.g. /tmp: also write screenshots there
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'refunds-')), 'state.json');
const ZONE = 'Europe/Amsterdam';

let api: APIRequestContext;
let paidEventId = '';
let paidDate = '';
let soonEventId = '';
/** The started appointment's date and time in the owner's zone. */
let started = { date: '', time: '' };

async function shot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/refunds-${name}.png`, fullPage: true, animations: 'disabled' });
}

const answers = (name: string) => ({ Naam: name, 'E-mail': 'klant@example.nl' });
const fields = [
  { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
];
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** A paid, confirmed booking: held, paid at the fake provider, confirmed as the customer's return would. */
async function paidBooking(name: string, date: string, time: string) {
  const held = await api.post('/api/create-payment-intent', {
    data: {
      eventId: paidEventId,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: answers(name),
      acceptedPolicy: true,
    },
  });
  expect(held.status(), await held.text()).toBe(201);
  const intentId = intentIdOf(((await held.json()) as { clientSecret: string }).clientSecret);
  await stripeControl(`/intents/${intentId}/status`, {
    method: 'POST',
    body: JSON.stringify({ status: 'succeeded' }),
  });
  const confirmed = await api.post('/api/public/bookings', {
    data: {
      eventId: paidEventId,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: answers(name),
      acceptedPolicy: true,
      stripePaymentIntentId: intentId,
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return intentId;
}

/** Today's 5-minute slot under way (it started at most 5 minutes ago), in the owner's zone. */
function currentSlot() {
  const now = utcToZoned(testNow(), ZONE);
  const [h, m] = now.time.split(':').map(Number) as [number, number];
  const start = h * 60 + Math.floor(m / 5) * 5;
  const time = `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
  return { date: now.date, time };
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE, reducedMotion: 'reduce' });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const reg = await api.post('/api/register', {
    data: { username: `terug${Date.now()}`, password: 'geheim123', email: 'salon@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const secretKey = await newStripeAccount();
  const keys = await api.patch('/api/user/settings', {
    data: { stripePublicKey: 'pk_test_e2e_terug', stripeSecretKey: secretKey },
  });
  expect(keys.status(), await keys.text()).toBe(200);
  const paid = await api.post('/api/events', {
    data: {
      title: 'Kleuren (betaald)',
      workingDays: everyDay,
      ...upcomingRange(60),
      durationMinutes: 30,
      requiresPayment: true,
      paymentAmount: '25.00',
      policyText: 'Annuleren kan tot 24 uur vooraf; daarna krijgt u 50% van het betaalde bedrag terug.',
      dailyPauseTimes: {},
      customFields: fields,
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const paidEvent = await paid.json();
  paidEventId = paidEvent.id;
  paidDate = bookableDates(paidEvent, 1)[0]!;

  const allDay = Object.fromEntries(
    Object.keys(everyDay).map((k) => [k, { enabled: true, startTime: '00:00', endTime: '23:59' }]),
  );
  const soonEvent = await api.post('/api/events', {
    data: {
      title: 'Inloopspreekuur',
      workingDays: allDay,
      ...upcomingRange(60),
      durationMinutes: 15,
      slotIntervalMinutes: 5,
      dailyPauseTimes: {},
      customFields: fields,
    },
  });
  expect(soonEvent.status(), await soonEvent.text()).toBe(201);
  const soonEventJson = await soonEvent.json();
  soonEventId = soonEventJson.id;
  const booked = await api.post('/api/public/bookings', {
    data: {
      eventId: soonEventId,
      bookingDate: bookableDates(soonEventJson, 1)[0]!,
      // Before the paid service's times: both services book the owner's one agenda.
      bookingTime: '08:00',
      customFieldResponses: answers('Sem Visser'),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  started = currentSlot();
  const walkIn = await api.post('/api/bookings', {
    data: {
      eventId: soonEventId,
      bookingDate: started.date,
      bookingTime: started.time,
      customerName: 'Noor Bakker',
      customerEmail: 'klant@example.nl',
    },
  });
  expect(walkIn.status(), await walkIn.text()).toBe(201);
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
});

test('the owner cancels a paid booking with "Terugbetalen": refunded once, shown as Terugbetaald', async ({
  page,
}) => {
  const intentId = await paidBooking('Eva Jansen', paidDate, '10:00');
  await paidBooking('Daan Smit', paidDate, '11:00');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings');
  await expect(row(page, 'Eva Jansen')).toContainText('Betaald');

  await page.getByRole('button', { name: 'Afspraak van Eva Jansen annuleren' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Afspraak annuleren?' });
  const refund = dialog.getByRole('radio', { name: /^Terugbetalen/ });
  const keep = dialog.getByRole('radio', { name: 'Niet terugbetalen' });
  await expect(refund).not.toBeChecked();
  await expect(keep).not.toBeChecked();
  // A choice is required: confirming without one asks for it.
  await dialog.getByRole('button', { name: 'Afspraak annuleren' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Kies of u de betaling terugbetaalt.');
  await expect(dialog).toBeVisible();
  // Keyboard: Space chooses, the arrow keys move between the two choices.
  await refund.focus();
  await page.keyboard.press('Space');
  await expect(refund).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Deel terugbetalen' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Space');
  await expect(keep).toBeChecked();
  // Radix moves the focus a tick after each key: one key at a time, or the second lands where the first began.
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByRole('radio', { name: 'Deel terugbetalen' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(refund).toBeFocused();
  await page.keyboard.press('Space');
  await expect(refund).toBeChecked();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await shot(page, 'cancel-dialog-desktop');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Afspraak annuleren' }).click();
  await expect(toast(page, 'Afspraak geannuleerd en terugbetaald')).toBeVisible();
  await expect(row(page, 'Eva Jansen')).toContainText('Geannuleerd');
  await expect(row(page, 'Eva Jansen')).toContainText('Terugbetaald');
  const intent = await stripeControl<{ refunds: number }>(`/intents/${intentId}`);
  expect(intent.refunds).toBe(1);
  const owner = (await (await api.get('/api/bookings?limit=500')).json()) as {
    customerName: string;
    paymentStatus: string;
    refundStatus: string | null;
  }[];
  expect(owner.find((b) => b.customerName === 'Eva Jansen')).toMatchObject({
    paymentStatus: 'refunded',
    refundStatus: 'succeeded',
  });
  await shot(page, 'refunded-desktop');
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone: the same choice in the card layout, here keeping the money.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const card = page.getByRole('listitem').filter({ hasText: 'Eva Jansen' });
  await expect(card).toContainText('Terugbetaald');
  await page.getByRole('button', { name: 'Afspraak van Daan Smit annuleren' }).click();
  const phoneDialog = page.getByRole('alertdialog', { name: 'Afspraak annuleren?' });
  await phoneDialog.getByText('Niet terugbetalen', { exact: true }).click();
  await shot(page, 'cancel-dialog-phone');
  expect(await seriousViolations(page)).toEqual([]);
  await phoneDialog.getByRole('button', { name: 'Afspraak annuleren' }).click();
  await expect(toast(page, 'Afspraak geannuleerd')).toBeVisible();
  const daan = page.getByRole('listitem').filter({ hasText: 'Daan Smit' });
  await expect(daan).toContainText('Geannuleerd');
  await expect(daan).not.toContainText('Terugbetaald');
  await shot(page, 'refunded-phone');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the owner gives back part of a payment: the policy’s share first, at most what was paid', async ({
  page,
}) => {
  const intentId = await paidBooking('Lotte de Vries', paidDate, '12:00');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings');
  await page.getByRole('button', { name: 'Afspraak van Lotte de Vries annuleren' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Afspraak annuleren?' });
  await dialog.getByRole('radio', { name: 'Deel terugbetalen' }).click();
  await expect(dialog.getByText('Volgens uw annuleringsbeleid 50% van € 25,00.')).toBeVisible();
  const amount = dialog.getByRole('textbox', { name: 'Bedrag terug' });
  await expect(amount).toHaveValue('12,50'); // the policy's 50%
  await amount.fill('25,01');
  await dialog.getByRole('button', { name: 'Afspraak annuleren' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'U kunt niet meer terugbetalen dan er online is betaald (€ 25,00).',
  );
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('10,50');
  await shot(page, 'partial-dialog-desktop');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Afspraak annuleren' }).click();
  await expect(toast(page, 'Afspraak geannuleerd en terugbetaald')).toBeVisible();
  await expect(row(page, 'Lotte de Vries')).toContainText('Deels terugbetaald: € 10,50');
  const intent = await stripeControl<{ refundAmounts: number[] }>(`/intents/${intentId}`);
  expect(intent.refundAmounts).toEqual([1050]);
  await shot(page, 'partial-refunded-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Lotte de Vries' })).toContainText(
    'Deels terugbetaald: € 10,50',
  );
  await shot(page, 'partial-refunded-phone');
});

test('a booking whose start has passed is marked as not shown: badge and filter', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookings');
  await expect(row(page, 'Sem Visser')).toBeVisible();
  // Not offered before the start (the server refuses it too).
  const early = await api.patch(`/api/bookings/${await bookingId('Sem Visser')}`, { data: { noShow: true } });
  expect(early.status()).toBe(409);
  expect(await early.json()).toMatchObject({
    message: 'Een afspraak kan pas na de begintijd als niet verschenen worden gemarkeerd.',
  });
  await expect(page.getByRole('button', { name: 'Markeer Sem Visser als niet verschenen' })).toHaveCount(0);
  // Started: offered.
  await page.getByRole('button', { name: 'Markeer Noor Bakker als niet verschenen' }).click();
  await expect(toast(page, 'Gemarkeerd als niet verschenen')).toBeVisible();
  await expect(row(page, 'Noor Bakker')).toContainText('Niet verschenen');
  await expect(page.getByRole('button', { name: 'Markeer Noor Bakker als toch verschenen' })).toBeVisible();
  await shot(page, 'no-show-desktop');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Alleen niet verschenen').check();
  await expect(row(page, 'Eva Jansen')).toHaveCount(0);
  await expect(row(page, 'Noor Bakker')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and Noor
  await shot(page, 'no-show-filter-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('listitem').filter({ hasText: 'Noor Bakker' })).toContainText(
    'Niet verschenen',
  );
  await shot(page, 'no-show-filter-phone');
  expect(await seriousViolations(page)).toEqual([]);

  // Statistics: today's one started appointment was not shown.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/analytics');
  const card = page.locator('dl > div').filter({ hasText: 'Niet verschenen' });
  await expect(card).toContainText('1');
  await expect(card).toContainText('100% van de afspraken die al begonnen zijn');
  await shot(page, 'statistics-desktop');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await shot(page, 'statistics-phone');
});

test('a webhook reports new bookings, not-shown customers, or both', async ({ page }) => {
  const hook = await api.post(`/api/events/${soonEventId}/webhooks`, {
    data: { name: 'Kassa', url: 'https://kassa.example.nl/hook' },
  });
  expect(hook.status(), await hook.text()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/events/${soonEventId}/edit`);
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  const triggers = page.getByRole('group', { name: 'Stuur een bericht bij (Kassa)' });
  const created = triggers.getByRole('checkbox', { name: 'Nieuwe afspraak' });
  const noShow = triggers.getByRole('checkbox', { name: 'Niet verschenen' });
  await expect(created).toBeChecked();
  await expect(noShow).not.toBeChecked();
  // Every trigger is offered: moves, cancels, payments, the waitlist and requests too, off until the
  // owner picks them.
  await expect(triggers.getByRole('checkbox')).toHaveCount(WEBHOOK_TRIGGERS.length);
  for (const name of ['Afspraak verplaatst', 'Afspraak geannuleerd', 'Betaling ontvangen'])
    await expect(triggers.getByRole('checkbox', { name })).not.toBeChecked();
  // The only one stays: a webhook reports at least one thing, and the tab says so.
  await created.click();
  await expect(created).toBeChecked();
  await expect(triggers.getByRole('status')).toHaveText('Kies minstens één gebeurtenis.');
  await noShow.click();
  await expect(noShow).toBeChecked();
  await created.click();
  await expect(created).not.toBeChecked();
  await expect(triggers.getByRole('status')).toHaveText('');
  const saved = (await (await api.get(`/api/events/${soonEventId}/webhooks`)).json()) as {
    triggers: string[];
  }[];
  expect(saved.map((h) => h.triggers)).toEqual([['booking.no_show']]);
  await shot(page, 'webhooks-desktop');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(triggers).toBeVisible();
  await shot(page, 'webhooks-phone');
  expect(await seriousViolations(page)).toEqual([]);
});

async function bookingId(name: string) {
  const list = (await (await api.get('/api/bookings?limit=500')).json()) as {
    id: string;
    customerName: string;
  }[];
  return list.find((b) => b.customerName === name)!.id;
}

test('with "Automatisch terugbetalen" on, the manage page says the payment comes back and refunds it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings');
  const auto = page.getByRole('switch', { name: 'Automatisch terugbetalen bij tijdig annuleren' });
  await expect(auto).not.toBeChecked();
  await auto.click();
  await expect(toast(page, 'Instelling opgeslagen')).toBeVisible();
  await expect(auto).toBeChecked();
  await auto.scrollIntoViewIfNeeded();
  await shot(page, 'settings-desktop');
  expect(await seriousViolations(page)).toEqual([]);

  // The customer's own manage link, on a phone; the event has no cut-off, so a cancel is in time.
  const held = await api.post('/api/create-payment-intent', {
    data: {
      eventId: paidEventId,
      bookingDate: paidDate,
      bookingTime: '12:00',
      customFieldResponses: answers('Fenna de Wit'),
      acceptedPolicy: true,
    },
  });
  expect(held.status(), await held.text()).toBe(201);
  const { clientSecret, managementUrl } = (await held.json()) as {
    clientSecret: string;
    managementUrl: string;
  };
  const intentId = intentIdOf(clientSecret);
  await stripeControl(`/intents/${intentId}/status`, {
    method: 'POST',
    body: JSON.stringify({ status: 'succeeded' }),
  });
  const confirmed = await api.post('/api/public/bookings', {
    data: {
      eventId: paidEventId,
      bookingDate: paidDate,
      bookingTime: '12:00',
      customFieldResponses: answers('Fenna de Wit'),
      acceptedPolicy: true,
      stripePaymentIntentId: intentId,
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(managementUrl).pathname);
  const before = 'Uw betaling van € 25,00 wordt teruggestort.';
  await expect(page.getByText(before)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annuleer afspraak' })).toHaveAccessibleDescription(
    /Uw betaling van €\s25,00 wordt teruggestort\./, // the amount has a no-break space
  );
  await shot(page, 'manage-before-phone');
  expect(await seriousViolations(page)).toEqual([]);
  // The question says it too, as the dialog's description.
  await page.getByRole('button', { name: 'Annuleer afspraak' }).click();
  const question = page.getByRole('alertdialog', {
    name: 'Weet u zeker dat u deze afspraak wilt annuleren?',
  });
  await expect(question).toHaveAccessibleDescription(/Uw betaling van €\s25,00 wordt teruggestort\./);
  await shot(page, 'manage-cancel-dialog-phone');
  expect(await seriousViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Ja, annuleer afspraak' }).click();
  await expect(page.getByText('Uw betaling van € 25,00 is teruggestort.')).toBeVisible();
  // The page stays on the cancelled state; the link opened later still tells what happened.
  await page.goto(new URL(managementUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Afspraak geannuleerd' })).toBeVisible();
  await expect(page.getByText('Uw betaling van € 25,00 is teruggestort.')).toBeVisible();
  await shot(page, 'manage-after-phone');
  expect(await seriousViolations(page)).toEqual([]);
  expect((await stripeControl<{ refunds: number }>(`/intents/${intentId}`)).refunds).toBe(1);
});
