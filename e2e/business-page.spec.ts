/**
 * The page with all of a business's services (issue 20, docs/PRODUCT.md#business-page): an owner with
 * two services in a category, one without and one marked 'Niet tonen op de overzichtspagina' on the
 * event form. The customer opens /p/{publicSlug} and sees the listed ones by category with their
 * price lines, not the hidden one, and follows one to its booking page; the embedded version keeps
 * the embed on that link. An unknown address answers 404 with a Dutch text. The events overview
 * shows the page's link and its own embed codes, and embed.js puts the page on a host site.
 * BUSINESS_SHOTS=/tmp/h/B- writes screenshots, named after that prefix.
 */
import type { Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { expect, test, useSuiteClock } from './support/test';
import { everyDay, seriousViolations, upcomingRange } from './support/helpers';

const SHOTS = process.env.BUSINESS_SHOTS;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Axe at a phone's and a desktop's width, with a screenshot of each; a public page by WCAG 2.2's rules. */
async function checkBothWidths(page: Page, name: string, wcag22 = true) {
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    expect(await seriousViolations(page, { wcag22 }), `${name} at ${size} px`).toEqual([]);
    await shot(page, `${name}-${size}`);
  }
}

async function createService(page: Page, data: Record<string, unknown>): Promise<EventDto> {
  const res = await page.request.post('/api/events', {
    data: {
      workingDays: everyDay,
      ...upcomingRange(60),
      durationMinutes: 30,
      customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }],
      ...data,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as EventDto;
}

test.describe.configure({ mode: 'serial' });

test('business page: listed services by category, hidden ones left out, embed, not found', async ({
  page,
  browser,
  baseURL,
}) => {
  const username = `salon-x-${Date.now()}`;
  const reg = await page.request.post('/api/register', { data: { username, password: 'geheim123' } });
  expect(reg.status()).toBe(201);
  const profile = await page.request.get('/api/business-profile');
  expect(profile.status()).toBe(200);
  const publicSlug = ((await profile.json()) as { publicSlug: string }).publicSlug;
  expect(publicSlug).toBe(username);

  const category = await page.request.post('/api/event-categories', {
    data: { name: 'Haar', color: '#EC4899' },
  });
  const hair = (await category.json()) as { id: string };
  const cut = await createService(page, {
    title: 'Knippen',
    description: 'Wassen, knippen en föhnen.',
    categoryId: hair.id,
    paymentAmount: '32.50',
    themeColor: '#0F766E',
  });
  await createService(page, {
    title: 'Kleuren',
    description: 'Uitgroei bijwerken met een kleur naar keuze.',
    categoryId: hair.id,
    durationMinutes: 90,
  });
  await createService(page, { title: 'Kennismaking', durationMinutes: 15 });
  const secret = await createService(page, { title: 'Personeelsknipbeurt', categoryId: hair.id });

  // The event form: 'Niet tonen op de overzichtspagina' on the Basis tab.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/events/${secret.id}/edit`);
  const hidden = page.getByRole('checkbox', { name: 'Niet tonen op de overzichtspagina' });
  await expect(hidden).not.toBeChecked();
  await expect(page.getByRole('tab')).toHaveCount(7);
  await hidden.check();
  await expect(hidden).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'event-form-1280');
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page).toHaveURL(/\/events$/);
  const stored = (await (await page.request.get(`/api/events/${secret.id}`)).json()) as EventDto;
  expect(stored.hiddenOnProfile).toBe(true);

  // The events overview: the hint on the hidden card, the page's link and its embed codes.
  const secretCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Personeelsknipbeurt' }) });
  await expect(secretCard.getByText('Niet op overzichtspagina')).toBeVisible();
  const cutCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Knippen' }) });
  await expect(cutCard.getByText('Niet op overzichtspagina')).toHaveCount(0);
  const pageUrl = `${baseURL}/p/${publicSlug}`;
  await expect(page.getByRole('textbox', { name: 'Link naar uw pagina met alle diensten' })).toHaveValue(
    pageUrl,
  );
  await expect(page.getByRole('link', { name: 'Pagina openen', exact: true })).toHaveAttribute(
    'href',
    pageUrl,
  );
  await checkBothWidths(page, 'events', false);
  await page.getByRole('button', { name: 'Pagina insluiten', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagina met alle diensten' });
  await expect(dialog.getByLabel('iFrame-code')).toHaveValue(
    `<iframe src="${pageUrl}?embed=true" width="100%" height="800" style="border:1px solid #e5e7eb;border-radius:8px;" title="Pagina met alle diensten"></iframe>`,
  );
  await dialog.getByRole('tab', { name: 'Script Tag' }).click();
  await expect(dialog.getByLabel('Script-code')).toHaveValue(
    `<div id="afspraak-p-${publicSlug}"></div><script src="${baseURL}/embed.js" data-page="${publicSlug}" data-target="afspraak-p-${publicSlug}" async></script>`,
  );
  await expect(dialog.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', pageUrl);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'embed-dialog-1280');
  await dialog.getByRole('button', { name: 'Sluiten' }).click();

  // The business's details (Instellingen → Bedrijfsprofiel) head the page.
  const details = await page.request.patch('/api/business-profile', {
    data: {
      name: 'Salon X',
      address: 'Dorpsstraat 12, 3511 AB Utrecht',
      phone: '030 123 4567',
      website: 'https://www.salon-x.nl/',
    },
  });
  expect(details.status(), await details.text()).toBe(200);

  // The customer's page: both services of the category, the uncategorised one last, not the hidden one.
  const customerContext = await browser.newContext({ baseURL });
  await useSuiteClock(customerContext);
  const customer = await customerContext.newPage();
  await customer.setViewportSize(PHONE);
  const res = await customer.goto(`/p/${publicSlug}`);
  expect(res?.status()).toBe(200);
  await expect(customer.getByRole('heading', { level: 1, name: 'Onze diensten' })).toBeVisible();
  await expect(customer.getByText('Salon X', { exact: true })).toBeVisible();
  await expect(customer.getByText('Dorpsstraat 12, 3511 AB Utrecht')).toBeVisible();
  await expect(customer.getByRole('link', { name: 'salon-x.nl' })).toHaveAttribute(
    'href',
    'https://www.salon-x.nl/',
  );
  await expect(customer.getByRole('link', { name: '030 1234567' })).toHaveAttribute(
    'href',
    /^tel:\+31301234567$/,
  );
  await expect(customer).toHaveTitle(/Salon X/);
  await expect(customer.getByRole('heading', { level: 2 })).toHaveText(['Haar', 'Overige diensten']);
  const links = customer.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(3);
  await expect(links.nth(0)).toContainText('Kleuren');
  await expect(links.nth(0)).toContainText('90 minuten');
  await expect(links.nth(0)).toContainText('Gratis');
  await expect(links.nth(1)).toContainText('Knippen');
  await expect(links.nth(1)).toContainText('€ 32,50 · Betalen in de salon');
  await expect(links.nth(2)).toContainText('Kennismaking');
  await expect(customer.getByText('Personeelsknipbeurt')).toHaveCount(0);
  await checkBothWidths(customer, 'page');

  // Following a service opens its booking page.
  await links.nth(1).click();
  await expect(customer).toHaveURL(new RegExp(`/boek/${cut.slug}$`));
  await expect(customer.getByRole('heading', { level: 1, name: 'Knippen' })).toBeVisible();

  // The hidden service is still bookable by its own link.
  await customer.goto(`/boek/${secret.slug}`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Personeelsknipbeurt' })).toBeVisible();

  // The embedded version: no band, no visible title; its links keep the embed.
  await customer.goto(`/p/${publicSlug}?embed=true`);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveClass(/sr-only/);
  await expect(customer.getByRole('heading', { name: 'Haar' })).toBeVisible();
  await expect(customer.getByText('Afspraakplanner')).toHaveCount(0);
  // Only the hidden heading names the business: the host site already says whose it is.
  await expect(customer.getByText('Salon X', { exact: true })).toHaveClass(/sr-only/);
  await expect(customer.getByText('Dorpsstraat 12, 3511 AB Utrecht')).toHaveCount(0);
  await checkBothWidths(customer, 'embed');
  await customer.getByRole('link', { name: /Knippen/ }).click();
  await expect(customer).toHaveURL(new RegExp(`/boek/${cut.slug}\\?embed=true$`));

  // embed.js with data-page puts the page on the owner's site.
  await customer.route('**/salon-site.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="nl"><head><title>Salon X</title></head><body><h1>Salon X</h1>
        <div id="afspraak-p-${publicSlug}"></div>
        <script src="/embed.js" data-page="${publicSlug}" data-target="afspraak-p-${publicSlug}" async></script>
        </body></html>`,
    }),
  );
  await customer.goto('/salon-site.html');
  const frame = customer.locator(`#afspraak-p-${publicSlug} iframe`);
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('src', new RegExp(`/p/${publicSlug}\\?embed=true$`));
  await expect(customer.frameLocator(`#afspraak-p-${publicSlug} iframe`).getByText('Kleuren')).toBeVisible();

  // An unknown address: a 404 status and a Dutch not-found text.
  const missing = await customer.goto(`/p/bestaat-niet-${Date.now()}`);
  expect(missing?.status()).toBe(404);
  await expect(customer.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
  await checkBothWidths(customer, 'not-found');
  await customerContext.close();
});
