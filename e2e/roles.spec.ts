/**
 * What each role sees (docs/PRODUCT.md#roles): the dashboard and Afspraken of the eigenaar, a
 * beheerder, the receptie and a medewerker, at 390 and 1280 px, axe clean. ROLES_SHOTS=/tmp/x/ also
 * writes the screenshots, named after that prefix.
 *
 * Members other than the founder are made through the team's invitations (POST
 * /api/team/invitations, then accepting the link's token); security/roles.security.test.ts holds
 * every route to every role.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { AgendaDto } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import type { MemberRole } from '@core/permissions';
import { expect, test } from './support/test';
import { nextBookableDate, ownerWithEvent, seriousViolations } from './support/helpers';

const SHOTS = process.env.ROLES_SHOTS;
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'roles-'));
const stateOf = (role: MemberRole) => path.join(DIR, `${role}.json`);
// Playwright reads the storage state when a test's context is made: an empty one until beforeAll's.
for (const role of ['eigenaar', 'beheerder', 'receptie', 'medewerker'] as const)
  fs.writeFileSync(stateOf(role), JSON.stringify({ cookies: [], origins: [] }));

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true, animations: 'disabled' });
}

let owner: APIRequestContext;
let agendaId = '';

test.beforeAll(async ({ baseURL }) => {
  const made = await ownerWithEvent(baseURL!, { prefix: 'rollen', title: 'Behandeling' });
  owner = made.api;
  const agendas = (await (await owner.get('/api/agendas')).json()) as AgendaDto[];
  agendaId = agendas[0]!.id;
  const date = nextBookableDate(made.event);
  const booked = await owner.post('/api/bookings', {
    data: {
      eventId: made.eventId,
      bookingDate: date,
      bookingTime: '10:00',
      customerName: 'Sanne de Vries',
      customerEmail: 'sanne@example.nl',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  // A second chair with a booking of its own: the medewerker, linked to the first, must not see it.
  const chair = await owner.post('/api/agendas', { data: { name: 'Stoel 2' } });
  expect(chair.status(), await chair.text()).toBe(201);
  const chairId = ((await chair.json()) as AgendaDto).id;
  const linked = await owner.patch(`/api/events/${made.eventId}`, {
    data: { agendaIds: [agendaId, chairId] },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  const other = await owner.post('/api/bookings', {
    data: {
      eventId: made.eventId,
      agendaId: chairId,
      bookingDate: date,
      bookingTime: '11:00',
      customerName: 'Kees Bakker',
      customerEmail: 'kees@example.nl',
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  await owner.storageState({ path: stateOf('eigenaar') });
});

/** A member invited by the eigenaar, signed in with their own session (saved for the browser). */
async function invite(baseURL: string, role: Exclude<MemberRole, 'eigenaar'>) {
  const res = await owner.post('/api/team/invitations', {
    data: { email: `${role}@example.nl`, name: `Rol ${role}`, role, agendaIds: [agendaId] },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const { inviteUrl } = (await res.json()) as { inviteUrl: string };
  const token = new URL(inviteUrl).pathname.split('/').pop()!;
  const member = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const accepted = await member.post(`/api/public/invitations/${token}/accept`, {
    data: { username: `${role}${Date.now()}`, password: 'geheim123' },
  });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  await member.storageState({ path: stateOf(role) });
  return member;
}

async function visit(page: Page, role: MemberRole) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: nl.nav.dashboard })).toBeVisible();
    const revenue = page.getByText(nl.dashboard.revenue, { exact: true });
    if (role === 'eigenaar' || role === 'beheerder') await expect(revenue).toBeVisible();
    else {
      await expect(revenue).toHaveCount(0);
      await expect(page.getByText(nl.roles.todayTitle)).toBeVisible();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `${role}-dashboard-${width}`);

    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: nl.nav.bookings })).toBeVisible();
    const newBooking = page.getByRole('button', { name: nl.manualBookings.newBooking });
    if (role === 'medewerker') {
      await expect(newBooking).toHaveCount(0);
      await expect(page).toHaveURL(/weergave=dag/);
      // Only their own agenda's column: the second chair is not there.
      await expect(page.getByText('Agenda 1', { exact: true })).toBeVisible();
      await expect(page.getByText('Stoel 2', { exact: true })).toHaveCount(0);
    } else await expect(newBooking).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `${role}-agenda-${width}`);
  }
}

test.describe('eigenaar', () => {
  test.use({ storageState: stateOf('eigenaar') });
  test('sees every menu item, the revenue and every button', async ({ page }) => {
    await visit(page, 'eigenaar');
    const menu = page.getByRole('navigation', { name: nl.layout.mainMenu });
    await expect(menu.getByRole('link')).toHaveCount(8);
  });
});

for (const role of ['beheerder', 'receptie', 'medewerker'] as const) {
  test.describe(role, () => {
    test.use({ storageState: stateOf(role) });
    test(`sees what a ${role} may use`, async ({ page, baseURL }) => {
      const member = await invite(baseURL!, role);
      if (role === 'medewerker') {
        // Refused on revenue and export, allowed on the bookings of their own agenda.
        expect((await member.get('/api/analytics')).status()).toBe(403);
        const exported = await member.get('/api/bookings/export.csv');
        expect(exported.status()).toBe(403);
        expect(await exported.json()).toEqual({ code: 'FORBIDDEN', message: nl.errors.forbidden });
        const list = await member.get('/api/bookings');
        expect(list.status()).toBe(200);
        const listed = JSON.stringify(await list.json());
        expect(listed).toContain('Sanne de Vries');
        expect(listed).not.toContain('Kees Bakker');
      }
      await page.context().addCookies(JSON.parse(fs.readFileSync(stateOf(role), 'utf8')).cookies);
      await visit(page, role);
      if (role !== 'beheerder') {
        await page.goto('/settings');
        await expect(page.getByRole('heading', { name: nl.roles.noAccessTitle })).toBeVisible();
      }
    });
  });
}
