/**
 * The customer's way through a paid service's booking page up to the payment step, in the page
 * itself or in an embed's iframe (payment.spec.ts, payment-redirect.spec.ts).
 */
import { expect, type FrameLocator, type Page } from '@playwright/test';

export type Wizard = Page | FrameLocator;

/** What POST /api/create-payment-intent answers. */
export interface IntentCreated {
  clientSecret: string;
  managementToken: string;
  managementUrl: string;
  expiresAt: string;
}

/** The owner's view of a booking, as the payment journeys check it. */
export interface OwnerBooking {
  bookingDate: string;
  bookingTime: string;
  status: string;
  paymentStatus: string;
  customerName: string;
}

export const freeSlots = (w: Wizard) =>
  w.getByRole('list', { name: 'Beschikbare tijden' }).getByRole('button', { disabled: false });

/**
 * The first offered day, its first free time, the name and e-mail, up to the review step (the page
 * is already on the booking page); answers the chosen date and time.
 */
export async function toReview(w: Wizard, name: string) {
  const day = w.getByRole('list', { name: 'Beschikbare dagen' }).getByRole('button').first();
  const date = (await day.getAttribute('data-date'))!;
  await day.click();
  const time = (await freeSlots(w).first().textContent())!.trim();
  await freeSlots(w).first().click();
  await w.getByLabel('Naam').fill(name);
  await w.getByLabel('E-mail', { exact: true }).fill('klant@example.nl');
  await w.getByRole('button', { name: 'Volgende' }).click();
  await expect(w.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
  return { date, time };
}

/** From the review step to the payment step; answers what create-payment-intent gave. */
export async function toPayment(page: Page, w: Wizard = page): Promise<IntentCreated> {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/create-payment-intent') && r.request().method() === 'POST',
  );
  await w.getByRole('button', { name: 'Naar betaling' }).click();
  const res = await answer;
  expect(res.status(), await res.text()).toBe(201);
  await expect(w.getByRole('heading', { name: 'Betaling', exact: true })).toBeVisible();
  return (await res.json()) as IntentCreated;
}
