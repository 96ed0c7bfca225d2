import { z } from 'zod';
import { nl } from './messages';

const v = nl.validation;

/**
 * docs/PRODUCT.md#account-deletion: what deleting the account removes, so the warning can name it
 * before the owner types the password.
 */
export const accountDeletionSummary = z.object({
  /** The owner's services (events). */
  services: z.number().int(),
  /** Every booking of every service, past and future, cancelled ones included. */
  bookings: z.number().int(),
  /** Live bookings that have not started yet: they are cancelled first. */
  futureBookings: z.number().int(),
  /** Of those, the ones with a customer e-mail address: each gets the cancellation e-mail. */
  customersMailed: z.number().int(),
  /** Of those, the ones paid online: they are not refunded automatically. */
  paidFutureBookings: z.number().int(),
  templates: z.number().int(),
  agendas: z.number().int(),
  /** Google Calendar or Gmail is connected: access is withdrawn at Google. */
  googleConnected: z.boolean(),
});
export type AccountDeletionSummary = z.infer<typeof accountDeletionSummary>;

/** The owner's password, asked again: a session alone (a borrowed laptop) may not delete the account. */
export const accountDeletionBody = z.object({
  password: z.string({ error: v.passwordRequired }).min(1, v.passwordRequired).max(200, v.passwordTooLong),
});
export type AccountDeletionBody = z.infer<typeof accountDeletionBody>;
