/**
 * Card payments in the booking wizard (docs/PRODUCT.md#paid-flow, #payment-pages): the real
 * server, with its Stripe calls going to the fake card API (e2e/support/fake-stripe-server.ts). In the
 * browser only `window.Stripe` is replaced (e2e/support/fake-stripe-js.ts). A booking is confirmed
 * only because the fake card API says its intent succeeded with the right amount: the server's
 * checks are never bypassed.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { installFakeStripeJs } from './support/fake-stripe-js';
import { DECLINE_MESSAGE, TEST_CARDS } from './support/stripe-test-cards';
import { publicViolations, upcomingRange } from './support/helpers';
import { intentIdOf, newStripeAccount, stripeControl } from './support/fake-stripe-control';
import { freeSlots, toPayment, toReview, type IntentCreated, type OwnerBooking } from './support/paid-wizard';

const FAKE_STRIPE = process.env.FAKE_STRIPE_URL!;
const SHOTS = process.env.PAYMENT_SCREENSHOTS; // e.g. /tmp: also write screenshots there
const EVENT_TITLE = 'Balayage & kleuren';
// Dutch money as shown ('€ 25,00'; the no-break space after the sign matches a space).
const PRICE = '€ 25,00';

test.use({ reducedMotion: 'reduce' });

let api: APIRequestContext;
let slug = '';
let eventId = '';

async function shot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/payment-${name}.png`, fullPage: true, animations: 'disabled' });
}

const step = (page: Page) =>
  page.getByRole('navigation', { name: 'Voortgang van uw boeking' }).locator('[aria-current="step"]');
/** The public page's polite live region (features/booking/lib/announcer.tsx). */
const announcer = (page: Page) => page.locator('[data-announcer]');
const payButton = (page: Page) => page.getByRole('button', { name: `Betaal ${PRICE}` });

/** The owner's view of the customer's booking (a released hold may share its slot with a later booking). */
async function ownerBooking(name: string, date: string, time: string): Promise<OwnerBooking | undefined> {
  const res = await api.get(`/api/bookings?eventId=${eventId}`);
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as OwnerBooking[]).filter(
    (b) => b.customerName === name && b.bookingDate === date && b.bookingTime === time,
  );
  return rows.find((b) => b.status !== 'cancelled') ?? rows[0];
}

/** The booking page, date, the first free time, the form and the review (with the price asked). */
async function toPaidReview(page: Page, name: string) {
  await page.goto(`/boek/${slug}`);
  const slot = await toReview(page, name);
  await expect(page.getByText(`Voor deze afspraak is een betaling van ${PRICE} vereist.`)).toBeVisible();
  return slot;
}

/** Another customer holds this slot through the API, as their own wizard would. */
async function holdSlot(date: string, time: string) {
  return api.post('/api/create-payment-intent', {
    data: {
      eventId,
      bookingDate: date,
      bookingTime: time,
      customerName: 'Iemand Anders',
      customerEmail: 'anders@example.nl',
      customerPhone: null,
      customFieldResponses: { Naam: 'Iemand Anders', 'E-mail': 'anders@example.nl' },
    },
  });
}

/** From the review step to the payment step, its pay button ready; answers the created intent. */
async function toPaymentReady(page: Page): Promise<IntentCreated> {
  const intent = await toPayment(page);
  await expect(payButton(page)).toBeEnabled();
  return intent;
}

/** The booking the wizard holds, as stored for the return from the card provider. */
async function pendingBooking(page: Page) {
  return page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem('pendingBooking') ?? 'null') as {
        booking: { bookingDate: string; bookingTime: string; customFieldResponses: Record<string, string> };
        eventTitle: string;
        paymentAmount: string;
        managementUrl?: string;
      } | null,
  );
}

