/**
 * Paying by a bank redirect — iDEAL | Wero and Bancontact — end to end (docs/PRODUCT.md#paid-flow,
 * #embed-payment): the real server, its Stripe calls going to the fake card API
 * (e2e/support/fake-stripe-server.ts), whose bank pages settle the intent on the same fake the server
 * retrieves it from. In the browser only `window.Stripe` is replaced (e2e/support/fake-stripe-js.ts):
 * it offers the intent's payment methods and sends the window to the bank like Stripe.js does.
 *
 * A customer who pays at the bank and never comes back is confirmed by the once-a-minute payment
 * reconciliation here: the Stripe webhook endpoint is only created when APP_URL is https (Stripe
 * refuses plain http endpoints), and the e2e server runs on http://localhost. The webhook path
 * itself is covered by the API tests (src/server/modules/payments).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney } from '../src/core/money';
import { expect, test } from './support/test';
import { installFakeStripeJs } from './support/fake-stripe-js';
import { everyDay, publicViolations, upcomingRange } from './support/helpers';
import { intentIdOf, newStripeAccount, stripeControl } from './support/fake-stripe-control';
import { freeSlots, toPayment, toReview, type OwnerBooking, type Wizard } from './support/paid-wizard';

const FAKE_STRIPE = process.env.FAKE_STRIPE_URL!;
const SHOTS = process.env.PAYMENT_SCREENSHOTS; // e.g. /tmp: also write screenshots there
const EVENT_TITLE = 'Knippen & föhnen';
const PRICE = formatMoney('25.00', 'EUR');
const FAILED = 'Betaling is mislukt. Probeer het opnieuw.';

test.use({ reducedMotion: 'reduce' });

let api: APIRequestContext;
let slug = '';
let eventId = '';

interface ControlIntent {
  status: string;
  amount: number;
  currency: string;
  payment_method_types: string[];
  refunds: number;
}

async function shot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/redirect-${name}.png`, fullPage: true, animations: 'disabled' });
}

const payButton = (w: Wizard) => w.getByRole('button', { name: `Betaal ${PRICE}` });
const method = (w: Wizard, name: string) =>
  w.getByRole('group', { name: 'Betaalmethode' }).getByRole('radio', { name, exact: true });

/** The owner's view of the customer's booking (a released hold may share its slot with a later one). */
async function ownerBooking(name: string): Promise<OwnerBooking | undefined> {
  const res = await api.get(`/api/bookings?eventId=${eventId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as OwnerBooking[]).find((b) => b.customerName === name);
}

/** Booking page to the bank's page with `methodName` chosen in the payment form. */
async function toBank(page: Page, name: string, methodName: string) {
  await page.goto(`/boek/${slug}`);
  const slot = await toReview(page, name);
  const intent = await toPayment(page);
  await method(page, methodName).check();
  await expect(page.getByLabel('Kaartnummer')).toBeHidden();
  const confirm = page.waitForRequest((r) => r.url().endsWith('/confirm') && r.method() === 'POST');
  await payButton(page).click();
  expect(new URLSearchParams((await confirm).postData() ?? '').get('payment_method_data[type]')).toBe(
    methodName === 'Bancontact' ? 'bancontact' : 'ideal',
  );
  await expect(page).toHaveURL(new RegExp(`/__bank/${intentIdOf(intent.clientSecret)}`));
  await expect(page.getByRole('heading', { name: methodName })).toBeVisible();
  await expect(page.getByText(PRICE)).toBeVisible();
  return { ...slot, intent };
}

test.beforeAll(async ({ baseURL }) => {
  const secretKey = await newStripeAccount();
  // Same-origin POSTs: the cross-site guard accepts an Origin equal to the app's own.
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const reg = await api.post('/api/register', {
    data: { username: `ideal${Date.now()}`, password: 'geheim123', email: 'salon@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const keys = await api.patch('/api/user/settings', {
    data: { stripePublicKey: 'pk_test_e2e_ideal', stripeSecretKey: secretKey },
  });
  expect(keys.status(), await keys.text()).toBe(200);
  const res = await api.post('/api/events', {
    data: {
      title: EVENT_TITLE,
      description: 'Wassen, knippen en föhnen; vooraf betalen met iDEAL of Bancontact.',
      workingDays: everyDay,
      ...upcomingRange(60),
      durationMinutes: 30,
      requiresPayment: true,
      paymentAmount: '25.00',
      themeColor: '#0F766E',
      dailyPauseTimes: {},
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  ({ slug, id: eventId } = (await res.json()) as { id: string; slug: string });
});

test.afterAll(async () => {
  await api?.dispose();
});

// On the context, so a payment window the embed opens gets the fake Stripe.js too.
test.beforeEach(async ({ context }) => {
  await installFakeStripeJs(context, FAKE_STRIPE);
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('iDEAL | Wero: the bank approves, the customer returns through /payment/processing, booked and paid', async ({
    page,
  }) => {
    await page.goto(`/boek/${slug}`);
    await toReview(page, 'Eva de Vries');
    const intent = await toPayment(page);
    // An EUR intent offers the card and both bank methods; the card is chosen first.
    const offered = await stripeControl<ControlIntent>(`/intents/${intentIdOf(intent.clientSecret)}`);
    expect(offered.payment_method_types).toEqual(['card', 'ideal', 'bancontact']);
    await expect(method(page, 'Kaart')).toBeChecked();
    await expect(method(page, 'iDEAL | Wero')).toBeVisible();
    await expect(method(page, 'Bancontact')).toBeVisible();

    await method(page, 'iDEAL | Wero').check();
    await expect(page.getByLabel('Kaartnummer')).toBeHidden();
    await expect(page.getByText('Na het bevestigen gaat u naar uw bank')).toBeVisible();
    await shot(page, 'desktop-ideal-chosen');
    expect(await publicViolations(page)).toEqual([]);

    const returned = page.waitForRequest(
      (r) => r.isNavigationRequest() && r.url().includes('/payment/processing?'),
    );
    const confirm = page.waitForRequest((r) => r.url().endsWith('/confirm') && r.method() === 'POST');
    await payButton(page).click();
    // Confirmed like Stripe.js does for the method chosen, with the app's return address.
    const sent = new URLSearchParams((await confirm).postData() ?? '');
    expect(sent.get('payment_method_data[type]')).toBe('ideal');
    expect(sent.get('return_url')).toMatch(/\/payment\/processing$/);
    await expect(page).toHaveURL(new RegExp(`/__bank/${intentIdOf(intent.clientSecret)}`));
    await expect(page.getByRole('heading', { name: 'iDEAL | Wero' })).toBeVisible();
    await expect(page.getByText(PRICE)).toBeVisible();
    await shot(page, 'desktop-bank');
    await page.getByRole('button', { name: 'Betaling goedkeuren' }).click();

    // Back like Stripe sends the customer back: the intent, its client secret and the status.
    const back = new URL((await returned).url());
    expect(back.searchParams.get('payment_intent')).toBe(intentIdOf(intent.clientSecret));
    expect(back.searchParams.get('payment_intent_client_secret')).toBe(intent.clientSecret);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
    await expect(page).toHaveURL(/\/payment\/success$/);
    await expect(page.locator('dl > div', { has: page.getByText('Betaald', { exact: true }) })).toContainText(
      PRICE,
    );
    await expect(page.getByText(intent.managementUrl)).toBeVisible();
    await shot(page, 'desktop-success');

    expect(await stripeControl<ControlIntent>(`/intents/${intentIdOf(intent.clientSecret)}`)).toMatchObject({
      status: 'succeeded',
      amount: 2500,
      currency: 'eur',
    });
    expect(await ownerBooking('Eva de Vries')).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  test('Bancontact: approved at the bank, booked and paid', async ({ page }) => {
    const { intent } = await toBank(page, 'Lucas Peeters', 'Bancontact');
    await page.getByRole('button', { name: 'Betaling goedkeuren' }).click();
    await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
    await expect(page.locator('dl > div', { has: page.getByText('Betaald', { exact: true }) })).toContainText(
      PRICE,
    );
    expect((await stripeControl<ControlIntent>(`/intents/${intentIdOf(intent.clientSecret)}`)).status).toBe(
      'succeeded',
    );
    expect(await ownerBooking('Lucas Peeters')).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  test('keyboard only: iDEAL | Wero chosen with the arrow keys, paid, booked', async ({ page }) => {
    await page.goto(`/boek/${slug}`);
    await toReview(page, 'Sanne Bos');
    await toPayment(page);
    await expect(payButton(page)).toBeEnabled();
    await method(page, 'Kaart').focus();
    await page.keyboard.press('ArrowRight');
    await expect(method(page, 'iDEAL | Wero')).toBeChecked();
    await expect(method(page, 'iDEAL | Wero')).toBeFocused();
    await expect(page.getByLabel('Kaartnummer')).toBeHidden();
    // Onwards with Tab: past 'Terug naar overzicht' to the pay button.
    for (let i = 0; i < 5 && !(await payButton(page).evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(payButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'iDEAL | Wero' })).toBeVisible();
    await page.getByRole('button', { name: 'Betaling goedkeuren' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeFocused();
    expect(await ownerBooking('Sanne Bos')).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  test('the bank payment fails: failure page with the message, the hold is released and the time is free again', async ({
    page,
  }) => {
    const { date, time, intent } = await toBank(page, 'Noor Jansen', 'iDEAL | Wero');
    await page.getByRole('button', { name: 'Betaling mislukt' }).click();

    await expect(page.getByRole('heading', { name: 'Betaling Mislukt' })).toBeVisible();
    await expect(page).toHaveURL(/\/payment\/failure$/);
    await expect(page.getByRole('alert').filter({ hasText: FAILED })).toBeVisible();
    await shot(page, 'desktop-failure');
    expect(await publicViolations(page)).toEqual([]);
    // Nothing paid; once the hold is released the reconciliation may cancel the intent too.
    expect(['requires_payment_method', 'canceled']).toContain(
      (await stripeControl<ControlIntent>(`/intents/${intentIdOf(intent.clientSecret)}`)).status,
    );
    expect(await ownerBooking('Noor Jansen')).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'pending',
    });

    // The held slot was given back at once: trying again offers the same time.
    await page.getByRole('link', { name: 'Opnieuw proberen' }).click();
    await expect(page).toHaveURL(new RegExp(`/boek/${slug}$`));
    await page.locator(`[data-date="${date}"]`).click();
    await expect(freeSlots(page).filter({ hasText: new RegExp(`^${time}$`) })).toHaveCount(1);
  });

  test('the customer cancels at the bank: failure page, hold released', async ({ page }) => {
    const { intent } = await toBank(page, 'Bram Willems', 'Bancontact');
    const returned = page.waitForRequest(
      (r) => r.isNavigationRequest() && r.url().includes('/payment/processing?'),
    );
    await page.getByRole('button', { name: 'Annuleren' }).click();
    // Stripe reports a cancelled bank payment as failed, the intent back to requires_payment_method.
    expect(new URL((await returned).url()).searchParams.get('redirect_status')).toBe('failed');
    await expect(page.getByRole('heading', { name: 'Betaling Mislukt' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: FAILED })).toBeVisible();
    expect(['requires_payment_method', 'canceled']).toContain(
      (await stripeControl<ControlIntent>(`/intents/${intentIdOf(intent.clientSecret)}`)).status,
    );
    expect(await ownerBooking('Bram Willems')).toMatchObject({ status: 'cancelled' });
  });

  test('the bank has not paid yet (processing): booked with the payment pending, and the success page says so', async ({
    page,
  }) => {
    await toBank(page, 'Fleur Maes', 'Bancontact');
    const returned = page.waitForRequest(
      (r) => r.isNavigationRequest() && r.url().includes('/payment/processing?'),
    );
    await page.getByRole('button', { name: 'Nog in behandeling' }).click();
    expect(new URL((await returned).url()).searchParams.get('redirect_status')).toBe('processing');
    await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
    await expect(
      page.getByText(
        'Uw bank verwerkt de betaling nog. Uw afspraak is vastgelegd; lukt de betaling alsnog niet, dan vervalt de afspraak.',
      ),
    ).toBeVisible();
    await expect(
      page.locator('dl > div', { has: page.getByText('Betaling (in behandeling)', { exact: true }) }),
    ).toContainText(PRICE);
    await expect(page.getByText('Betaald', { exact: true })).toHaveCount(0);
    await shot(page, 'desktop-success-processing');
    expect(await publicViolations(page)).toEqual([]);
    expect(await ownerBooking('Fleur Maes')).toMatchObject({ status: 'confirmed', paymentStatus: 'pending' });
  });

  test('paid at the bank, tab closed before returning: the server confirms the booking by itself', async ({
    page,
  }) => {
    // The reconciliation runs once a minute: up to two runs of waiting.
    test.setTimeout(180_000);
    const { intent } = await toBank(page, 'Daan Claes', 'iDEAL | Wero');
    expect(await ownerBooking('Daan Claes')).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    // The customer approves at the bank and closes the tab: the bank's answer (the redirect back
    // to us) never reaches the browser, so the app hears nothing from it.
    let returnUrl = '';
    await page.route(/\/__bank\//, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const answer = await route.fetch({ maxRedirects: 0 });
      returnUrl = answer.headers()['location'] ?? '';
      await route.abort();
    });
    await page.getByRole('button', { name: 'Betaling goedkeuren' }).click();
    await expect.poll(() => returnUrl).toContain('redirect_status=succeeded');
    await page.close();
    expect((await stripeControl<ControlIntent>(`/intents/${intentIdOf(intent.clientSecret)}`)).status).toBe(
      'succeeded',
    );

    await expect
      .poll(async () => ownerBooking('Daan Claes'), { timeout: 150_000, intervals: [2_000] })
      .toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  test('embedded on another site: pays in a new window, ends on the confirmation there, and the iframe shows it', async ({
    page,
    context,
    baseURL,
  }) => {
    await withHostPage(baseURL!, async (hostUrl) => {
      await page.goto(hostUrl);
      const frame = page.frameLocator('iframe[title="Afspraak maken"]');
      await toReview(frame, 'Mila Hendriks');
      const intent = await toPayment(page, frame);

      // No payment form in the iframe, and no Stripe.js: the payment opens at top level.
      const open = frame.getByRole('link', { name: 'Betalen in nieuw venster' });
      await expect(open).toBeVisible();
      await expect(frame.getByText('Betaalmethode')).toHaveCount(0);
      const iframe = page.frames().find((f) => f.url().includes(`/boek/${slug}`))!;
      expect(await iframe.evaluate(() => window.__fakeStripe?.loads)).toBe(0);
      await shot(page, 'embed-pay-button');
      expect(await publicViolations(page)).toEqual([]);

      const handoffHref = (await open.getAttribute('href'))!;
      expect(handoffHref).toMatch(/^\/betalen#/);
      const popup = context.waitForEvent('page');
      await open.click();
      const tab = await popup;
      await expect(frame.getByRole('heading', { name: 'Wachten op uw betaling…' })).toBeVisible();
      // A page in the background is not painted: the salon's page in front for its picture.
      await page.bringToFront();
      await shot(page, 'embed-waiting');
      await tab.bringToFront();
      expect(await publicViolations(page)).toEqual([]);

      // The new tab: our own /betalen page; the handoff in the fragment is gone from the address.
      await expect(tab.getByRole('heading', { name: 'Betaling', exact: true })).toBeVisible();
      await expect(tab).toHaveURL(/\/betalen$/);
      await expect(tab.getByRole('heading', { name: EVENT_TITLE, level: 1 })).toBeVisible();
      await method(tab, 'iDEAL | Wero').check();
      await shot(tab, 'embed-tab-payment');
      expect(await publicViolations(tab)).toEqual([]);
      await payButton(tab).click();
      await expect(tab.getByRole('heading', { name: 'iDEAL | Wero' })).toBeVisible();
      await tab.getByRole('button', { name: 'Betaling goedkeuren' }).click();
      await expect(tab.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
      await expect(tab).toHaveURL(/\/payment\/success$/);
      await expect(tab.getByText(intent.managementUrl)).toBeVisible();
      expect(await ownerBooking('Mila Hendriks')).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'paid',
      });

      // Back on the salon's site: the iframe shows the confirmation.
      await tab.close();
      await page.bringToFront();
      await expect(frame.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
      await expect(
        frame.locator('dl > div', { has: frame.getByText('Betaald', { exact: true }) }),
      ).toContainText(PRICE);
      await expect(frame.getByText(intent.managementUrl)).toBeVisible();
      await shot(page, 'embed-confirmed');

      // The same payment window opened again once paid: its result, never a second payment form.
      const again = await context.newPage();
      await again.goto(handoffHref);
      await expect(again.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
      await expect(again).toHaveURL(/\/payment\/success$/);
      await expect(again.getByText('Betaalmethode')).toHaveCount(0);
      expect(await ownerBooking('Mila Hendriks')).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'paid',
      });
      await again.close();
    });
  });

  test('embedded: a failed bank payment in the new window shows the failure in the iframe too', async ({
    page,
    context,
    baseURL,
  }) => {
    await withHostPage(baseURL!, async (hostUrl) => {
      await page.goto(hostUrl);
      const frame = page.frameLocator('iframe[title="Afspraak maken"]');
      await toReview(frame, 'Jesse Wouters');
      await toPayment(page, frame);
      const popup = context.waitForEvent('page');
      await frame.getByRole('link', { name: 'Betalen in nieuw venster' }).click();
      const tab = await popup;
      await method(tab, 'Bancontact').check();
      await payButton(tab).click();
      await tab.getByRole('button', { name: 'Betaling mislukt' }).click();
      await expect(tab.getByRole('heading', { name: 'Betaling Mislukt' })).toBeVisible();
      await expect(tab.getByRole('alert').filter({ hasText: FAILED })).toBeVisible();
      // In the tab, 'Opnieuw proberen' leads to the booking page itself, not the embed.
      await expect(tab.getByRole('link', { name: 'Opnieuw proberen' })).toHaveAttribute(
        'href',
        `/boek/${slug}`,
      );
      await tab.close();

      await expect(frame.getByRole('heading', { name: 'Betaling Mislukt' })).toBeVisible();
      await expect(frame.getByRole('alert').filter({ hasText: FAILED })).toBeVisible();
      expect(await ownerBooking('Jesse Wouters')).toMatchObject({ status: 'cancelled' });
    });
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('iDEAL | Wero on a phone: to the bank and back to the confirmation, booked and paid', async ({
    page,
  }) => {
    await page.goto(`/boek/${slug}`);
    await toReview(page, 'Tess Visser');
    const intent = await toPayment(page);
    await method(page, 'iDEAL | Wero').tap();
    await expect(method(page, 'iDEAL | Wero')).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'phone-ideal-chosen');
    expect(await publicViolations(page)).toEqual([]);
    await payButton(page).tap();
    await expect(page.getByRole('heading', { name: 'iDEAL | Wero' })).toBeVisible();
    await shot(page, 'phone-bank');
    await page.getByRole('button', { name: 'Betaling goedkeuren' }).tap();
    await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
    await expect(page.getByText(intent.managementUrl)).toBeVisible();
    await shot(page, 'phone-success');
    expect(await ownerBooking('Tess Visser')).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  test('embedded on a phone: the pay button and the waiting state fit', async ({
    page,
    context,
    baseURL,
  }) => {
    await withHostPage(baseURL!, async (hostUrl) => {
      await page.goto(hostUrl);
      const frame = page.frameLocator('iframe[title="Afspraak maken"]');
      await toReview(frame, 'Lieke Smit');
      await toPayment(page, frame);
      await shot(page, 'phone-embed-pay-button');
      const popup = context.waitForEvent('page');
      await frame.getByRole('link', { name: 'Betalen in nieuw venster' }).tap();
      const tab = await popup;
      await expect(frame.getByRole('heading', { name: 'Wachten op uw betaling…' })).toBeVisible();
      await page.bringToFront();
      await shot(page, 'phone-embed-waiting');
      expect(await publicViolations(page)).toEqual([]);
      await expect(tab.getByRole('heading', { name: 'Betaling', exact: true })).toBeVisible();
      await tab.close();
    });
  });
});

/** A page of the salon's own website on another origin, with the booking page in an iframe. */
async function withHostPage(baseURL: string, run: (hostUrl: string) => Promise<void>) {
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Salon Mila</title></head>` +
        `<body style="margin:0;background:#f5efe6;font-family:sans-serif"><main>` +
        `<h1 style="padding:16px;margin:0">Salon Mila</h1>` +
        `<iframe title="Afspraak maken" src="${baseURL}/boek/${slug}?embed=true" style="width:100%;height:900px;border:1px solid #ddd;border-radius:8px;box-sizing:border-box"></iframe>` +
        `</main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
}
