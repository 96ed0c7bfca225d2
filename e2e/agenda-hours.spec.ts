/**
 * An agenda's own hours and absences (docs/PRODUCT.md#agenda-hours): the owner gives a stylist a week
 * with a lunch pause and an absence of an hour in the agenda dialog, and sees them shaded in the day
 * view and named in the week view. Axe on the dialog and the views. AGENDA_HOURS_SHOTS=<dir> writes
 * screenshots at 390 and 1280 px there.
 */
import type { Page } from '@playwright/test';
import { dutchWeekday, formatLongDutchDate, formatShortDutchDate } from '@core/index';
import { expect, test } from './support/test';
import {
  daysFromToday,
  everyDay,
  nextBookableDate,
  seriousViolations,
  testToday,
  toast,
} from './support/helpers';

const SHOTS = process.env.AGENDA_HOURS_SHOTS;
test.use({ reducedMotion: 'reduce' });

const monToFri = Object.fromEntries(
  ['1', '2', '3', '4', '5'].map((k) => [k, { enabled: true, startTime: '09:00', endTime: '17:00' }]),
);

async function shot(page: Page, name: string, width: number, fullPage = true) {
  if (!SHOTS) return;
  await page.setViewportSize({ width, height: 1100 });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage, animations: 'disabled' });
}