test.beforeAll(async ({ baseURL }) => {
  const secretKey = await newStripeAccount();
  // Same-origin POSTs: the cross-site guard accepts an Origin equal to the app's own.
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const reg = await api.post('/api/register', {
    data: { username: `kapper${Date.now()}`, password: 'geheim123', email: 'kapper@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const keys = await api.patch('/api/user/settings', {
    data: { stripePublicKey: 'pk_test_e2e_salon', stripeSecretKey: secretKey },
  });
  expect(keys.status(), await keys.text()).toBe(200);
  const workingDays = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
      k,
      { enabled: true, startTime: '09:00', endTime: '17:00' },
    ]),
  );
  const res = await api.post('/api/events', {
    data: {
      title: EVENT_TITLE,
      description: 'Kleurbehandeling met advies; vooraf betalen.',
      workingDays,
      ...upcomingRange(60),
      durationMinutes: 30,
      requiresPayment: true,
      paymentAmount: '25.00',
      themeColor: '#7C3AED',
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

test.beforeEach(async ({ page }) => {
  await installFakeStripeJs(page, FAKE_STRIPE);
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('pays by card: Stripe loads only on the payment step, the booking is confirmed and paid', async ({
    page,
  }) => {
    const stripeChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/payment-step-[^/]+\.js$/.test(r.url())) stripeChunks.push(r.url());
    });
    const intentCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/create-payment-intent')) intentCalls.push(r.url());
    });

    const { time } = await toPaidReview(page, 'Eva Jansen');
    expect(stripeChunks, 'no Stripe code before the payment step').toEqual([]);
    expect(await page.evaluate(() => window.__fakeStripe?.loads)).toBe(0);
    await shot(page, 'desktop-review');

    const first = await toPaymentReady(page);
    expect(stripeChunks).toHaveLength(1);
    expect(await page.evaluate(() => window.__fakeStripe?.loads)).toBe(1);
    await expect(step(page)).toContainText('Betaling');
    await expect(
      page.getByText(`Rond de betaling van ${PRICE} af om uw afspraak te bevestigen.`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Terug naar overzicht' })).toBeVisible();

    // The pending booking is stored with the event, the amount and the management link.
    const pending = await pendingBooking(page);
    expect(pending).toMatchObject({
      eventTitle: EVENT_TITLE,
      paymentAmount: '25.00',
      managementUrl: first.managementUrl,
    });
    expect(pending!.booking.bookingTime).toBe(time);
    const date = pending!.booking.bookingDate;
    // The slot is held while paying: a pending hold, not a booking yet.
    expect(await ownerBooking('Eva Jansen', date, time)).toMatchObject({ paymentStatus: 'pending' });

    await page.getByLabel('Kaartnummer').fill(TEST_CARDS.paid);
    await shot(page, 'desktop-payment');
    expect(await publicViolations(page)).toEqual([]);

    // Back to the review: the hold is given back at once (the slot is free), on again holds it anew.
    const released = page.waitForResponse((r) =>
      r.url().endsWith(`/api/public/payment-holds/${first.managementToken}/release`),
    );
    await page.getByRole('button', { name: 'Terug naar overzicht' }).click();
    await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeFocused();
    expect((await released).status()).toBe(204);
    expect(await ownerBooking('Eva Jansen', date, time)).toMatchObject({ status: 'cancelled' });
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    const intent = await toPaymentReady(page);
    await expect(page.getByRole('heading', { name: 'Betaling', exact: true })).toBeFocused();
    expect(intentCalls).toHaveLength(2);

    // While the payment is processed: the button says so and a full-screen overlay blocks the page.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('https://api.stripe.com/v1/payment_intents/*/confirm', async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByLabel('Kaartnummer').fill(TEST_CARDS.paid);
    await payButton(page).click();
    const busy = page.getByRole('button', { name: 'Betaling verwerken...' });
    await expect(busy).toBeDisabled();
    await expect(page.getByText('Even geduld alstublieft', { exact: true })).toBeVisible();
    // The overlay came with its text: the page's live region, there all along, says it.
    await expect(announcer(page)).toHaveText('Betaling verwerken... Even geduld alstublieft');
    await shot(page, 'desktop-processing');
    release();

    await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
    await expect(page).toHaveURL(/\/payment\/success$/);
    const paidRow = page.locator('dl > div', { has: page.getByText('Betaald', { exact: true }) });
    await expect(paidRow).toContainText(PRICE);
    await expect(page.getByText(EVENT_TITLE)).toBeVisible();
    await expect(page.getByText(intent.managementUrl)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Afspraak beheren' })).toHaveAttribute(
      'href',
      intent.managementUrl,
    );
    await shot(page, 'desktop-success');
    expect(await publicViolations(page)).toEqual([]);
    expect(await pendingBooking(page)).toBeNull();

    // Confirmed by the server because the card API says the intent succeeded over € 25,00.
    const paidIntent = await stripeControl<{ status: string; amount: number; currency: string }>(
      `/intents/${intentIdOf(intent.clientSecret)}`,
    );
    expect(paidIntent).toMatchObject({ status: 'succeeded', amount: 2500, currency: 'eur' });
    expect(await ownerBooking('Eva Jansen', date, time)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });

    // The management link from create-payment-intent opens the booking.
    await page.goto(intent.managementUrl);
    await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
    await expect(page.getByText('Eva Jansen')).toBeVisible();
  });

  test('the tab closed while paying: the same browser offers that hold again, or gives it back', async ({
    page,
    context,
  }) => {
    const { date, time } = await toPaidReview(page, 'Noor Bakker');
    const first = await toPaymentReady(page);
    await page.close();

    // Back on the booking page in the same browser: the hold is still the customer's, offered again.
    const again = await context.newPage();
    await installFakeStripeJs(again, FAKE_STRIPE);
    await again.goto(`/boek/${slug}`);
    const offer = again.getByRole('region', { name: 'U was nog aan het betalen' });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(`om ${time} uur is nog tot`);
    await shot(again, 'desktop-resume');
    expect(await publicViolations(again)).toEqual([]);
    await offer.getByRole('button', { name: 'Verder met betalen' }).click();
    await expect(again.getByRole('heading', { name: 'Betaling', exact: true })).toBeFocused();
    await expect(payButton(again)).toBeEnabled();
    await again.getByLabel('Kaartnummer').fill(TEST_CARDS.paid);
    await payButton(again).click();
    await expect(again.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
    await expect(again.getByText(first.managementUrl)).toBeVisible();
    expect(await ownerBooking('Noor Bakker', date, time)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    // Paid: nothing is offered any more.
    await again.goto(`/boek/${slug}`);
    await expect(again.getByRole('list', { name: 'Beschikbare dagen' })).toBeVisible();
    await expect(again.getByText('U was nog aan het betalen')).toHaveCount(0);

    // Another hold, the tab closed again; this time the customer chooses another time: given back at once.
    const second = await toReview(again, 'Noor Bakker');
    await toPaymentReady(again);
    await again.close();
    const third = await context.newPage();
    await installFakeStripeJs(third, FAKE_STRIPE);
    await third.goto(`/boek/${slug}`);
    const offered = third.getByRole('region', { name: 'U was nog aan het betalen' });
    await expect(offered).toBeVisible();
    await offered.getByRole('button', { name: 'Andere tijd kiezen' }).click();
    await expect(third.getByRole('status').filter({ hasText: 'Het tijdstip is vrijgegeven.' })).toBeVisible();
    await expect
      .poll(async () => (await ownerBooking('Noor Bakker', second.date, second.time))?.status)
      .toBe('cancelled');
    expect(await third.evaluate(() => Object.keys(localStorage))).toEqual([]);
    // The time is free again for anyone, this customer included.
    await third.locator(`[data-date="${second.date}"]`).click();
    await expect(
      third.getByRole('list', { name: 'Beschikbare tijden' }).getByRole('button', { name: second.time }),
    ).toBeEnabled();
  });

  test("'Meer tijd' before the hold runs out extends it on the server, by keyboard; a lapsed hold sends back to the times", async ({
    page,
  }) => {
    await page.clock.install({ time: new Date() });
    await toPaidReview(page, 'Daan Smit');
    const intent = await toPaymentReady(page);
    await expect(page.getByText(/^Dit tijdstip is tot \d\d:\d\d uur voor u gereserveerd\.$/)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Uw reservering verloopt' })).toHaveCount(0);

    // Three minutes before the end: the warning is announced, with the button to extend.
    await page.clock.fastForward('12:30');
    const warning = page.getByRole('alert').filter({ hasText: 'Uw reservering verloopt om' });
    await expect(warning).toBeVisible();
    await shot(page, 'desktop-hold-warning');
    expect(await publicViolations(page)).toEqual([]);
    const extended = page.waitForResponse((r) =>
      r.url().endsWith(`/api/public/payment-holds/${intent.managementToken}/extend`),
    );
    // WCAG 2.2.1: the time limit can be extended with the keyboard alone, from the step's heading.
    const moreTime = warning.getByRole('button', { name: 'Meer tijd' });
    await page.getByRole('heading', { name: 'Betaling', exact: true }).focus();
    for (let i = 0; i < 10 && !(await moreTime.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(moreTime).toBeFocused();
    await page.keyboard.press('Enter');
    const answer = await extended;
    expect(answer.status()).toBe(200);
    const { expiresAt } = (await answer.json()) as { expiresAt: string; extendable: boolean };
    // The server's clock did not jump like the page's: it holds 15 minutes from its own now.
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.parse(intent.expiresAt));
    await expect(
      page.getByRole('status').filter({ hasText: /^Verlengd: dit tijdstip is nu tot \d\d:\d\d uur/ }),
    ).toBeVisible();

    // Past the (server's) end: the page says so and leads back to the times.
    await page.clock.fastForward('20:00');
    const lapsed = page
      .getByRole('alert')
      .filter({ hasText: 'De reservering van dit tijdstip is verlopen.' });
    await expect(lapsed).toBeVisible();
    await lapsed.getByRole('button', { name: 'Kies een andere tijd' }).click();
    await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
  });

  test('a declined card: the failure page shows the provider message and tries again from the booking page', async ({
    page,
  }) => {
    const { date, time } = await toPaidReview(page, 'Noor Bakker');
    const intent = await toPaymentReady(page);
    await page.getByLabel('Kaartnummer').fill(TEST_CARDS.declined);
    await payButton(page).click();

    await expect(page.getByRole('heading', { name: 'Betaling Mislukt' })).toBeVisible();
    await expect(page).toHaveURL(/\/payment\/failure$/);
    await expect(page.getByRole('alert').filter({ hasText: DECLINE_MESSAGE })).toBeVisible();
    await expect(page.getByText('Betaling mislukt', { exact: true })).toBeVisible(); // the toast
    await expect(page.getByText('Onvoldoende saldo op uw rekening')).toBeVisible();
    await shot(page, 'desktop-failure');
    expect(await publicViolations(page)).toEqual([]);
    // Not paid; once the hold is released the reconciliation job may cancel the intent too.
    expect(['requires_payment_method', 'canceled']).toContain(
      (await stripeControl<{ status: string }>(`/intents/${intentIdOf(intent.clientSecret)}`)).status,
    );

    // The held slot was given back: trying again offers the same time at once.
    expect(await ownerBooking('Noor Bakker', date, time)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'pending',
    });
    await page.getByRole('link', { name: 'Opnieuw proberen' }).click();
    await expect(page).toHaveURL(new RegExp(`/boek/${slug}$`));
    await expect(page.getByRole('heading', { name: 'Kies een datum' })).toBeVisible();
    await page.locator(`[data-date="${date}"]`).click();
    await expect(freeSlots(page).filter({ hasText: new RegExp(`^${time}$`) })).toHaveCount(1);
  });

  test('a card with a 3-D Secure step returns through /payment/processing to the confirmation', async ({
    page,
  }) => {
    const { time } = await toPaidReview(page, 'Sem de Boer');
    const intent = await toPaymentReady(page);
    const date = (await pendingBooking(page))!.booking.bookingDate;
    await page.getByLabel('Kaartnummer').fill(TEST_CARDS.redirect);
    const processing = page.waitForRequest(
      (r) => r.isNavigationRequest() && r.url().includes('/payment/processing?'),
    );
    await payButton(page).click();

    const returned = new URL((await processing).url());
    expect(returned.searchParams.get('payment_intent')).toBe(intentIdOf(intent.clientSecret));
    expect(returned.searchParams.get('redirect_status')).toBe('succeeded');
    await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
    await expect(page.locator('dl > div', { has: page.getByText('Betaald', { exact: true }) })).toContainText(
      PRICE,
    );
    await expect(page.getByText(intent.managementUrl)).toBeVisible();
    expect(await ownerBooking('Sem de Boer', date, time)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
  });

  test('the slot was taken before the payment step: back to the times with the message', async ({ page }) => {
    const { date, time } = await toPaidReview(page, 'Lotte Visser');
    expect((await holdSlot(date, time)).status()).toBe(201);

    await page.getByRole('button', { name: 'Naar betaling' }).click();
    const taken = 'Dit tijdstip is zojuist door iemand anders geboekt. Kies een ander tijdstip.';
    await expect(page.locator('p', { hasText: taken })).toBeVisible();
    await expect(announcer(page)).toHaveText(taken);
    await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
    await expect(step(page)).toContainText('Tijd');
    // Fresh availability: the held time is no longer offered.
    await expect(freeSlots(page).filter({ hasText: new RegExp(`^${time}$`) })).toHaveCount(0);
  });

  test('paid, but the slot was lost meanwhile: refunded, and the failure page says so', async ({ page }) => {
    const { date, time } = await toPaidReview(page, 'Daan Smit');
    const intent = await toPaymentReady(page);
    // The hold is given back (here through its own management link) and someone else takes the slot.
    expect((await api.delete(`/api/public/bookings/manage/${intent.managementToken}`)).status()).toBe(200);
    expect((await holdSlot(date, time)).status()).toBe(201);

    await page.getByLabel('Kaartnummer').fill(TEST_CARDS.paid);
    await payButton(page).click();
    await expect(page.getByRole('heading', { name: 'Betaling Mislukt' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Dit tijdstip is niet meer beschikbaar. Uw betaling wordt volledig terugbetaald.',
      }),
    ).toBeVisible();
    const paid = await stripeControl<{ status: string; refunds: number }>(
      `/intents/${intentIdOf(intent.clientSecret)}`,
    );
    expect(paid).toMatchObject({ status: 'succeeded', refunds: 1 });
    await expect(page.getByRole('link', { name: 'Opnieuw proberen' })).toHaveAttribute(
      'href',
      `/boek/${slug}`,
    );
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('payment step on a phone; a failed return from the provider goes to the failure page', async ({
    page,
  }) => {
    await toPaidReview(page, 'Fenna Mulder');
    const intent = await toPaymentReady(page);
    await page.getByLabel('Kaartnummer').fill(TEST_CARDS.paid);
    await shot(page, 'phone-payment');
    expect(await publicViolations(page)).toEqual([]);

    await page.goto(
      `/payment/processing?payment_intent=${intentIdOf(intent.clientSecret)}&redirect_status=failed`,
    );
    await expect(page.getByRole('heading', { name: 'Betaling Mislukt' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Betaling is mislukt. Probeer het opnieuw.' }),
    ).toBeVisible();
    await shot(page, 'phone-failure');
    await page.getByRole('link', { name: 'Opnieuw proberen' }).click();
    await expect(page).toHaveURL(new RegExp(`/boek/${slug}$`));
  });
});
