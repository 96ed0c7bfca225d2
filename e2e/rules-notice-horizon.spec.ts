/**
 * Booking rules on the customer's page (issue 17), notice and horizon: a service that needs three
 * days' notice and books at most fourteen days ahead. The page offers exactly the dates those rules
 * leave (month by month, nothing past the horizon), the day the notice ends shows its early times
 * busy, a date inside the window books, and the server refuses the rest with the rule's message.
 * Every date comes from the suite's today and the rules, never from a fixed offset: run it on any day
 * with TEST_TODAY (e.g. 2026-11-29T12:10, a Sunday at noon, so the notice ends mid-day).
 */
import type { APIRequestContext } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { addDays, compareDates, formatShortDutchDate, todayInZone, weekdayKeyOf } from '@core/index';
import {
  allOfferedDates,
  bookByApi,
  busyTime,
  canStepForward,
  checkTimeStep,
  confirmBooked,
  dayList,
  freeTime,
  openDay,
  ownerWithRules,
  shot,
  slotStates,
  toReview,
} from './support/booking-page';
import { ownerInstant, seriousViolations, testNow, testToday } from './support/helpers';
import { expect, test } from './support/test';

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

const NOTICE_MINUTES = 3 * 24 * 60;
const HORIZON_DAYS = 14;
const RANGE_DAYS = 60; // ownerWithEvent's range: today and the 60 days after
/** Monday to Saturday 09:00–17:00; Sunday closed, so the dates follow the weekdays too. */
const workingDays = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: k !== '0', startTime: '09:00', endTime: '17:00' },
  ]),
);
const GRID = Array.from({ length: 16 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
/** A slot this close after the notice's end may turn busy while the test runs: its state is not asserted. */
const MARGIN_MS = 5 * 60_000;

let api: APIRequestContext;
let event: EventDto;

test.beforeAll(async ({ baseURL }) => {
  ({ api, event } = await ownerWithRules(baseURL!, {
    prefix: 'notice',
    title: 'Kleuren met advies',
    rules: { workingDays, minimumNoticeMinutes: NOTICE_MINUTES, bookingHorizonDays: HORIZON_DAYS },
  }));
  expect(event.minimumNoticeMinutes).toBe(NOTICE_MINUTES);
  expect(event.bookingHorizonDays).toBe(HORIZON_DAYS);
});

test.afterAll(async () => {
  await api?.dispose();
});

test('only dates between the notice and the horizon are offered; the notice day shows its early times busy; a date inside books', async ({
  page,
}) => {
  const today = testToday();
  const lastDate = addDays(today, HORIZON_DAYS);
  // The first instant a customer may book, as of now (later readings only move it on).
  const earliest = testNow().getTime() + NOTICE_MINUTES * 60_000;
  const noticeDay = todayInZone(new Date(earliest), 'Europe/Amsterdam');
  /** By the rules: 'busy' for sure, 'free' for the next minutes at least, or 'unsure' at the edge. */
  const slotRule = (date: string, time: string) => {
    const at = ownerInstant(date, time).getTime();
    if (at < earliest) return 'busy';
    return at >= earliest + MARGIN_MS ? 'free' : 'unsure';
  };
  const dayRule = (date: string) => {
    if (workingDays[weekdayKeyOf(date)]!.enabled === false) return 'closed';
    if (compareDates(date, lastDate) > 0) return 'closed';
    const slots = GRID.map((t) => slotRule(date, t));
    if (slots.includes('free')) return 'offered';
    return slots.includes('unsure') ? 'unsure' : 'closed';
  };
  const range = Array.from({ length: RANGE_DAYS + 1 }, (_, i) => addDays(today, i));
  const mustOffer = range.filter((d) => dayRule(d) === 'offered');
  const mustNotOffer = range.filter((d) => dayRule(d) === 'closed');
  expect(mustOffer.length).toBeGreaterThanOrEqual(8); // 11 or 12 days lie between notice and horizon

  await page.goto(`/boek/${event.slug}`);
  await expect(dayList(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Month by month to the service's last month: exactly the dates the rules leave.
  const byMonth = await allOfferedDates(page);
  const offered = [...byMonth.values()].flat();
  for (const d of mustOffer) expect(offered, `${d} is offered`).toContain(d);
  for (const d of mustNotOffer) expect(offered, `${d} is not offered`).not.toContain(d);
  for (const d of offered) {
    expect(compareDates(d, noticeDay), `${d} is not before the notice ends`).toBeGreaterThanOrEqual(0);
    expect(compareDates(d, lastDate), `${d} is not past the horizon`).toBeLessThanOrEqual(0);
  }
  // The calendar ends with the horizon's month although the service runs on: nothing later can be booked.
  expect([...byMonth.keys()].at(-1)).toBe(lastDate.slice(0, 7));
  expect(await canStepForward(page)).toBe(false);
  await shot(page, 'rules-horizon-last-month');
  expect(await seriousViolations(page)).toEqual([]);

  // The day the notice ends: the times before it are busy, the ones after it free.
  const firstDay = mustOffer[0]!;
  await openDay(page, firstDay);
  const states = await slotStates(page);
  expect(states.map((s) => s.time)).toEqual(GRID);
  for (const { time, busy } of states) {
    const rule = slotRule(firstDay, time);
    if (rule !== 'unsure') expect(busy, `${firstDay} ${time} is ${rule}`).toBe(rule === 'busy');
  }
  const early = states.find((s) => slotRule(firstDay, s.time) === 'busy');
  if (early) await expect(busyTime(page, early.time)).toBeDisabled();
  await checkTimeStep(page, 'rules-notice');

  // The last date inside the horizon books like any other.
  await page.getByRole('button', { name: 'Terug' }).click();
  const last = mustOffer[mustOffer.length - 1]!;
  expect(compareDates(last, lastDate)).toBeLessThanOrEqual(0);
  expect(compareDates(last, addDays(lastDate, -1))).toBeGreaterThanOrEqual(0); // Sunday closed: one of the last two
  await openDay(page, last);
  await checkTimeStep(page, 'rules-horizon');
  await expect(freeTime(page, '10:00')).toBeEnabled();
  await toReview(page, '10:00', 'Sanne');
  await confirmBooked(page);
});

test('the server refuses a time inside the notice and a date past the horizon with the rule', async () => {
  const today = testToday();
  const open = (d: string) => workingDays[weekdayKeyOf(d)]!.enabled;
  // Tomorrow or the day after (whichever is open) at 16:30: in the future, but within three days.
  const soon = [addDays(today, 1), addDays(today, 2)].find(open)!;
  const notice = await bookByApi(api, event.id, soon, '16:30', 'Bram');
  expect(notice.status()).toBe(400);
  expect(await notice.json()).toMatchObject({ message: 'Boeken kan tot 3 dagen van tevoren.' });

  const lastDate = addDays(today, HORIZON_DAYS);
  const beyond = [addDays(lastDate, 1), addDays(lastDate, 2)].find(open)!;
  const horizon = await bookByApi(api, event.id, beyond, '12:00', 'Bram');
  expect(horizon.status()).toBe(400);
  expect(await horizon.json()).toMatchObject({
    message: `Boeken kan tot en met ${formatShortDutchDate(lastDate)}. Kies een eerdere datum.`,
  });
});
