/**
 * Booking rules on the customer's page (issue 17), closures, holidays and date overrides: the owner
 * closes two days ('Teamuitje') and the first Dutch public holiday the service runs on through
 * /api/closures, gives one date other hours and closes another one for this service alone. The page
 * does not offer the closed days, shows the override's hours, and the server refuses a booking on a
 * closed day with its label. Every date is the service's own (Monday to Saturday, from the suite's
 * today: TEST_TODAY), never a fixed offset.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { ClosureDto, HolidayDto } from '@contracts/closures';
import type { EventDto } from '@contracts/events';
import { compareDates } from '@core/index';
import {
  bookByApi,
  checkTimeStep,
  dayList,
  offeredDatesShown,
  openDay,
  ownerWithRules,
  shownMonth,
  slotStates,
  stepMonth,
} from './support/booking-page';
import { bookableDates, daysFromToday, seriousViolations, testToday } from './support/helpers';
import { expect, test } from './support/test';

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

/** Monday to Saturday 09:00–17:00. */
const workingDays = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: k !== '0', startTime: '09:00', endTime: '17:00' },
  ]),
);
// Long enough to hold a holiday on a working day from any today: the longest wait, Tweede
// Pinksterdag to Eerste Kerstdag, is about 200 days.
const RANGE_DAYS = 370;

let api: APIRequestContext;
let event: EventDto;
let open = ''; // a day that stays open, for contrast
let closed: string[] = []; // 'Teamuitje'
let holiday: HolidayDto;
let otherHours = '';
let overrideClosed = '';

test.beforeAll(async ({ baseURL }) => {
  ({ api, event } = await ownerWithRules(baseURL!, {
    prefix: 'closures',
    title: 'Pedicure',
    rules: { workingDays, dateRangeEnd: daysFromToday(RANGE_DAYS) },
  }));
  const dates = bookableDates(event, 300);
  const year = Number(testToday().slice(0, 4));
  const holidays: HolidayDto[] = [];
  for (const y of [year, year + 1]) {
    const res = await api.get(`/api/closures/holidays?year=${y}`);
    expect(res.status()).toBe(200);
    holidays.push(...((await res.json()) as HolidayDto[]));
  }
  const holidayDates = new Set(holidays.map((h) => h.date));
  // The first holiday on a day the service runs (Eerste Paasdag, a Sunday, never is).
  holiday = holidays.find((h) => dates.includes(h.date))!;
  expect(holiday, 'a holiday on a working day within the range').toBeTruthy();
  // The service's next five dates that are no holiday: one stays open, one gets other hours, one
  // is closed by an override, and the two after it by a closure.
  const plain = dates.filter((d) => !holidayDates.has(d));
  [open, otherHours, overrideClosed] = plain as [string, string, string];
  closed = plain.slice(3, 5);

  for (const body of [
    { startDate: closed[0], endDate: closed[1], label: 'Teamuitje' },
    { startDate: holiday.date, endDate: holiday.date, label: holiday.name },
  ]) {
    const res = await api.post('/api/closures', { data: body });
    expect(res.status(), await res.text()).toBe(201);
    expect((await res.json()) as ClosureDto).toMatchObject({ ...body, agendaId: null });
  }
  const patched = await api.patch(`/api/events/${event.id}`, {
    data: {
      dateOverrides: [
        { date: otherHours, startTime: '13:00', endTime: '15:00' },
        { date: overrideClosed, closed: true },
      ],
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
});

/** The dates the page offers in `month`, moving there a month at a time. */
async function offeredIn(page: Page, month: string): Promise<string[]> {
  for (let i = 0; i < 26; i++) {
    const shown = await shownMonth(page);
    if (shown === month) return offeredDatesShown(page);
    await stepMonth(page, shown < month ? 1 : -1);
  }
  throw new Error(`${month} is out of reach`);
}

test('closed days and the holiday are not offered; a date override shows its own hours', async ({ page }) => {
  await page.goto(`/boek/${event.slug}`);
  await expect(dayList(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const shouldBe = new Map<string, boolean>([
    [open, true],
    [otherHours, true],
    [overrideClosed, false],
    ...closed.map((d): [string, boolean] => [d, false]),
    [holiday.date, false],
  ]);
  const months = [...new Set([...shouldBe.keys()].map((d) => d.slice(0, 7)))].sort();
  for (const month of months) {
    const offered = await offeredIn(page, month);
    for (const [date, expected] of shouldBe) {
      if (date.startsWith(month)) expect(offered.includes(date), `${date} offered`).toBe(expected);
    }
    // Every other working day of the month within the range stays offered.
    const others = bookableDates(event, 300).filter(
      (d) => d.startsWith(month) && !shouldBe.has(d) && compareDates(d, testToday()) > 0,
    );
    for (const d of others) expect(offered, `${d} offered`).toContain(d);
  }
  expect(await seriousViolations(page)).toEqual([]);

  // The date with other hours: 13:00–15:00 instead of 09:00–17:00.
  await openDay(page, otherHours);
  const states = await slotStates(page);
  expect(states).toEqual(['13:00', '13:30', '14:00', '14:30'].map((time) => ({ time, busy: false })));
  await checkTimeStep(page, 'rules-closures-override');
});

test('the server refuses a booking on a closed day with its label, and keeps to the override', async () => {
  for (const [date, label] of [
    [closed[0]!, 'Teamuitje'],
    [closed[1]!, 'Teamuitje'],
    [holiday.date, holiday.name],
  ] as const) {
    const res = await bookByApi(api, event.id, date, '10:00', 'Bram');
    expect(res.status(), date).toBe(400);
    expect(await res.json()).toMatchObject({ message: `Op deze dag is ${label}: we zijn gesloten.` });
  }
  // The override: 10:00 is not one of its times, 13:30 is; its closed date offers nothing.
  const outside = await bookByApi(api, event.id, otherHours, '10:00', 'Bram');
  expect(outside.status()).toBe(400);
  expect(await outside.json()).toMatchObject({
    message: 'Dit tijdstip is niet beschikbaar voor dit evenement.',
  });
  expect((await bookByApi(api, event.id, overrideClosed, '10:00', 'Bram')).status()).toBe(400);
  expect((await bookByApi(api, event.id, otherHours, '13:30', 'Bram')).status()).toBe(201);
  expect((await bookByApi(api, event.id, open, '10:00', 'Bram')).status()).toBe(201);
});
