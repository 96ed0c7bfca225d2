import type { CreatePaymentIntentBody, PaymentIntentCreated } from '@contracts/public-booking';
import { api } from '@web/lib/api-client';
import { withAttemptKey } from '../lib/attempt-key';

/**
 * POST /api/create-payment-intent -> 201: the server holds the slot for 15 minutes and answers the
 * client secret for the payment form plus the booking's one-time management link. 409: the slot
 * was taken meanwhile; 422: a Dutch message (payments not set up, provider refused).
 */
export const createPaymentIntent = (body: CreatePaymentIntentBody) =>
  withAttemptKey('payment-intent', body, (headers) =>
    api.post<PaymentIntentCreated>('/api/create-payment-intent', body, { headers }),
  );
