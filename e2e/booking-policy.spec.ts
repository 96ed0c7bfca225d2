/**
 * Issue 17, cut-off with policy checkbox: an owner's service with a cancellation policy and a cancel
 * cut-off. The customer cannot confirm without ticking the policy (the message shows at the box and
 * nothing is sent), can with it; the manage page shows the policy and 'Annuleren kan tot …'. A second
 * booking whose cut-off has already passed (the appointment still ahead) has its buttons disabled
 * with the closed text, and when the page's clock still thinks it is open, the server's refusal shows.
 */
import { mkdirSync } from 'node:fs';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { formatDutchDeadline } from '@core/index';
import { expect, test } from './support/test';
import {
  bookableDates,
  daysFromToday,
  everyDay,
  nextBookableDate,
  publicViolations,
  testNow,
  toast,
  upcomingRange,
} from './support/helpers';
import { ownerInstant } from '../src/server/test/test-today';

const SHOTS = '/tmp/h/shots';
const TITLE = 'Kleuren & knippen';
const POLICY = 'Annuleren is kosteloos tot 3 dagen van tevoren.\nDaarna rekenen wij 50% van de prijs.';
const CUTOFF_HOURS = 72;
const ZONE = 'Europe/Amsterdam';

test.use({ reducedMotion: 'reduce' });

