/**
 * A booking's details panel (issue 19): a customer books with the service's own questions, the owner
 * moves the booking; the panel, opened from the list (by keyboard), from the agenda and from a phone's
 * card, shows every answer, the appointment, the payment and the history with the e-mails and webhooks
 * each change caused and their delivery status. The owner cancels from the panel with 'Klant
 * informeren per e-mail', and the cancellation reaches the owner's SMTP server (a real one on
 * 127.0.0.1 inside this test; the e2e server allows private SMTP hosts) with the calendar CANCEL.
 * A walk-in written down afterwards is marked as not shown from its panel. A booking without an
 * e-mail address offers no such check box; a booking deleted from its panel
 * closes the panel.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import type { OwnerBookingDto } from '@contracts/bookings';
import type { EventDto } from '@contracts/events';
import { formatShortDutchDate } from '@core/index';
import { startSmtp, type TestSmtp } from '../src/server/test/smtp';
import { expect, test } from './support/test';
import { bookableDates, daysFromToday, everyDay, seriousViolations, upcomingRange } from './support/helpers';

/** DETAILS_SHOTS=/tmp/B- writes screenshots, named after that prefix. */
const SHOTS = process.env.DETAILS_SHOTS;
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'booking-details-')), 'state.json');
const NOTE =
  'Graag iets korter dan vorige keer, maar de pony laten zoals hij is. Ik heb een gevoelige hoofdhuid, dus liever geen warme föhn. Parkeren lukt bij de achteringang?';

let api: APIRequestContext;
let smtp: TestSmtp;
let receiver: http.Server;
const hooks: string[] = [];
let first = '';
let moved = '';
let anna: OwnerBookingDto;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}${name}.png`, animations: 'disabled' });
}

async function send<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.status(), await r.text()).toBeLessThan(300);
  return (await r.json()) as T;
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE });

test.beforeAll(async ({ baseURL }) => {
  fs.writeFileSync(STATE, JSON.stringify({ cookies: [], origins: [] }));
  smtp = await startSmtp();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      hooks.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

  api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  await send(
    api.post('/api/register', {
      data: { username: `details${Date.now()}`, password: 'geheim123', email: 'lotte@example.nl' },
    }),
  );
  // The owner's mail goes through her own SMTP server: the test's.
  await send(
    api.post('/api/email-settings', {
      data: {
        provider: 'smtp',
        fromName: 'Salon Lotte',
        smtp: { host: '127.0.0.1', port: smtp.port, secure: false },
      },
    }),
  );
  const event = await send<EventDto>(
    api.post('/api/events', {
      data: {
        title: 'Knippen',
        workingDays: everyDay,
        ...upcomingRange(60),
        durationMinutes: 45,
        dailyPauseTimes: {},
        customFields: [
          { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
          { fieldName: 'E-mail', fieldType: 'email', isRequired: false, order: 1 },
          { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
          { fieldName: 'Welke behandeling?', fieldType: 'text', isRequired: false, order: 3 },
          { fieldName: 'Opmerking', fieldType: 'textarea', isRequired: false, order: 4 },
        ],
      },
    }),
  );
  const port = (receiver.address() as AddressInfo).port;
  await send(
    api.post(`/api/events/${event.id}/webhooks`, {
      data: {
        name: 'Kassa',
        url: `http://127.0.0.1:${port}/hooks`,
        triggers: ['booking.created', 'booking.rescheduled', 'booking.cancelled'],
      },
    }),
  );

  [first, moved] = bookableDates(event, 2) as [string, string];
  const book = (answers: Record<string, string>, time: string) =>
    send<unknown>(
      api.post('/api/public/bookings', {
        data: { eventId: event.id, bookingDate: first, bookingTime: time, customFieldResponses: answers },
      }),
    );
  await book(
    {
      Naam: 'Anna de Boer',
      'E-mail': 'anna@example.nl',
      Telefoon: '+31612345678',
      'Welke behandeling?': 'Knippen en föhnen',
      Opmerking: NOTE,
    },
    '09:45',
  );
  // Booked at the desk's phone, without an address: nobody to inform by e-mail.
  await book({ Naam: 'Bram Visser', Telefoon: '+31687654321' }, '11:15');
  const all = await send<OwnerBookingDto[]>(api.get('/api/bookings'));
  anna = all.find((b) => b.customerName === 'Anna de Boer')!;
  // The owner moves Anna to the next bookable day at 14:15.
  await send(api.patch(`/api/bookings/${anna.id}`, { data: { bookingDate: moved, bookingTime: '14:15' } }));
  // A walk-in the owner writes down afterwards (yesterday), so it can be marked as not shown.
  await send(
    api.post('/api/bookings', {
      data: {
        eventId: event.id,
        bookingDate: daysFromToday(-1),
        bookingTime: '09:00',
        customerName: 'Cees Jansen',
      },
    }),
  );
  await api.storageState({ path: STATE });
});

