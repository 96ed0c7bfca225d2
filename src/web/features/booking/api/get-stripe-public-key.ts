import type { StripePublicKey } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';

/** GET /api/public/events/{eventId}/stripe-public-key -> the owner's publishable key for the payment form. */
export const getStripePublicKey = (eventId: string) =>
  api.get<StripePublicKey>(apiPath('public', 'events', eventId, 'stripe-public-key'));
