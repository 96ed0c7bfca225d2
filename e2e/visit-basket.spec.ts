/**
 * Visits (docs/PRODUCT.md#visits) at a phone's width: on the business page the customer ticks
 * Knippen and Föhnen (both allow combinations), sees the basket's totals, goes on with 'Verder' and
 * books both as one visit through the wizard's steps (date, time, the one form of both services'
 * fields, the review with each segment's times), then sees the done screen with the management
 * link, which shows the visit's segments. From Knippen's own booking page 'Nog een dienst
 * toevoegen' leads to the same wizard. A service that cannot be combined gets no tick box. Axe on
 * every screen. VISIT_SHOTS=/tmp/v- writes screenshots at 390 and 1280 px, named after that prefix.
 */
import type { Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { expect, test } from './support/test';
import { openDay } from './support/booking-page';
import { classConflicts, everyDayService, nextBookableDate, publicViolations } from './support/helpers';

const SHOTS = process.env.VISIT_SHOTS;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Axe (WCAG 2.2 AA) and no conflicting classes; with VISIT_SHOTS a screenshot at both widths. */
async function check(page: Page, name: string) {
  expect(await publicViolations(page), name).toEqual([]);
  expect(await classConflicts(page), name).toEqual([]);
  if (!SHOTS) return;
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}${name}-${size}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(PHONE);
}

test.use({ viewport: PHONE });

test('business page basket: Knippen + Föhnen booked as one visit', async ({ page }) => {
  const reg = await page.request.post('/api/register', {
    data: { username: `visit-${Date.now()}`, password: 'geheim123', email: 'lotte@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const create = async (data: Record<string, unknown>) => {
    const res = await page.request.post('/api/events', { data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as EventDto;
  };
  const cut = await create({
    ...everyDayService('Knippen'),
    paymentAmount: '32.50',
    allowCombinations: true,
  });
  await create({
    ...everyDayService('Föhnen'),
    durationMinutes: 15,
    paymentAmount: '17.50',
    allowCombinations: true,
    // Föhnen asks the name again (asked once) and a field of its own.
    customFields: [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
      {
        fieldName: 'Haarlengte',
        fieldType: 'select',
        isRequired: false,
        order: 1,
        options: ['Kort', 'Lang'],
      },
    ],
  });
  await create({ ...everyDayService('Kleuren'), durationMinutes: 90 });
  const profile = (await (await page.request.get('/api/business-profile')).json()) as { publicSlug: string };

  // The business page: tick boxes only for the combinable services.
  await page.goto(`/p/${profile.publicSlug}`);
  const tickCut = page.getByRole('checkbox', { name: 'Toevoegen aan bezoek: Knippen' });
  const tickBlow = page.getByRole('checkbox', { name: 'Toevoegen aan bezoek: Föhnen' });
  await expect(tickCut).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Uw bezoek' })).toHaveCount(0);
  await check(page, 'business-page');

  await tickCut.check();
  const basket = page.getByRole('region', { name: 'Uw bezoek' });
  await expect(basket.getByTestId('basket-totals')).toHaveText('1 dienst · 30 minuten · € 32,50');
  await tickBlow.check();
  await expect(basket.getByTestId('basket-totals')).toHaveText('2 diensten · 45 minuten · € 50,00');
  await check(page, 'basket');
  await basket.getByRole('link', { name: 'Verder' }).click();

  // The visit wizard: the services in order, then the date step on the visit's availability.
  await expect(page).toHaveURL(/\/bezoek\?diensten=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uw bezoek' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Diensten' }).getByRole('listitem')).toHaveText([
    /Knippen/,
    /Föhnen/,
  ]);
  await expect(page.getByTestId('visit-totals')).toHaveText('Totale tijd: 45 minuten · Totaalprijs: € 50,00');
  const days = page.getByRole('list', { name: 'Beschikbare dagen' });
  await expect(days.getByRole('button').first()).toBeVisible();
  await check(page, 'visit-date');
  // Tomorrow or later, so 10:00 is never in the past.
  await openDay(page, nextBookableDate(cut));

  const times = page.getByRole('list', { name: 'Beschikbare tijden' });
  await times.getByRole('button', { name: '10:00', exact: true }).click();

  // One form: Naam once, Föhnen's own field too.
  await expect(page.getByLabel('Naam')).toHaveCount(1);
  await page.getByLabel('Naam').fill('Eva Jansen');
  await page.getByLabel('E-mail', { exact: true }).fill('eva@example.nl');
  await expect(page.getByText('Haarlengte')).toBeVisible();
  await check(page, 'visit-form');
  await page.getByRole('button', { name: 'Volgende' }).click();

  // The review: each service with its start and end.
  await expect(page.getByRole('heading', { name: 'Controleer uw bezoek' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '10:00 – 10:30' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '10:30 – 10:45' })).toBeVisible();
  await expect(page.getByText('Te betalen in de salon: € 50,00.')).toBeVisible();
  await check(page, 'visit-review');
  await page.getByRole('button', { name: 'Bevestigen' }).click();

  // Done: both segments and the management link.
  await expect(page.getByRole('heading', { level: 1, name: 'Bezoek bevestigd!' })).toBeFocused();
  const done = page.getByRole('main');
  await expect(done.getByText('Knippen')).toBeVisible();
  await expect(done.getByRole('definition').filter({ hasText: /^10:00 – 10:30/ })).toBeVisible();
  await expect(done.getByRole('definition').filter({ hasText: /^10:30 – 10:45/ })).toBeVisible();
  const manage = page.getByRole('link', { name: 'Afspraak beheren' });
  await expect(manage).toHaveAttribute('href', /\/booking\/manage\//);
  await check(page, 'visit-done');

  // The manage page shows the visit's segments.
  await manage.click();
  await expect(page.getByRole('definition').filter({ hasText: /^10:30 – 10:45/ })).toBeVisible();
  await expect(page.getByText('Föhnen')).toBeVisible();
  // 'Zet in agenda' is one entry for the visit, from 10:00 to 10:45, named by both services.
  const google = new URL(
    (await page.getByRole('link', { name: /^Google Agenda/ }).getAttribute('href')) ?? '',
  );
  expect(google.searchParams.get('text')).toMatch(/^Knippen \+ Föhnen/);
  const [from, to] = (google.searchParams.get('dates') ?? '').split('/');
  expect((Date.parse(iso(to!)) - Date.parse(iso(from!))) / 60_000).toBe(45);
  await check(page, 'visit-manage');

  // From Knippen's own booking page: 'Nog een dienst toevoegen' leads to the same wizard.
  await page.goto(`/boek/${cut.slug}`);
  const add = page.getByRole('button', { name: 'Nog een dienst toevoegen' });
  await expect(add).toHaveAttribute('aria-expanded', 'false');
  await add.click();
  await expect(page.getByRole('button', { name: 'Sluiten' })).toHaveAttribute('aria-expanded', 'true');
  const offer = page.getByRole('region', { name: 'Dienst toevoegen aan uw bezoek' });
  await expect(offer.getByRole('listitem')).toHaveCount(1);
  await check(page, 'booking-add-service');
  await offer.getByRole('button', { name: 'Föhnen toevoegen' }).click();
  await expect(page).toHaveURL(/\/bezoek\?diensten=/);
  await expect(page.getByRole('region', { name: 'Diensten' }).getByRole('listitem')).toHaveText([
    /Knippen/,
    /Föhnen/,
  ]);
});

/** Google's '20261208T090000Z' as ISO 8601. */
function iso(stamp: string): string {
  return stamp.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
}
