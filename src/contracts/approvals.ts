/** Requests the owner approves (docs/PRODUCT.md#approval): the decision link's page and the owner's decisions. */
import { z } from 'zod';
import { BOOKING_STATUSES } from './enums';
import { nl } from './messages';

const a = nl.approval;

export const approvalTokenParams = z.object({ token: z.string().min(20).max(100) });

const reason = z
  .string()
  .trim()
  .max(500, a.reasonTooLong)
  .optional()
  .transform((r) => r || undefined);

/** POST /api/bookings/{id}/decline. */
export const declineBody = z.object({ reason }).optional();
export type DeclineBody = z.input<typeof declineBody>;

/** POST /api/public/approvals/{token}: the decision page's button. */
export const approvalDecisionBody = z.object({
  decision: z.enum(['approve', 'decline'], { error: a.decisionInvalid }),
  reason,
});
export type ApprovalDecisionBody = z.input<typeof approvalDecisionBody>;

/** The decision page: what is asked, and whether it is still open. */
export const publicApproval = z.object({
  status: z.enum(BOOKING_STATUSES),
  decided: z.boolean(),
  eventTitle: z.string(),
  customerName: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  /** When the request lapses undecided (ISO); null once decided. */
  expiresAt: z.string().nullable(),
  timeZone: z.string(),
});
export type PublicApproval = z.infer<typeof publicApproval>;

/** The owner's open requests (the dashboard's list), the soonest deadline first. */
export const openRequestsDto = z.array(
  z.object({
    id: z.string(),
    eventTitle: z.string(),
    customerName: z.string(),
    bookingDate: z.string(),
    bookingTime: z.string(),
    expiresAt: z.string(),
  }),
);
export type OpenRequestsDto = z.infer<typeof openRequestsDto>;
