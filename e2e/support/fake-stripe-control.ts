/**
 * The fake card API's control routes (fake-stripe-server.ts), as the journeys drive it: accounts whose
 * secret key the server's key check accepts, and intents whose status a test sets or reads.
 */
import { expect } from '@playwright/test';

const FAKE_STRIPE = () => process.env.FAKE_STRIPE_URL!;

/** One control call; fails the test on any answer but 2xx. */
export async function stripeControl<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${FAKE_STRIPE()}/__control${path}`, init);
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/** A new account on the fake provider: the secret key it accepts. */
export async function newStripeAccount(): Promise<string> {
  return (await stripeControl<{ secretKey: string }>('/accounts', { method: 'POST' })).secretKey;
}

/** The PaymentIntent id inside a client secret (`pi_…_secret_…`). */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
