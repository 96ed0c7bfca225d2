/**
 * Requests the owner approves (docs/PRODUCT.md#approval) end to end. An owner whose mail goes
 * through her own SMTP server (a real one on 127.0.0.1 inside this test) makes a service that needs
 * approval from everyone. A customer on a phone books it in the wizard and is told 'Aanvraag
 * ontvangen', with 'Uw aanvraag is ontvangen' in her inbox. The owner opens the 'Bevestigen' link
 * of her notice in a browser without a session: the page decides nothing by itself, axe finds
 * nothing at 390 and 1280 px; 'Bevestigen' confirms it, the customer gets the confirmation with its
 * calendar invitation, and opening the link again says the request was decided already.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { startSmtp, type TestSmtp } from '../src/server/test/smtp';
import { openDay, ownerWithRules, shot, toReview } from './support/booking-page';
import { bookableDates, publicViolations } from './support/helpers';
import { expect, test, useSuiteClock } from './support/test';

test.use({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });

let api: APIRequestContext;
let event: EventDto;
let smtp: TestSmtp;
let day = '';

async function atBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await shot(page, name);
    expect(await publicViolations(page), `axe at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

const mailTo = (to: string, subject: RegExp) =>
  expect
    .poll(() => smtp.received.find((m) => m.envelope.to.includes(to) && subject.test(m.mail.subject ?? '')), {
      timeout: 15_000,
    })
    .toBeDefined()
    .then(() => smtp.received.find((m) => m.envelope.to.includes(to) && subject.test(m.mail.subject ?? ''))!);

test.beforeAll(async ({ baseURL }) => {
  smtp = await startSmtp();
  ({ api, event } = await ownerWithRules(baseURL!, {
    prefix: 'goedkeuring',
    title: 'Kleurbehandeling',
    rules: { approval: 'everyone' },
  }));
  expect(event.approval).toBe('everyone');
  const mail = await api.post('/api/email-settings', {
    data: {
      provider: 'smtp',
      fromName: 'Salon Lotte',
      smtp: { host: '127.0.0.1', port: smtp.port, secure: false },
    },
  });
  expect(mail.status(), await mail.text()).toBeLessThan(300);
  [day] = bookableDates(event, 1) as [string];
});

test.afterAll(async () => {
  await api?.dispose();
  await smtp?.stop();
});

test('a customer’s request is approved from the link in the owner’s mail', async ({ page, browser }) => {
  await page.goto(`/boek/${event.slug}`);
  await openDay(page, day);
  await toReview(page, '10:00', 'Noor');
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Aanvraag ontvangen' })).toBeVisible();
  await expect(page.getByText(/Dit is nog geen bevestiging/)).toBeVisible();
  await atBothWidths(page, 'approval-received');

  const received = await mailTo('noor@example.nl', /^Uw aanvraag is ontvangen/);
  expect(received.raw).not.toContain('BEGIN:VCALENDAR');
  const notice = await mailTo('lotte@example.nl', /^Aanvraag: Kleurbehandeling/);
  const href = /href="([^"]*\/aanvraag\/[^"]+\?besluit=bevestigen)"/.exec(notice.mail.html || '')?.[1];
  expect(href, 'the Bevestigen link').toBeTruthy();

  // The owner on her phone, signed in nowhere: the link alone.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  await useSuiteClock(context);
  const owner = await context.newPage();
  await owner.goto(new URL(href!).pathname + new URL(href!).search);
  await expect(owner.getByRole('heading', { name: 'Aanvraag beoordelen' })).toBeVisible();
  await expect(owner.getByText(/Noor vraagt Kleurbehandeling aan op/)).toBeVisible();
  await atBothWidths(owner, 'approval-decision');
  // Opening the page decided nothing.
  const list = await api.get('/api/bookings/requests');
  expect(((await list.json()) as unknown[]).length).toBe(1);

  await owner.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Bevestigd.' })).toBeVisible();
  await atBothWidths(owner, 'approval-approved');
  const confirmation = await mailTo('noor@example.nl', /^Bevestiging: Kleurbehandeling/);
  expect(confirmation.raw).toContain('BEGIN:VCALENDAR');
  expect(((await (await api.get('/api/bookings/requests')).json()) as unknown[]).length).toBe(0);

  // The same link a second time: decided already.
  await owner.reload();
  await expect(owner.getByText('Over deze aanvraag is al beslist: de afspraak is bevestigd.')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Bevestigen' })).toHaveCount(0);
  await context.close();
});
