/**
 * The zod form of core's e-mail address rule (`isValidEmailAddress`), with the Dutch message, for
 * every owner-side field where an address is typed. The public booking contracts (zod/mini) check
 * answers through core's `validateAnswers`, which uses the same rule.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmailAddress } from '@core/email-address';
import { nlPublic as nl } from './messages-public';

const invalid = nl.validation.invalidEmail;

/** An address, trimmed. */
export const emailAddress = z
  .string({ error: invalid })
  .trim()
  .max(EMAIL_MAX_LENGTH, invalid)
  .refine(isValidEmailAddress, invalid);

/** An address or '' (a field left empty), trimmed. */
export const emailAddressOrEmpty = z
  .string({ error: invalid })
  .trim()
  .max(EMAIL_MAX_LENGTH, invalid)
  .refine((s) => s === '' || isValidEmailAddress(s), invalid);
