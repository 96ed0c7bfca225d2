/**
 * A paid class (docs/PRODUCT.md#classes): each place costs the service's price, and a deposit is per
 * place too. A new customer books 2 places of a class of € 12,50 with a € 5,00 deposit for new
 * customers: the review asks the server's quote for 2 places and shows '2 × € 12,50 = € 25,00' with
 * the split € 10,00 now, € 15,00 at the salon; the payment step asks the same € 10,00.
 */
import { expect, test } from './support/test';
import { installFakeStripeJs } from './support/fake-stripe-js';
import { newStripeAccount } from './support/fake-stripe-control';
import { everyDayService, publicViolations } from './support/helpers';

const FAKE_STRIPE = process.env.FAKE_STRIPE_URL!;
// Dutch money as shown: '€ 20,00' with a no-break space after the sign.
const eur = (amount: string) => `€\u00a0${amount}`;

test.use({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });

test('2 places of a paid class: the review and the payment step ask what the server quotes', async ({
  page,
}) => {
  await installFakeStripeJs(page, FAKE_STRIPE);
  const secretKey = await newStripeAccount();
  const reg = await page.request.post('/api/register', {
    data: { username: `betaalles${Date.now()}`, password: 'geheim123', email: 'studio@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const keys = await page.request.patch('/api/user/settings', {
    data: { stripePublicKey: 'pk_test_e2e_studio', stripeSecretKey: secretKey },
  });
  expect(keys.status(), await keys.text()).toBe(200);
  const created = await page.request.post('/api/events', {
    data: {
      ...everyDayService('Pilates'),
      requiresPayment: true,
      paymentAmount: '12,50',
      depositType: 'fixed',
      depositValue: '5,00',
      depositFor: 'new_customers',
      seats: 8,
      maxSeatsPerBooking: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; slug: string };

  // What the server asks of a new customer for 2 places: the deposit and the rest, per place.
  const quote = await page.request.post(`/api/public/events/${event.id}/payment-quote`, {
    data: { customerEmail: 'sanne@example.nl', seats: 2 },
  });
  expect(await quote.json()).toMatchObject({ payNow: '10.00', dueLater: '15.00' });

  await page.goto(`/boek/${event.slug}`);
  await page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button').first().click();
  const times = page.getByRole('list', { name: 'Beschikbare tijden' });
  await expect(times.getByRole('button', { disabled: false }).first()).toContainText('Nog 8 plekken');
  await times.getByRole('button', { disabled: false }).first().click();
  await page.getByLabel('Aantal plekken').selectOption('2');
  await page.getByLabel('Naam').fill('Sanne');
  await page.getByLabel('E-mail', { exact: true }).fill('sanne@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
  const row = (label: string) => page.locator('dt', { hasText: label }).locator('+ dd');
  await expect(row('Aantal plekken')).toHaveText('2');
  await expect(row('Prijs')).toHaveText(`2 × ${eur('12,50')} = ${eur('25,00')}`);
  await expect(page.getByTestId('payment-split')).toHaveText(
    `Aanbetaling ${eur('10,00')} (rest ${eur('15,00')} in de salon)`,
  );
  expect(await publicViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Naar betaling' }).click();
  await expect(
    page.getByText(`Rond de betaling van ${eur('10,00')} af om uw afspraak te bevestigen.`),
  ).toBeVisible();
});
