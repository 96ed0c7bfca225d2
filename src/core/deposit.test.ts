import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asksDeposit,
  depositCents,
  depositProblem,
  depositValueText,
  MIN_ONLINE_CENTS,
  NO_DEPOSIT,
  paymentSplit,
  type DepositRule,
} from './deposit';
import { centsToAmount } from './money';

const fixed = (value: string, depositFor: DepositRule['depositFor'] = 'everyone'): DepositRule => ({
  depositType: 'fixed',
  depositValue: value,
  depositFor,
});
const percent = (value: string): DepositRule => ({
  depositType: 'percent',
  depositValue: value,
  depositFor: 'everyone',
});
const newCustomer = { returning: false, noShowBefore: false, noShowLastYear: false };
const regular = { returning: true, noShowBefore: false, noShowLastYear: false };

describe('deposits', () => {
  it('asks the whole price without a deposit', () => {
    expect(depositCents(6500, NO_DEPOSIT)).toBe(6500);
    expect(paymentSplit(6500, NO_DEPOSIT, regular)).toEqual({
      payNowCents: 6500,
      dueLaterCents: 0,
      isDeposit: false,
    });
  });

  it('splits a fixed deposit from the rest, capped at the price', () => {
    expect(paymentSplit(6500, fixed('20.00'), newCustomer)).toEqual({
      payNowCents: 2000,
      dueLaterCents: 4500,
      isDeposit: true,
    });
    expect(depositCents(1500, fixed('20.00'))).toBe(1500);
  });

  it('rounds a percentage to whole cents', () => {
    expect(depositCents(6500, percent('30'))).toBe(1950);
    expect(depositCents(999, percent('50'))).toBe(500);
    expect(depositCents(1, percent('1'))).toBe(0);
  });

  it('asks new customers and no-shows of the last 12 months with new_or_no_show', () => {
    const rule = fixed('20.00', 'new_or_no_show');
    expect(asksDeposit(rule, newCustomer)).toBe(true);
    expect(asksDeposit(rule, regular)).toBe(false);
    expect(asksDeposit(rule, { returning: true, noShowBefore: true, noShowLastYear: false })).toBe(false);
    expect(asksDeposit(rule, { returning: true, noShowBefore: true, noShowLastYear: true })).toBe(true);
    expect(
      asksDeposit(fixed('20.00', 'new_customers'), {
        returning: true,
        noShowBefore: true,
        noShowLastYear: false,
      }),
    ).toBe(true);
  });

  it('asks only new customers and earlier no-shows when the owner says so', () => {
    const rule = fixed('20.00', 'new_customers');
    expect(asksDeposit(rule, newCustomer)).toBe(true);
    expect(asksDeposit(rule, regular)).toBe(false);
    expect(asksDeposit(rule, { returning: true, noShowBefore: true, noShowLastYear: true })).toBe(true);
    expect(paymentSplit(6500, rule, regular)).toEqual({
      payNowCents: 0,
      dueLaterCents: 6500,
      isDeposit: false,
    });
  });

  it('never asks more than the price, and the parts add up (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 10_000_000 }),
        fc.oneof(
          fc.integer({ min: 1, max: 99 }).map((p) => percent(String(p))),
          fc.integer({ min: 1, max: 20_000_000 }).map((c) => fixed((c / 100).toFixed(2))),
        ),
        fc.boolean(),
        (price, rule, returning) => {
          const split = paymentSplit(price, rule, { returning, noShowBefore: false, noShowLastYear: false });
          expect(split.payNowCents).toBeGreaterThanOrEqual(0);
          expect(split.payNowCents).toBeLessThanOrEqual(price);
          expect(split.payNowCents + split.dueLaterCents).toBe(price);
        },
      ),
    );
  });
});

describe('depositProblem', () => {
  it('accepts no deposit whatever the value', () => {
    expect(depositProblem(6500, NO_DEPOSIT)).toBeNull();
  });

  it('wants a value for a fixed or percent deposit', () => {
    expect(depositProblem(6500, fixed(''))).toBe('valueRequired');
    expect(depositProblem(6500, { ...percent('1'), depositValue: null })).toBe('valueRequired');
  });

  it('keeps a fixed deposit between € 0,50 and the price', () => {
    expect(depositProblem(6500, fixed('20,00'))).toBeNull();
    expect(depositProblem(6500, fixed('65.00'))).toBeNull();
    expect(depositProblem(6500, fixed('65.01'))).toBe('abovePrice');
    expect(depositProblem(6500, fixed('0.49'))).toBe('belowMinimum');
    expect(depositProblem(6500, fixed('0'))).toBe('belowMinimum');
    expect(depositProblem(6500, fixed('abc'))).toBe('belowMinimum');
    // Without a price yet only the amount itself is judged.
    expect(depositProblem(null, fixed('500'))).toBeNull();
  });

  it('wants a whole percentage from 1 to 99 that gives at least € 0,50', () => {
    expect(depositProblem(6500, percent('30'))).toBeNull();
    expect(depositProblem(6500, percent('30.00'))).toBeNull();
    expect(depositProblem(6500, percent('0'))).toBe('percentRange');
    expect(depositProblem(6500, percent('100'))).toBe('percentRange');
    expect(depositProblem(6500, percent('12,5'))).toBe('percentRange');
    expect(depositProblem(100, percent('10'))).toBe('belowMinimum');
  });

  it('agrees with depositCents: an accepted fixed deposit is charged as typed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (price, value) => {
          const rule = fixed(centsToAmount(value));
          if (depositProblem(price, rule) === null) expect(depositCents(price, rule)).toBe(value);
          else expect(value < MIN_ONLINE_CENTS || value > price).toBe(true);
        },
      ),
    );
  });
});

describe('depositValueText', () => {
  it('shows a percentage whole and an amount with cents', () => {
    expect(depositValueText(percent('30.00'))).toBe('30');
    expect(depositValueText(fixed('20'))).toBe('20.00');
    expect(depositValueText(NO_DEPOSIT)).toBeNull();
  });
});
