/**
 * Requests the owner approves (docs/PRODUCT.md#approval): whether a customer's booking waits for the
 * owner's decision, and until when it may wait.
 */

/** Which customer bookings of a service wait for the owner's approval (re-exported by contracts/enums.ts). */
export const APPROVAL_MODES = ['none', 'new_customers', 'everyone'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/**
 * Whether a customer's booking of a service with this approval setting is a request: always with
 * 'everyone', with 'new_customers' only for someone without an earlier confirmed booking here.
 */
export function needsApproval(mode: ApprovalMode, known: boolean): boolean {
  return mode === 'everyone' || (mode === 'new_customers' && !known);
}

/** The moment an undecided request lapses: the owner's hours after it was made, never past the start. */
export function approvalDeadline(madeAt: Date, hours: number, startsAt: Date): Date {
  return new Date(Math.min(madeAt.getTime() + hours * 3_600_000, startsAt.getTime()));
}
