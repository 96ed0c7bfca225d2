/**
 * A paid service never fails at the last step (issue 18 §0, docs/PRODUCT.md#payments): without
 * working payment keys its booking page says so on the first step, the owner is warned on the events
 * overview, the dashboard and the event form, keys are checked when saved ('abc123' is refused), and
 * prices read the Dutch way ('65,00' typed is € 65,00). Real server, fake Stripe behind it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { daysFromToday, everyDay, seriousViolations } from './support/helpers';
import { newStripeAccount } from './support/fake-stripe-control';

const SHOTS = process.env.READINESS_SCREENSHOTS; // e.g. /tmp/shots: write screenshots there
const UNAVAILABLE = 'Online afspraken maken is tijdelijk niet mogelijk';

test.use({ reducedMotion: 'reduce' });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: `${SHOTS}/readiness-${name}-${width}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

/** The page at phone width too: axe clean and a screenshot, then back to desktop width. */
async function atPhoneWidth(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A paid service of the signed-in owner (the page's own session). */
async function paidService(page: Page, title: string, paymentAmount: string, currency = 'EUR') {
  const res = await page.request.post('/api/events', {
    data: {
      title,
      workingDays: everyDay,
      dateRangeType: 'range',
      dateRangeStart: daysFromToday(1),
      dateRangeEnd: daysFromToday(30),
      durationMinutes: 60,
      requiresPayment: true,
      paymentAmount,
      currency,
      customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; slug: string; paymentAmount: string };
}

/** A signed-in owner with one paid service and no payment keys. */
async function ownerWithPaidService(page: Page) {
  const reg = await page.request.post('/api/register', {
    data: { username: `gereed${Date.now()}`, password: 'geheim123' },
  });
  expect(reg.status()).toBe(201);
  return paidService(page, 'Kleuren en föhnen', '45,00');
}

test('a paid service without payment keys says so on its first step and warns the owner until keys work', async ({
  page,
}) => {
  const event = await ownerWithPaidService(page);
  expect(event.paymentAmount).toBe('45.00'); // a Dutch comma is a decimal comma, never 4500

  // The customer: the first step says it, instead of a calendar that ends in a refusal.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(`/boek/${event.slug}`);
    await expect(page.getByRole('heading', { name: UNAVAILABLE })).toBeVisible();
    await expect(
      page.getByText('Neem contact op met de organisator om een afspraak te maken.'),
    ).toBeVisible();
    await expect(page.getByText('€ 45,00')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Beschikbare dagen' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'booking-page');
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The owner: the events overview card warns, with the way to Instellingen.
  await page.goto('/events');
  const card = page.getByRole('listitem').filter({ hasText: 'Kleuren en föhnen' });
  await expect(card.getByText('Niet te boeken: online betalen is niet ingesteld.')).toBeVisible();
  await expect(card.getByText('€ 45,00')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'events');
  await atPhoneWidth(page, 'events');
  // A service priced in dollars shows dollars, never a euro sign.
  const usd = await paidService(page, 'Consult (USD)', '30,00', 'USD');
  await page.reload();
  const usdCard = page.getByRole('listitem').filter({ hasText: 'Consult (USD)' });
  await expect(usdCard.getByText('US$ 30,00')).toBeVisible();
  await expect(usdCard).not.toContainText('€');
  await page.goto(`/boek/${usd.slug}`);
  await expect(page.getByText('US$ 30,00')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('€');
  await page.goto('/events');

  // The dashboard warns too.
  await page.goto('/');
  const alert = page.getByRole('alert').filter({ hasText: 'Online betalen werkt niet' });
  await expect(alert).toContainText('U heeft nog geen werkende Stripe-sleutels.');
  await expect(page.getByRole('link', { name: /Kleuren en föhnen/ })).toContainText(
    'Niet te boeken: online betalen werkt niet',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'dashboard');
  await atPhoneWidth(page, 'dashboard');
  await alert.getByRole('link', { name: 'Naar Instellingen' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // Instellingen: a key that is no Stripe key is refused in Dutch and nothing is stored.
  await page.getByLabel('Publieke sleutel').fill('pk_test_salon');
  await page.getByLabel('Geheime sleutel').fill('abc123');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).first().click();
  await expect(
    page.getByText('De geheime sleutel moet beginnen met sk_ (of rk_), gevolgd door test_ of live_.'),
  ).toBeVisible();
  // A well-formed key Stripe does not know: the server asks Stripe and says so.
  await page.getByLabel('Geheime sleutel').fill('sk_test_onbekend123');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).first().click();
  await expect(
    page.getByText('Deze geheime sleutel wordt niet geaccepteerd door Stripe.').first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'settings-refused');
  await atPhoneWidth(page, 'settings-refused');
  const stored = (await (await page.request.get('/api/user')).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({
    stripePublicKey: null,
    stripeSecretKeySet: false,
    paymentKeysStatus: 'missing',
  });

  // The event form's Betaling tab warns while payment is on; the amount takes a Dutch comma.
  await page.goto(`/events/${event.id}/edit`);
  await page.getByRole('tab', { name: 'Betaling' }).click();
  await expect(page.getByLabel('Prijs', { exact: true })).toHaveValue('45,00');
  await expect(
    page.getByText(
      'Deze dienst is pas te boeken als online betalen werkt: stel uw Stripe-sleutels in onder Instellingen.',
    ),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'event-form');
  await atPhoneWidth(page, 'event-form');
  await page.getByLabel('Prijs', { exact: true }).fill('65,00');
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(card.getByText('€ 65,00')).toBeVisible();
  expect(
    ((await (await page.request.get(`/api/events/${event.id}`)).json()) as { paymentAmount: string })
      .paymentAmount,
  ).toBe('65.00');

  // Working keys: checked with Stripe, saved, and every warning is gone; customers can book.
  await page.goto('/settings');
  await page.getByLabel('Publieke sleutel').fill('pk_test_salon');
  await page.getByLabel('Geheime sleutel').fill(await newStripeAccount());
  await page.getByRole('button', { name: 'Opslaan', exact: true }).first().click();
  await expect(page.getByText('Sleutels gecontroleerd en in orde.')).toBeVisible();
  await page.goto('/events');
  await expect(card.getByText('€ 65,00')).toBeVisible();
  await expect(card.getByText('Niet te boeken: online betalen is niet ingesteld.')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Online betalen werkt niet')).toHaveCount(0);
  await page.goto(`/boek/${event.slug}`);
  await expect(page.getByRole('list', { name: 'Beschikbare dagen' })).toBeVisible();
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
});
