/** Stripe's own test card numbers, as the fake card API and the journeys use them. */
export const TEST_CARDS = {
  /** Pays at once. */
  paid: '4242424242424242',
  /** Declined by the "bank": the provider answers a card_error. */
  declined: '4000000000000002',
  /** Needs a 3-D Secure step: the browser leaves for the bank and comes back via the return_url. */
  redirect: '4000002760003184',
} as const;

/** The decline message of the fake, in Dutch as Stripe.js shows it with locale 'nl'. */
export const DECLINE_MESSAGE = 'Uw kaart is geweigerd.';
