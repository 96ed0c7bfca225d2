/**
 * The specs, the server and the browser agree on what day it is: the real one, or TEST_TODAY's
 * (src/server/test/test-today.ts). `npm run test:calendar` relies on it to run the suite on other days.
 */
import type { EventDto } from '@contracts/events';
import { daysFromToday, everyDay, nextBookableDate, ownerWithEvent, testToday } from './support/helpers';
import { expect, test } from './support/test';

test('the page, the server and the specs see the same today', async ({ page, baseURL }) => {
  const { api } = await ownerWithEvent(baseURL!, { prefix: 'vandaag', title: 'Vandaag' });
  // Open from yesterday to tomorrow: the server offers no day before its today, and tomorrow.
  const res = await api.post('/api/events', {
    data: {
      title: 'Rond vandaag',
      workingDays: everyDay,
      dateRangeType: 'range',
      dateRangeStart: daysFromToday(-1),
      dateRangeEnd: daysFromToday(1),
      durationMinutes: 30,
      dailyPauseTimes: {},
      customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const event = (await res.json()) as EventDto;
  const { id, slug } = event;
  // The event's first day after today by its own rules (the last day of its range).
  const next = nextBookableDate(event);
  const offered: string[] = [];
  for (const month of new Set([daysFromToday(-1), next].map((d) => d.slice(0, 7)))) {
    const availability = await api.get(`/api/public/events/${id}/availability?month=${month}`);
    const body = (await availability.json()) as { days: Array<{ date: string; slots: unknown[] }> };
    offered.push(...body.days.filter((d) => d.slots.length > 0).map((d) => d.date));
  }
  expect(offered).not.toContain(daysFromToday(-1));
  expect(offered).toContain(next);

  // The booking page computes its months from the browser's today.
  await page.goto(`/boek/${slug}`);
  const pageToday = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date()),
  );
  expect(pageToday).toBe(testToday());
  // Its first day: today, or tomorrow once today's last slot has passed.
  const first = page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button').first();
  await expect(first).toBeVisible();
  expect([testToday(), next]).toContain(await first.getAttribute('data-date'));
  await api.dispose();
});