let api: APIRequestContext;
let event: EventDto;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/policy-${name}.png`, fullPage: true, animations: 'disabled' });
}

const deadlineOf = (date: string, time: string) =>
  formatDutchDeadline(new Date(ownerInstant(date, time).getTime() - CUTOFF_HOURS * 3600_000), ZONE);

/** Picks `date` on the date step, moving on a month when it is not shown yet. */
async function pickDate(page: Page, date: string) {
  const day = page.locator(`[data-date="${date}"]`);
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) {
    await expect(page.getByRole('list', { name: 'Beschikbare dagen' })).toBeVisible();
    if (await day.isVisible()) break;
    await page.getByRole('button', { name: 'Volgende maand' }).click();
    await page.waitForTimeout(300);
  }
  await day.click();
}

/** The customer's booking through the API (with the policy accepted), as the wizard sends it. */
async function bookByApi(date: string, time: string, name: string) {
  const res = await api.post('/api/public/bookings', {
    data: {
      eventId: event.id,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: { Naam: name, 'E-mail': 'klant@example.nl' },
      acceptedPolicy: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { managementUrl: string };
}

test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const reg = await api.post('/api/register', {
    data: { username: `beleid${Date.now()}`, password: 'geheim123', email: 'lotte@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const profile = await api.patch('/api/business-profile', {
    data: { address: 'Dorpsstraat 1\n1234 AB Utrecht', phone: '020 123 4567' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const res = await api.post('/api/events', {
    data: {
      title: TITLE,
      description: 'Kleuren, knippen en föhnen.',
      workingDays: everyDay,
      ...upcomingRange(60),
      durationMinutes: 30,
      dailyPauseTimes: {},
      themeColor: '#7C3AED',
      policyText: POLICY,
      cancelCutoffHours: CUTOFF_HOURS,
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  event = (await res.json()) as EventDto;
  expect(event).toMatchObject({ policyText: POLICY, cancelCutoffHours: CUTOFF_HOURS });
});

test.afterAll(async () => {
  await api?.dispose();
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('the policy must be accepted to book; the manage page shows it with the cut-off', async ({
      page,
    }) => {
      // A day whose cut-off (72 hours before) still lies ahead at any time of day: four days on at least.
      const date = bookableDates(event, 1, { after: daysFromToday(width === 390 ? 4 : 5) })[0]!;
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/public/bookings')) posts.push(r.postData() ?? '');
      });

      await page.goto(`/boek/${event.slug}`);
      await pickDate(page, date);
      const time = (await page
        .getByRole('list', { name: 'Beschikbare tijden' })
        .getByRole('button', { disabled: false })
        .first()
        .textContent())!.trim();
      await page.getByRole('button', { name: time, exact: true }).click();
      await page.getByLabel('Naam').fill('Sanne de Vries');
      await page.getByLabel('E-mail', { exact: true }).fill('sanne@example.nl');
      await page.getByRole('button', { name: 'Volgende' }).click();

      // Review: the policy as plain text with its line break, and the unticked box.
      await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeFocused();
      const policy = page.getByRole('region', { name: 'Annuleringsvoorwaarden' });
      await expect(policy).toContainText('Annuleren is kosteloos tot 3 dagen van tevoren.');
      expect(await policy.locator('p').first().innerText()).toBe(POLICY);
      const box = page.getByRole('checkbox', { name: 'Ik ga akkoord met de annuleringsvoorwaarden' });
      await expect(box).not.toBeChecked();

      // Confirming without the tick: the message at the box, focus on it, nothing sent.
      await page.getByRole('button', { name: 'Bevestigen' }).click();
      await expect(box).toBeFocused();
      await expect(box).toHaveAccessibleDescription('Ga akkoord met de annuleringsvoorwaarden om te boeken.');
      await expect(page.getByText('Ga akkoord met de annuleringsvoorwaarden om te boeken.')).toBeVisible();
      expect(posts).toEqual([]);
      await shot(page, `${width}-review-refused`);
      expect(await publicViolations(page)).toEqual([]);

      // With the tick (by keyboard) the message goes and the booking is made with acceptedPolicy.
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
      await expect(page.getByText('Ga akkoord met de annuleringsvoorwaarden om te boeken.')).toHaveCount(0);
      await shot(page, `${width}-review-accepted`);
      await page.getByRole('button', { name: 'Bevestigen' }).click();
      await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
      expect(posts).toHaveLength(1);
      expect(JSON.parse(posts[0]!)).toMatchObject({
        acceptedPolicy: true,
        bookingDate: date,
        bookingTime: time,
      });

      // The manage page: the policy, until when cancelling is possible, both buttons usable.
      const manageUrl = (await page.getByRole('link', { name: 'Afspraak beheren' }).getAttribute('href'))!;
      await page.goto(manageUrl);
      await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
      const managePolicy = page.getByRole('region', { name: 'Annuleringsvoorwaarden' });
      expect(await managePolicy.locator('p').first().innerText()).toBe(POLICY);
      const until = `Annuleren kan tot ${deadlineOf(date, time)}`;
      await expect(managePolicy.getByText(until, { exact: true })).toBeVisible();
      // No reschedule cut-off on this service: no line for it.
      await expect(page.getByText(/Wijzigen (kan|via deze link kon) tot/)).toHaveCount(0);
      const cancel = page.getByRole('button', { name: 'Annuleer afspraak' });
      await expect(cancel).toBeEnabled();
      await expect(cancel).toHaveAccessibleDescription(until);
      await expect(page.getByRole('button', { name: 'Wijzig datum/tijd' })).toBeEnabled();
      await shot(page, `${width}-manage-open`);
      expect(await publicViolations(page)).toEqual([]);
    });

    test('booked inside the cut-off: the review step says so before booking, the manage page how to reach the business', async ({
      page,
    }) => {
      // The next bookable day is less than 72 hours ahead at any time of day: inside the cut-off.
      const date = nextBookableDate(event);
      await page.goto(`/boek/${event.slug}`);
      await pickDate(page, date);
      await page
        .getByRole('list', { name: 'Beschikbare tijden' })
        .getByRole('button', { disabled: false })
        // The morning: the afternoon's 16:00 and 16:30 are the next test's.
        .nth(width === 390 ? 0 : 1)
        .click();
      await page.getByLabel('Naam').fill(`Laat ${width}`);
      await page.getByLabel('E-mail', { exact: true }).fill('laat@example.nl');
      await page.getByRole('button', { name: 'Volgende' }).click();
      await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeFocused();
      await expect(page.getByTestId('changes-closed-ahead')).toHaveText(
        'Let op: deze afspraak valt binnen de termijn voor annuleren. Na het boeken kunt u haar niet meer online annuleren; neem daarvoor contact op met de zaak.',
      );
      await shot(page, `review-closed-${width}`);
      expect(await publicViolations(page)).toEqual([]);
      await page.getByRole('checkbox', { name: 'Ik ga akkoord met de annuleringsvoorwaarden' }).check();
      await page.getByRole('button', { name: 'Bevestigen' }).click();
      await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();

      const manageUrl = (await page.getByRole('link', { name: 'Afspraak beheren' }).getAttribute('href'))!;
      await page.goto(manageUrl);
      await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Annuleer afspraak' })).toBeDisabled();
      const contact = page.getByRole('region', { name: 'Contact' });
      await expect(contact).toContainText('Annuleren kan niet meer online.');
      await expect(contact.getByRole('link', { name: '020 1234567' })).toBeVisible();
      await expect(contact.getByRole('link', { name: 'lotte@example.nl' })).toBeVisible();
      await shot(page, `manage-closed-${width}`);
      expect(await publicViolations(page)).toEqual([]);
    });

    test('after the cut-off the manage page disables the buttons and says until when it could', async ({
      page,
      browser,
    }) => {
      // The next bookable day at 16:30: still ahead, but less than 72 hours away, so its cut-off is past.
      const date = nextBookableDate(event);
      const time = width === 390 ? '16:30' : '16:00';
      const startsAt = ownerInstant(date, time).getTime();
      const now = testNow().getTime();
      expect(startsAt).toBeGreaterThan(now + 30 * 60_000);
      expect(startsAt - CUTOFF_HOURS * 3600_000).toBeLessThan(now);
      const { managementUrl } = await bookByApi(date, time, `Piet ${width}`);

      await page.goto(managementUrl);
      await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
      const closed = `Annuleren via deze link kon tot ${deadlineOf(date, time)}`;
      await expect(page.getByText(closed, { exact: true })).toBeVisible();
      const cancel = page.getByRole('button', { name: 'Annuleer afspraak' });
      await expect(cancel).toBeDisabled();
      await expect(cancel).toHaveAccessibleDescription(closed);
      // Rescheduling has no cut-off on this service: it stays possible.
      await expect(page.getByRole('button', { name: 'Wijzig datum/tijd' })).toBeEnabled();
      // How to reach the business instead: its phone, the owner's e-mail and the address.
      const contact = page.getByRole('region', { name: 'Contact' });
      await expect(contact).toContainText(
        'Annuleren kan niet meer online. Neem daarvoor contact met ons op:',
      );
      await expect(contact.getByRole('link', { name: '020 1234567' })).toHaveAttribute(
        'href',
        'tel:+31201234567',
      );
      await expect(contact.getByRole('link', { name: 'lotte@example.nl' })).toHaveAttribute(
        'href',
        'mailto:lotte@example.nl',
      );
      await expect(contact).toContainText('Dorpsstraat 1');
      await shot(page, `${width}-manage-closed`);
      expect(await publicViolations(page)).toEqual([]);

      // A browser whose clock is behind still offers the cancel; the server refuses with until when.
      const behind = await browser.newContext({ viewport: { width, height: 860 }, reducedMotion: 'reduce' });
      try {
        await behind.clock.install({ time: new Date(startsAt - (CUTOFF_HOURS + 1) * 3600_000) });
        const late = await behind.newPage();
        await late.goto(managementUrl);
        await expect(
          late.getByText(`Annuleren kan tot ${deadlineOf(date, time)}`, { exact: true }),
        ).toBeVisible();
        await late.getByRole('button', { name: 'Annuleer afspraak' }).click();
        await late.getByRole('alertdialog').getByRole('button', { name: 'Ja, annuleer afspraak' }).click();
        await expect(toast(late, 'Fout')).toBeVisible();
        await expect(late.getByText(`${closed}. Neem contact met ons op.`, { exact: true })).toBeVisible();
        // The page follows the server: the cancel closes with the same text as on time.
        await expect(late.getByText(closed, { exact: true })).toBeVisible();
        await expect(late.getByRole('button', { name: 'Annuleer afspraak' })).toBeDisabled();
        await shot(late, `${width}-manage-refused`);
      } finally {
        await behind.close();
      }
      // Still booked.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
    });
  });
}

test.describe('a slot refused on confirming', () => {
  test.use({ viewport: { width: 1280, height: 860 } });

  test('goes back to the times with the server’s reason in view', async ({ page }) => {
    const date = bookableDates(event, 1, { after: daysFromToday(6) })[0]!;
    await page.goto(`/boek/${event.slug}`);
    await pickDate(page, date);
    await page
      .getByRole('list', { name: 'Beschikbare tijden' })
      .getByRole('button', { disabled: false })
      .first()
      .click();
    await page.getByLabel('Naam').fill('Joost Bakker');
    await page.getByLabel('E-mail', { exact: true }).fill('joost@example.nl');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.getByRole('checkbox', { name: 'Ik ga akkoord met de annuleringsvoorwaarden' }).check();

    // Meanwhile the owner closes that day.
    const closure = await api.post('/api/closures', {
      data: { startDate: date, endDate: date, label: 'Studiedag' },
    });
    expect(closure.status(), await closure.text()).toBe(201);

    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
    // Shown above the times, and said by the page's polite live region.
    await expect(page.locator('p', { hasText: 'Op deze dag is Studiedag: we zijn gesloten.' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Op deze dag is Studiedag: we zijn gesloten.' }),
    ).toHaveAttribute('aria-live', 'polite');
    // The refreshed times: none left that day.
    await expect(page.getByText('Op deze dag zijn geen tijden beschikbaar.')).toBeVisible();
    await shot(page, '1280-time-refused');
    expect(await publicViolations(page)).toEqual([]);

    // Another day: the reason goes.
    await page.getByRole('button', { name: 'Terug' }).click();
    await expect(page.locator(`[data-date="${date}"]`)).toHaveCount(0);
    await page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeVisible();
    await expect(page.getByText('Op deze dag is Studiedag: we zijn gesloten.')).toHaveCount(0);
  });
});
