/**
 * The zod form of core's e-mail address rule (`emailAddressProblem`), with the Dutch messages, for
 * every owner-side field where an address is typed. The public booking contracts (zod/mini) check
 * answers through core's `validateAnswers`, which uses the same rule and messages (answer-errors.ts).
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, emailAddressProblem } from '@core/email-address';
import { nlPublicSteps as nl } from './messages-public-steps';

const invalid = nl.validation.invalidEmail;

/** One issue with the message that says why: accents get their own hint, everything else 'invalid'. */
function addressIssue(value: string, ctx: z.RefinementCtx) {
  const problem = emailAddressProblem(value);
  if (problem)
    ctx.addIssue({ code: 'custom', message: problem === 'nonAscii' ? nl.validation.emailChars : invalid });
}

/** An address, trimmed. */
export const emailAddress = z
  .string({ error: invalid })
  .trim()
  .max(EMAIL_MAX_LENGTH, invalid)
  .superRefine(addressIssue);

/** An address or '' (a field left empty), trimmed. */
export const emailAddressOrEmpty = z
  .string({ error: invalid })
  .trim()
  .max(EMAIL_MAX_LENGTH, invalid)
  .superRefine((s, ctx) => {
    if (s !== '') addressIssue(s, ctx);
  });
