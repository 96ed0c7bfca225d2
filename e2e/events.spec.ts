import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { daysFromToday, seriousViolations, testToday } from './support/helpers';

/** Serious and critical axe findings; the pages must have none. */

/** Through the sign-in page, as an owner would. */
async function registerOwner(page: Page, prefix: string): Promise<void> {
  await page.goto('/auth');
  await page.getByText('Nog geen account? Registreer hier').click();
  await page.getByLabel('Gebruikersnaam').fill(`${prefix}${Date.now()}`);
  await page.getByLabel('Wachtwoord').fill('geheim123');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A quicker start for the scenarios that are not about signing up; shares the page's cookies. */
async function registerOwnerViaApi(page: Page, prefix: string): Promise<void> {
  const res = await page.request.post('/api/register', {
    data: { username: `${prefix}${Date.now()}`, password: 'geheim123' },
  });
  expect(res.ok()).toBe(true);
}

const WORKING_DAYS = Object.fromEntries(
  Array.from({ length: 7 }, (_, i) => [
    String(i),
    { enabled: i >= 1 && i <= 5, startTime: '09:00', endTime: '17:00' },
  ]),
);

async function createEventViaApi(page: Page, title: string, extra: Record<string, unknown> = {}) {
  const res = await page.request.post('/api/events', {
    data: {
      title,
      workingDays: WORKING_DAYS,
      dateRangeType: 'range',
      dateRangeStart: daysFromToday(1),
      dateRangeEnd: daysFromToday(30),
      durationMinutes: 30,
      requiresPayment: false,
      customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true }],
      ...extra,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; slug: string };
}

async function addField(page: Page, n: number, name: string, type: string | null, required: boolean) {
  await page.getByRole('button', { name: 'Veld toevoegen' }).click();
  await page.getByRole('textbox', { name: `Veldnaam ${n}` }).fill(name);
  if (type) {
    await page.getByRole('combobox', { name: `Type veld ${n}` }).click();
    await page.getByRole('option', { name: type }).click();
  }
  if (required) await page.getByRole('switch', { name: `Verplicht (veld ${n})` }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0); // the type list has closed
}

test('an owner creates an event with a pause and three fields and sees its card', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await registerOwner(page, 'salon');

  await page.goto('/events');
  await expect(page.getByRole('heading', { name: 'Evenementen', level: 1 })).toBeVisible();
  await expect(page.getByText('Nog geen evenementen')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Eerste evenement aanmaken' }).click();
  await expect(page).toHaveURL(/\/events\/new$/);

  // Seven tabs, in the spec's order.
  await expect(page.getByRole('tab')).toHaveText([
    'Basis',
    'Tijd',
    'Pauzes',
    'Velden',
    'Betaling',
    'Calendar',
    'Webhooks',
  ]);
  expect(await seriousViolations(page)).toEqual([]);

  // Client-side checks first: an empty title, then the spec's "at least one field" message on its own tab.
  await page.getByRole('button', { name: 'Evenement aanmaken' }).click();
  await expect(page.getByText('Titel is verplicht').first()).toBeVisible();
  await page.getByLabel('Titel').fill('Knipbeurt');
  await page.getByLabel('Beschrijving').fill('Wassen, knippen en föhnen.');

  await page.getByRole('tab', { name: 'Tijd' }).click();
  await expect(page.getByRole('switch', { name: 'Maandag' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Zaterdag' })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Duur per afspraak' })).toHaveText('30 minuten');
  await page.getByLabel('Startdatum').fill(testToday());
  await page.getByLabel('Einddatum').fill(daysFromToday(60));

  await page.getByRole('tab', { name: 'Pauzes' }).click();
  await page.getByRole('button', { name: 'Pauze toevoegen op Maandag' }).click();
  await expect(page.getByLabel('Begin pauze 1 op Maandag')).toHaveValue('12:00');
  await expect(page.getByLabel('Einde pauze 1 op Maandag')).toHaveValue('13:00');
  expect(await seriousViolations(page)).toEqual([]);

  // A price paid at the salon: no online payment, the price still shows everywhere.
  await page.getByRole('tab', { name: 'Betaling' }).click();
  await expect(page.getByRole('switch', { name: 'Betaling vereist' })).not.toBeChecked();
  await expect(
    page.getByText('Klanten betalen online met iDEAL, Bancontact of een kaart', { exact: false }),
  ).toBeVisible();
  await page.getByLabel('Prijs', { exact: true }).fill('30,00');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Evenement aanmaken' }).click();
  await expect(page.getByRole('tab', { name: /Velden/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Voeg minimaal één veld toe voor klantinformatie.').first()).toBeVisible();

  await addField(page, 1, 'Naam', null, true);
  await addField(page, 2, 'E-mail', 'E-mail', true);
  await addField(page, 3, 'Telefoon', 'Telefoonnummer', false);
  expect(await seriousViolations(page)).toEqual([]);
  // A field named like a webhook body's own property would overwrite the customer's answer there.
  await addField(page, 4, 'status', null, false);
  await page.getByRole('button', { name: 'Evenement aanmaken' }).click();
  await expect(page.getByText('Deze veldnaam is gereserveerd').first()).toBeVisible();
  await expect(page).toHaveURL(/\/events\/new$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Verwijder veld 4' }).click();
  await page.getByRole('button', { name: 'Evenement aanmaken' }).click();

  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByText('Evenement aangemaakt', { exact: true })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Knipbeurt' }) });
  await expect(card.getByText('Wassen, knippen en föhnen.')).toBeVisible();
  await expect(card.getByText('30 minuten')).toBeVisible();
  await expect(card.getByText('€ 30,00 · in de salon')).toBeVisible();
  await expect(card.getByText('0% bezet')).toBeVisible();
  await expect(card.getByText(/^0 geboekt · [1-9]\d* beschikbaar · [1-9]\d* plekken$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // What was stored: the pause (Monday only, other days left out) and the three fields in order.
  const [stored] = (await (await page.request.get('/api/events')).json()) as Array<{
    id: string;
    slug: string;
    dailyPauseTimes: unknown;
  }>;
  expect(stored!.dailyPauseTimes).toEqual({ '1': [{ start: '12:00', end: '13:00' }] });
  const fields = (await (await page.request.get(`/api/events/${stored!.id}/fields`)).json()) as Array<
    Record<string, unknown>
  >;
  expect(fields.map((f) => [f.fieldName, f.fieldType, f.isRequired])).toEqual([
    ['Naam', 'text', true],
    ['E-mail', 'email', true],
    ['Telefoon', 'phone', false],
  ]);

  // Copy link and embed codes.
  await card.getByRole('button', { name: 'Boekingslink kopiëren' }).click();
  await expect(page.getByText('Link gekopieerd', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/boek/${stored!.slug}`);

  await card.getByRole('button', { name: 'Insluiten op website' }).click();
  const embed = page.getByRole('dialog', { name: 'Insluiten op uw website' });
  await expect(embed.getByLabel('iFrame-code')).toHaveValue(
    `<iframe src="${baseURL}/boek/${stored!.slug}?embed=true" width="100%" height="800" style="border:1px solid #e5e7eb;border-radius:8px;" title="Knipbeurt"></iframe>`,
  );
  await embed.getByRole('button', { name: 'Code kopiëren' }).click();
  await expect(page.getByText('Embed code gekopieerd', { exact: true })).toBeVisible();
  await embed.getByRole('tab', { name: 'Script Tag' }).click();
  await expect(embed.getByLabel('Script-code')).toHaveValue(
    `<div id="afspraak-${stored!.slug}"></div><script src="${baseURL}/embed.js" data-slug="${stored!.slug}" data-target="afspraak-${stored!.slug}" async></script>`,
  );
  await expect(embed.getByRole('link', { name: 'Preview' })).toHaveAttribute('target', '_blank');
  expect(await seriousViolations(page)).toEqual([]);
  // Escape would first dismiss the toast; the close button closes the dialog itself.
  await embed.getByRole('button', { name: 'Sluiten' }).click();
  await expect(embed).toHaveCount(0);
});

// Apart from the creation above: ten axe sweeps of the long form in one test came near its limit on a
// loaded machine. The event is the one that test makes, written through the API.
test('an owner edits an event (its values come back, the fields keep their ids) and deletes it', async ({
  page,
}) => {
  await registerOwnerViaApi(page, 'salonedit');
  const stored = await createEventViaApi(page, 'Knipbeurt', {
    description: 'Wassen, knippen en föhnen.',
    dateRangeStart: testToday(),
    dateRangeEnd: daysFromToday(60),
    dailyPauseTimes: { '1': [{ start: '12:00', end: '13:00' }] },
    paymentAmount: '30.00',
    customFields: [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true },
      { fieldName: 'E-mail', fieldType: 'email', isRequired: true },
      { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false },
    ],
  });
  const fields = (await (await page.request.get(`/api/events/${stored.id}/fields`)).json()) as Array<{
    id: string;
  }>;
  await page.goto('/events');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Knipbeurt' }) });

  // Edit: the stored values come back, the title changes, the fields keep their ids.
  await card.getByRole('link', { name: 'Knipbeurt' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${stored.id}/edit$`));
  await expect(page.getByRole('heading', { name: 'Evenement bewerken' })).toBeVisible();
  await expect(page.getByLabel('Titel')).toHaveValue('Knipbeurt');
  await page.getByRole('tab', { name: 'Velden' }).click();
  await expect(page.getByRole('textbox', { name: 'Veldnaam 3' })).toHaveValue('Telefoon');
  await page.getByRole('tab', { name: 'Pauzes' }).click();
  await expect(page.getByLabel('Begin pauze 1 op Maandag')).toHaveValue('12:00');
  await page.getByRole('tab', { name: 'Betaling' }).click();
  await expect(page.getByLabel('Prijs', { exact: true })).toHaveValue('30,00');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page.getByText('Nog geen webhooks voor dit evenement.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Basis' }).click();
  await page.getByLabel('Titel').fill('Knipbeurt deluxe');
  // 'Doorlopend': a start date and no end.
  await page.getByRole('tab', { name: 'Tijd' }).click();
  await page.getByRole('radio', { name: 'Doorlopend' }).click();
  await expect(page.getByLabel('Einddatum')).toHaveCount(0);
  await expect(page.getByLabel('Startdatum')).toHaveValue(testToday());
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { name: 'Knipbeurt deluxe' })).toBeVisible();
  await expect(page.getByText(/^Doorlopend vanaf /)).toBeVisible();
  const after = (await (await page.request.get(`/api/events/${stored.id}/fields`)).json()) as Array<{
    id: string;
  }>;
  expect(after.map((f) => f.id)).toEqual(fields.map((f) => f.id));

  // Delete with confirmation.
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Evenement verwijderen?' });
  await expect(confirm).toContainText('Knipbeurt deluxe');
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText('Evenement verwijderd', { exact: true })).toBeVisible();
  await expect(page.getByText('Het evenement is succesvol verwijderd.', { exact: true })).toBeVisible();
  await expect(page.getByText('Nog geen evenementen')).toBeVisible();
});

test('webhooks on a saved event: add, edit one at a time, toggle, reveal the secret, delete', async ({
  page,
}) => {
  await registerOwnerViaApi(page, 'studio');
  const event = await createEventViaApi(page, 'Massage');
  await page.goto(`/events/${event.id}/edit`);
  await page.getByRole('tab', { name: 'Webhooks' }).click();

  const add = page.getByRole('button', { name: 'Webhook toevoegen' });
  await expect(add).toBeDisabled();
  await page.getByLabel('Naam', { exact: true }).fill('CRM');
  await expect(add).toBeDisabled(); // needs both a name and a url
  await page.getByLabel('URL', { exact: true }).fill('https://example.com/hooks/crm');
  await add.click();
  await expect(page.getByText('Webhook toegevoegd', { exact: true })).toBeVisible();
  await page.getByLabel('Naam', { exact: true }).fill('Boekhouding');
  await page.getByLabel('URL', { exact: true }).fill('https://example.com/hooks/boeken');
  await add.click();
  await expect(page.getByRole('button', { name: 'Bewerk Boekhouding' })).toBeVisible();

  await expect(page.getByText('whsec_••••••••••••••••').first()).toBeVisible();
  await page.getByRole('button', { name: 'Geheim van CRM tonen' }).click();
  await expect(page.getByText(/^whsec_[A-Za-z0-9+/=]{8,}$/)).toBeVisible();

  await page.getByRole('button', { name: 'Bewerk CRM' }).click();
  await expect(page.getByRole('button', { name: 'Bewerk Boekhouding' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Verwijder Boekhouding' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Naam', { exact: true }).first().fill('CRM systeem');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Bewerk CRM systeem' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Bewerk Boekhouding' })).toBeEnabled();

  await page.getByRole('switch', { name: 'Boekhouding actief' }).click();
  await expect(page.getByRole('switch', { name: 'Boekhouding actief' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Verwijder CRM systeem' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText('Webhook verwijderd', { exact: true })).toBeVisible();

  const hooks = (await (await page.request.get(`/api/events/${event.id}/webhooks`)).json()) as Array<
    Record<string, unknown>
  >;
  expect(hooks.map((h) => [h.name, h.isActive])).toEqual([['Boekhouding', false]]);
});

test('categories: create, edit and delete in the dialog, then filter the overview by category', async ({
  page,
}) => {
  await registerOwnerViaApi(page, 'kapper');
  await createEventViaApi(page, 'Knippen kort', { description: 'Kort haar' });
  const other = await createEventViaApi(page, 'Kleuren', { requiresPayment: true, paymentAmount: '45' });
  await page.goto('/events');
  await expect(page.getByText('€ 45,00')).toBeVisible();

  await page.getByRole('button', { name: 'Categorieën' }).click();
  const dialog = page.getByRole('dialog', { name: 'Categorieën' });
  const addButton = dialog.getByRole('button', { name: 'Toevoegen' });
  await expect(addButton).toBeDisabled();
  await dialog.getByLabel('Naam').fill('   ');
  await expect(addButton).toBeDisabled(); // blank after trimming
  await expect(dialog.getByLabel('Kleur (optioneel)')).toHaveAttribute('placeholder', '#3B82F6');
  await dialog.getByLabel('Naam').fill('Knippen');
  await dialog.getByLabel('Kleur (optioneel)').fill('#F59E0B');
  await addButton.click();
  await expect(page.getByText('Categorie aangemaakt', { exact: true })).toBeVisible();
  await dialog.getByLabel('Naam').fill('Tijdelijk');
  await addButton.click();
  await expect(dialog.getByRole('button', { name: 'Bewerk Tijdelijk' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Edit mode fills name and colour; update returns to create mode.
  await dialog.getByRole('button', { name: 'Bewerk Knippen' }).click();
  await expect(dialog.getByRole('heading', { name: 'Categorie bewerken' })).toBeVisible();
  await expect(dialog.getByLabel('Naam')).toHaveValue('Knippen');
  await expect(dialog.getByLabel('Kleur (optioneel)')).toHaveValue('#F59E0B');
  await dialog.getByLabel('Naam').fill('Knippen & föhnen');
  await dialog.getByRole('button', { name: 'Bijwerken' }).click();
  await expect(page.getByText('Categorie bijgewerkt', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Nieuwe categorie' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Verwijder Tijdelijk' }).click();
  await expect(page.getByText('Categorie verwijderd', { exact: true })).toBeVisible();
  const categories = (await (await page.request.get('/api/event-categories')).json()) as Array<
    Record<string, unknown>
  >;
  expect(categories.map((c) => [c.name, c.color])).toEqual([['Knippen & föhnen', '#F59E0B']]);
  await dialog.getByRole('button', { name: 'Sluiten' }).click();
  await expect(dialog).toHaveCount(0);

  // Put the first event in the category through the form.
  await page.getByRole('link', { name: 'Knippen kort' }).first().click();
  await page.getByRole('combobox', { name: 'Categorie' }).click();
  await page.getByRole('option', { name: 'Knippen & föhnen' }).click();
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Knippen kort' }).getByText('Knippen & föhnen'),
  ).toBeVisible();

  // The cards' titles (the business page's card above the list has a heading of its own).
  const headings = page.getByRole('main').getByRole('list').getByRole('heading', { level: 2 });
  await page.getByRole('combobox', { name: 'Categorie' }).click();
  await page.getByRole('option', { name: 'Knippen & föhnen' }).click();
  await expect(headings).toHaveText(['Knippen kort']);
  await page.getByRole('combobox', { name: 'Categorie' }).click();
  await page.getByRole('option', { name: 'Zonder categorie' }).click();
  await expect(headings).toHaveText(['Kleuren']);
  await page.getByRole('combobox', { name: 'Categorie' }).click();
  await page.getByRole('option', { name: 'Alle categorieën' }).click();
  await page.getByRole('combobox', { name: 'Betaling' }).click();
  await page.getByRole('option', { name: 'Gratis', exact: true }).click();
  await expect(headings).toHaveText(['Knippen kort']);
  await page.getByRole('searchbox', { name: 'Zoek evenementen' }).fill('bestaat niet');
  await expect(page.getByText('Geen evenementen gevonden met deze filters')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Filters wissen' }).click();
  await expect(headings).toHaveCount(2);

  // The embed script puts the same iframe in its container, once, even when run twice.
  await page.route('**/embed-demo.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="nl"><body><h1>Salon</h1><div id="afspraak-${other.slug}"></div>
        <script src="/embed.js" data-slug="${other.slug}" data-target="afspraak-${other.slug}" async></script>
        <script src="/embed.js" data-slug="${other.slug}" data-target="afspraak-${other.slug}" async></script>
        <script src="/embed.js" data-slug="${other.slug}"></script></body></html>`,
    }),
  );
  await page.goto('/embed-demo.html');
  const frames = page.locator(`#afspraak-${other.slug} iframe`);
  await expect(frames).toHaveCount(1);
  await expect(frames).toHaveAttribute('src', new RegExp(`/boek/${other.slug}\\?embed=true$`));
  await expect(frames).toHaveAttribute('width', '100%');
  await expect(frames).toHaveAttribute('height', '800');
  expect(await frames.evaluate((f) => [f.style.border, f.style.borderRadius])).toEqual([
    '1px solid rgb(229, 231, 235)',
    '8px',
  ]);
  // The script without a target creates its own container right after itself.
  await expect(page.locator('iframe')).toHaveCount(2);
  // The script's iframe follows the booking page's height (posted by the page), not a fixed 800 px:
  // this paid service without card keys shows only its short notice.
  const booking = page.frameLocator(`#afspraak-${other.slug} iframe`);
  await expect(booking.getByText('Online afspraken maken is tijdelijk niet mogelijk')).toBeVisible();
  const heights = () =>
    frames.evaluate((f) => [
      (f as HTMLIFrameElement).clientHeight,
      (f as HTMLIFrameElement).contentDocument!.querySelector('[data-embed]')!.getBoundingClientRect().height,
    ]);
  await expect.poll(async () => Math.abs((await heights()).reduce((a, b) => a - b))).toBeLessThan(2);
  expect((await heights())[0]).toBeLessThan(400);
});

test('templates: create one from scratch, start a new event from it, save an event as template', async ({
  page,
}) => {
  await registerOwnerViaApi(page, 'coach');
  await page.goto('/templates');
  await expect(page.getByText('Nog geen templates')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Nieuwe template' }).first().click();
  await expect(page).toHaveURL(/\/templates\/new\/edit$/);
  await expect(page.getByRole('tab')).toHaveText([
    'Basis',
    'Tijd',
    'Pauzes',
    'Velden',
    'Betaling',
    'Kalender',
    'Webhooks',
  ]);

  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Templatenaam is verplicht').first()).toBeVisible();
  await page.getByLabel('Templatenaam').fill('Intake');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Voeg minimaal één formulierveld toe.').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /Velden/ })).toHaveAttribute('aria-selected', 'true');
  await addField(page, 1, 'Naam', null, true);
  await addField(page, 2, 'E-mail', 'E-mail', true);

  await page.getByRole('tab', { name: 'Tijd' }).click();
  await page.getByRole('combobox', { name: 'Duur per afspraak' }).click();
  await page.getByRole('option', { name: '45 minuten' }).click();
  await page.getByRole('tab', { name: 'Pauzes' }).click();
  await page.getByRole('button', { name: 'Pauze toevoegen op Dinsdag' }).click();
  await page.getByRole('tab', { name: 'Betaling' }).click();
  await page.getByRole('switch', { name: 'Betaling vereist' }).click();
  await page.getByLabel('Prijs', { exact: true }).fill('25');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await page.getByLabel('Naam', { exact: true }).fill('CRM');
  await page.getByLabel('URL', { exact: true }).fill('https://example.com/hook');
  await page.getByRole('button', { name: 'Webhook toevoegen' }).click();
  await expect(page.getByText('https://example.com/hook')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Opslaan' }).click();

  await expect(page).toHaveURL(/\/templates$/);
  const card = page.getByRole('listitem').filter({ hasText: 'Intake' });
  await expect(card.getByText('45 minuten')).toBeVisible();
  await expect(card.getByText('Betaald · € 25,00')).toBeVisible();
  await expect(card.getByText('2 velden')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A new event offers the template; choosing it prefills the form.
  await page.goto('/events/new');
  const picker = page.getByRole('dialog', { name: 'Hoe wilt u beginnen?' });
  await expect(picker.getByRole('button', { name: 'Nieuw evenement vanaf nul' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await picker.getByRole('button', { name: /Intake/ }).click();
  await expect(page.getByText('Template toegepast', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Velden' }).click();
  await expect(page.getByRole('textbox', { name: 'Veldnaam 2' })).toHaveValue('E-mail');
  await page.getByRole('tab', { name: 'Betaling' }).click();
  await expect(page.getByLabel('Prijs', { exact: true })).toHaveValue('25,00');
  await page.getByRole('tab', { name: 'Pauzes' }).click();
  await expect(page.getByLabel('Begin pauze 1 op Dinsdag')).toHaveValue('12:00');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page.getByText('https://example.com/hook')).toBeVisible();
  await page.getByRole('tab', { name: 'Tijd' }).click();
  await expect(page.getByRole('combobox', { name: 'Duur per afspraak' })).toHaveText('45 minuten');
  await page.getByText('Specifieke datums', { exact: true }).click();
  // Past days are disabled in the Monday-first calendar; pick the first selectable day.
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('columnheader').first()).toHaveText('ma');
  await grid.locator('[role="gridcell"]:not([aria-disabled])').first().click();
  await expect(page.getByText('Gekozen datums (1)')).toBeVisible();
  await page.getByRole('tab', { name: 'Basis' }).click();
  await page.getByLabel('Titel').fill('Intakegesprek');
  await page.getByRole('button', { name: 'Evenement aanmaken' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByText('€ 25,00')).toBeVisible();

  const [created] = (await (await page.request.get('/api/events')).json()) as Array<Record<string, unknown>>;
  expect(created).toMatchObject({ title: 'Intakegesprek', durationMinutes: 45, dateRangeType: 'specific' });
  const hooks = (await (
    await page.request.get(`/api/events/${created!.id as string}/webhooks`)
  ).json()) as Array<Record<string, unknown>>;
  expect(hooks.map((h) => [h.name, h.url])).toEqual([['CRM', 'https://example.com/hook']]);

  // "Opslaan als template" on the event form.
  await page.getByRole('link', { name: 'Intakegesprek' }).first().click();
  await page.getByRole('button', { name: 'Opslaan als template' }).click();
  const save = page.getByRole('dialog', { name: 'Opslaan als template' });
  await save.getByLabel('Naam van het template').fill('Intake kopie');
  await save.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Template opgeslagen', { exact: true })).toBeVisible();
  await page.goto('/templates');
  await expect(page.getByRole('heading', { name: 'Intake kopie' })).toBeVisible();

  // Delete with confirmation.
  await page.getByRole('button', { name: 'Verwijderen: Intake kopie' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText('Template verwijderd', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Intake kopie' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Intake' })).toBeVisible();
});
