/**
 * Booking rules on the customer's page (issue 17), the daily limit: a service that takes one booking
 * a day. A customer has the page open on the review step when someone else books that day; confirming
 * then answers 'Deze dag is vol.', the wizard goes back to the times, every one of them busy, and the
 * day is no longer offered. The dates are the service's next ones after the suite's today
 * (TEST_TODAY), found by its rules.
 */
import type { APIRequestContext } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import {
  bookByApi,
  checkTimeStep,
  dayList,
  offeredDatesShown,
  openDay,
  ownerWithRules,
  slotStates,
  timeList,
  toReview,
} from './support/booking-page';
import { bookableDates, seriousViolations } from './support/helpers';
import { expect, test } from './support/test';

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

let api: APIRequestContext;
let event: EventDto;
let day = '';
let nextDay = '';

test.beforeAll(async ({ baseURL }) => {
  ({ api, event } = await ownerWithRules(baseURL!, {
    prefix: 'daglimiet',
    title: 'Intake',
    rules: { maxBookingsPerDay: 1 },
  }));
  expect(event.maxBookingsPerDay).toBe(1);
  [day, nextDay] = bookableDates(event, 2) as [string, string];
});

test.afterAll(async () => {
  await api?.dispose();
});

test('the day fills while the customer reviews: "Deze dag is vol.", every time busy, the day no longer offered', async ({
  page,
}) => {
  await page.goto(`/boek/${event.slug}`);
  expect(await seriousViolations(page)).toEqual([]);
  await openDay(page, day);
  expect((await slotStates(page)).every((s) => !s.busy)).toBe(true);
  await toReview(page, '10:00', 'Sanne');

  // Meanwhile another customer takes a different time that day: the day's one place.
  const other = await bookByApi(api, event.id, day, '14:00', 'Bram');
  expect(other.status(), await other.text()).toBe(201);

  await page.getByRole('button', { name: 'Bevestigen' }).click();
  // The server's reason, on the time step the wizard went back to (its alert, or a toast).
  await expect(page.getByText('Deze dag is vol.', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toHaveCount(0);
  // The times come back from the server again: all of them busy now.
  await expect(timeList(page).getByRole('button', { disabled: false })).toHaveCount(0);
  const states = await slotStates(page);
  expect(states.length).toBeGreaterThan(0);
  expect(states.filter((s) => !s.busy)).toEqual([]);
  await checkTimeStep(page, 'rules-day-limit');

  // Back on the date step the full day is gone; the next one is still there.
  await page.getByRole('button', { name: 'Terug' }).click();
  await expect(dayList(page)).toBeVisible();
  if (day.slice(0, 7) === nextDay.slice(0, 7)) {
    const offered = await offeredDatesShown(page);
    expect(offered).not.toContain(day);
    expect(offered).toContain(nextDay);
  } else {
    expect(await offeredDatesShown(page)).not.toContain(day);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await openDay(page, nextDay);
  expect((await slotStates(page)).every((s) => !s.busy)).toBe(true);
});

test('the server takes one booking a day and refuses the next with "Deze dag is vol."', async () => {
  const full = await bookByApi(api, event.id, day, '16:00', 'Cas');
  expect(full.status()).toBe(409);
  expect(await full.json()).toMatchObject({ message: 'Deze dag is vol.' });
  expect((await bookByApi(api, event.id, nextDay, '09:00', 'Cas')).status()).toBe(201);
  const second = await bookByApi(api, event.id, nextDay, '16:00', 'Dirk');
  expect(second.status()).toBe(409);
  expect(await second.json()).toMatchObject({ message: 'Deze dag is vol.' });
});
