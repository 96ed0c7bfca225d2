/**
 * Booking rules on the customer's page (issue 17), buffers and the slot grid: a 30-minute service
 * with 30 minutes to clean up after each booking, offered every 15 minutes. One booking at 10:00
 * blocks 10:00–11:00, so every start whose own 60 minutes would touch that range reads '(Bezet)'
 * (09:15 up to 10:45), 09:00 and 11:00 stay free, and 11:00 books through the page. The date is the
 * service's next one after the suite's today (TEST_TODAY), found by its rules.
 */
import type { APIRequestContext } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import {
  bookByApi,
  busyTime,
  checkTimeStep,
  confirmBooked,
  freeTime,
  openDay,
  ownerWithRules,
  slotStates,
  toReview,
} from './support/booking-page';
import { nextBookableDate, seriousViolations } from './support/helpers';
import { expect, test } from './support/test';

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** 09:00–17:00 every 15 minutes, for a 30-minute service: 09:00 … 16:30. */
const GRID = Array.from({ length: 31 }, (_, i) => hhmm(9 * 60 + i * 15));
/**
 * Busy by the buffer rule: a start t blocks [t, t + 30 + 30); it is busy when that meets a booked
 * range [b, b + 30 + 30).
 */
const busyBy = (booked: string[]) => (time: string) =>
  booked.some((b) => minutesOf(time) < minutesOf(b) + 60 && minutesOf(time) + 60 > minutesOf(b));

let api: APIRequestContext;
let event: EventDto;
let day = '';

test.beforeAll(async ({ baseURL }) => {
  ({ api, event } = await ownerWithRules(baseURL!, {
    prefix: 'buffers',
    title: 'Knippen met opruimtijd',
    rules: { bufferAfterMinutes: 30, slotIntervalMinutes: 15 },
  }));
  expect(event).toMatchObject({ durationMinutes: 30, bufferAfterMinutes: 30, slotIntervalMinutes: 15 });
  day = nextBookableDate(event);
  // Another customer took 10:00.
  const first = await bookByApi(api, event.id, day, '10:00', 'Bram');
  expect(first.status(), await first.text()).toBe(201);
});

test.afterAll(async () => {
  await api?.dispose();
});

test('a booking blocks its buffer after it; the grid steps by 15 minutes; 11:00 books through the page', async ({
  page,
}) => {
  await page.goto(`/boek/${event.slug}`);
  expect(await seriousViolations(page)).toEqual([]);
  await openDay(page, day);

  const states = await slotStates(page);
  expect(states.map((s) => s.time)).toEqual(GRID);
  const busy = busyBy(['10:00']);
  expect(states.filter((s) => s.busy).map((s) => s.time)).toEqual(GRID.filter(busy));
  expect(GRID.filter(busy)).toEqual(['09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45']);
  for (const time of ['10:00', '10:15', '10:30', '10:45']) await expect(busyTime(page, time)).toBeDisabled();
  await expect(freeTime(page, '09:00')).toBeEnabled();
  await expect(freeTime(page, '11:00')).toBeEnabled();
  await checkTimeStep(page, 'rules-buffers');

  await toReview(page, '11:00', 'Sanne');
  await confirmBooked(page);

  // The next visitor: 11:00 and its buffer are taken as well, 12:00 is the next free start.
  await page.goto(`/boek/${event.slug}`);
  await openDay(page, day);
  const after = await slotStates(page);
  const busyNow = busyBy(['10:00', '11:00']);
  expect(after.filter((s) => s.busy).map((s) => s.time)).toEqual(GRID.filter(busyNow));
  await expect(busyTime(page, '11:45')).toBeDisabled();
  await expect(freeTime(page, '12:00')).toBeEnabled();
  await checkTimeStep(page, 'rules-buffers-after');
});

test('the server refuses a start inside a buffer, and takes the first start after it', async () => {
  const other = nextBookableDate(event, { after: day });
  expect((await bookByApi(api, event.id, other, '14:00', 'Anna')).status()).toBe(201);
  // 14:30 itself is free of the booking, but not of its 30 minutes after.
  const inBuffer = await bookByApi(api, event.id, other, '14:30', 'Bram');
  expect(inBuffer.status()).toBe(409);
  expect(await inBuffer.json()).toMatchObject({
    message: 'Dit tijdstip is zojuist door iemand anders geboekt. Kies een ander tijdstip.',
  });
  // 13:15 would run its own buffer into 14:00.
  expect((await bookByApi(api, event.id, other, '13:15', 'Bram')).status()).toBe(409);
  expect((await bookByApi(api, event.id, other, '15:00', 'Bram')).status()).toBe(201);
  expect((await bookByApi(api, event.id, other, '13:00', 'Cas')).status()).toBe(201);
});
