/**
 * Partial refunds (docs/PRODUCT.md#refunds): the owner's cancel of a booking paid online offers the
 * share the service's cancellation policy names first ('Bij annuleren krijgt u 50% terug.'), and
 * any amount up to what was paid.
 */

// '50%', '50 %', '50 procent', '12,5%': a share of 1 to 100 as the owner writes it in the policy.
const SHARE_RE = /(\d{1,3}(?:[.,]\d+)?)\s*(?:%|procent\b)/gi;

/**
 * The refund share a policy text names, in percent; null when it names none, more than one share
 * (which one applies is then the owner's call) or a share outside 1–100.
 */
export function policyRefundPercent(policyText: string | null | undefined): number | null {
  if (!policyText) return null;
  const shares = new Set([...policyText.matchAll(SHARE_RE)].map((m) => Number(m[1]!.replace(',', '.'))));
  if (shares.size !== 1) return null;
  const [share] = shares;
  return share! > 0 && share! <= 100 ? share! : null;
}

/**
 * The refund offered first, in cents: the policy's share of what was paid online, rounded to whole
 * cents (half up), or the whole amount when the policy names no share.
 */
export function suggestedRefundCents(paidCents: number, policyText: string | null | undefined): number {
  const percent = policyRefundPercent(policyText);
  if (percent === null) return paidCents;
  return Math.min(paidCents, Math.round((paidCents * percent) / 100));
}

/** Why an amount typed for a refund cannot be given back, or null when it can. */
export function refundAmountProblem(cents: number | null, paidCents: number): 'invalid' | 'tooMuch' | null {
  if (cents === null || cents <= 0) return 'invalid';
  if (cents > paidCents) return 'tooMuch';
  return null;
}
