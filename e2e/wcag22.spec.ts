/**
 * WCAG 2.2 AA on the booking wizard at a phone's width (the European Accessibility Act's level),
 * beyond what axe checks: every target measures at least 24 × 24 CSS px (2.5.8), a focused element is
 * never hidden under other content (2.4.11), and a chosen time that was taken meanwhile is announced
 * by the page's polite live region (4.1.3). The payment hold's 'Meer tijd' (2.2.1) is in payment.spec.ts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { shot } from './support/booking-page';
import { bookableDates, ownerWithEvent, publicViolations } from './support/helpers';

const PHONE = { width: 390, height: 844 };

test.use({ reducedMotion: 'reduce', viewport: PHONE });

let api: APIRequestContext;
let slug = '';
let eventId = '';
let firstDate = '';
let publicSlug = '';

test.beforeAll(async ({ baseURL }) => {
  const owner = await ownerWithEvent(baseURL!, { prefix: 'wcag', title: 'Knippen', phoneField: true });
  api = owner.api;
  ({ slug, id: eventId } = owner.event);
  [firstDate] = bookableDates(owner.event, 1) as [string];
  // The business page with every contact link it can show.
  const details = await api.patch('/api/business-profile', {
    data: {
      name: 'Salon X',
      address: 'Dorpsstraat 12, 3511 AB Utrecht',
      phone: '030 123 4567',
      website: 'https://www.salon-x.nl/',
    },
  });
  expect(details.status(), await details.text()).toBe(200);
  ({ publicSlug } = (await details.json()) as { publicSlug: string });
});

test.afterAll(async () => {
  await api?.dispose();
});

/** Screenshots at 390 and 1280 px (the shared `shot`, with BOOKING_SCREENSHOTS); the page ends at 390 px. */
async function shots(page: Page, name: string) {
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await shot(page, `wcag-${name}`);
  }
  await page.setViewportSize(PHONE);
}

/**
 * The page's targets smaller than 24 × 24 CSS px, each with its tag, name and size. Exempt, as the
 * criterion says: links inside a sentence (displayed inline, with text beside them), and what is not
 * rendered. A checkbox
 * or radio inside its label is as large as that label, which takes the click too.
 */
function smallTargets(): string[] {
  const selector = [
    'a[href]',
    'button',
    'input:not([type=hidden])',
    'select',
    'textarea',
    'summary',
    '[role=button]',
    '[role=link]',
    '[role=checkbox]',
    '[role=radio]',
    '[role=tab]',
    '[role=combobox]',
    '[role=gridcell]',
    '[role=option]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',');
  const found: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(selector)) {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]')) continue;
    // A link in a sentence: inline, with other text beside it. A link alone on its line is a target.
    const ownText = el.textContent?.trim().length ?? 0;
    const lineText = el.parentElement?.textContent?.trim().length ?? 0;
    if (el.tagName === 'A' && style.display === 'inline' && lineText > ownText) continue;
    let box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const label = el instanceof HTMLInputElement ? el.closest('label') : null;
    if (label && (box.width < 24 || box.height < 24)) box = label.getBoundingClientRect();
    if (box.width >= 24 && box.height >= 24) continue;
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '')
      .trim()
      .slice(0, 30);
    found.push(`<${el.tagName.toLowerCase()}> "${name}" ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
  }
  return found;
}

/**
 * What hides the focused element, or null: the element found at its box's centre must be the
 * element, inside it, or its label (a sticky bar, a dialog or a toast over it would be found instead).
 */
function focusObscured(): string | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const name = `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
  if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return `${name} is focused outside the viewport`;
  const hit = document.elementFromPoint(x, y);
  if (!hit || hit === el || el.contains(hit) || hit.contains(el) || hit.closest('label')?.contains(el))
    return null;
  return `${name} is covered by <${hit.tagName.toLowerCase()} class="${hit.getAttribute('class') ?? ''}">`;
}

const dateButtons = (page: Page) => page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button');
const freeSlots = (page: Page) =>
  page.getByRole('list', { name: 'Beschikbare tijden' }).getByRole('button', { disabled: false });
const announcer = (page: Page) => page.locator('[data-announcer]');

