/**
 * Webhook deliveries in the event form's Webhooks tab: a booking through the public wizard is
 * delivered by the background job to a receiver on 127.0.0.1 inside this test, and the owner sees
 * it as 'Afgeleverd' (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=1 so loopback is allowed).
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test';
import { daysFromToday, seriousViolations } from './support/helpers';

// Transitions off, so axe measures colours as they end up, not halfway through a fade.
// Tall enough that the sticky save bar does not cover the deliveries in the screenshots.
test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 1200 } });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: http.Server;
let receiverUrl = '';
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/crm`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

test('a booking is delivered to the webhook and shows as delivered in the Webhooks tab', async ({ page }) => {
  const reg = await page.request.post('/api/register', {
    data: { username: `hooks${Date.now()}`, password: 'geheim123' },
  });
  expect(reg.ok()).toBe(true);
  const workingDays = Object.fromEntries(
    Array.from({ length: 7 }, (_, i) => [String(i), { enabled: true, startTime: '09:00', endTime: '17:00' }]),
  );
  const created = await page.request.post('/api/events', {
    data: {
      title: 'Knipbeurt',
      workingDays,
      dateRangeType: 'range',
      dateRangeStart: daysFromToday(1),
      dateRangeEnd: daysFromToday(30),
      durationMinutes: 30,
      requiresPayment: false,
      customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; slug: string };

  // The owner adds the webhook in the Webhooks tab; no deliveries yet.
  await page.goto(`/events/${event.id}/edit`);
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await page.getByLabel('Naam', { exact: true }).fill('CRM');
  await page.getByLabel('URL', { exact: true }).fill(receiverUrl);
  await page.getByRole('button', { name: 'Webhook toevoegen' }).click();
  await expect(page.getByText('Webhook toegevoegd', { exact: true })).toBeVisible();
  const show = page.getByRole('button', { name: 'Recente leveringen van CRM tonen' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  await expect(page.getByText(/^Nog geen leveringen\./)).toBeVisible();

  // A customer books the first free slot through the public wizard.
  await page.goto(`/boek/${event.slug}`);
  await page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button').first().click();
  await page
    .getByRole('list', { name: 'Beschikbare tijden' })
    .getByRole('button', { disabled: false })
    .first()
    .click();
  await page.getByLabel('Naam').fill('Sanne de Vries');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();

  // Back in the Webhooks tab, opened with the keyboard: the delivery appears once the job has run.
  await page.goto(`/events/${event.id}/edit`);
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await page.getByRole('button', { name: 'Recente leveringen van CRM tonen' }).focus();
  await page.keyboard.press('Enter');
  const hide = page.getByRole('button', { name: 'Recente leveringen van CRM verbergen' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  const table = page.getByRole('table');
  await expect(table.getByText('Afgeleverd', { exact: true })).toBeVisible({ timeout: 20_000 });
  const row = table.getByRole('row').filter({ hasText: 'Sanne de Vries' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText('1'); // attempts
  await expect(row.getByRole('cell').nth(4)).toHaveText('200'); // the receiver's answer

  // What the receiver got: one signed Standard Webhooks message about this booking.
  expect(received).toHaveLength(1);
  expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
  expect(received[0]!.body).toContain('Sanne de Vries');

  const card = page.getByRole('listitem').filter({ has: hide });
  await card.screenshot({ path: '/tmp/deliveries.png', animations: 'disabled' });
  expect(await seriousViolations(page)).toEqual([]);

  // Phone width: the same delivery as a labelled card, still without serious findings.
  await page.setViewportSize({ width: 390, height: 1200 });
  const list = page.getByRole('list', { name: 'Recente leveringen · CRM' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Sanne de Vries' })).toContainText('Afgeleverd');
  await card.screenshot({ path: '/tmp/deliveries-mobile.png', animations: 'disabled' });
  expect(await seriousViolations(page)).toEqual([]);

  await hide.click();
  await expect(page.getByRole('button', { name: 'Recente leveringen van CRM tonen' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(list).toBeHidden();
});
