/**
 * A visit with a service paid online (docs/PRODUCT.md#visits, #paid-flow) at a phone's width: the
 * owner has working keys on the fake card API (e2e/support/fake-stripe-server.ts); Knippen is paid
 * at the salon, Kleuren online with a fixed deposit. The customer ticks both on the business page,
 * goes through the visit wizard, sees on the review what is paid now and at the salon (the visit's
 * quote), pays the deposit with the fake card and lands on the confirmation. Back to the review
 * from the payment step gives the visit's hold back. The owner's bookings show both segments
 * confirmed and paid. A time taken before the payment step goes back to the times with the server's
 * message, as for one booking. Axe on every screen; BOOKING_SCREENSHOTS=/tmp/x writes the review and
 * payment step at 390 and 1280 px (and the confirmation at 390).
 */
import type { Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { expect, test } from './support/test';
import { bookByApi, openDay, shot } from './support/booking-page';
import { installFakeStripeJs } from './support/fake-stripe-js';
import { intentIdOf, newStripeAccount, stripeControl } from './support/fake-stripe-control';
import { everyDayService, nextBookableDate, publicViolations } from './support/helpers';
import { TEST_CARDS } from './support/stripe-test-cards';

const FAKE_STRIPE = process.env.FAKE_STRIPE_URL!;
const PHONE = { width: 390, height: 844 };
// Dutch money as shown (a no-break space after the sign).
const eur = (amount: string) => `€\u00a0${amount}`;

interface VisitIntent {
  visitId: string;
  managementToken: string;
  managementUrl: string;
  clientSecret: string;
  expiresAt: string;
  segments: unknown[];
}

interface OwnerRow {
  customerName: string;
  bookingDate: string;
  bookingTime: string;
  status: string;
  paymentStatus: string;
  amountPaid: string | null;
  amountDue: string | null;
}

test.use({ viewport: PHONE, reducedMotion: 'reduce' });

test.beforeEach(async ({ page }) => {
  await installFakeStripeJs(page, FAKE_STRIPE);
});

/** The review and payment steps at both widths: axe clean, and screenshots when asked. */
async function checkBothWidths(page: Page, name: string) {
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(viewport);
    expect(await publicViolations(page), `${name} at ${viewport.width} px`).toEqual([]);
    await shot(page, `visit-paid-${name}`);
  }
  await page.setViewportSize(PHONE);
}

