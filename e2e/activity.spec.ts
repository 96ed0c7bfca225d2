/**
 * The activity log in Instellingen: the owner changes a service (through the API the form uses),
 * opens Instellingen and finds the entry in "Activiteit" with who, what and before → after; axe
 * clean; screenshots at 390 and 1280 px when BOOKING_SCREENSHOTS names a folder.
 */
import { expect, test } from './support/test';
import { everyDayService, seriousViolations } from './support/helpers';
import { shot } from './support/booking-page';

test('the owner sees a changed service in Activiteit', async ({ page }) => {
  const res = await page.request.post('/api/register', {
    data: { username: `activiteit${Date.now()}`, password: 'geheim123', email: 'lotte@example.nl' },
  });
  expect(res.status()).toBe(201);
  const event = (await (
    await page.request.post('/api/events', { data: everyDayService('Knippen') })
  ).json()) as {
    id: string;
  };
  expect(
    (await page.request.patch(`/api/events/${event.id}`, { data: { title: 'Knippen kort' } })).status(),
  ).toBe(200);

  await page.goto('/settings');
  const card = page.locator('#activiteit');
  const list = card.getByRole('list', { name: 'Activiteit, nieuwste eerst' });
  await expect(list.getByText('Dienst gewijzigd: Knippen kort')).toBeVisible();
  await expect(list.getByText('Knippen → Knippen kort')).toBeVisible();
  await expect(list.getByText('Dienst aangemaakt: Knippen')).toBeVisible();

  await card.getByLabel('Soort').selectOption({ label: 'Diensten' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'activity');
  }
});
