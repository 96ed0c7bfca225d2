/**
 * A customer's appointment series (docs/PRODUCT.md#series) end to end. The owner ticks '4 keer' and
 * '8 keer' under 'Reeksen voor klanten' on the Basis tab (a number outside 2–52 shows the server's
 * rule at the field). A customer on a phone books 'Elke week, 4 keer': the review lists all four
 * dates before confirming, the success page every date booked. A second customer's series whose
 * third date another customer took is refused whole, naming that date, and books at another time.
 * The owner moves the first customer's second occurrence (its own mail carries its manage link);
 * there 'Deze en alle volgende' cancels it and the later two, leaving only the first. The first day
 * is the service's first bookable one after the suite's today, found by its rules.
 */
import type { Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { addDays, formatLongDutchDate } from '@core/index';
import { startSmtp, type TestSmtp } from '../src/server/test/smtp';
import { bookByApi, freeTime, openDay, shot, toReview } from './support/booking-page';
import {
  bookableDates,
  everyDayService,
  publicViolations,
  seriousViolations,
  toast,
} from './support/helpers';
import { expect, test } from './support/test';

test.use({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });

let smtp: TestSmtp;

test.beforeAll(async () => {
  smtp = await startSmtp();
});

test.afterAll(async () => {
  await smtp?.stop();
});

async function atBothWidths(page: Page, name: string, owner = false) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await shot(page, name);
    expect(
      owner ? await seriousViolations(page) : await publicViolations(page),
      `axe at ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

const dateLine = (date: string, time: string) => `${formatLongDutchDate(date)} om ${time}`;

test('an owner offers weekly series; customers book one, are refused one whole, and cancel the rest of one', async ({
  page,
}) => {
  // One long journey: the owner's form, three bookings, a mail and the manage page.
  test.setTimeout(180_000);
  // The owner, signed in in this page, with a service open every day and mail through a test server.
  const username = `reeks${Date.now()}`;
  const reg = await page.request.post('/api/register', {
    data: { username, password: 'geheim123', email: 'lotte@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const created = await page.request.post('/api/events', { data: everyDayService('Fysiotherapie') });
  expect(created.status(), await created.text()).toBe(201);
  const { id: eventId } = (await created.json()) as EventDto;
  const mail = await page.request.post('/api/email-settings', {
    data: {
      provider: 'smtp',
      fromName: 'Praktijk Lotte',
      smtp: { host: '127.0.0.1', port: smtp.port, secure: false },
    },
  });
  expect(mail.status(), await mail.text()).toBeLessThan(300);

  // Basis tab: '4 keer' and '8 keer'; 60 is refused at the field with the server's rule.
  await page.goto(`/events/${eventId}/edit`);
  const series = page.getByRole('group', { name: 'Reeksen voor klanten' });
  await expect(series).toBeVisible();
  await series.getByRole('checkbox', { name: '4 keer' }).check();
  await series.getByRole('checkbox', { name: '8 keer' }).check();
  await series.getByLabel('Ander aantal keren').fill('60');
  await series.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(series.getByRole('checkbox', { name: '60 keer' })).toBeChecked();
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(series.getByText('Kies tot 6 verschillende aantallen van 2 tot 52 keer.')).toBeVisible();
  await series.getByRole('checkbox', { name: '60 keer' }).uncheck();
  await series.scrollIntoViewIfNeeded();
  await atBothWidths(page, 'series-event-form', true);
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(toast(page, 'Evenement bijgewerkt')).toBeVisible();
  const event = (await (await page.request.get(`/api/events/${eventId}`)).json()) as EventDto;
  expect(event.seriesOptions).toEqual([4, 8]);

  const [day] = bookableDates(event, 1) as [string];
  const dates = [0, 7, 14, 21].map((n) => addDays(day, n));

  // A customer books 'Elke week, 4 keer': every date is listed before confirming.
  await page.goto(`/boek/${event.slug}`);
  await openDay(page, day);
  await toReview(page, '10:00', 'Anna');
  await expect(page.getByRole('group', { name: 'Hoe vaak?' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Eenmalig' })).toBeChecked();
  await page.getByRole('radio', { name: 'Elke week, 4 keer' }).check();
  const planned = page.getByTestId('series-dates');
  await expect(planned.getByRole('heading', { name: 'Deze afspraken worden geboekt' })).toBeVisible();
  await expect(planned.getByRole('listitem')).toHaveText(
    dates.map((d) => new RegExp(dateLine(d, '10:00'), 'i')),
  );
  await atBothWidths(page, 'series-review');
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/public/bookings') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(201);
  const sent = answer.request().postDataJSON() as { series?: unknown };
  expect(sent.series).toEqual({ every: '1w', count: 4 });
  const booked = (await answer.json()) as { series: { id: string; bookingDate: string }[] };
  expect(booked.series.map((b) => b.bookingDate)).toEqual(dates);
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  const done = page.getByTestId('series-dates');
  await expect(done.getByRole('heading', { name: 'Deze afspraken zijn geboekt' })).toBeVisible();
  await expect(done.getByRole('listitem')).toHaveText(
    dates.map((d) => new RegExp(dateLine(d, '10:00'), 'i')),
  );
  await atBothWidths(page, 'series-success');

  // A second customer's series at 11:00 is refused whole: its third date is taken already.
  const taken = await bookByApi(page.request, event.id, dates[2]!, '11:00', 'Cas');
  expect(taken.status(), await taken.text()).toBe(201);
  await page.goto(`/boek/${event.slug}`);
  await openDay(page, day);
  await toReview(page, '11:00', 'Bram');
  await page.getByRole('radio', { name: 'Elke week, 4 keer' }).check();
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  const refusal = `Deze reeks kan niet worden geboekt: op ${formatLongDutchDate(dates[2]!)} om 11:00 is het niet vrij. Kies een ander tijdstip of minder keren.`;
  await expect(page.getByRole('region', { name: 'Kies een tijd' }).getByText(refusal)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeVisible();
  await atBothWidths(page, 'series-refused');
  const bram = (await (await page.request.get('/api/bookings?q=Bram')).json()) as unknown[];
  expect(bram).toHaveLength(0);
  // Another time: the answers and the choice of 4 times are kept, and that series is free.
  await freeTime(page, '11:30').click();
  await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('radio', { name: 'Elke week, 4 keer' })).toBeChecked();
  await expect(page.getByTestId('series-dates').getByRole('listitem')).toHaveCount(4);
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  await expect(page.getByTestId('series-dates').getByRole('listitem')).toHaveText(
    dates.map((d) => new RegExp(dateLine(d, '11:30'), 'i')),
  );

  // The owner moves Anna's second date half an hour: its own mail brings that occurrence's link.
  const second = booked.series[1]!.id;
  const moved = await page.request.patch(`/api/bookings/${second}`, {
    data: { bookingDate: dates[1], bookingTime: '10:30' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const { seriesId } = (await moved.json()) as { seriesId: string };
  await expect
    .poll(
      () =>
        smtp.received.find(
          (m) => m.envelope.to.includes('anna@example.nl') && /^Gewijzigd/.test(m.mail.subject ?? ''),
        ),
      {
        timeout: 15_000,
      },
    )
    .toBeDefined();
  const changed = smtp.received.find(
    (m) => m.envelope.to.includes('anna@example.nl') && /^Gewijzigd/.test(m.mail.subject ?? ''),
  )!;
  const href = /href="([^"]*\/booking\/manage\/[^"]+)"/.exec(changed.mail.html || '')?.[1];
  expect(href, 'the manage link').toBeTruthy();

  await page.goto(new URL(href!).pathname);
  await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
  const scope = page.getByRole('group', { name: 'Welke afspraken?' });
  await expect(scope.getByRole('radio', { name: 'Alleen deze afspraak' })).toBeChecked();
  await scope.getByRole('radio', { name: 'Deze en alle volgende' }).check();
  await atBothWidths(page, 'series-manage');
  await page.getByRole('button', { name: 'Annuleer afspraak' }).click();
  const cancelled = page.waitForResponse(
    (r) => r.url().includes('/api/public/bookings/manage/') && r.request().method() === 'DELETE',
  );
  await page.getByRole('button', { name: 'Ja, annuleer afspraak' }).click();
  const cancelAnswer = await cancelled;
  expect(cancelAnswer.url()).toContain('?scope=following');
  expect(cancelAnswer.status(), await cancelAnswer.text()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Afspraak geannuleerd' })).toBeVisible();

  // Only the first date of Anna's series is still booked.
  const left = (await (await page.request.get(`/api/bookings?seriesId=${seriesId}`)).json()) as {
    bookingDate: string;
    status: string;
  }[];
  expect(left.filter((b) => b.status !== 'cancelled').map((b) => b.bookingDate)).toEqual([day]);
});
