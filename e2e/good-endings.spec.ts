/**
 * Issue 20, good endings for customers (docs/PRODUCT.md#good-endings) and the privacy notice: a
 * customer books a free service of 'Salon Mooi', reads the privacy notice with its link under the
 * form, and the confirmation offers 'Zet in agenda' (Google and Outlook with the appointment filled
 * in, the .ics download with the e-mail's UID); 'Terug naar de startpagina' leads back to the
 * booking page. On the manage page the customer cancels in the page's own dialog: the page stays on
 * the cancelled state (no redirect) and offers 'Nieuwe afspraak maken', the booking page, never the
 * owner's login. Inside an embed the way back stays
 * embedded; after a failed payment 'Terug naar de startpagina' leads to the business page; without a
 * privacy statement there is no notice. Axe at 390 and 1280 px.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { testClock } from '../src/server/test/test-today';
import { expect, test } from './support/test';
import { freeTime, openDay } from './support/booking-page';
import { bookableDates, ownerInstant, ownerWithEvent, seriousViolations } from './support/helpers';

const SHOTS = process.env.GOOD_ENDINGS_SHOTS; // e.g. /tmp: also write screenshots there
const PRIVACY_URL = 'https://salon-mooi.example/privacy';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let event: EventDto;
let dates: string[];

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/C-${name}-${width}.png`, fullPage: true, animations: 'disabled' });
}

/** Axe clean and a screenshot at phone and desktop width; leaves the page at 1280 px. */
async function bothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await shot(page, name);
    expect(await seriousViolations(page), `axe at ${width} px`).toEqual([]);
  }
}

/** Google's compact UTC stamp, as the link carries it. */
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

