/**
 * XSS in the browser (issue 9): customers book with script payloads in every field they control
 * (through the API and through the wizard); the owner then opens every page that shows customer
 * data, and the customer opens the manage page. On each page: no dialog fired, no payload ran
 * (`window.__xss` stays undefined), no element or event-handler attribute of the customer's making
 * exists, no CSP violation was reported (an injected handler would be blocked, and reported, by the
 * CSP), and the payload is visible as literal text.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, useSuiteClock } from './support/test';
import { nextBookableDate, ownerWithEvent } from './support/helpers';

const NAME = `"><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
/**
 * A valid address (the browser's type=email rule, which refuses < > and double quotes) that still
 * breaks out of a single-quoted attribute and carries template syntax.
 */
const EMAIL = "x'/onmouseover='window.__xss=3'{{customerName}}@example.nl";
const NOTE = `<svg/onload=window.__xss=4><a href="javascript:window.__xss=5">klik</a>{{customerName}}`;
const COMPANY = `'><iframe src="javascript:window.__xss=6"></iframe><style>*{display:none}</style>`;
const WIZARD_NAME = `<b onmouseover="window.__xss=7">Wizard</b><img src=x onerror=alert(1)>`;

let api: APIRequestContext;
let eventId = '';
let slug = '';
let token = '';
let receiver: http.Server;

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

test.beforeAll(async ({ baseURL }) => {
  const { event, ...owner } = await ownerWithEvent(baseURL!, {
    prefix: 'xss',
    title: 'Knippen',
    phoneField: true,
  });
  ({ api, eventId } = owner);
  const fields = await api.patch(`/api/events/${eventId}`, {
    data: {
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
        { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
        { fieldName: 'Opmerking', fieldType: 'textarea', isRequired: false, order: 3 },
        { fieldName: 'Bedrijf', fieldType: 'text', isRequired: false, order: 4 },
      ],
    },
  });
  expect(fields.status(), await fields.text()).toBe(200);
  slug = ((await fields.json()) as { slug: string }).slug;

  // A webhook, so the deliveries list (which shows the customer's name) has rows.
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = await api.post(`/api/events/${eventId}/webhooks`, {
    data: { name: 'CRM', url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` },
  });
  expect(hook.status()).toBe(201);

  const booking = await api.post('/api/public/bookings', {
    data: {
      eventId,
      bookingDate: nextBookableDate(event),
      bookingTime: '10:00',
      customFieldResponses: {
        Naam: NAME,
        'E-mail': EMAIL,
        Telefoon: '+31612345678',
        Opmerking: NOTE,
        Bedrijf: COMPANY,
      },
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  token = ((await booking.json()) as { managementToken: string }).managementToken;
});

test.afterAll(async () => {
  await api?.dispose();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Watches a page for every sign of an executed or injected payload. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    // 'eval' is zod's feature probe (`new Function`), refused by the CSP as intended; not content.
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.blockedURI !== 'eval') w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  return {
    async expectClean(where: string) {
      const found = await page.evaluate(() => {
        const w = window as unknown as { __xss?: unknown; __csp: string[] };
        const handlers = [...document.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes]
            .filter((a) => /^on/i.test(a.name))
            .map((a) => `${el.tagName.toLowerCase()}[${a.name}]`),
        );
        return {
          xss: w.__xss,
          csp: w.__csp,
          handlers,
          injected: document.querySelectorAll(
            'img[src="x"], svg[onload], iframe, a[href^="javascript:" i], b[onmouseover]',
          ).length,
          inlineScripts: [...document.scripts].filter((s) => !s.src && s.textContent?.includes('__xss'))
            .length,
        };
      });
      expect(dialogs, where).toEqual([]);
      expect(found.xss, where).toBeUndefined();
      expect(found.csp, where).toEqual([]);
      expect(found.handlers, where).toEqual([]);
      expect(found.injected, where).toBe(0);
      expect(found.inlineScripts, where).toBe(0);
    },
  };
}

async function ownerPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({
    storageState: await api.storageState(),
    viewport,
    reducedMotion: 'reduce',
  });
  await useSuiteClock(context);
  return context.newPage();
}

test('a customer books through the wizard with markup in the name and note: shown as text on review and success', async ({
  page,
}) => {
  const guard = await watch(page);
  await page.goto(`/boek/${slug}`);
  await page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button').first().click();
  await page
    .getByRole('list', { name: 'Beschikbare tijden' })
    .getByRole('button', { disabled: false })
    .first()
    .click();
  await page.getByLabel('Naam').fill(WIZARD_NAME);
  await page.getByLabel('E-mail', { exact: true }).fill(EMAIL);
  await page.getByLabel(/^Opmerking/).fill(NOTE);
  await page.getByLabel(/^Bedrijf/).fill(COMPANY);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
  for (const text of [WIZARD_NAME, EMAIL, NOTE, COMPANY])
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await guard.expectClean('review step');
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  for (const text of [WIZARD_NAME, EMAIL])
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await guard.expectClean('success page');
});

test('the owner sees the payloads as text in the bookings table, cards, dialogs and the dashboard', async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  const guard = await watch(page);

  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Afspraken' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(NAME, { exact: true })).toBeVisible();
  await expect(row.getByText(EMAIL, { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: WIZARD_NAME })).toHaveCount(1);
  await guard.expectClean('bookings table');

  // The search box echoes what is typed into the query and the list.
  await page.getByLabel('Zoek afspraken').fill('<img src=x onerror');
  await expect(row).toBeVisible();
  await guard.expectClean('bookings search');
  await page.getByLabel('Zoek afspraken').fill('');

  // The edit and cancel dialogs quote the name.
  await page.getByRole('button', { name: `Afspraak van ${NAME} wijzigen` }).click();
  const edit = page.getByRole('dialog', { name: 'Afspraak wijzigen' });
  await expect(edit).toContainText(NAME);
  await guard.expectClean('edit dialog');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: `Afspraak van ${NAME} annuleren` }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Afspraak annuleren?' });
  await expect(cancel).toContainText(NAME);
  await guard.expectClean('cancel dialog');
  await page.keyboard.press('Escape');
  await expect(cancel).toBeHidden();

  await page.goto('/');
  await expect(page.getByText(NAME, { exact: true }).first()).toBeVisible();
  await guard.expectClean('dashboard');

  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await guard.expectClean('analytics');

  // Phone width: the bookings as cards.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/bookings');
  await expect(page.getByText(NAME, { exact: true }).first()).toBeVisible();
  await guard.expectClean('bookings cards');
  await page.context().close();
});

test('the webhook deliveries list shows the name as text', async ({ browser }) => {
  const page = await ownerPage(browser);
  const guard = await watch(page);
  await page.goto(`/events/${eventId}/edit`);
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await page.getByRole('button', { name: 'Recente leveringen van CRM tonen' }).click();
  await expect(page.getByRole('table').getByText(NAME, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table').getByText(WIZARD_NAME, { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await guard.expectClean('webhook deliveries');
  await page.context().close();
});

test('the public manage page shows the payloads as text', async ({ page }) => {
  const guard = await watch(page);
  await page.goto(`/booking/manage/${token}`);
  for (const text of [NAME, EMAIL]) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await guard.expectClean('manage page');
});
