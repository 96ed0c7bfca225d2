import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToCentsRounded,
  centsToAmount,
  formatCents,
  formatEuro,
  formatMoney,
  MAX_CENTS,
  parseAmountToCents,
} from './money';

describe('parseAmountToCents', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0', 0],
    ['0.01', 1],
    ['007.10', 710],
    [' 12.50 ', 1250],
    ['12,50', 1250],
    ['99999999.99', 9_999_999_999],
    [12.5, 1250],
    [0, 0],
    [19.99, 1999],
    [0.07, 7],
  ] as const)('%j -> %d', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it.each([
    '-1',
    '-0.01',
    '12.345',
    '100000000',
    '100000000.00',
    'abc',
    '',
    '.5',
    '12.',
    '1e3',
    '1,000.00',
    '€12',
    'NaN',
    'Infinity',
  ])('rejects %j', (input) => {
    expect(parseAmountToCents(input)).toBeNull();
  });

  it('rejects bad numbers', () => {
    expect(parseAmountToCents(-1)).toBeNull();
    expect(parseAmountToCents(Number.NaN)).toBeNull();
    expect(parseAmountToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseAmountToCents(12.345)).toBeNull();
    expect(parseAmountToCents(0.1 + 0.2)).toBeNull();
    expect(parseAmountToCents(1e-7)).toBeNull();
    expect(parseAmountToCents(1e21)).toBeNull();
    expect(parseAmountToCents(100_000_000)).toBeNull();
  });
});

describe('centsToAmount / formatEuro', () => {
  it('formats cents as a numeric(10,2) string', () => {
    expect(centsToAmount(1250)).toBe('12.50');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(0)).toBe('0.00');
    expect(centsToAmount(9_999_999_999)).toBe('99999999.99');
    expect(centsToAmount(-150)).toBe('-1.50');
    expect(() => centsToAmount(1.5)).toThrow(RangeError);
  });

  it('formats amounts the Dutch way, in the currency asked', () => {
    const nbsp = '\u00a0';
    expect(formatEuro('12.50')).toBe(`€${nbsp}12,50`);
    expect(formatEuro(12.5)).toBe(`€${nbsp}12,50`);
    expect(formatEuro(12)).toBe(`€${nbsp}12,00`);
    expect(formatEuro('0')).toBe(`€${nbsp}0,00`);
    expect(formatEuro(0.1 + 0.2)).toBe(`€${nbsp}0,30`);
    expect(formatEuro(1.005)).toBe(`€${nbsp}1,01`);
    expect(formatEuro(null)).toBe(`€${nbsp}0,00`);
    expect(formatEuro('abc')).toBe(`€${nbsp}0,00`);
    expect(formatCents(1999)).toBe(`€${nbsp}19,99`);
    expect(formatMoney('1250.50', 'EUR')).toBe(`€${nbsp}1.250,50`);
    expect(formatMoney('65.00', 'USD')).toBe(`US$${nbsp}65,00`);
    expect(formatMoney('65', 'usd')).toBe(`US$${nbsp}65,00`);
    expect(formatMoney('65.00', 'GBP')).toBe(`£${nbsp}65,00`);
    expect(formatMoney('65.00', 'nonsense')).toBe(`€${nbsp}65,00`);
  });

  it('rounds lenient input to whole cents', () => {
    expect(amountToCentsRounded('12.345')).toBe(1235);
    expect(amountToCentsRounded(-1.005)).toBe(-101);
    expect(amountToCentsRounded('')).toBeNull();
    expect(amountToCentsRounded(undefined)).toBeNull();
  });

  it('round-trips cents -> amount -> cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (cents) => {
        const amount = centsToAmount(cents);
        expect(parseAmountToCents(amount)).toBe(cents);
        expect(parseAmountToCents(Number(amount))).toBe(cents);
        expect(formatEuro(amount)).toBe(
          `€\u00a0${Number(amount).toLocaleString('nl-NL', { minimumFractionDigits: 2 })}`,
        );
      }),
      { numRuns: 500 },
    );
  });
});
