import type { HoldExtended } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';

/**
 * POST /api/public/payment-holds/{token}/release -> 204: the unpaid hold is given back and its slot
 * is free at once; a booking (paid, or free) is never released (409).
 */
export const releasePaymentHold = (token: string) =>
  api.post<void>(apiPath('public', 'payment-holds', token, 'release'));

/** POST /api/public/payment-holds/{token}/extend -> 200: 'Meer tijd'; 409 once it lapsed or is at its longest. */
export const extendPaymentHold = (token: string) =>
  api.post<HoldExtended>(apiPath('public', 'payment-holds', token, 'extend'));
