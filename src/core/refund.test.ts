import { describe, expect, it } from 'vitest';
import { policyRefundPercent, refundAmountProblem, suggestedRefundCents } from './refund';

describe('the refund offered first', () => {
  it('is the share the cancellation policy names', () => {
    const policy = 'Annuleren kan tot 24 uur vooraf. Daarna krijgt u 50% van het betaalde bedrag terug.';
    expect(policyRefundPercent(policy)).toBe(50);
    expect(suggestedRefundCents(8500, policy)).toBe(4250);
    expect(suggestedRefundCents(8500, 'U krijgt 25 procent terug.')).toBe(2125);
    expect(suggestedRefundCents(1000, 'Terugbetaling: 12,5 %')).toBe(125);
  });

  it('rounds to whole cents, half up', () => {
    expect(suggestedRefundCents(999, '50%')).toBe(500);
    expect(suggestedRefundCents(1, '50%')).toBe(1);
  });

  it('is the whole amount when the policy names no share, several or one out of range', () => {
    for (const policy of [null, '', 'Annuleren kan tot 24 uur vooraf.', '50% of 100% terug', '0%', '150%'])
      expect(suggestedRefundCents(4200, policy)).toBe(4200);
    expect(suggestedRefundCents(4200, '50% terug; 50% blijft')).toBe(2100); // one share, named twice
  });
});

describe('a refund amount the owner types', () => {
  it('is refused above what was paid and at or below zero', () => {
    expect(refundAmountProblem(4250, 8500)).toBeNull();
    expect(refundAmountProblem(8500, 8500)).toBeNull();
    expect(refundAmountProblem(8501, 8500)).toBe('tooMuch');
    expect(refundAmountProblem(0, 8500)).toBe('invalid');
    expect(refundAmountProblem(null, 8500)).toBe('invalid');
  });
});
