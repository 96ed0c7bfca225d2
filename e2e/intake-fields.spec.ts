/**
 * Intake fields (docs/PRODUCT.md#customer-answers, #sensitive-answers): the owner adds a list field
 * with its options and a sensitive field in the Velden tab; a customer books choosing an option,
 * after the form said in Dutch that the choice is required; the booking's details show both answers,
 * the sensitive one marked. Axe clean; screenshots at 390 and 1280 px (INTAKE_SHOTS=/tmp/x- writes them).
 */
import type { Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { expect, test } from './support/test';
import { ownerWithEvent, publicViolations, seriousViolations } from './support/helpers';

const SHOTS = process.env.INTAKE_SHOTS;

/** A full-page screenshot at phone and desktop width, then back to desktop. */
async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}${name}-${width}.png`, fullPage: true, animations: 'disabled' });
    expect(await seriousViolations(page)).toEqual([]);
  }
}

test('the owner adds a list field and a sensitive one; a customer books choosing an option', async ({
  page,
  baseURL,
}) => {
  const { api, event } = await ownerWithEvent(baseURL!, { prefix: 'intake', title: 'Fysiotherapie' });
  await page.context().addCookies((await api.storageState()).cookies);

  // The owner's Velden tab: a required list with two options, and a sensitive note.
  await page.goto(`/events/${event.id}/edit`);
  await page.getByRole('tab', { name: 'Velden' }).click();
  await page.getByRole('button', { name: 'Veld toevoegen' }).click();
  await page.getByRole('textbox', { name: 'Veldnaam 3' }).fill('Behandeling');
  await page.getByRole('combobox', { name: 'Type veld 3' }).click();
  await page.getByRole('option', { name: 'Keuzelijst', exact: true }).click();
  await page.getByRole('switch', { name: 'Verplicht (veld 3)' }).click();
  // Saving without options says what is missing.
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page.getByText('Geef minimaal één keuzemogelijkheid op.')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Keuzemogelijkheden veld 3 (één per regel)' })
    .fill('Massage\nDry needling');
  await page.getByRole('button', { name: 'Veld toevoegen' }).click();
  await page.getByRole('textbox', { name: 'Veldnaam 4' }).fill('Medische klachten');
  await page.getByRole('combobox', { name: 'Type veld 4' }).click();
  await page.getByRole('option', { name: 'Tekstvak (meerdere regels)' }).click();
  await page.getByRole('checkbox', { name: 'Gevoelig (bijv. medisch) (veld 4)' }).click();
  await expect(page.getByRole('checkbox', { name: 'Gevoelig (bijv. medisch) (veld 4)' })).toBeChecked();
  await shots(page, 'owner-fields');
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page).toHaveURL(/\/events$/);
  const fields = (await (await api.get(`/api/events/${event.id}/fields`)).json()) as Array<
    EventDto & { fieldName: string; options: string[]; sensitive: boolean }
  >;
  expect(fields.map((f) => [f.fieldName, f.options, f.sensitive])).toEqual([
    ['Naam', [], false],
    ['E-mail', [], false],
    ['Behandeling', ['Massage', 'Dry needling'], false],
    ['Medische klachten', [], true],
  ]);

  // The customer: the list is a labelled native select; leaving it empty is refused in Dutch.
  await page.context().clearCookies();
  await page.goto(`/boek/${event.slug}`);
  await page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button').first().click();
  await page
    .getByRole('list', { name: 'Beschikbare tijden' })
    .getByRole('button', { disabled: false })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Uw gegevens' })).toBeFocused();
  await page.getByLabel('Naam').fill('Eva de Vries');
  await page.getByLabel('E-mail', { exact: true }).fill('eva.e2e@example.nl');
  const treatment = page.getByRole('combobox', { name: 'Behandeling' });
  await expect(treatment.getByRole('option')).toHaveText(['Maak een keuze', 'Massage', 'Dry needling']);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Dit veld is verplicht')).toBeVisible();
  await expect(treatment).toBeFocused();
  expect(await publicViolations(page)).toEqual([]);
  // Keyboard: the select takes its option by arrow keys.
  await treatment.press('ArrowDown');
  await treatment.press('ArrowDown');
  await treatment.selectOption('Dry needling');
  await page.getByRole('textbox', { name: /^Medische klachten/ }).fill('Hernia, gebruikt bloedverdunners');
  await expect(page.getByText('Dit veld is verplicht')).toHaveCount(0);
  await shots(page, 'customer-form');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
  expect(await publicViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  expect(await publicViolations(page)).toEqual([]);

  // The owner's details panel shows both answers, the sensitive one marked.
  const [booking] = (await (await api.get('/api/bookings?limit=10')).json()) as Array<{ id: string }>;
  const details = await (await api.get(`/api/bookings/${booking!.id}`)).json();
  expect(details.answers).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ fieldName: 'Behandeling', value: 'Dry needling', sensitive: false }),
      expect.objectContaining({ fieldName: 'Medische klachten', sensitive: true }),
    ]),
  );
});

test('every intake type on the booking page: labelled, keyboard usable, axe clean', async ({
  page,
  baseURL,
}) => {
  const { api, event } = await ownerWithEvent(baseURL!, { prefix: 'intaketypes', title: 'Intake' });
  const res = await api.patch(`/api/events/${event.id}`, {
    data: {
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
        {
          fieldName: 'Klachten',
          fieldType: 'multiselect',
          isRequired: true,
          order: 2,
          options: ['Rug', 'Nek', 'Schouder'],
        },
        { fieldName: 'Eerder geweest', fieldType: 'yesno', isRequired: true, order: 3 },
        { fieldName: 'Geboortedatum', fieldType: 'date', isRequired: false, order: 4 },
        {
          fieldName: 'Pijnscore',
          fieldType: 'number',
          isRequired: false,
          order: 5,
          minValue: 0,
          maxValue: 10,
        },
        { fieldName: 'Ik ga akkoord met de voorwaarden', fieldType: 'checkbox', isRequired: true, order: 6 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`/boek/${event.slug}`);
  await page.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button').first().click();
  await page
    .getByRole('list', { name: 'Beschikbare tijden' })
    .getByRole('button', { disabled: false })
    .first()
    .click();
  await page.getByLabel('Naam').fill('Eva de Vries');
  await page.getByLabel('E-mail', { exact: true }).fill('eva.types@example.nl');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Dit veld is verplicht')).toHaveCount(3);
  await expect(page.getByRole('checkbox', { name: 'Rug' })).toBeFocused();
  await shots(page, 'customer-types-errors');

  // Keyboard only: space ticks, arrows move within the radio group.
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  const klachten = page.getByRole('group', { name: 'Klachten' });
  await expect(klachten.getByRole('checkbox', { checked: true })).toHaveCount(2);
  const yesNo = page.getByRole('radiogroup', { name: 'Eerder geweest' });
  await yesNo.getByRole('radio', { name: 'Ja' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(yesNo.getByRole('radio', { name: 'Nee' })).toBeChecked();
  await page.getByLabel(/^Geboortedatum/).fill('1990-04-12');
  const score = page.getByRole('spinbutton', { name: /^Pijnscore/ });
  await expect(score).toHaveAttribute('max', '10');
  await score.fill('11');
  await page.getByRole('checkbox', { name: /Ik ga akkoord/ }).check();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Vul een getal in van maximaal 10')).toBeVisible();
  await score.fill('7');
  await shots(page, 'customer-types');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Afspraak Bevestigd!' })).toBeVisible();
  const [booking] = (await (await api.get('/api/bookings?limit=10')).json()) as Array<{
    customFieldResponses: Record<string, string>;
  }>;
  expect(booking!.customFieldResponses).toMatchObject({
    Klachten: 'Rug, Nek',
    'Eerder geweest': 'nee',
    Geboortedatum: '1990-04-12',
    Pijnscore: '7',
    'Ik ga akkoord met de voorwaarden': 'ja',
  });
});
