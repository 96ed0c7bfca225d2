import { z } from 'zod';
import {
  centsToAmount,
  DEPOSIT_FOR,
  DEPOSIT_TYPES,
  depositProblem,
  parseAmountToCents,
  type DepositFor,
  type DepositType,
} from '@core/index';
import { nl } from './messages';

/** The deposit fields of events and templates (docs/PRODUCT.md#deposits): one schema for both. */
const m = nl.deposits;

/** Typed like a price: a Dutch comma is accepted ('20,00'); stored as 'NN.NN' (a percentage too). */
export const depositValueSchema = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
    const cents = parseAmountToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: m.valueInvalid });
      return z.NEVER;
    }
    return centsToAmount(cents);
  });

/**
 * Left out of a create: no deposit, asked of everyone (the event contract fills these before
 * parsing, so a PATCH that leaves them out keeps the stored rule).
 */
export const depositFields = {
  depositType: z.enum(DEPOSIT_TYPES, { error: m.invalidType }),
  depositValue: depositValueSchema,
  depositFor: z.enum(DEPOSIT_FOR, { error: m.invalidFor }),
};

export const DEPOSIT_DEFAULTS: { depositType: DepositType; depositFor: DepositFor } = {
  depositType: 'none',
  depositFor: 'everyone',
};

/** What the event and template answers carry: the value as the owner reads it ('20.00', '30'). */
export const depositDto = z.object({
  depositType: z.enum(DEPOSIT_TYPES),
  depositValue: z.string().nullable(),
  depositFor: z.enum(DEPOSIT_FOR),
});

/**
 * The deposit against the price: only a service that asks payment has one to check (a stale rule
 * of a free service is kept but never used).
 */
export function checkDeposit(
  e: {
    requiresPayment: boolean;
    paymentAmount: string | null;
    depositType: DepositType;
    depositValue: string | null | undefined;
    depositFor: DepositFor;
  },
  ctx: z.RefinementCtx,
): void {
  if (!e.requiresPayment) return;
  const price = e.paymentAmount ? parseAmountToCents(e.paymentAmount) : null;
  const problem = depositProblem(price, {
    depositType: e.depositType,
    depositValue: e.depositValue ?? null,
    depositFor: e.depositFor,
  });
  if (problem) ctx.addIssue({ code: 'custom', path: ['depositValue'], message: m[problem] });
}
