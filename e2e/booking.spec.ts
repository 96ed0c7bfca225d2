/**
 * Public booking journeys (docs/PRODUCT.md#public-pages): the wizard, the manage link, the embed on another
 * origin, a phone-size keyboard-only booking and axe on every step. The owner and the event are
 * created through the API; every booking picks the first free slot of its day, so the tests never collide.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { expect, test } from './support/test';
import { addDays } from '@core/index';
import { publicViolations, testToday, upcomingRange } from './support/helpers';
import { newStripeAccount } from './support/fake-stripe-control';

const SHOTS = process.env.BOOKING_SCREENSHOTS; // e.g. /tmp: also write screenshots there
const EVENT_TITLE = 'Knippen & föhnen';
const EVENT_TEXT = 'Een frisse knipbeurt bij Salon Lotte, inclusief wassen en föhnen.';

// Transitions off, so axe measures colours as they end up, not halfway through a hover fade.
test.use({ reducedMotion: 'reduce' });

let api: APIRequestContext;
let slug = '';
let eventId = '';

async function shot(page: Page, name: string, fullPage = true) {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/booking-${name}.png`, fullPage, animations: 'disabled' });
}

const dateButtons = (page: Page | ReturnType<Page['frameLocator']>) =>
  page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button');
const freeSlots = (page: Page) =>
  page.getByRole('list', { name: 'Beschikbare tijden' }).getByRole('button', { disabled: false });
/**
 * The second day the wizard offers. On a month's last day that is the next month's first, so the
 * wizard goes on to that month (`Volgende maand`) when the month it opened on offers only one.
 */
async function secondOfferedDay(page: Page) {
  await expect(dateButtons(page).first()).toBeVisible();
  if ((await dateButtons(page).count()) >= 2) return dateButtons(page).nth(1);
  await page.getByRole('button', { name: 'Volgende maand' }).click();
  await expect(dateButtons(page).first()).toBeVisible();
  return dateButtons(page).first();
}

/** The wizard's button for the day labelled `label`, in the month it opened on or the next one. */
async function offeredDay(page: Page, label: string) {
  await expect(dateButtons(page).first()).toBeVisible();
  const button = page.getByRole('button', { name: new RegExp(`^${label}`) });
  if (!(await button.count())) await page.getByRole('button', { name: 'Volgende maand' }).click();
  return button;
}

const step = (page: Page) =>
  page.getByRole('navigation', { name: 'Voortgang van uw boeking' }).locator('[aria-current="step"]');