test('the owner sets a stylist’s hours and an absence and sees them in the day and week view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const username = `uren${Date.now()}`;
  expect(
    (await page.request.post('/api/register', { data: { username, password: 'geheim123' } })).status(),
  ).toBe(201);
  const made = await page.request.post('/api/agendas', { data: { name: 'Mila', color: '#DB2777' } });
  expect(made.status()).toBe(201);
  const mila = (await made.json()) as { id: string };
  const service = await page.request.post('/api/events', {
    data: {
      title: 'Knippen',
      workingDays: everyDay,
      dateRangeType: 'range',
      dateRangeStart: testToday(),
      dateRangeEnd: daysFromToday(30),
      durationMinutes: 30,
      customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }],
      agendaIds: [mila.id],
    },
  });
  expect(service.status(), await service.text()).toBe(201);
  // A weekday after today: Mila's default week works it.
  const date = nextBookableDate({
    workingDays: monToFri,
    dateRangeType: 'range',
    dateRangeStart: testToday(),
    dateRangeEnd: daysFromToday(14),
    durationMinutes: 30,
  });
  const day = dutchWeekday(date).long;

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Bewerk Mila' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agenda bewerken' });

  // An absence is saved at once: the dentist, 14:00–15:00 on that day.
  await expect(dialog.getByText('Geen komende afwezigheid.')).toBeVisible();
  await dialog.getByLabel('Eerste dag').fill(date);
  await expect(dialog.getByLabel('Laatste dag')).toHaveValue(date);
  await dialog.getByRole('switch', { name: 'Hele dag' }).click();
  await dialog.getByLabel('Van', { exact: true }).fill('14:00');
  await dialog.getByLabel('Tot', { exact: true }).fill('15:00');
  await dialog.getByLabel('Reden (alleen voor u)').fill('Tandarts');
  await dialog.getByRole('button', { name: 'Afwezigheid toevoegen' }).click();
  // (Its toast lies outside the modal dialog, hidden from the accessibility tree while it is open.)
  await expect(page.getByText('Afwezigheid toegevoegd', { exact: true })).toBeVisible();
  const absences = dialog.getByRole('list', { name: 'Afwezigheid van Mila' });
  await expect(absences.getByRole('listitem')).toHaveCount(1);
  await expect(absences).toContainText(`${formatShortDutchDate(date)}, 14:00–15:00`);
  await expect(absences).toContainText('Tandarts');

  // A refused absence shows the server's reason under its field.
  await dialog.getByLabel('Eerste dag').fill(date);
  await dialog.getByRole('switch', { name: 'Hele dag' }).click();
  await dialog.getByLabel('Van', { exact: true }).fill('15:00');
  await dialog.getByLabel('Tot', { exact: true }).fill('14:00');
  await dialog.getByRole('button', { name: 'Afwezigheid toevoegen' }).click();
  await expect(dialog.getByText('De eindtijd moet na de begintijd liggen.')).toBeVisible();
  await expect(absences.getByRole('listitem')).toHaveCount(1);

  // Own hours: the event form's week (Monday to Friday 09:00–17:00) and a lunch pause that day.
  await dialog.getByRole('switch', { name: 'Eigen werktijden' }).click();
  await expect(dialog.getByLabel(`Begintijd ${day}`)).toHaveValue('09:00');
  await dialog.getByRole('button', { name: `Pauze toevoegen op ${day}` }).click();
  await dialog.getByLabel(`Begin pauze 1 op ${day}`).fill('12:00');
  await dialog.getByLabel(`Einde pauze 1 op ${day}`).fill('12:30');
  expect(await seriousViolations(page)).toEqual([]);
  // The dialog scrolls within the window: its week, then its absences.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1100 });
    await dialog.getByRole('switch', { name: 'Eigen werktijden' }).scrollIntoViewIfNeeded();
    await shot(page, 'agenda-dialog-hours', width, false);
    await dialog.getByRole('list', { name: 'Afwezigheid van Mila' }).scrollIntoViewIfNeeded();
    await shot(page, 'agenda-dialog-absences', width, false);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, 'Agenda bijgewerkt')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Eigen werktijden: ma 09:00–17:00, di 09:00–17:00/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const saved = (await (await page.request.get('/api/agendas')).json()) as Array<{
    name: string;
    workingDays: unknown;
    dailyPauseTimes: unknown;
  }>;
  expect(saved.find((a) => a.name === 'Mila')).toMatchObject({
    workingDays: { '1': { enabled: true, startTime: '09:00', endTime: '17:00' } },
    dailyPauseTimes: {
      [String(new Date(`${date}T12:00:00Z`).getUTCDay())]: [{ start: '12:00', end: '12:30' }],
    },
  });

  // The day view: Mila's column says her hours and shades before 09:00, the lunch, after 17:00 and
  // the dentist; the default agenda (no own hours) is not shaded.
  await page.goto(`/bookings?weergave=dag&datum=${date}`);
  await expect(page.getByText('09:00–17:00, pauze 12:00–12:30, afwezig 14:00–15:00')).toBeVisible();
  const grid = page.getByRole('group', { name: /^Agenda van / });
  await expect(grid.locator('[data-shade="absent"]')).toHaveCount(1);
  await expect(grid.locator('[data-shade="off"]')).toHaveCount(3);
  await expect(page.getByText('Grijs: buiten de werktijden of pauze. Gestreept: afwezig.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'day-view', 1280);

  // A booking the owner writes down in the absence warns before saving, like the other rules.
  await page.getByRole('button', { name: `Nieuwe afspraak op ${formatLongDutchDate(date)} in Mila` }).focus();
  await page.keyboard.press('Enter');
  const newBooking = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
  await newBooking.getByRole('combobox', { name: 'Tijd' }).click();
  await page.getByRole('option', { name: '14:00' }).click();
  await expect(newBooking.getByRole('status').filter({ hasText: 'Let op' })).toContainText(
    'De agenda is dan afwezig',
  );
  await newBooking.getByRole('combobox', { name: 'Tijd' }).click();
  await page.getByRole('option', { name: '10:00' }).click();
  await expect(newBooking.getByRole('status').filter({ hasText: 'Let op' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(newBooking).toBeHidden();

  // On a phone one agenda at a time: Mila's day, shaded the same.
  await page.goto(`/bookings?weergave=dag&datum=${date}&agenda=${mila.id}`);
  await page.setViewportSize({ width: 390, height: 1100 });
  await expect(grid.locator('[data-shade="absent"]')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'day-view', 390);

  // The week names who works each day: both agendas on weekdays, only the default one at the weekend.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/bookings?weergave=week&datum=${date}`);
  await expect(page.getByText('Werkt: Agenda 1, Mila').first()).toBeVisible();
  await expect(page.getByText('Werkt: Agenda 1', { exact: true }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'week-view', 1280);
  await shot(page, 'week-view', 390);
});