/** A new owner (the page's session) with working keys: Knippen at the salon, Kleuren online with a deposit. */
async function salon(page: Page) {
  const reg = await page.request.post('/api/register', {
    data: { username: `betaalbezoek${Date.now()}`, password: 'geheim123', email: 'lotte@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const keys = await page.request.patch('/api/user/settings', {
    data: { stripePublicKey: 'pk_test_e2e_salon', stripeSecretKey: await newStripeAccount() },
  });
  expect(keys.status(), await keys.text()).toBe(200);
  const create = async (data: Record<string, unknown>) => {
    const res = await page.request.post('/api/events', { data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as EventDto;
  };
  const cut = await create({
    ...everyDayService('Knippen'),
    paymentAmount: '30.00',
    allowCombinations: true,
  });
  const colour = await create({
    ...everyDayService('Kleuren'),
    durationMinutes: 60,
    requiresPayment: true,
    paymentAmount: '60.00',
    allowCombinations: true,
  });
  const deposit = await page.request.patch(`/api/events/${colour.id}`, {
    data: { depositType: 'fixed', depositValue: '20.00', depositFor: 'everyone' },
  });
  expect(deposit.status(), await deposit.text()).toBe(200);
  const profile = (await (await page.request.get('/api/business-profile')).json()) as { publicSlug: string };
  return { cut, colour, publicSlug: profile.publicSlug };
}

test('Knippen + Kleuren with a deposit: paid online as one visit, confirmed as a whole', async ({ page }) => {
  const { cut, colour, publicSlug } = await salon(page);

  // The business page: the paid service gets a tick box too; the basket's price is the visit's.
  await page.goto(`/p/${publicSlug}`);
  await page.getByRole('checkbox', { name: 'Toevoegen aan bezoek: Knippen' }).check();
  await page.getByRole('checkbox', { name: 'Toevoegen aan bezoek: Kleuren' }).check();
  const basket = page.getByRole('region', { name: 'Uw bezoek' });
  await expect(basket.getByTestId('basket-totals')).toHaveText(`2 diensten · 90 minuten · ${eur('90,00')}`);
  expect(await publicViolations(page)).toEqual([]);
  await basket.getByRole('link', { name: 'Verder' }).click();

  // The wizard has the payment step.
  await expect(page.getByRole('heading', { level: 1, name: 'Uw bezoek' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Voortgang van uw boeking' }).getByRole('listitem'),
  ).toHaveCount(5);
  const date = nextBookableDate(cut);
  await openDay(page, date);
  await page
    .getByRole('list', { name: 'Beschikbare tijden' })
    .getByRole('button', { name: '10:00', exact: true })
    .click();
  await page.getByLabel('Naam').fill('Eva Jansen');
  await page.getByLabel('E-mail', { exact: true }).fill('eva@example.nl');
  const quote = page.waitForResponse((r) => r.url().endsWith('/api/public/visits/quote'));
  await page.getByRole('button', { name: 'Volgende' }).click();

  // The review: what is paid now (Kleuren's deposit) and at the salon (its rest and Knippen).
  await expect(page.getByRole('heading', { name: 'Controleer uw bezoek' })).toBeVisible();
  const quoted = await quote;
  expect(quoted.status(), await quoted.text()).toBe(200);
  expect(await quoted.json()).toEqual({ payNow: '20.00', dueLater: '70.00', currency: 'EUR' });
  await expect(page.getByTestId('payment-split')).toHaveText(
    `U betaalt nu online ${eur('20,00')}; in de salon betaalt u nog ${eur('70,00')}.`,
  );
  await expect(page.getByRole('definition').filter({ hasText: '10:00 – 10:30' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '10:30 – 11:30' })).toBeVisible();
  await checkBothWidths(page, 'review');

  const toPayment = async () => {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/public/visits/payment-intent'));
    await page.getByRole('button', { name: 'Naar betaling' }).click();
    const res = await answer;
    expect(res.status(), await res.text()).toBe(201);
    await expect(page.getByRole('heading', { name: 'Betaling', exact: true })).toBeFocused();
    return (await res.json()) as VisitIntent;
  };
  const ownerRows = async () => {
    const rows: OwnerRow[] = [];
    for (const id of [cut.id, colour.id]) {
      const res = await page.request.get(`/api/bookings?eventId=${id}`);
      expect(res.status()).toBe(200);
      rows.push(...((await res.json()) as OwnerRow[]).filter((b) => b.customerName === 'Eva Jansen'));
    }
    return rows;
  };

  // The payment step; both segments are held, back to the review gives them back.
  const first = await toPayment();
  expect(first.segments).toHaveLength(2);
  await expect(
    page.getByText(`Rond de betaling van ${eur('20,00')} af om uw bezoek te bevestigen.`),
  ).toBeVisible();
  expect((await ownerRows()).map((b) => b.status)).toEqual(['pending', 'pending']);
  // The services held are the ones paid for: none can be removed meanwhile.
  await expect(page.getByRole('button', { name: 'Knippen verwijderen' })).toHaveCount(0);
  const released = page.waitForResponse((r) =>
    r.url().endsWith(`/api/public/payment-holds/${first.managementToken}/release`),
  );
  await page.getByRole('button', { name: 'Terug naar overzicht' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw bezoek' })).toBeFocused();
  expect((await released).status()).toBe(204);
  await expect.poll(async () => (await ownerRows()).filter((b) => b.status !== 'cancelled')).toEqual([]);
  await expect(page.getByRole('button', { name: 'Knippen verwijderen' })).toBeVisible();

  // On again: a new hold, paid with the fake card.
  const intent = await toPayment();
  const pay = page.getByRole('button', { name: `Betaal ${eur('20,00')}` });
  await expect(pay).toBeEnabled();
  await expect(page.getByTestId('payment-split')).toHaveText(`In de salon betaalt u nog ${eur('70,00')}.`);
  await page.getByLabel('Kaartnummer').fill(TEST_CARDS.paid);
  await checkBothWidths(page, 'payment');
  const confirmed = page.waitForResponse(
    (r) => r.url().endsWith('/api/public/bookings') && r.request().method() === 'POST',
  );
  await pay.click();

  // The confirmation: one booking's success page, with the visit's title and amounts.
  const confirm = await confirmed;
  expect(confirm.status(), await confirm.text()).toBe(201);
  expect(confirm.request().postDataJSON()).toMatchObject({
    eventId: cut.id,
    bookingDate: date,
    bookingTime: '10:00',
    stripePaymentIntentId: intentIdOf(intent.clientSecret),
  });
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  await expect(page).toHaveURL(/\/payment\/success$/);
  await expect(page.getByText('Knippen + Kleuren')).toBeVisible();
  const row = (label: string) => page.locator('dl > div', { has: page.getByText(label, { exact: true }) });
  await expect(row('Betaald')).toContainText(eur('20,00'));
  await expect(row('Nog te betalen in de salon')).toContainText(eur('70,00'));
  await expect(page.getByRole('link', { name: 'Afspraak beheren' })).toHaveAttribute(
    'href',
    intent.managementUrl,
  );
  expect(await publicViolations(page)).toEqual([]);
  await shot(page, 'visit-paid-success');

  // The card API was asked for the deposit only; the owner sees both segments confirmed and paid.
  const paid = await stripeControl<{ amount: number; status: string }>(
    `/intents/${intentIdOf(intent.clientSecret)}`,
  );
  expect(paid).toMatchObject({ amount: 2000, status: 'succeeded' });
  const live = (await ownerRows()).filter((b) => b.status !== 'cancelled');
  expect(live).toHaveLength(2);
  expect(live.map((b) => [b.bookingDate, b.bookingTime, b.status, b.paymentStatus])).toEqual([
    [date, '10:00', 'confirmed', 'paid'],
    [date, '10:30', 'confirmed', 'paid'],
  ]);

  // The management link opens the visit with both segments.
  await page.goto(intent.managementUrl);
  await expect(page.getByRole('definition').filter({ hasText: /^10:30 – 11:30/ })).toBeVisible();
  await expect(page.getByText('Kleuren')).toBeVisible();
});

test('the time was taken before the payment step: back to the times with the message and fresh times', async ({
  page,
}) => {
  const { cut, colour, publicSlug } = await salon(page);
  await page.goto(`/p/${publicSlug}/bezoek?diensten=${cut.slug},${colour.slug}`);
  const date = nextBookableDate(cut);
  await openDay(page, date);
  await page
    .getByRole('list', { name: 'Beschikbare tijden' })
    .getByRole('button', { name: '10:00', exact: true })
    .click();
  await page.getByLabel('Naam').fill('Noor Bakker');
  await page.getByLabel('E-mail', { exact: true }).fill('noor@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('button', { name: 'Naar betaling' })).toBeEnabled();

  // Another customer books Knippen at 10:00 meanwhile: the visit's first segment has no place.
  expect((await bookByApi(page.request, cut.id, date, '10:00', 'Anders')).status()).toBe(201);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/public/visits/payment-intent'));
  await page.getByRole('button', { name: 'Naar betaling' }).click();
  const refused = await answer;
  expect(refused.status()).toBe(409);
  const { code, message } = (await refused.json()) as { code: string; message: string };
  expect(code).toBe('SLOT_TAKEN');
  await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
  await expect(page.locator('p', { hasText: message })).toBeVisible();
  await expect(page.locator('[data-announcer]')).toHaveText(message);
  await expect(
    page
      .getByRole('list', { name: 'Beschikbare tijden' })
      .getByRole('button', { name: '10:00', exact: true, disabled: false }),
  ).toHaveCount(0);
  expect(await publicViolations(page)).toEqual([]);
});
