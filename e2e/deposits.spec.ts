/**
 * Deposits (docs/PRODUCT.md#deposits): the owner sets a fixed deposit on the Betaling tab of the
 * event form and sees the live preview; a customer sees the split on the review and payment steps,
 * pays only the deposit with the fake card (e2e/support/fake-stripe-js.ts; the server checks the
 * amount with the fake card API), and the success page and the owner's bookings table show what was
 * paid and what is still due. A deposit for new customers only asks the server's quote on the review
 * step (a returning customer's booking without payment is covered by
 * src/server/modules/payments/deposits.api.test.ts: the browser cannot make an appointment that
 * already took place). Axe on the tab and the payment screens. DEPOSIT_SCREENSHOTS=<dir> writes screenshots of the
 * Betaling tab, the review and payment steps at 390 and 1280 px there.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { installFakeStripeJs } from './support/fake-stripe-js';
import { TEST_CARDS } from './support/stripe-test-cards';
import { everyDay, seriousViolations, toast, upcomingRange } from './support/helpers';
import { newStripeAccount, stripeControl } from './support/fake-stripe-control';

const FAKE_STRIPE = process.env.FAKE_STRIPE_URL!;
const SHOTS = process.env.DEPOSIT_SCREENSHOTS;
// Dutch money as shown: '€ 20,00' with a no-break space after the sign.
const eur = (amount: string) => `€\u00a0${amount}`;
const SPLIT = `Aanbetaling ${eur('20,00')} (rest ${eur('45,00')} in de salon)`;

test.use({ reducedMotion: 'reduce' });

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${SHOTS}/deposit-${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(size);
}

/** A new owner (the page's session) with working keys on the fake card API and a service of € 65,00. */
async function ownerWithPaidEvent(page: Page, prefix: string) {
  const secretKey = await newStripeAccount();
  const reg = await page.request.post('/api/register', {
    data: { username: `${prefix}${Date.now()}`, password: 'geheim123', email: 'salon@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const keys = await page.request.patch('/api/user/settings', {
    data: { stripePublicKey: 'pk_test_e2e_salon', stripeSecretKey: secretKey },
  });
  expect(keys.status(), await keys.text()).toBe(200);
  const created = await page.request.post('/api/events', {
    data: {
      title: 'Kleuren en knippen',
      workingDays: everyDay,
      ...upcomingRange(60),
      durationMinutes: 30,
      dailyPauseTimes: {},
      requiresPayment: true,
      paymentAmount: '65,00',
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; slug: string };
}

const freeSlots = (page: Page) =>
  page.getByRole('list', { name: 'Beschikbare tijden' }).getByRole('button', { disabled: false });

/** Date, the first free time and the form, as this customer: stops on the review step. */
async function toReview(page: Page, slug: string, name: string, email: string) {
  await page.goto(`/boek/${slug}`);
  await page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button').first().click();
  const time = (await freeSlots(page).first().textContent())!.trim();
  await freeSlots(page).first().click();
  await page.getByLabel('Naam').fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
  return time;
}

test.beforeEach(async ({ page }) => {
  await installFakeStripeJs(page, FAKE_STRIPE);
});

test('the owner sets a deposit, a customer pays only the deposit, and both amounts show', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const event = await ownerWithPaidEvent(page, 'aanbetaling');

  // The Betaling tab: type, value and who pays, with the preview from the core rule.
  await page.goto(`/events/${event.id}/edit`);
  await page.getByRole('tab', { name: 'Betaling' }).click();
  await page.getByRole('combobox', { name: 'Aanbetaling', exact: true }).click();
  await page.getByRole('option', { name: 'Vast bedrag' }).click();
  const value = page.getByLabel('Hoogte van de aanbetaling');
  await value.fill('70');
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page.getByText('De aanbetaling mag niet hoger zijn dan de prijs.')).toBeVisible();
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  await value.fill('20,00');
  await expect(page.getByTestId('deposit-preview')).toHaveText(
    `Klant betaalt online ${eur('20,00')}, rest ${eur('45,00')} in de salon`,
  );
  await page.getByRole('combobox', { name: 'Aanbetaling vragen van' }).click();
  await page.getByRole('option', { name: 'Iedereen' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'form');
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(toast(page, 'Evenement bijgewerkt')).toBeVisible();
  const stored = (await (await page.request.get(`/api/events/${event.id}`)).json()) as Record<
    string,
    unknown
  >;
  expect(stored).toMatchObject({ depositType: 'fixed', depositValue: '20.00', depositFor: 'everyone' });

  // The customer: the split on the review step, then on the payment step.
  const time = await toReview(page, event.slug, 'Fleur Visser', 'fleur@example.nl');
  await expect(page.getByTestId('payment-split')).toHaveText(SPLIT);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'review');
  const intentAnswer = page.waitForResponse((r) => r.url().endsWith('/api/create-payment-intent'));
  await page.getByRole('button', { name: 'Naar betaling' }).click();
  const intent = (await (await intentAnswer).json()) as { clientSecret: string };
  await expect(page.getByRole('heading', { name: 'Betaling', exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-split')).toHaveText(SPLIT);
  const pay = page.getByRole('button', { name: `Betaal ${eur('20,00')}` });
  await expect(pay).toBeEnabled();
  await page.getByLabel('Kaartnummer').fill(TEST_CARDS.paid);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'payment');
  await pay.click();

  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  const row = (label: string) => page.locator('dl > div', { has: page.getByText(label, { exact: true }) });
  await expect(row('Betaald')).toContainText(eur('20,00'));
  await expect(row('Nog te betalen in de salon')).toContainText(eur('45,00'));
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'success');
  // The provider was asked for the deposit only.
  const intentId = intent.clientSecret.split('_secret_')[0]!;
  const paid = await stripeControl<{ amount: number; status: string }>(`/intents/${intentId}`);
  expect(paid).toMatchObject({ amount: 2000, status: 'succeeded' });

  // The manage page lists both amounts too.
  await page.getByRole('link', { name: 'Afspraak beheren' }).click();
  await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
  await expect(row('Betaald')).toContainText(eur('20,00'));
  await expect(row('Nog te betalen in de salon')).toContainText(eur('45,00'));
  await shots(page, 'manage');

  // The owner's bookings table shows both amounts.
  await page.goto('/bookings');
  const bookingRow = page.getByRole('row').filter({ hasText: 'Fleur Visser' });
  await expect(bookingRow).toContainText(time);
  await expect(bookingRow).toContainText(`${eur('20,00')} betaald, ${eur('45,00')} in de salon`);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a deposit for new customers only: the review step asks the server what this customer pays', async ({
  page,
}) => {
  const event = await ownerWithPaidEvent(page, 'nieuweklant');
  const patched = await page.request.patch(`/api/events/${event.id}`, {
    data: { depositType: 'percent', depositValue: '40', depositFor: 'new_customers' },
  });
  expect(patched.status(), await patched.text()).toBe(200);

  const quote = page.waitForResponse((r) => r.url().endsWith(`/api/public/events/${event.id}/payment-quote`));
  await toReview(page, event.slug, 'Nieuwe Klant', 'nieuw@example.nl');
  expect((await quote).status()).toBe(200);
  await expect(page.getByTestId('payment-split')).toHaveText(
    `Aanbetaling ${eur('26,00')} (rest ${eur('39,00')} in de salon)`,
  );
  await expect(page.getByRole('button', { name: 'Naar betaling' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Naar betaling' }).click();
  await expect(page.getByRole('button', { name: `Betaal ${eur('26,00')}` })).toBeEnabled();
});