test.beforeAll(async ({ baseURL }) => {
  ({ api, event } = await ownerWithEvent(baseURL!, { prefix: 'einde', title: 'Knippen' }));
  const profile = await api.patch('/api/business-profile', {
    data: { name: 'Salon Mooi', privacyUrl: PRIVACY_URL },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  dates = bookableDates(event, 3);
});

test('after booking: the privacy notice, “Zet in agenda” and back to the booking page', async ({ page }) => {
  const bookingPath = `/boek/${event.slug}`;
  await page.goto(bookingPath);
  await openDay(page, dates[0]!);
  await freeTime(page, '10:00').click();
  await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeVisible();

  // The owner's privacy statement, under the form, opening in a new tab.
  await expect(page.getByText('Wij gaan zorgvuldig om met uw gegevens.')).toBeVisible();
  const privacy = page.getByRole('link', {
    name: 'Lees onze privacyverklaring. (opent in een nieuw tabblad)',
  });
  await expect(privacy).toHaveAttribute('href', PRIVACY_URL);
  await expect(privacy).toHaveAttribute('target', '_blank');
  await expect(privacy).toHaveAttribute('rel', /noopener/);
  await bothWidths(page, 'form-privacy');

  await page.getByLabel('Naam').fill('Anouk');
  await page.getByLabel('E-mail', { exact: true }).fill('anouk@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();

  const calendar = page.getByRole('region', { name: 'Zet in agenda' });
  await expect(calendar).toBeVisible();
  const manageUrl = (await page.getByRole('link', { name: 'Afspraak beheren' }).getAttribute('href'))!;
  const start = ownerInstant(dates[0]!, '10:00');
  const end = new Date(start.getTime() + 30 * 60_000);

  const google = calendar.getByRole('link', { name: 'Google Agenda (opent in een nieuw tabblad)' });
  await expect(google).toHaveAttribute('target', '_blank');
  await expect(google).toHaveAttribute('rel', /noopener/);
  const g = new URL((await google.getAttribute('href'))!);
  expect(`${g.origin}${g.pathname}`).toBe('https://calendar.google.com/calendar/render');
  expect(g.searchParams.get('action')).toBe('TEMPLATE');
  expect(g.searchParams.get('text')).toBe('Knippen bij Salon Mooi');
  expect(g.searchParams.get('dates')).toBe(`${stamp(start)}/${stamp(end)}`);
  expect(g.searchParams.get('details')).toBe(`Beheer uw afspraak: ${manageUrl}`);

  const outlook = calendar.getByRole('link', { name: 'Outlook (opent in een nieuw tabblad)' });
  await expect(outlook).toHaveAttribute('target', '_blank');
  const o = new URL((await outlook.getAttribute('href'))!);
  expect(`${o.origin}${o.pathname}`).toBe('https://outlook.live.com/calendar/0/action/compose');
  expect(o.searchParams.get('subject')).toBe('Knippen bij Salon Mooi');
  expect(o.searchParams.get('startdt')).toBe(start.toISOString().replace('.000', ''));
  expect(o.searchParams.get('enddt')).toBe(end.toISOString().replace('.000', ''));
  expect(o.searchParams.get('body')).toBe(`Beheer uw afspraak: ${manageUrl}`);

  // The file downloads as afspraak.ics: this appointment, in the owner's zone.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    calendar.getByRole('link', { name: 'Agendabestand (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('afspraak.ics');
  const file = readFileSync((await download.path())!, 'utf8').replace(/\r\n /g, '');
  expect(file).toContain('SUMMARY:Knippen bij Salon Mooi');
  expect(file).toContain(`DTSTART;TZID=Europe/Amsterdam:${dates[0]!.replace(/-/g, '')}T100000`);
  expect(file).toMatch(/^UID:[0-9a-f-]{36}@/m);

  await bothWidths(page, 'success');
  await page.getByRole('link', { name: 'Terug naar de startpagina' }).click();
  await expect(page).toHaveURL(new RegExp(`${bookingPath}$`));
  await expect(page.getByRole('heading', { name: 'Kies een datum' })).toBeVisible();
});

test('after a cancel: the page stays on the cancelled state and offers “Nieuwe afspraak maken”', async ({
  page,
}) => {
  // The page's timers under Playwright's clock (the suite's fixture installs it with TEST_TODAY), so
  // "nothing happens for 3 seconds" is checked by running the clock instead of sleeping.
  if (!testClock()) await page.clock.install();
  const res = await api.post('/api/public/bookings', {
    data: {
      eventId: event.id,
      bookingDate: dates[1],
      bookingTime: '11:00',
      customFieldResponses: { Naam: 'Bas', 'E-mail': 'bas@example.nl' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { managementUrl } = (await res.json()) as { managementUrl: string };
  await page.goto(new URL(managementUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();

  const calendar = page.getByRole('region', { name: 'Zet in agenda' });
  const g = new URL((await calendar.getByRole('link', { name: /^Google Agenda/ }).getAttribute('href'))!);
  expect(g.searchParams.get('details')).toBe(`Beheer uw afspraak: ${managementUrl}`);
  await expect(calendar.getByRole('link', { name: 'Agendabestand (.ics)' })).toHaveAttribute(
    'href',
    `/api/public/bookings/manage/${managementUrl.split('/').pop()}/ics`,
  );
  await bothWidths(page, 'manage');

  // The app's own dialog, not the browser's confirm(): titled with the question, focus on 'keep'.
  const cancelButton = page.getByRole('button', { name: 'Annuleer afspraak' });
  await cancelButton.click();
  const dialog = page.getByRole('alertdialog', { name: 'Weet u zeker dat u deze afspraak wilt annuleren?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Afspraak behouden' })).toBeFocused();
  await bothWidths(page, 'cancel-dialog');
  // 'Afspraak behouden' keeps the booking; focus goes back to the button that asked.
  await dialog.getByRole('button', { name: 'Afspraak behouden' }).click();
  await expect(dialog).toBeHidden();
  await expect(cancelButton).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();

  await cancelButton.click();
  await dialog.getByRole('button', { name: 'Ja, annuleer afspraak' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Afspraak geannuleerd' })).toBeFocused();
  await expect(
    page.getByText('Deze afspraak is geannuleerd en kan niet meer worden gewijzigd.'),
  ).toBeVisible();
  const again = page.getByRole('link', { name: 'Nieuwe afspraak maken' });
  await expect(again).toHaveAttribute('href', `/boek/${event.slug}`);
  await expect(page.getByRole('region', { name: 'Zet in agenda' })).toHaveCount(0);
  await shot(page, 'cancelled');
  expect(await seriousViolations(page)).toEqual([]);

  // No automatic redirect: 3 seconds on, the page still shows the cancelled state.
  await page.clock.runFor(3_000);
  await expect(page).toHaveURL(/\/booking\/manage\//);
  await expect(page.getByRole('heading', { name: 'Afspraak geannuleerd' })).toBeVisible();

  // The customer moves on themselves.
  await again.click();
  await expect(page).toHaveURL(new RegExp(`/boek/${event.slug}$`));
  await expect(page.getByRole('heading', { name: 'Kies een datum' })).toBeVisible();

  // Coming back to the cancelled booking: no calendar, the way to a new booking stays.
  await page.goto(new URL(managementUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Afspraak geannuleerd' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nieuwe afspraak maken' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Zet in agenda' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/booking\/manage\//);
});

test('inside an embed the way back stays embedded', async ({ page }) => {
  await page.goto(`/boek/${event.slug}?embed=true`);
  await openDay(page, dates[2]!);
  await freeTime(page, '14:00').click();
  await page.getByLabel('Naam').fill('Cas');
  await page.getByLabel('E-mail', { exact: true }).fill('cas@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  await expect(page).toHaveURL(/\/payment\/success\?embed=true$/);
  await expect(page.getByRole('region', { name: 'Zet in agenda' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nog een afspraak maken' })).toHaveAttribute(
    'href',
    `/boek/${event.slug}?embed=true`,
  );
});

test('after a failed payment the start page is the business page', async ({ page }) => {
  const profile = (await (await api.get('/api/business-profile')).json()) as { publicSlug: string };
  await page.goto(`/boek/${event.slug}`);
  // What the wizard keeps while paying (docs/PRODUCT.md#local-storage), as a failed payment leaves it.
  await page.evaluate(
    ([pending]) => {
      sessionStorage.setItem('pendingBooking', pending!);
      sessionStorage.setItem('paymentError', 'Betaling is mislukt. Probeer het opnieuw.');
      sessionStorage.setItem('paymentReturnUrl', `/boek/${JSON.parse(pending!).slug as string}`);
    },
    [
      JSON.stringify({
        slug: event.slug,
        themeColor: '#3B82F6',
        business: { ...profile, name: 'Salon Mooi' },
      }),
    ],
  );
  await page.goto('/payment/failure');
  await expect(page.getByRole('heading', { name: 'Betaling Mislukt' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Opnieuw proberen' })).toHaveAttribute(
    'href',
    `/boek/${event.slug}`,
  );
  await expect(page.getByRole('link', { name: 'Terug naar de startpagina' })).toHaveAttribute(
    'href',
    `/p/${profile.publicSlug}`,
  );
});

test('without a privacy statement the form shows no notice', async ({ page, baseURL }) => {
  const other = await ownerWithEvent(baseURL!, { prefix: 'zonder', title: 'Massage' });
  await page.goto(`/boek/${other.event.slug}`);
  await openDay(page, bookableDates(other.event, 1)[0]!);
  await freeTime(page, '10:00').click();
  await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeVisible();
  await expect(page.getByText('Wij gaan zorgvuldig om met uw gegevens.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /privacyverklaring/ })).toHaveCount(0);
});
