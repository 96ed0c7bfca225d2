/**
 * Issue 20, the business profile (docs/PRODUCT.md#business-profile): the owner fills Instellingen →
 * 'Bedrijfsprofiel' (a refused public name shows its Dutch message, a taken one the server's), sees the
 * address of their page with all services, uploads a logo (a real PNG; an SVG is refused in Dutch) and
 * the customer sees the business name and logo above the booking page and the manage page, but not
 * inside an embed. Axe at 390 and 1280 px; screenshots in /tmp/h/A-*.png.
 */
import { mkdirSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { expect, test } from './support/test';
import { bookByApi, freeTime, openDay } from './support/booking-page';
import { bookableDates, everyDayService, seriousViolations, toast } from './support/helpers';

const SHOTS = process.env.BUSINESS_PROFILE_SHOTS; // e.g. /tmp: also write screenshots there

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

/** A 96×96 PNG as an encoder writes it: a violet disc with a white centre on a transparent ground. */
function logoPng(): Buffer {
  const size = 96;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - 47.5, y - 47.5);
      const px = r < 20 ? [255, 255, 255, 255] : r < 46 ? [124, 58, 237, 255] : [0, 0, 0, 0];
      row.set(px, 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function shot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = `${SHOTS}/A-${name}-${width}.png`;
  if (target) await target.screenshot({ path, animations: 'disabled' });
  else await page.screenshot({ path, fullPage: true, animations: 'disabled' });
}

/** Axe clean and a screenshot at phone and desktop width; leaves the page at 1280 px. */
async function bothWidths(page: Page, name: string, target?: () => Locator) {
  for (const width of [390, 1280]) {
    // A card is shot in a window tall enough to hold it, so the sticky app header never covers it.
    await page.setViewportSize({ width, height: target ? 2000 : width === 390 ? 844 : 800 });
    await shot(page, name, target?.());
    expect(await seriousViolations(page), `axe at ${width} px`).toEqual([]);
  }
}

const card = (page: Page) => page.locator('#business-profile');
const stamp = Date.now();
const SLUG = `kapsalon-mooi-${stamp}`;
let event: EventDto;

test('the owner fills the business profile and uploads a logo', async ({ page, baseURL }) => {
  const other = await page.request.post('/api/register', {
    data: { username: `bezet${stamp}`, password: 'geheim123' },
  });
  expect(other.status()).toBe(201);
  // The other owner has taken a name; then this browser signs up as the salon.
  expect(
    (await page.request.patch('/api/business-profile', { data: { publicSlug: `bezet-${stamp}` } })).status(),
  ).toBe(200);
  await page.request.post('/api/logout');
  expect(
    (
      await page.request.post('/api/register', {
        data: { username: `salon${stamp}`, password: 'geheim123', email: 'salon@example.nl' },
      })
    ).status(),
  ).toBe(201);
  const created = await page.request.post('/api/events', {
    data: everyDayService('Knippen', { description: 'Wassen, knippen en föhnen.' }),
  });
  expect(created.status(), await created.text()).toBe(201);
  event = (await created.json()) as EventDto;

  await page.goto('/settings');
  await expect(card(page).getByText('Bedrijfsprofiel', { exact: true })).toBeVisible();
  await card(page).getByLabel('Bedrijfsnaam').fill('Kapsalon Mooi');
  await card(page).getByLabel('Telefoonnummer').fill('020 123 4567');
  await card(page).getByLabel('Website').fill('https://www.kapsalon-mooi.example');
  await card(page).getByLabel('Adres').fill('Dorpsstraat 1, 1234 AB Ergens');
  await card(page).getByLabel('Link naar uw privacyverklaring').fill('ftp://verkeerd.example');
  const slug = card(page).getByLabel('Naam van uw openbare pagina');
  await slug.fill('ab');
  await card(page).getByRole('button', { name: 'Bedrijfsprofiel opslaan' }).click();
  // The browser refuses what the server would, in the same words, before anything is sent.
  await expect(card(page).getByText('De naam moet minimaal 3 tekens zijn')).toBeVisible();
  await expect(
    card(page).getByText('Vul een volledig webadres in dat begint met https:// of http://'),
  ).toBeVisible();
  await card(page)
    .getByLabel('Link naar uw privacyverklaring')
    .fill('https://www.kapsalon-mooi.example/privacy');

  // A name another owner has: the server's answer stands under the field.
  await slug.fill(`bezet-${stamp}`);
  await card(page).getByRole('button', { name: 'Bedrijfsprofiel opslaan' }).click();
  await expect(card(page).getByText('Deze naam is al in gebruik. Kies een andere naam.')).toBeVisible();
  await expect(slug).toHaveAttribute('aria-invalid', 'true');
  await bothWidths(page, 'settings-errors', () => card(page));

  await slug.fill(SLUG);
  await card(page).getByRole('button', { name: 'Bedrijfsprofiel opslaan' }).click();
  await expect(toast(page, 'Bedrijfsprofiel opgeslagen')).toBeVisible();
  await expect(card(page).getByLabel('Uw pagina met alle diensten')).toHaveValue(`${baseURL}/p/${SLUG}`);
  const open = card(page).getByRole('link', { name: 'Pagina openen (opent in een nieuw tabblad)' });
  await expect(open).toHaveAttribute('href', `${baseURL}/p/${SLUG}`);
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(card(page).getByLabel('Telefoonnummer')).toHaveValue('020 1234567');

  // Not a picture a logo may be: an SVG, refused before it is sent.
  const logo = card(page).getByLabel('Logo kiezen', { exact: true });
  await expect(card(page).getByRole('group', { name: 'Logo' })).toBeVisible();
  await expect(logo).toHaveAccessibleDescription(
    'PNG, JPEG of WebP, maximaal 1 MB. Een vierkant logo staat het mooist.',
  );
  await logo.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(
    card(page).getByText('Kies een PNG-, JPEG- of WebP-afbeelding van maximaal 1 MB'),
  ).toBeVisible();
  await expect(logo).toHaveAccessibleDescription('Kies een PNG-, JPEG- of WebP-afbeelding van maximaal 1 MB');
  await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(toast(page, 'Logo opgeslagen')).toBeVisible();
  const preview = card(page).getByRole('img', { name: 'Uw huidige logo' });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveJSProperty('naturalWidth', 96);
  await expect(card(page).getByRole('button', { name: 'Logo verwijderen' })).toBeVisible();
  await expect(card(page).getByLabel('Ander logo kiezen', { exact: true })).toBeAttached();
  await bothWidths(page, 'settings', () => card(page));
});

test('the booking page and the manage page carry the name and logo; the embed does not', async ({ page }) => {
  await page.goto(`/boek/${event.slug}`);
  const header = page.locator('main > div').first();
  await expect(header.getByText('Kapsalon Mooi', { exact: true })).toBeVisible();
  const logo = header.locator('img');
  await expect(logo).toHaveAttribute('src', /^\/api\/public\/logos\/[0-9a-f-]+\?v=\d+$/);
  await expect(logo).toHaveJSProperty('naturalWidth', 96);
  // The name beside it says whose logo it is.
  await expect(logo).toHaveAttribute('alt', '');
  await expect(page.getByRole('heading', { level: 1, name: 'Knippen' })).toBeVisible();
  await bothWidths(page, 'booking');

  await page.goto(`/boek/${event.slug}?embed=true`);
  await expect(page.getByRole('heading', { name: 'Knippen' })).toBeAttached();
  await expect(page.getByText('Kapsalon Mooi')).toHaveCount(0);
  await expect(page.locator('img[src^="/api/public/logos/"]')).toHaveCount(0);

  // The confirmation page keeps the header (from the summary the wizard stored).
  await page.goto(`/boek/${event.slug}`);
  await openDay(page, bookableDates(event, 2)[1]!);
  await freeTime(page, '11:00').click();
  await page.getByLabel('Naam').fill('Bram');
  await page.getByLabel('E-mail', { exact: true }).fill('bram@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  await expect(page.getByText('Kapsalon Mooi', { exact: true })).toBeVisible();
  await bothWidths(page, 'success');

  const booked = await bookByApi(page.request, event.id, bookableDates(event, 1)[0]!, '10:00', 'Anouk');
  expect(booked.status(), await booked.text()).toBe(201);
  const { managementToken } = (await booked.json()) as { managementToken: string };
  await page.goto(`/booking/manage/${managementToken}`);
  await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
  await expect(page.getByText('Kapsalon Mooi', { exact: true })).toBeVisible();
  await expect(page.locator('img[src^="/api/public/logos/"]')).toHaveJSProperty('naturalWidth', 96);
  await bothWidths(page, 'manage');
});

test('removing the logo leaves the name alone above the pages', async ({ page }) => {
  const login = await page.request.post('/api/login', {
    data: { username: `salon${stamp}`, password: 'geheim123' },
  });
  expect(login.status()).toBe(200);
  await page.goto('/settings');
  await card(page).getByRole('button', { name: 'Logo verwijderen' }).click();
  await expect(toast(page, 'Logo verwijderd')).toBeVisible();
  await expect(card(page).getByRole('img', { name: 'Uw huidige logo' })).toHaveCount(0);
  // Focus goes back to the file field, not to the page body.
  await expect(card(page).getByLabel('Logo kiezen', { exact: true })).toBeFocused();

  // Leaving with an unsaved change asks first; staying keeps what was typed.
  await card(page).getByLabel('Bedrijfsnaam').fill('Kapsalon Mooi & Zo');
  await page.getByRole('link', { name: 'Evenementen' }).first().click();
  const dialog = page.getByRole('alertdialog', { name: 'Wijzigingen niet opgeslagen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Blijven' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(card(page).getByLabel('Bedrijfsnaam')).toHaveValue('Kapsalon Mooi & Zo');
  await card(page).getByLabel('Bedrijfsnaam').fill('Kapsalon Mooi');
  await page.goto(`/boek/${event.slug}`);
  await expect(page.getByText('Kapsalon Mooi', { exact: true })).toBeVisible();
  await expect(page.locator('img[src^="/api/public/logos/"]')).toHaveCount(0);
});