/** Tabs through everything that takes focus on the page (at most `max` stops), checking each stop. */
async function tabThrough(page: Page, max = 60): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const key = await page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.tagName}:${[...document.querySelectorAll('*')].indexOf(el)}` : '';
    });
    if (seen.has(key)) break; // around once
    seen.add(key);
    const problem = await page.evaluate(focusObscured);
    if (problem) problems.push(problem);
  }
  return problems;
}

test('every target of the wizard, the confirmation, the manage page, the embed and the business page is at least 24 × 24 px at 390 px', async ({
  page,
}) => {
  const small: Record<string, string[]> = {};
  const measure = async (state: string) => {
    const found = await page.evaluate(smallTargets);
    if (found.length) small[state] = found;
  };

  await page.goto(`/boek/${slug}`);
  await expect(dateButtons(page).first()).toBeVisible();
  await measure('date step');
  await shots(page, 'date-step');
  await dateButtons(page).first().click();
  await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
  await measure('time step');
  await freeSlots(page).first().click();
  await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeFocused();
  await measure('details step');
  await page.getByRole('combobox', { name: 'Land voor Telefoon' }).click();
  await expect(page.getByRole('listbox', { name: 'Land voor Telefoon' })).toBeVisible();
  await measure('details step, country list open');
  await page.keyboard.press('Escape');
  await page.getByLabel('Naam').fill('Sanne de Vries');
  await page.getByLabel('E-mail', { exact: true }).fill('sanne@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeFocused();
  await measure('review step');
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  await measure('confirmation');
  await page.goto((await page.getByRole('link', { name: 'Afspraak beheren' }).getAttribute('href'))!);
  await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
  await measure('manage page');
  await page.getByRole('button', { name: 'Wijzig datum/tijd' }).click();
  await page.getByRole('grid').locator('[role="gridcell"]:not([aria-disabled])').first().click();
  await expect(page.getByRole('list', { name: /^Tijden op/ })).toBeVisible();
  await measure('manage page, reschedule');
  await shots(page, 'manage-reschedule');
  await page.goto(`/boek/${slug}?embed=true`);
  await expect(dateButtons(page).first()).toBeVisible();
  await measure('embed');
  await page.goto(`/p/${publicSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Onze diensten' })).toBeVisible();
  await measure('business page');
  await shots(page, 'business-page');

  expect(small).toEqual({});
});

test('tabbing through every step at 390 px, the focused element is never covered', async ({ page }) => {
  const covered: Record<string, string[]> = {};
  const check = async (state: string) => {
    const problems = await tabThrough(page);
    if (problems.length) covered[state] = problems;
  };
  await page.goto(`/boek/${slug}`);
  await expect(dateButtons(page).first()).toBeVisible();
  await check('date step');
  await dateButtons(page).first().click();
  await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
  await check('time step');
  await freeSlots(page).first().click();
  await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeFocused();
  await page.getByRole('button', { name: 'Volgende' }).click(); // the errors make the form longer
  await expect(page.getByText('Dit veld is verplicht').first()).toBeVisible();
  await check('details step with errors');
  await page.getByLabel('Naam').fill('Sanne de Vries');
  await page.getByLabel('E-mail', { exact: true }).fill('sanne@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeFocused();
  await check('review step');
  expect(covered).toEqual({});
});

test('a chosen time taken meanwhile is announced by the polite live region', async ({ page }) => {
  await page.goto(`/boek/${slug}`);
  const day = page.locator(`[data-date="${firstDate}"]`);
  await expect(day).toBeVisible();
  const region = announcer(page);
  await expect(region).toHaveAttribute('role', 'status');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toBeEmpty();
  await day.click();
  const time = (await freeSlots(page).first().textContent())!.trim();
  await freeSlots(page).first().click();
  await page.getByLabel('Naam').fill('Jan Jansen');
  await page.getByLabel('E-mail', { exact: true }).fill('jan@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeFocused();

  const other = await api.post('/api/public/bookings', {
    data: {
      eventId,
      bookingDate: firstDate,
      bookingTime: time,
      customFieldResponses: { Naam: 'Piet', 'E-mail': 'piet@example.nl' },
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
  const taken = 'Dit tijdstip is zojuist door iemand anders geboekt. Kies een ander tijdstip.';
  await expect(region).toHaveText(taken);
  await expect(page.locator('p', { hasText: taken })).toBeVisible();
  await expect(page.getByRole('button', { name: `${time} (Bezet)` })).toBeDisabled();
  await shots(page, 'time-taken');
  expect(await publicViolations(page)).toEqual([]);
});
