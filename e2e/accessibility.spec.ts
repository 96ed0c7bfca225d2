/**
 * The accessibility claim of issue 9 in one place: axe finds no serious or critical violations on
 * every route of the web app (public pages at desktop and at 375 px, owner pages at desktop, with
 * their dialogs, menus, tabs and empty states open), and a whole booking, including a reschedule
 * through the manage link, can be done with the keyboard alone while focus stays visible.
 *
 * Every page is checked before anything is asserted, so one run lists all findings at once.
 */
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { expect, test } from './support/test';
import { installFakeStripeJs } from './support/fake-stripe-js';
import type { EventDto } from '@contracts/events';
import { bookableDates, seriousViolations, upcomingRange } from './support/helpers';
import { newStripeAccount } from './support/fake-stripe-control';

const FAKE_STRIPE = process.env.FAKE_STRIPE_URL!;
const EVENT_TITLE = 'Knippen & föhnen';
const PAID_TITLE = 'Kleuren';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

// Transitions off, so axe measures colours as they end up, not halfway through a fade.
test.use({ reducedMotion: 'reduce' });

/** Every field type the booking form knows (docs/PRODUCT.md#entities), plus two passed-through input types. */
const ALL_FIELDS = [
  { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
  { fieldName: 'Telefoon', fieldType: 'phone', isRequired: true, order: 2 },
  { fieldName: 'Opmerking', fieldType: 'textarea', isRequired: false, order: 3 },
  { fieldName: 'Aantal personen', fieldType: 'number', isRequired: false, order: 4 },
  { fieldName: 'Geboortedatum', fieldType: 'date', isRequired: false, order: 5 },
];

const everyDay = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: true, startTime: '09:00', endTime: '17:00' },
  ]),
);

interface Owner {
  api: APIRequestContext;
}
let owner: Owner; // events, bookings, a template, a webhook with deliveries, card keys
let emptyOwner: Owner; // nothing yet: the empty states
let slug = '';
let eventId = '';
let paidSlug = '';
let templateId = '';
/** The date Anna de Boer booked: the event's first date after today. */
let annaDate = '';

