/**
 * The customer's booking page (/boek/{slug}) as the booking-rule journeys read it: the days the date
 * step offers month by month, the times of a day with their busy flags, the form and the confirm,
 * and screenshots of the time step at phone and desktop width. The owner's side goes through the API
 * (ownerWithRules).
 */
import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { formatDutchMonth } from '@core/index';
import { ownerWithEvent, publicViolations, testToday } from './helpers';

/** Where the journeys write their screenshots (BOOKING_SCREENSHOTS, like booking.spec.ts); unset: none. */
const SHOTS = process.env.BOOKING_SCREENSHOTS;

export const dayList = (page: Page) => page.getByRole('list', { name: 'Beschikbare dagen' });
export const timeList = (page: Page) => page.getByRole('list', { name: 'Beschikbare tijden' });
export const freeTime = (page: Page, time: string) =>
  timeList(page).getByRole('button', { name: time, exact: true });
export const busyTime = (page: Page, time: string) =>
  timeList(page).getByRole('button', { name: `${time} (Bezet)`, exact: true });
/** 'yyyy-MM' `n` months after `month`. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

const monthLabel = (page: Page) => page.locator('p[aria-live="polite"]');
const noDaysText = (page: Page) =>
  page.getByText(
    /^(In deze maand zijn geen dagen meer beschikbaar\.|Er zijn op dit moment geen beschikbare datums\.)/,
  );

/**
 * An owner (API context) with one service open every day 09:00–17:00 from today for `days` days,
 * 30 minutes, with `rules` (and any other event fields) set on top through PATCH /api/events/{id}.
 */
export async function ownerWithRules(
  baseURL: string,
  opts: { prefix: string; title: string; rules: Record<string, unknown> },
): Promise<{ api: APIRequestContext; event: EventDto }> {
  const { api, eventId } = await ownerWithEvent(baseURL, { prefix: opts.prefix, title: opts.title });
  const res = await api.patch(`/api/events/${eventId}`, { data: opts.rules });
  expect(res.status(), await res.text()).toBe(200);
  return { api, event: (await res.json()) as EventDto };
}

/** The month ('yyyy-MM') the date step shows, once its days (or its "no days" text) are on screen. */
export async function shownMonth(page: Page): Promise<string> {
  await expect(dayList(page).or(noDaysText(page))).toBeVisible();
  const label = ((await monthLabel(page).textContent()) ?? '').trim().toLowerCase();
  // Every month the page could show lies within three years of the suite's today.
  let month = `${Number(testToday().slice(0, 4)) - 1}-01`;
  for (let i = 0; i < 60; i++, month = addMonths(month, 1))
    if (formatDutchMonth(month).toLowerCase() === label) return month;
  throw new Error(`unknown month label ${JSON.stringify(label)}`);
}

/** The dates the date step offers in the month it shows. */
export async function offeredDatesShown(page: Page): Promise<string[]> {
  const month = await shownMonth(page);
  if (!(await dayList(page).isVisible())) return [];
  const dates = await dayList(page)
    .locator('[data-date]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-date')!));
  for (const d of dates) expect(d.slice(0, 7), `${d} listed under ${month}`).toBe(month);
  return dates;
}

const nextMonthButton = (page: Page) => page.getByRole('button', { name: 'Volgende maand' });
const previousMonthButton = (page: Page) => page.getByRole('button', { name: 'Vorige maand' });

/** Moves the date step one month on (or back) and waits for that month's days. */
export async function stepMonth(page: Page, delta: 1 | -1): Promise<string> {
  const before = await shownMonth(page);
  await (delta === 1 ? nextMonthButton(page) : previousMonthButton(page)).click();
  const target = addMonths(before, delta);
  await expect(monthLabel(page)).toHaveText(new RegExp(`^${formatDutchMonth(target)}$`, 'i'));
  expect(await shownMonth(page)).toBe(target);
  return target;
}

/** Whether the date step can move on another month (the last month has an aria-disabled button). */
export async function canStepForward(page: Page): Promise<boolean> {
  return (await nextMonthButton(page).getAttribute('aria-disabled')) !== 'true';
}

/**
 * Every date the page offers, month by month from the month it opens on to the last one it lets the
 * visitor reach (the service's last month, or the booking horizon's), with the offered dates per month. Leaves the page on the
 * last month.
 */
export async function allOfferedDates(page: Page): Promise<Map<string, string[]>> {
  const byMonth = new Map<string, string[]>();
  byMonth.set(await shownMonth(page), await offeredDatesShown(page));
  while (await canStepForward(page)) {
    const month = await stepMonth(page, 1);
    byMonth.set(month, await offeredDatesShown(page));
  }
  return byMonth;
}

/** Opens `date` on the date step, moving back or on a month at a time; throws when it is not offered. */
export async function openDay(page: Page, date: string) {
  for (let i = 0; i < 26; i++) {
    const month = await shownMonth(page);
    if (month === date.slice(0, 7)) {
      const day = dayList(page).locator(`[data-date="${date}"]`);
      if ((await day.count()) === 0) throw new Error(`${date} is not offered`);
      await day.click();
      await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeVisible();
      return;
    }
    await stepMonth(page, month < date.slice(0, 7) ? 1 : -1);
  }
  throw new Error(`${date} is out of reach`);
}

/** The times of the open day as the time step lists them, each with its busy flag. */
export async function slotStates(page: Page): Promise<Array<{ time: string; busy: boolean }>> {
  await expect(timeList(page)).toBeVisible();
  return timeList(page)
    .getByRole('button')
    .evaluateAll((els) =>
      els.map((e) => {
        const text = (e.textContent ?? '').trim();
        return {
          time: text.slice(0, 5),
          busy: (e as HTMLButtonElement).disabled && text.endsWith('(Bezet)'),
        };
      }),
    );
}

/** Picks `time`, fills name and e-mail and goes to the review. */
export async function toReview(page: Page, time: string, name: string) {
  await freeTime(page, time).click();
  await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeVisible();
  await page.getByLabel('Naam').fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(`${name.toLowerCase()}@example.nl`);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
}

/** Confirms on the review step and expects the success page. */
export async function confirmBooked(page: Page) {
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
}

/** A booking through the public API, as another customer on another device would make it. */
export async function bookByApi(
  api: APIRequestContext,
  eventId: string,
  date: string,
  time: string,
  name: string,
) {
  return api.post('/api/public/bookings', {
    data: {
      eventId,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: { Naam: name, 'E-mail': `${name.toLowerCase()}@example.nl` },
    },
  });
}

/** A full-page screenshot at the current width when BOOKING_SCREENSHOTS names a folder. */
export async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * The time step at phone (390 px) and desktop (1280 px) width: axe clean at both, and a full-page
 * screenshot of each when BOOKING_SCREENSHOTS names a folder. Leaves the page at 1280 px.
 */
export async function checkTimeStep(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expect(timeList(page)).toBeVisible();
    await shot(page, `${name}-time`);
    expect(await publicViolations(page), `axe at ${width} px`).toEqual([]);
  }
}