test.beforeAll(async ({ baseURL }) => {
  // Same-origin POSTs: the cross-site guard accepts an Origin equal to the app's own.
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const reg = await api.post('/api/register', {
    data: { username: `salon${Date.now()}`, password: 'geheim123', email: 'lotte@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const workingDays = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
      k,
      { enabled: true, startTime: '09:00', endTime: '17:00' },
    ]),
  );
  const res = await api.post('/api/events', {
    data: {
      title: EVENT_TITLE,
      description: EVENT_TEXT,
      workingDays,
      ...upcomingRange(60),
      durationMinutes: 30,
      themeColor: '#0F766E',
      dailyPauseTimes: {},
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
        { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
        { fieldName: 'Opmerking', fieldType: 'textarea', isRequired: false, order: 3 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const event = (await res.json()) as { id: string; slug: string };
  slug = event.slug;
  eventId = event.id;
});

test.afterAll(async () => {
  await api?.dispose();
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('book through the wizard, see the slot busy, reschedule and cancel through the manage link', async ({
    page,
  }) => {
    await page.goto(`/boek/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: EVENT_TITLE })).toBeVisible();
    await expect(page.getByText(EVENT_TEXT)).toBeVisible();
    await expect(page.getByText('30 minuten')).toBeVisible();
    await expect(step(page)).toContainText('Datum');
    await expect(dateButtons(page).first()).toBeVisible();
    await shot(page, 'desktop-1-date');
    expect(await publicViolations(page)).toEqual([]);

    // Date -> time. The second day offered: a whole open day whatever the hour, so it still has free
    // times after this booking (late in the afternoon today's last slot would fill the first day, which
    // is then no longer offered) and another time to reschedule to. On a month's last day it is in the
    // next month.
    const day = await secondOfferedDay(page);
    const dayLabel = (await day.locator('span span').first().textContent())!;
    await day.click();
    await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
    await expect(step(page)).toContainText('Tijd');
    await shot(page, 'desktop-2-time');
    expect(await publicViolations(page)).toEqual([]);
    const time = (await freeSlots(page).first().textContent())!.trim();
    expect(time).toMatch(/^\d\d:\d\d$/);

    // 'Terug' goes back to the date step; picking the same day again keeps working.
    await page.getByRole('button', { name: 'Terug' }).click();
    await expect(page.getByRole('heading', { name: 'Kies een datum' })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^${dayLabel}`) }).click();
    await freeSlots(page).first().click();

    // Form: the Dutch validation messages, the same rules as the server.
    await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeFocused();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByText('Dit veld is verplicht')).toHaveCount(2);
    await expect(page.getByLabel('Naam')).toBeFocused();
    await shot(page, 'desktop-3-form-errors');
    expect(await publicViolations(page)).toEqual([]);
    await page.getByLabel('Naam').fill('Sanne de Vries');
    await page.getByLabel('E-mail', { exact: true }).fill('geen-mail');
    const phone = page.getByRole('textbox', { name: /^Telefoon/ });
    await phone.fill('06-12 34');
    await expect(phone).toHaveValue('061234'); // non-digits are stripped as typed
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByText('Ongeldig e-mailadres')).toBeVisible();
    await expect(page.getByText('Voer 8-15 cijfers in')).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).fill('sanne@example.nl');
    await phone.fill('0612345678');
    await expect(page.getByText('Voer 8-15 cijfers in')).toHaveCount(0);
    // The country list: NL by default with its calling code; it scrolls at 300 px.
    const country = page.getByRole('combobox', { name: 'Land voor Telefoon' });
    await expect(country).toContainText('+31');
    await country.click();
    const listbox = page.getByRole('listbox', { name: 'Land voor Telefoon' });
    await expect(listbox).toBeVisible();
    expect((await listbox.boundingBox())!.height).toBeLessThanOrEqual(300);
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
    // A number typed with its own country code keeps it: the picker follows the code on leaving the field.
    await phone.fill('+44 7700 900123');
    await expect(phone).toHaveValue('+447700900123');
    await phone.blur();
    await expect(country).toContainText('+44');
    await expect(phone).toHaveValue('7700900123');
    await country.click();
    await listbox.getByRole('option', { name: 'Nederland +31' }).click();
    await expect(country).toContainText('+31');
    await phone.fill('0612345678');
    await page.getByLabel(/^Opmerking/).fill('Graag kort aan de zijkanten.');
    await page.getByRole('button', { name: 'Volgende' }).click();

    // Review
    await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
    await expect(step(page)).toContainText('Overzicht');
    const review = page.getByRole('definition');
    await expect(review.filter({ hasText: EVENT_TITLE })).toHaveCount(1);
    await expect(review.filter({ hasText: dayLabel })).toHaveCount(1);
    await expect(review.filter({ hasText: time })).toHaveCount(1);
    // The number as people read it.
    await expect(review.filter({ hasText: '06 12345678' })).toHaveCount(1);
    await expect(review.filter({ hasText: 'Graag kort aan de zijkanten.' })).toHaveCount(1);
    await shot(page, 'desktop-4-review');
    expect(await publicViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Bevestigen' }).click();

    // Success page: the details and the one-time manage link.
    await expect(page).toHaveURL(/\/payment\/success$/);
    await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
    for (const text of [
      EVENT_TITLE,
      dayLabel,
      'Sanne de Vries',
      'sanne@example.nl',
      '06 12345678',
      'Graag kort aan de zijkanten.',
    ]) {
      await expect(page.getByRole('definition').filter({ hasText: text })).toHaveCount(1);
    }
    await expect(page.getByRole('term').filter({ hasText: 'Naam' })).toHaveCount(1); // not listed twice
    const manageLink = page.getByRole('link', { name: 'Afspraak beheren' });
    const manageUrl = (await manageLink.getAttribute('href'))!;
    expect(manageUrl).toMatch(/\/booking\/manage\/[A-Za-z0-9_-]{20,}$/);
    await shot(page, 'desktop-5-success');
    expect(await publicViolations(page)).toEqual([]);

    // The slot just booked is now busy for the next visitor.
    await page.goto(`/boek/${slug}`);
    await (await offeredDay(page, dayLabel)).click();
    const busy = page.getByRole('button', { name: `${time} (Bezet)` });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();

    // Manage: details, reschedule to another slot.
    await page.goto(manageUrl);
    await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
    for (const text of [dayLabel, time, '30 minuten', 'Sanne de Vries', 'sanne@example.nl', '06 12345678']) {
      await expect(page.getByRole('definition').filter({ hasText: text })).toHaveCount(1);
    }
    expect(await publicViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Wijzig datum/tijd' }).click();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Selecteer een nieuwe datum en tijd.' }),
    ).toBeVisible();
    const calendar = page.getByRole('grid');
    await expect(calendar.locator('[role="gridcell"]:not([aria-disabled])').first()).toBeVisible();
    await calendar.getByRole('gridcell', { name: new RegExp(`^${dayLabel}`) }).click();
    const slotList = page.getByRole('list', { name: /^Tijden op/ });
    await expect(slotList.getByRole('button', { name: `${time} (huidig)` })).toBeEnabled(); // its own slot counts as free
    const newSlot = slotList
      .getByRole('button', { disabled: false })
      .filter({ hasNotText: 'huidig' })
      .first();
    const newTime = (await newSlot.textContent())!.trim();
    await newSlot.click();
    await shot(page, 'desktop-6-reschedule');
    expect(await publicViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Uw afspraak is succesvol gewijzigd.').first()).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: newTime })).toHaveCount(1);
    await expect(page.getByRole('grid')).toHaveCount(0); // edit mode left

    // Cancel in the page's own dialog (not the browser's confirm): Escape keeps the booking.
    const cancelButton = page.getByRole('button', { name: 'Annuleer afspraak' });
    const question = page.getByRole('alertdialog', {
      name: 'Weet u zeker dat u deze afspraak wilt annuleren?',
    });
    await cancelButton.click();
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(cancelButton).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
    // Confirmed: the page stays on the cancelled state, with the way to a new booking (never `/`).
    await cancelButton.click();
    await question.getByRole('button', { name: 'Ja, annuleer afspraak' }).click();
    await expect(page.getByText('Uw afspraak is succesvol geannuleerd.').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Afspraak geannuleerd' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/booking/manage/`));
    await expect(page.getByRole('link', { name: 'Nieuwe afspraak maken' })).toHaveAttribute(
      'href',
      `/boek/${slug}`,
    );

    // The link keeps working, but a cancelled booking can no longer be changed.
    await page.goto(manageUrl);
    await expect(page.getByRole('heading', { name: 'Afspraak geannuleerd' })).toBeVisible();
    await expect(page.getByText('kan niet meer worden gewijzigd')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Wijzig datum/tijd' })).toHaveCount(0);
  });

  test('not-found, missing summary and payment pages show their Dutch texts', async ({ page }) => {
    await page.goto('/boek/bestaat-niet-123');
    await expect(page.getByRole('heading', { name: 'Evenement niet gevonden' })).toBeVisible();
    await page.goto('/booking/manage/abcdefghijklmnopqrstuvwxyz123456');
    await expect(page.getByRole('heading', { name: 'Afspraak niet gevonden' })).toBeVisible();
    await expect(page.getByText('Controleer of u de volledige link')).toBeVisible();
    expect(await publicViolations(page)).toEqual([]);
    await page.goto('/payment/success');
    await expect(page.getByRole('heading', { name: 'Geen boekingsgegevens gevonden' })).toBeVisible();
    await page.goto('/payment/processing?payment_intent=pi_123&redirect_status=failed');
    await expect(page).toHaveURL(/\/payment\/failure$/);
    await expect(page.getByRole('heading', { name: 'Betaling Mislukt' })).toBeVisible();
    await expect(page.getByText('Betaling is mislukt. Probeer het opnieuw.')).toBeVisible();
    await expect(page.getByText('Onvoldoende saldo op uw rekening')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Opnieuw proberen' })).toHaveAttribute('href', '/');
    await shot(page, 'desktop-7-failure');
    expect(await publicViolations(page)).toEqual([]);

    // Back from the card provider with a succeeded payment: the pending booking is created.
    const { date, time } = await firstFreeSlot();
    const pending = {
      booking: {
        eventId,
        customerName: 'Bram',
        customerEmail: 'bram@example.nl',
        customerPhone: null,
        bookingDate: date,
        bookingTime: time,
        customFieldResponses: { Naam: 'Bram', 'E-mail': 'bram@example.nl' },
      },
      eventTitle: EVENT_TITLE,
      paymentAmount: null,
      durationMinutes: 30,
      nameField: 'Naam',
      startPath: '/',
      themeColor: '#0F766E',
      bookingPath: `/boek/${slug}`,
    };
    await page.evaluate((value) => sessionStorage.setItem('pendingBooking', value), JSON.stringify(pending));
    await page.goto('/payment/processing?payment_intent=pi_test_123&redirect_status=succeeded');
    await expect(page).toHaveURL(/\/payment\/success$/);
    await expect(page.getByRole('definition').filter({ hasText: 'bram@example.nl' })).toHaveCount(1);
    expect(await page.evaluate(() => sessionStorage.getItem('pendingBooking'))).toBeNull();
    // Without a pending booking there is nothing to create: to the start page.
    await page.goto('/payment/processing?payment_intent=pi_test_456&redirect_status=succeeded');
    await expect(page).not.toHaveURL(/\/payment\//);
  });

  test('a paid event shows its price and five steps; keys that stop working turn "Naar betaling" into the closed page', async ({
    page,
  }) => {
    // Working keys (an account on the fake provider): the wizard is offered.
    const secretKey = await newStripeAccount();
    const keys = await api.patch('/api/user/settings', {
      data: { stripePublicKey: 'pk_test_kleuren', stripeSecretKey: secretKey },
    });
    expect(keys.status(), await keys.text()).toBe(200);
    // A light theme colour: the page must keep readable text on it (axe colour contrast).
    const category = await api.post('/api/event-categories', { data: { name: 'Kleuren', color: '#F472B6' } });
    expect(category.status(), await category.text()).toBe(201);
    const workingDays = Object.fromEntries(
      ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
        k,
        { enabled: true, startTime: '09:00', endTime: '17:00' },
      ]),
    );
    const res = await api.post('/api/events', {
      data: {
        title: 'Kleuren',
        description: 'Uitgroei bijwerken met advies.',
        categoryId: ((await category.json()) as { id: string }).id,
        workingDays,
        ...upcomingRange(60),
        durationMinutes: 90,
        requiresPayment: true,
        paymentAmount: '45',
        themeColor: '#FACC15',
        customFields: [
          { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
          { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const paid = (await res.json()) as { slug: string };

    await page.goto(`/boek/${paid.slug}`);
    await expect(page.getByText('€ 45,00')).toBeVisible();
    await expect(page.getByText('Kleuren', { exact: true }).last()).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Voortgang van uw boeking' }).getByRole('listitem'),
    ).toHaveCount(5);
    await expect(dateButtons(page).first()).toBeVisible();
    await shot(page, 'paid-1-date');
    expect(await publicViolations(page)).toEqual([]);
    await dateButtons(page).first().click();
    await freeSlots(page).first().click();
    await page.getByLabel('Naam').fill('Eva');
    await page.getByLabel('E-mail', { exact: true }).fill('eva@example.nl');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByText('Voor deze afspraak is een betaling van € 45,00 vereist.')).toBeVisible();
    await shot(page, 'paid-2-review');
    expect(await publicViolations(page)).toEqual([]);
    // The owner removes the secret key meanwhile: the hold is refused (PAYMENTS_UNAVAILABLE) and the
    // page reloads the service, which now says online booking is not possible, instead of a toast.
    expect((await api.patch('/api/user/settings', { data: { stripeSecretKey: null } })).status()).toBe(200);
    await page.getByRole('button', { name: 'Naar betaling' }).click();
    await expect(
      page.getByRole('heading', { name: 'Online afspraken maken is tijdelijk niet mogelijk' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toHaveCount(0);
    expect(await publicViolations(page)).toEqual([]);
  });

  test('the embed works inside an iframe on another origin and hides title, description and badges', async ({
    page,
    baseURL,
  }) => {
    const host = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="nl"><head><title>Salon Lotte</title></head><body style="margin:0;background:#f5efe6;font-family:sans-serif">` +
          `<h1 style="padding:16px;margin:0">Salon Lotte</h1>` +
          `<iframe title="Afspraak maken" src="${baseURL}/boek/${slug}?embed=true" style="width:100%;height:800px;border:1px solid #ddd;border-radius:8px"></iframe>` +
          `</body></html>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = host.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/`);
      const frame = page.frameLocator('iframe[title="Afspraak maken"]');
      await expect(dateButtons(frame).first()).toBeVisible();
      await expect(frame.getByText(EVENT_TEXT)).toHaveCount(0);
      await expect(frame.getByText('30 minuten')).toHaveCount(0);
      const title: Locator = frame.getByRole('heading', { level: 1 });
      expect((await title.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1); // for screen readers only
      await shot(page, 'embed-1-date', false);
      await dateButtons(frame).first().click();
      await expect(frame.getByRole('list', { name: 'Beschikbare tijden' })).toBeVisible();
      await shot(page, 'embed-2-time', false);
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  /** Presses Tab until `target` has focus: proves it is reachable by keyboard. */
  async function tabTo(page: Page, target: Locator, max = 40) {
    for (let i = 0; i < max; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('not reachable with Tab');
  }

  test('the first screen comes with the page: the title and the days without any API call, 404 for an unknown event', async ({
    page,
  }) => {
    // docs/architecture/web-client.md#public-pages: the server draws the header and inlines the event, its fields
    // and the first month. With the public API unreachable the first screen is still complete.
    const calls: string[] = [];
    await page.route('**/api/public/**', (route) => {
      calls.push(new URL(route.request().url()).pathname);
      return route.abort();
    });
    const html = await page.request.get(`/boek/${slug}`);
    expect(await html.text()).toContain(`>${EVENT_TITLE.replace('&', '&#38;')}</h1>`);
    await page.goto(`/boek/${slug}`);
    await expect(page).toHaveTitle(`${EVENT_TITLE} · Afspraakplanner`);
    await expect(page.getByRole('heading', { level: 1, name: EVENT_TITLE })).toBeVisible();
    await expect(page.getByText('30 minuten')).toBeVisible();
    await expect(step(page)).toContainText('Datum');
    await expect(dateButtons(page).first()).toBeVisible();
    expect(calls).toEqual([]);
    expect(await publicViolations(page)).toEqual([]);
    // Then the wizard behaves as before, through the API.
    await page.unroute('**/api/public/**');
    await dateButtons(page).first().click();
    await expect(freeSlots(page).first()).toBeVisible();

    const unknown = await page.goto('/boek/bestaat-niet-een-twee');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Evenement niet gevonden' })).toBeVisible();
  });

  test('a keyboard-only booking at 390x844, also when the slot is taken in the meantime', async ({
    page,
  }) => {
    await page.goto(`/boek/${slug}`);
    await expect(dateButtons(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'phone-1-date');

    await tabTo(page, dateButtons(page).first());
    const dateOfDay = (await dateButtons(page).first().getAttribute('data-date'))!;
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
    const slot = freeSlots(page).first();
    const time = (await slot.textContent())!.trim();
    await shot(page, 'phone-2-time');
    await tabTo(page, slot);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeFocused();
    await tabTo(page, page.getByLabel('Naam'));
    await page.keyboard.type('Jan Jansen');
    await page.keyboard.press('Tab');
    await page.keyboard.type('jan@example.nl');
    await page.keyboard.press('Tab'); // the country list
    await expect(page.getByRole('combobox', { name: 'Land voor Telefoon' })).toBeFocused();
    await page.keyboard.press('ArrowDown'); // opens on NL
    await page.keyboard.press('ArrowDown'); // BE
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Land voor Telefoon' })).toContainText('+32');
    await page.keyboard.press('Tab');
    await page.keyboard.type('470123456');
    await shot(page, 'phone-3-form');
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeFocused();
    await expect(page.getByRole('definition').filter({ hasText: '+32 470 12 34 56' })).toHaveCount(1);
    await shot(page, 'phone-4-review');

    // Someone else books this slot first: the wizard says so and goes back to the times.
    const other = await api.post('/api/public/bookings', {
      data: {
        eventId,
        bookingDate: dateOfDay,
        bookingTime: time,
        customFieldResponses: { Naam: 'Piet', 'E-mail': 'piet@example.nl' },
      },
    });
    expect(other.status(), await other.text()).toBe(201);

    await tabTo(page, page.getByRole('button', { name: 'Bevestigen' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Dit tijdstip is zojuist door iemand anders geboekt').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
    await expect(page.getByRole('button', { name: `${time} (Bezet)` })).toBeDisabled();

    const next = freeSlots(page).first();
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Naam')).toHaveValue('Jan Jansen'); // answers are kept
    await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Bevestigen' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '+32 470 12 34 56' })).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'phone-5-success');
    expect(await publicViolations(page)).toEqual([]);

    // The manage page at phone size, by keyboard: the calendar grid and the times.
    await page.goto((await page.getByRole('link', { name: 'Afspraak beheren' }).getAttribute('href'))!);
    await tabTo(page, page.getByRole('button', { name: 'Wijzig datum/tijd' }));
    await page.keyboard.press('Enter');
    const grid = page.getByRole('grid');
    // Until the month's availability has arrived every day is disabled, and Enter selects nothing.
    const loaded = () =>
      expect(page.locator('[aria-busy]', { has: grid })).toHaveAttribute('aria-busy', 'false');
    await loaded();
    const cell = grid.locator('[role="gridcell"][tabindex="0"]');
    await tabTo(page, cell);
    const firstDate = (await cell.getAttribute('data-date'))!;
    await page.keyboard.press('ArrowRight');
    await expect(grid.locator('[role="gridcell"][tabindex="0"]')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(grid.locator(`[data-date="${firstDate}"]`)).toBeFocused();
    // The tab stop is today when the booked month is this one, and today need not be selectable (no
    // free slot left this late): walk on to the booked day, which always is, and select it.
    for (let d = firstDate; d < dateOfDay; d = addDays(d, 1)) await page.keyboard.press('ArrowRight');
    await expect(grid.locator(`[data-date="${dateOfDay}"]`)).toBeFocused();
    await loaded();
    await page.keyboard.press('Enter');
    await expect(grid.locator(`[data-date="${dateOfDay}"]`)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: /^Tijden op/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'phone-6-manage');
    expect(await publicViolations(page)).toEqual([]);
  });
});

/** The first free slot of the test event, from the public availability of this or next month. */
async function firstFreeSlot(): Promise<{ date: string; time: string }> {
  const month = testToday().slice(0, 7);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  for (const mo of [month, next]) {
    const res = await api.get(`/api/public/events/${eventId}/availability?month=${mo}`);
    const body = (await res.json()) as {
      days: Array<{ date: string; slots: Array<{ time: string; busy: boolean }> }>;
    };
    for (const day of body.days) {
      const slot = day.slots.find((x) => !x.busy);
      if (slot) return { date: day.date, time: slot.time };
    }
  }
  throw new Error('no free slot');
}