async function newOwner(baseURL: string, prefix: string): Promise<Owner> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const reg = await api.post('/api/register', {
    data: { username: `${prefix}${Date.now()}`, password: 'geheim123', email: 'lotte@example.nl' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  return { api };
}

async function post<T>(api: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await api.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** Signs the browser in as this owner (the API context's session cookie). */
async function signIn(page: Page, who: Owner) {
  await page.context().addCookies((await who.api.storageState()).cookies);
}

test.beforeAll(async ({ baseURL }) => {
  owner = await newOwner(baseURL!, 'a11y');
  emptyOwner = await newOwner(baseURL!, 'leeg');
  const { api } = owner;

  const secretKey = await newStripeAccount();
  const keys = await api.patch('/api/user/settings', {
    data: { stripePublicKey: 'pk_test_a11y', stripeSecretKey: secretKey },
  });
  expect(keys.status(), await keys.text()).toBe(200);

  const category = await post<{ id: string }>(api, '/api/event-categories', {
    name: 'Haar',
    color: '#F59E0B',
  });
  const base = { workingDays: everyDay, ...upcomingRange(60), dailyPauseTimes: {} };
  const event = await post<EventDto>(api, '/api/events', {
    ...base,
    title: EVENT_TITLE,
    description: 'Wassen, knippen en föhnen.',
    categoryId: category.id,
    durationMinutes: 30,
    themeColor: '#0F766E',
    customFields: ALL_FIELDS,
  });
  ({ id: eventId, slug } = event);
  const paid = await post<{ slug: string }>(api, '/api/events', {
    ...base,
    title: PAID_TITLE,
    description: 'Uitgroei bijwerken; vooraf betalen.',
    durationMinutes: 60,
    requiresPayment: true,
    paymentAmount: '45',
    themeColor: '#FACC15',
    customFields: ALL_FIELDS.slice(0, 2),
  });
  paidSlug = paid.slug;
  // A receiver nobody listens on: the delivery fails and waits for its retry, which the Webhooks tab shows.
  await post(api, `/api/events/${eventId}/webhooks`, { name: 'CRM', url: 'http://127.0.0.1:9/hooks' });
  ({ id: templateId } = await post<{ id: string }>(api, '/api/templates', {
    templateName: 'Intake',
    workingDays: everyDay,
    durationMinutes: 45,
    customFieldsConfig: ALL_FIELDS.slice(0, 2),
    webhooksConfig: [{ name: 'CRM', url: 'https://example.com/hook' }],
  }));
  const [anna, bram] = bookableDates(event, 2) as [string, string];
  annaDate = anna;
  for (const [name, date] of [
    ['Anna de Boer', anna],
    ['Bram Visser', bram],
  ] as const) {
    await post(api, '/api/public/bookings', {
      eventId,
      bookingDate: date,
      bookingTime: '10:00',
      customFieldResponses: { Naam: name, 'E-mail': 'klant@example.nl', Telefoon: '+31612345678' },
    });
  }
});

test.afterAll(async () => {
  await owner?.api.dispose();
  await emptyOwner?.api.dispose();
});

/** Collects axe findings per named state; asserted once at the end of each test. */
class Findings {
  readonly found: Record<string, string[]> = {};
  readonly checked: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly prefix: string,
    /** A public page: WCAG 2.2 AA's rules, target size included (`seriousViolations`). */
    private readonly wcag22 = false,
  ) {}
  /**
   * `sandboxedFrame`: the page holds an iframe with sandbox="" (the e-mail preview), which axe's
   * per-frame run waits on forever; the legacy run checks the page and skips that opaque frame.
   * `scrollingList`: an open select list taller than the room it has scrolls, and axe's
   * scrollable-region-focusable cannot see that its options take focus by arrow keys (they have
   * tabindex -1 and the list traps Tab); the keyboard test below proves they are reachable.
   */
  async check(state: string, opts: { sandboxedFrame?: boolean; scrollingList?: boolean } = {}) {
    const name = `${this.prefix} ${state}`;
    this.checked.push(name);
    const violations = await seriousViolations(this.page, {
      wcag22: this.wcag22,
      legacyMode: opts.sandboxedFrame,
      disableRules: opts.scrollingList ? ['scrollable-region-focusable'] : [],
    });
    if (violations.length) this.found[name] = violations;
  }
}

const dateButtons = (page: Page) => page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button');
const freeSlots = (page: Page) =>
  page.getByRole('list', { name: 'Beschikbare tijden' }).getByRole('button', { disabled: false });

/** Through the wizard with the mouse, to the review step (the keyboard test below does it by keys). */
async function wizardToReview(page: Page, a11y: Findings, label: string, fields: 'all' | 'two') {
  await expect(dateButtons(page).first()).toBeVisible();
  await a11y.check(`${label}: date step`);
  await dateButtons(page).first().click();
  await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();
  await a11y.check(`${label}: time step`);
  await freeSlots(page).first().click();
  await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeFocused();
  await a11y.check(`${label}: details step`);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Dit veld is verplicht').first()).toBeVisible();
  await a11y.check(`${label}: details step with errors`);
  await page.getByLabel('Naam').fill('Sanne de Vries');
  await page.getByLabel('E-mail', { exact: true }).fill('sanne@example.nl');
  if (fields === 'all') {
    await page.getByRole('combobox', { name: 'Land voor Telefoon' }).click();
    await expect(page.getByRole('listbox', { name: 'Land voor Telefoon' })).toBeVisible();
    await a11y.check(`${label}: details step, country list open`);
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: /^Telefoon/ }).fill('0612345678');
    await page.getByLabel(/^Opmerking/).fill('Graag kort.');
  }
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeFocused();
  await a11y.check(`${label}: review step`);
}

/** Every public route of the router (src/web/app/router.tsx), in its states, at one viewport. */
async function publicTour(page: Page, size: 'desktop' | '375px') {
  const a11y = new Findings(page, size, true);

  // The start page without a session is the sign-in page; both of its forms, also with errors.
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welkom terug' })).toBeVisible();
  await a11y.check('/auth login');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Gebruikersnaam is verplicht')).toBeVisible();
  await a11y.check('/auth login with errors');
  await page.getByText('Nog geen account? Registreer hier').click();
  await expect(page.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
  await a11y.check('/auth register');

  // The booking wizard, every step, and the confirmation.
  await page.goto(`/boek/${slug}`);
  await wizardToReview(page, a11y, '/boek/{slug}', 'all');
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  await a11y.check('/payment/success confirmation');
  const manageUrl = (await page.getByRole('link', { name: 'Afspraak beheren' }).getAttribute('href'))!;

  // The manage page: view, reschedule with a day and a time chosen, the missing-choice alert.
  await page.goto(manageUrl);
  await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
  await a11y.check('/booking/manage/{token} view');
  await page.getByRole('button', { name: 'Wijzig datum/tijd' }).click();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Selecteer een nieuwe datum en tijd.' }),
  ).toBeVisible();
  await a11y.check('/booking/manage/{token} reschedule, nothing chosen');
  await page.getByRole('grid').locator('[role="gridcell"]:not([aria-disabled])').first().click();
  await page
    .getByRole('list', { name: /^Tijden op/ })
    .getByRole('button', { disabled: false })
    .first()
    .click();
  await a11y.check('/booking/manage/{token} reschedule, day and time chosen');
  await page.getByRole('button', { name: 'Annuleren' }).click();
  // The cancel question is the page's own dialog; then the cancelled state.
  await page.getByRole('button', { name: 'Annuleer afspraak' }).click();
  const question = page.getByRole('alertdialog', {
    name: 'Weet u zeker dat u deze afspraak wilt annuleren?',
  });
  await expect(question).toBeVisible();
  await a11y.check('/booking/manage/{token} cancel question');
  await question.getByRole('button', { name: 'Ja, annuleer afspraak' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak geannuleerd' })).toBeVisible();
  await a11y.check('/booking/manage/{token} just cancelled');
  await page.goto(manageUrl);
  await expect(page.getByText('kan niet meer worden gewijzigd')).toBeVisible();
  await a11y.check('/booking/manage/{token} cancelled');
  await page.goto('/booking/manage/abcdefghijklmnopqrstuvwxyz123456');
  await expect(page.getByRole('heading', { name: 'Afspraak niet gevonden' })).toBeVisible();
  await a11y.check('/booking/manage/{unknown}');

  // A paid event: the payment step with the card form (fake Stripe.js, real server and intent).
  await installFakeStripeJs(page, FAKE_STRIPE);
  await page.goto(`/boek/${paidSlug}`);
  await wizardToReview(page, a11y, '/boek/{paid slug}', 'two');
  await page.getByRole('button', { name: 'Naar betaling' }).click();
  await expect(page.getByRole('heading', { name: 'Betaling', exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Betaal € 45,00' })).toBeEnabled();
  await a11y.check('/boek/{paid slug}: payment step');

  // The return from the card provider while the booking is being created (held here), then a failure.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/public/bookings', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/payment/processing?payment_intent=pi_a11y_unknown&redirect_status=succeeded');
  await expect(page.getByRole('status').filter({ hasText: 'Betaling verwerken' }).first()).toBeVisible();
  await a11y.check('/payment/processing');
  release();
  await expect(page).toHaveURL(/\/payment\/failure$/);
  await page.unroute('**/api/public/bookings');
  await expect(page.getByRole('heading', { name: 'Betaling Mislukt' })).toBeVisible();
  await a11y.check('/payment/failure');
  await page.evaluate(() => sessionStorage.clear()); // the confirmation above left its summary
  await page.goto('/payment/success');
  await expect(page.getByRole('heading', { name: 'Geen boekingsgegevens gevonden' })).toBeVisible();
  await a11y.check('/payment/success without a booking');

  // Embedded on another site, an unknown booking page and the 404 page.
  await page.goto(`/boek/${slug}?embed=true`);
  await expect(dateButtons(page).first()).toBeVisible();
  await a11y.check('/boek/{slug}?embed=true');
  await page.goto('/boek/bestaat-niet-123');
  await expect(page.getByRole('heading', { name: 'Evenement niet gevonden' })).toBeVisible();
  await a11y.check('/boek/{unknown}');
  await page.goto('/deze/pagina/bestaat/niet');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await a11y.check('404');

  expect(a11y.checked.length).toBeGreaterThanOrEqual(25);
  expect(a11y.found).toEqual({});
}

test.describe('public pages', () => {
  test('axe on every public page and wizard step at desktop size', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await publicTour(page, 'desktop');
  });

  test('axe on every public page and wizard step at 375 px', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(PHONE);
    await publicTour(page, '375px');
  });
});

/** Opens a tab of the page and waits until it is the selected one. */
async function openTab(page: Page, name: string | RegExp) {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Closes what is open with Escape and waits for it to be gone. */
async function dismiss(page: Page, what: Locator) {
  await page.keyboard.press('Escape');
  await expect(what).toBeHidden();
}

test.describe('owner pages', () => {
  let a11y: Findings;
  test.beforeEach(async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, owner);
    a11y = new Findings(page, 'owner');
  });
  test.afterEach(async () => {
    expect(a11y.found).toEqual({});
  });

  test('axe on the dashboard and the bookings with their menus and dialogs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Recente Afspraken' })).toBeVisible();
    await expect(page.getByText('Bram Visser')).toBeVisible();
    await a11y.check('/ dashboard');
    await page.keyboard.press('Control+b');
    await expect(page.locator('[data-state="collapsed"]').first()).toBeAttached();
    await a11y.check('/ dashboard, sidebar collapsed');
    await page.keyboard.press('Control+b');

    // Bookings: the table, the status menu, and each dialog.
    await page.goto('/bookings');
    await expect(page.getByRole('row').filter({ hasText: 'Anna de Boer' })).toBeVisible();
    await a11y.check('/bookings');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await a11y.check('/bookings status menu open');
    await dismiss(page, page.getByRole('listbox'));
    await page.getByRole('button', { name: 'Afspraak van Anna de Boer wijzigen' }).click();
    const edit = page.getByRole('dialog', { name: 'Afspraak wijzigen' });
    await expect(edit.getByLabel('Datum', { exact: true })).toHaveValue(annaDate);
    await a11y.check('/bookings edit dialog');
    await edit.getByRole('combobox', { name: 'Tijd' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await a11y.check('/bookings edit dialog, time list open', { scrollingList: true });
    // That list by keyboard: End reaches the last time, scrolled into view; Escape closes the list.
    await page.keyboard.press('End');
    const lastTime = page.getByRole('option').last();
    await expect(lastTime).toBeFocused();
    await expect(lastTime).toBeInViewport();
    await dismiss(page, page.getByRole('listbox'));
    await dismiss(page, edit);
    await page.getByRole('button', { name: 'Afspraak van Anna de Boer annuleren' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Afspraak annuleren?' });
    await expect(cancel).toBeVisible();
    await a11y.check('/bookings cancel dialog');
    await dismiss(page, cancel);
    await page.getByRole('button', { name: 'Afspraak van Anna de Boer verwijderen' }).click();
    const remove = page.getByRole('alertdialog', { name: 'Afspraak definitief verwijderen?' });
    await expect(remove).toBeVisible();
    await a11y.check('/bookings delete dialog');
    await dismiss(page, remove);
    await page.getByLabel('Zoek afspraken').fill('niemand');
    await expect(page.getByRole('row').filter({ hasText: 'Anna de Boer' })).toHaveCount(0);
    await a11y.check('/bookings no search results');

    expect(a11y.checked).toHaveLength(9);
  });

  test('axe on the events overview with its filters and dialogs', async ({ page }) => {
    await page.goto('/events');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: EVENT_TITLE }) });
    await expect(card).toBeVisible();
    await a11y.check('/events');
    await page.getByRole('combobox', { name: 'Categorie' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await a11y.check('/events category filter open');
    await dismiss(page, page.getByRole('listbox'));
    await card.getByRole('button', { name: 'Insluiten op website' }).click();
    const embed = page.getByRole('dialog', { name: 'Insluiten op uw website' });
    await expect(embed.getByLabel('iFrame-code')).toBeVisible();
    await a11y.check('/events embed dialog, iFrame');
    await embed.getByRole('tab', { name: 'Script Tag' }).click();
    await expect(embed.getByLabel('Script-code')).toBeVisible();
    await a11y.check('/events embed dialog, script');
    await dismiss(page, embed);
    await page.getByRole('button', { name: 'Categorieën' }).click();
    const categories = page.getByRole('dialog', { name: 'Categorieën' });
    await expect(categories.getByRole('button', { name: 'Bewerk Haar' })).toBeVisible();
    await a11y.check('/events categories dialog');
    await categories.getByRole('button', { name: 'Bewerk Haar' }).click();
    await expect(categories.getByRole('heading', { name: 'Categorie bewerken' })).toBeVisible();
    await a11y.check('/events categories dialog, editing');
    await dismiss(page, categories);
    await card.getByRole('button', { name: 'Verwijderen' }).click();
    const del = page.getByRole('alertdialog', { name: 'Evenement verwijderen?' });
    await expect(del).toBeVisible();
    await a11y.check('/events delete dialog');
    await dismiss(page, del);

    expect(a11y.checked).toHaveLength(7);
  });

  test('axe on a new event: the template picker, each tab, the field type list, the dates calendar', async ({
    page,
  }) => {
    await page.goto('/events/new');
    const picker = page.getByRole('dialog', { name: 'Hoe wilt u beginnen?' });
    await expect(picker.getByRole('button', { name: /Intake/ })).toBeVisible();
    await a11y.check('/events/new template picker');
    await picker.getByRole('button', { name: 'Nieuw evenement vanaf nul' }).click();
    await expect(picker).toBeHidden();
    for (const tab of ['Basis', 'Tijd', 'Pauzes', 'Velden', 'Betaling', 'Calendar', 'Webhooks']) {
      await openTab(page, tab);
      await a11y.check(`/events/new tab ${tab}`);
    }
    await openTab(page, 'Velden');
    await page.getByRole('button', { name: 'Veld toevoegen' }).click();
    await page.getByRole('combobox', { name: 'Type veld 1' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await a11y.check('/events/new field type list open');
    await dismiss(page, page.getByRole('listbox'));
    await openTab(page, 'Tijd');
    await page.getByText('Specifieke datums', { exact: true }).click();
    await expect(page.getByRole('grid')).toBeVisible();
    await a11y.check('/events/new specific dates calendar');
    await page.getByRole('button', { name: 'Evenement aanmaken' }).click();
    await expect(page.getByText('Titel is verplicht').first()).toBeVisible();
    await a11y.check('/events/new with errors');

    expect(a11y.checked).toHaveLength(11);
  });

  test('axe on an event being edited: each tab, the webhook deliveries, save as template', async ({
    page,
  }) => {
    await page.goto(`/events/${eventId}/edit`);
    await expect(page.getByRole('heading', { name: 'Evenement bewerken' })).toBeVisible();
    for (const tab of ['Basis', 'Tijd', 'Pauzes', 'Velden', 'Betaling', 'Calendar', 'Webhooks']) {
      await openTab(page, tab);
      await a11y.check(`/events/{id}/edit tab ${tab}`);
    }
    await page.getByRole('button', { name: 'Recente leveringen van CRM tonen' }).click();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    await a11y.check('/events/{id}/edit webhook deliveries');
    await page.getByRole('button', { name: 'Bewerk CRM' }).click();
    await a11y.check('/events/{id}/edit webhook being edited');
    await page.getByRole('button', { name: 'Opslaan als template' }).click();
    const saveAs = page.getByRole('dialog', { name: 'Opslaan als template' });
    await expect(saveAs.getByLabel('Naam van het template')).toBeVisible();
    await a11y.check('/events/{id}/edit save-as-template dialog');
    await dismiss(page, saveAs);

    expect(a11y.checked).toHaveLength(10);
  });

  test('axe on the templates: the list, the delete dialog, each tab of the form, a new one', async ({
    page,
  }) => {
    await page.goto('/templates');
    await expect(page.getByRole('heading', { name: 'Intake' })).toBeVisible();
    await a11y.check('/templates');
    await page.getByRole('button', { name: 'Verwijderen: Intake' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await a11y.check('/templates delete dialog');
    await dismiss(page, page.getByRole('alertdialog'));
    await page.goto(`/templates/${templateId}/edit`);
    await expect(page.getByLabel('Templatenaam')).toHaveValue('Intake');
    for (const tab of ['Basis', 'Tijd', 'Pauzes', 'Velden', 'Betaling', 'Kalender', 'Webhooks']) {
      await openTab(page, tab);
      await a11y.check(`/templates/{id}/edit tab ${tab}`);
    }
    await page.goto('/templates/new/edit');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Templatenaam is verplicht').first()).toBeVisible();
    await a11y.check('/templates/new/edit with errors');

    expect(a11y.checked).toHaveLength(10);
  });

  test('axe on the e-mail templates, statistics, settings and profile', async ({ page }) => {
    await page.goto('/email-templates');
    await expect(page.getByLabel('Onderwerp', { exact: true })).not.toHaveValue('');
    for (const tab of ['Bevestiging', 'Wijziging', 'Annulering', 'Herinnering']) {
      await openTab(page, tab);
      await a11y.check(`/email-templates tab ${tab}`);
    }
    await openTab(page, 'Bevestiging');
    await page.getByRole('button', { name: 'Tekstkleur' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await a11y.check('/email-templates text colour pop-up');
    await dismiss(page, page.getByRole('dialog'));
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await a11y.check('/email-templates link pop-up');
    await dismiss(page, page.getByRole('dialog'));
    await page.getByRole('button', { name: 'Voorbeeld tonen' }).click();
    await expect(page.frameLocator('iframe[title="Voorbeeld van de e-mail"]').locator('body')).toContainText(
      'Jan de Vries',
    );
    await a11y.check('/email-templates preview', { sandboxedFrame: true });

    // Statistics: each period.
    await page.goto('/analytics');
    for (const tab of ['Vandaag', 'Gisteren', 'Afgelopen Week', 'Afgelopen Maand']) {
      await openTab(page, tab);
      await a11y.check(`/analytics tab ${tab}`);
    }

    // Settings (with the SMTP fields out) and the profile.
    await page.goto('/settings');
    await expect(page.getByLabel('Publieke sleutel')).toBeVisible();
    await a11y.check('/settings');
    await page.getByRole('radio', { name: 'Eigen SMTP-server' }).click();
    await expect(page.getByLabel('Poort')).toBeVisible();
    await a11y.check('/settings SMTP fields');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await a11y.check('/profile');

    expect(a11y.checked).toHaveLength(14);
  });

  test('axe on the empty states of a new owner, and on the phone menu', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, emptyOwner);
    const a11y = new Findings(page, 'new owner');
    const empty: Array<[string, string | RegExp]> = [
      ['/', /Nog geen/],
      ['/events', 'Nog geen evenementen'],
      ['/bookings', /Nog geen afspraken/],
      ['/templates', 'Nog geen templates'],
      ['/analytics', /Geen afspraken/],
    ];
    for (const [url, text] of empty) {
      await page.goto(url);
      await expect(page.getByText(text).first()).toBeVisible();
      await a11y.check(`${url} empty`);
    }
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
    await a11y.check('375px menu open');
    await dismiss(page, menu);
    for (const [url] of empty) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await a11y.check(`375px ${url} empty`);
    }
    expect(a11y.found).toEqual({});
  });
});

/**
 * What is wrong with the focus right now, or null: focus must be on an element (not lost to the
 * body) that draws an outline or a ring (a box-shadow with a spread) on itself
 * or on its content (calendar cells draw the ring on their inner day). The ring fades in, so its
 * transition finishes first.
 */
async function focusProblem(): Promise<string | null> {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement)
    return 'focus is lost (on the page body)';
  const name = `<${el.tagName.toLowerCase()}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> "${(el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  // Past its day, month and year, a date input's last stop is Chromium's own calendar button inside
  // the input (the input then no longer matches :focus); the browser draws that one's focus.
  if (el.matches('input[type=date]:not(:focus)')) return null;
  await Promise.race([
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 1000)),
  ]);
  const box = el.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return `${name} is focused but not visible`;
  const transparent = (color: string) => color === 'transparent' || /\/\s*0\)$|,\s*0\)$/.test(color);
  const draws = (node: Element) => {
    const cs = getComputedStyle(node);
    if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0 && !transparent(cs.outlineColor))
      return true;
    return cs.boxShadow.split(/,(?![^(]*\))/).some((part) => {
      const lengths = part.match(/(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px\s+([\d.]+)px/);
      const color = part.match(/(?:rgba?|oklch|oklab|lab|lch|color)\([^)]*\)/)?.[0] ?? '';
      return !!lengths && Number(lengths[4]) > 0 && !transparent(color);
    });
  };
  const nodes = [el, ...el.querySelectorAll('*')].slice(0, 8);
  if (nodes.some(draws)) return null;
  const cs = getComputedStyle(el);
  return `${name} has no visible focus indicator (outline ${cs.outlineStyle} ${cs.outlineWidth}, box-shadow ${cs.boxShadow})`;
}

/** Presses a key and checks the focus is visible afterwards. */
async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  expect(await page.evaluate(focusProblem), `after ${key}`).toBeNull();
}

/** Tabs (or shift-tabs) until `target` has focus, checking the focus is visible at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    await press(page, back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reachable with ${back ? 'Shift+Tab' : 'Tab'} in ${max} steps`);
}

test.describe('keyboard only', () => {
  test.use({ viewport: DESKTOP });

  test('the whole booking with every field type, then a reschedule through the manage link', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`/boek/${slug}`);
    await expect(dateButtons(page).first()).toBeVisible();

    // Date: the next month and back with the month buttons, then a day, by Enter.
    const nextMonth = page.getByRole('button', { name: 'Volgende maand' });
    await tabTo(page, nextMonth);
    const monthLabel = page.locator('p[aria-live="polite"]').first();
    const thisMonth = (await monthLabel.textContent())!;
    await press(page, 'Enter');
    await expect(monthLabel).not.toHaveText(thisMonth);
    const previousMonth = page.getByRole('button', { name: 'Vorige maand' });
    await tabTo(page, previousMonth, { back: true });
    await press(page, 'Enter');
    await expect(monthLabel).toHaveText(thisMonth);
    // Back at the first bookable month the button says it is unavailable, and keeps the focus.
    await expect(previousMonth).toHaveAttribute('aria-disabled', 'true');
    await expect(previousMonth).toBeFocused();
    await press(page, 'Enter');
    await expect(monthLabel).toHaveText(thisMonth);
    // The second day offered, which has a second free time whatever the hour; on a month's last day
    // it is the next month's first.
    await expect(dateButtons(page).first()).toBeVisible();
    let day = dateButtons(page).nth(1);
    if ((await dateButtons(page).count()) < 2) {
      await tabTo(page, nextMonth);
      await press(page, 'Enter');
      await expect(monthLabel).not.toHaveText(thisMonth);
      await expect(dateButtons(page).first()).toBeVisible();
      day = dateButtons(page).first();
    }
    const dayLabel = (await day.locator('span span').first().textContent())!;
    await tabTo(page, day);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Kies een tijd' })).toBeFocused();

    // Time: the second free slot, reached by Tab.
    const slot = freeSlots(page).nth(1);
    const time = (await slot.textContent())!.trim();
    await tabTo(page, slot);
    await page.keyboard.press('Space');
    await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeFocused();

    // Details: submitting empty sends focus to the first problem, announced through its description.
    const next = page.getByRole('button', { name: 'Volgende' });
    await tabTo(page, next);
    await press(page, 'Enter');
    const name = page.getByLabel('Naam');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Dit veld is verplicht');
    await page.keyboard.type('Jan Jansen');
    await press(page, 'Tab');
    await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
    await page.keyboard.type('jan@example.nl');
    await press(page, 'Tab');
    const country = page.getByRole('combobox', { name: 'Land voor Telefoon' });
    await expect(country).toBeFocused();
    await press(page, 'Tab');
    const phone = page.getByRole('textbox', { name: /^Telefoon/ });
    await expect(phone).toBeFocused();
    await page.keyboard.type('470123456');
    // Back to the country list with Shift+Tab; the arrows pick Belgium, Enter closes the list.
    await press(page, 'Shift+Tab');
    await expect(country).toBeFocused();
    await press(page, 'ArrowDown'); // opens on the Netherlands
    await expect(page.getByRole('listbox', { name: 'Land voor Telefoon' })).toBeVisible();
    await press(page, 'ArrowDown');
    await press(page, 'Enter');
    await expect(page.getByRole('listbox', { name: 'Land voor Telefoon' })).toBeHidden();
    await expect(country).toContainText('+32');
    await expect(country).toBeFocused();
    await press(page, 'Tab');
    await press(page, 'Tab');
    const remark = page.getByLabel(/^Opmerking/);
    await expect(remark).toBeFocused();
    await page.keyboard.type('Graag kort.');
    await page.keyboard.press('Enter'); // a new line in the text area, not a submit
    await page.keyboard.type('Liever niet föhnen.');
    await expect(remark).toHaveValue('Graag kort.\nLiever niet föhnen.');
    await press(page, 'Tab');
    await expect(page.getByLabel(/^Aantal personen/)).toBeFocused();
    await page.keyboard.type('2');
    await press(page, 'Tab');
    const birth = page.getByLabel(/^Geboortedatum/);
    await expect(birth).toBeFocused();
    // Day and month alike: the segment order follows the browser's own locale, not the page's.
    await page.keyboard.type('03031990');
    await expect(birth).toHaveValue('1990-03-03');
    await tabTo(page, next);
    await page.keyboard.press('Enter'); // the review step loads; focus lands on its heading

    // Review: every answer, then confirm.
    await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeFocused();
    const review = page.getByRole('definition');
    for (const text of [
      EVENT_TITLE,
      dayLabel,
      time,
      'Jan Jansen',
      'jan@example.nl',
      '+32 470 12 34 56',
      'Liever niet föhnen.',
      '2',
      '1990-03-03',
    ]) {
      await expect(review.filter({ hasText: text }).first()).toBeVisible();
    }
    await tabTo(page, page.getByRole('button', { name: 'Bevestigen' }));
    await page.keyboard.press('Enter');

    // Confirmation: focus on its heading, so the next Tab continues in the new page.
    const confirmed = page.getByRole('heading', { name: 'Afspraak Bevestigd!' });
    await expect(confirmed).toBeFocused();
    await expect(page).toHaveURL(/\/payment\/success$/);
    await expect(page.getByRole('definition').filter({ hasText: '+32 470 12 34 56' })).toHaveCount(1);
    const manage = page.getByRole('link', { name: 'Afspraak beheren' });
    await tabTo(page, manage);
    await page.keyboard.press('Enter');

    // Manage: open the reschedule panel, walk the calendar with the arrows, pick a day and a time.
    await expect(page.getByRole('heading', { name: 'Uw afspraak' })).toBeVisible();
    const change = page.getByRole('button', { name: 'Wijzig datum/tijd' });
    await tabTo(page, change);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Nieuwe datum en tijd' })).toBeFocused();
    const grid = page.getByRole('grid');
    const roving = grid.locator('[role="gridcell"][tabindex="0"]');
    await tabTo(page, roving);
    const start = (await roving.getAttribute('data-date'))!;
    await press(page, 'ArrowDown'); // a week later
    await expect(roving).toBeFocused();
    const later = (await roving.getAttribute('data-date'))!;
    expect(later > start).toBe(true);
    await press(page, 'ArrowUp');
    await press(page, 'ArrowRight');
    await press(page, 'ArrowLeft');
    await expect(grid.locator(`[data-date="${start}"]`)).toBeFocused();
    await press(page, 'ArrowDown');
    // A week later may lie in the next month: its days are disabled until its availability arrived.
    await expect(page.locator('[aria-busy]', { has: grid })).toHaveAttribute('aria-busy', 'false');
    await press(page, 'Enter');
    await expect(grid.locator(`[data-date="${later}"]`)).toHaveAttribute('aria-selected', 'true');
    const newSlot = page
      .getByRole('list', { name: /^Tijden op/ })
      .getByRole('button', { disabled: false })
      .nth(2);
    const newTime = (await newSlot.textContent())!.trim();
    await tabTo(page, newSlot);
    await press(page, 'Enter');
    await expect(newSlot).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, page.getByRole('button', { name: 'Opslaan' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Uw afspraak is succesvol gewijzigd.').first()).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: newTime })).toHaveCount(1);
    // The panel closed: focus goes back to the button that opened it, not to the page body.
    await expect(change).toBeFocused();

    // Opening the panel and leaving it with 'Annuleren' also returns focus to that button.
    await page.keyboard.press('Enter'); // focus goes to the panel's heading (a target, not a control)
    await expect(page.getByRole('heading', { name: 'Nieuwe datum en tijd' })).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Annuleren' }));
    await press(page, 'Enter');
    await expect(change).toBeFocused();

    // Cancel by keyboard in the page's dialog: focus starts on 'keep', Escape returns it to the
    // button; confirmed, focus goes to the 'cancelled' heading.
    const cancelButton = page.getByRole('button', { name: 'Annuleer afspraak' });
    const question = page.getByRole('alertdialog', {
      name: 'Weet u zeker dat u deze afspraak wilt annuleren?',
    });
    await tabTo(page, cancelButton);
    await page.keyboard.press('Enter');
    await expect(question.getByRole('button', { name: 'Afspraak behouden' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(cancelButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question.getByRole('button', { name: 'Afspraak behouden' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(question.getByRole('button', { name: 'Ja, annuleer afspraak' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Afspraak geannuleerd' })).toBeFocused();
  });
});