test.afterAll(async () => {
  await api?.dispose();
  await smtp?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The e-mail or webhook line of the history with its delivery status. */
const message = (panel: Locator, text: string) => panel.getByRole('listitem').filter({ hasText: text });

test('list: the panel opens by keyboard with answers, appointment and history, and closes with Escape', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/bookings');
  const open = page.getByRole('button', { name: 'Details van Anna de Boer' });
  await open.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Anna de Boer' });
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAccessibleDescription('Knippen bij Agenda 1');

  const customer = panel.getByRole('region', { name: 'Klant' });
  await expect(customer.getByRole('link', { name: 'anna@example.nl' })).toHaveAttribute(
    'href',
    'mailto:anna@example.nl',
  );
  await expect(customer.getByRole('link', { name: '06 12345678' })).toHaveAttribute(
    'href',
    'tel:+31612345678',
  );
  await expect(customer.getByRole('definition').filter({ hasText: 'Knippen en föhnen' })).toBeVisible();
  await expect(customer.getByRole('definition').filter({ hasText: NOTE })).toBeVisible();
  await expect(customer.getByRole('term').filter({ hasText: 'Opmerking' })).toBeVisible();

  const appointment = panel.getByRole('region', { name: 'Afspraak' });
  await expect(appointment).toContainText('14:15 - 15:00');
  await expect(appointment).toContainText('45 minuten');
  await expect(panel.getByRole('region', { name: 'Betaling' })).toContainText('Geen online betaling');

  // The history, oldest first: booked by the customer, moved by the owner from → to.
  const history = panel.getByRole('region', { name: 'Geschiedenis' });
  const entries = history.getByRole('list').first().locator(':scope > li');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Geboekt door de klant');
  await expect(entries.nth(1)).toContainText('Verplaatst door u');
  await expect(entries.nth(1)).toContainText(`Van${formatShortDutchDate(first)} om 09:45`);
  await expect(entries.nth(1)).toContainText(`Naar${formatShortDutchDate(moved)} om 14:15`);
  // What each caused, as delivered by the background jobs (the panel polls while one waits).
  await expect(
    message(entries.nth(0), 'E-mail · Bevestiging aan anna@example.nl').getByText('Verstuurd', {
      exact: true,
    }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    message(entries.nth(0), 'Webhook · booking.created aan Kassa').getByText('Verstuurd', { exact: true }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    message(entries.nth(1), 'Webhook · booking.rescheduled aan Kassa').getByText('Verstuurd', {
      exact: true,
    }),
  ).toBeVisible({ timeout: 20_000 });

  await shot(page, 'panel-1280');
  await entries.nth(1).scrollIntoViewIfNeeded();
  await shot(page, 'history-1280');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();

  // The walk-in, written down by the owner, marked as not shown from its panel. It was yesterday: the
  // list opens on the upcoming appointments, the earlier ones are under 'Eerdere afspraken'.
  await expect(page.getByRole('button', { name: 'Details van Cees Jansen' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Periode' }).click();
  await page.getByRole('option', { name: 'Eerdere afspraken' }).click();
  await page.getByRole('button', { name: 'Details van Cees Jansen' }).click();
  const cees = page.getByRole('dialog', { name: 'Cees Jansen' });
  const ceesHistory = cees.getByRole('region', { name: 'Geschiedenis' });
  await expect(ceesHistory).toContainText('Geboekt door u');
  await cees.getByRole('button', { name: 'Markeer Cees Jansen als niet verschenen' }).click();
  await expect(ceesHistory.getByRole('list').first().locator(':scope > li').last()).toContainText(
    'Als niet verschenen gemarkeerd door u',
  );
  await expect(cees.getByText('Niet verschenen', { exact: true }).first()).toBeVisible();
  await expect(cees.getByRole('button', { name: 'Markeer Cees Jansen als toch verschenen' })).toBeVisible();
  await shot(page, 'no-show-1280');
  await page.keyboard.press('Escape');
  await expect(cees).toBeHidden();
});

test('agenda: the panel opens from the booking; cancel with "Klant informeren per e-mail" mails the customer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/bookings?weergave=dag&datum=${moved}`);
  const block = page.getByRole('button', { name: /Anna de Boer/ });
  await block.click();
  const panel = page.getByRole('dialog', { name: 'Anna de Boer' });
  await expect(panel.getByRole('region', { name: 'Geschiedenis' })).toContainText('Verplaatst door u');

  // The spec's statement by default; the check box changes what the customer gets, and says so.
  await panel.getByRole('button', { name: 'Afspraak van Anna de Boer annuleren' }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Afspraak annuleren?' });
  await expect(cancel).toContainText('De klant ontvangt hier geen bericht van');
  const notify = cancel.getByRole('checkbox', { name: 'Klant informeren per e-mail' });
  await expect(notify).not.toBeChecked();
  await notify.check();
  await expect(cancel).toContainText('De klant ontvangt een e-mail over de annulering.');
  await expect(cancel).not.toContainText('De klant ontvangt hier geen bericht van');
  await expect(cancel).toContainText('anna@example.nl');
  await shot(page, 'cancel-1280');
  expect(await seriousViolations(page)).toEqual([]);
  await cancel.getByRole('button', { name: 'Afspraak annuleren' }).click();
  // The toast region lies outside the open panel (inert to the accessibility tree meanwhile).
  await expect(page.getByText('Afspraak geannuleerd', { exact: true })).toBeVisible();
  await expect(cancel).toBeHidden();

  // The panel stays on the booking, now cancelled, with the cancellation e-mail in its history.
  await expect(panel.getByText('Geannuleerd', { exact: true }).first()).toBeVisible();
  const last = panel
    .getByRole('region', { name: 'Geschiedenis' })
    .getByRole('list')
    .first()
    .locator(':scope > li')
    .last();
  await expect(last).toContainText('Geannuleerd door u');
  await expect(
    message(last, 'E-mail · Annulering aan anna@example.nl').getByText('Verstuurd', { exact: true }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    message(last, 'Webhook · booking.cancelled aan Kassa').getByText('Verstuurd', { exact: true }),
  ).toBeVisible({
    timeout: 20_000,
  });
  // The customer's mail reached the SMTP server, with the calendar's cancel.
  const mail = smtp.received.find(
    (m) => m.envelope.to.includes('anna@example.nl') && /METHOD:CANCEL/.test(m.raw),
  );
  expect(mail, smtp.received.map((m) => m.mail.subject).join(' | ')).toBeDefined();
  await shot(page, 'cancelled-1280');
  expect(await seriousViolations(page)).toEqual([]);

  // Focus stayed in the panel (the cancel button it came from is gone). Escape closes the toast
  // first (Radix's top layer), then the panel, and focus is back on the booking in the agenda.
  await expect(panel).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Afspraak geannuleerd', { exact: true })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(block).toBeFocused();
});

test('phone: the panel covers the screen from a card; no e-mail, no check box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bookings');
  const open = page.getByRole('button', { name: 'Details van Bram Visser' });
  await open.click();
  const panel = page.getByRole('dialog', { name: 'Bram Visser' });
  await expect(panel.getByRole('region', { name: 'Klant' })).toContainText('Niet ingevuld');
  await expect(panel.getByRole('region', { name: 'Geschiedenis' })).toContainText('Geboekt door de klant');
  // Once it has slid in, it covers the whole width.
  await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
  expect((await panel.boundingBox())!.width).toBe(390);
  // Nothing sticks out sideways.
  expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await shot(page, 'panel-390');
  expect(await seriousViolations(page)).toEqual([]);

  await panel.getByRole('button', { name: 'Afspraak van Bram Visser annuleren' }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Afspraak annuleren?' });
  await expect(cancel).toContainText('De klant ontvangt hier geen bericht van');
  await expect(cancel.getByRole('checkbox')).toHaveCount(0);
  await shot(page, 'cancel-390');
  await cancel.getByRole('button', { name: 'Terug' }).click();
  await expect(cancel).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();

  // Anna's panel on the phone: long answers wrap within the screen.
  await page.getByRole('button', { name: 'Details van Anna de Boer' }).click();
  const annaPanel = page.getByRole('dialog', { name: 'Anna de Boer' });
  await expect(annaPanel.getByText(NOTE)).toBeVisible();
  expect(await annaPanel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await shot(page, 'anna-390');
  await annaPanel
    .getByRole('region', { name: 'Geschiedenis' })
    .getByRole('listitem')
    .last()
    .scrollIntoViewIfNeeded();
  await shot(page, 'history-390');
  expect(await seriousViolations(page)).toEqual([]);

  // Deleted from the panel: the panel closes with the booking, and the card is gone.
  await annaPanel.getByRole('button', { name: 'Afspraak van Anna de Boer verwijderen' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Afspraak definitief verwijderen?' });
  await remove.getByRole('button', { name: 'Definitief verwijderen' }).click();
  await expect(remove).toBeHidden();
  await expect(annaPanel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Details van Anna de Boer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Details van Bram Visser' })).toBeVisible();
});
