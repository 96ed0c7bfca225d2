import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmailAddress } from '@core/email-address';
import {
  BOOKING_ACTORS,
  BOOKING_HISTORY_KINDS,
  BOOKING_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  WAITLIST_STATUSES,
} from './enums';
import { nl } from './messages';

const m = nl.privacy;
const invalid = nl.validation.invalidEmail;

/** The customer's address an export or erasure is about (matched case-insensitively, trimmed). */
const customerEmail = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX_LENGTH, invalid)
  .refine(isValidEmailAddress, invalid);

/** GET /api/customers/export?email=… (docs/PRODUCT.md#privacy). */
export const customerExportQuery = z.object({ email: customerEmail });
export type CustomerExportQuery = z.input<typeof customerExportQuery>;

/** POST /api/customers/erase { email }. */
export const customerEraseBody = z.object({ email: customerEmail });
export type CustomerEraseBody = z.input<typeof customerEraseBody>;

/** What an erasure did: bookings anonymised (`changed`), of which future ones cancelled first. */
export const customerEraseResult = z.object({ changed: z.number().int(), cancelled: z.number().int() });
export type CustomerEraseResult = z.infer<typeof customerEraseResult>;

/** The owner's retention period in months; null keeps every booking's personal data. */
export const RETENTION_MONTHS_MAX = 120;
export const retentionMonths = z
  .number({ error: m.retentionInvalid })
  .int(m.retentionInvalid)
  .min(1, m.retentionInvalid)
  .max(RETENTION_MONTHS_MAX, m.retentionInvalid)
  .nullable();

/** One booking in a customer's export: everything stored about it, personal data included. */
export const exportedBooking = z.object({
  id: z.string(),
  service: z.string(),
  agenda: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** 'NN.NN' in `currency`; null on bookings from before deposits. */
  amountPaid: z.string().nullable(),
  amountDue: z.string().nullable(),
  currency: z.string(),
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  noShow: z.boolean(),
  createdAt: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  /** Every answer of the booking form, by the field's name. */
  answers: z.array(z.object({ fieldName: z.string(), value: z.string() })),
  history: z.array(
    z.object({ kind: z.enum(BOOKING_HISTORY_KINDS), actor: z.enum(BOOKING_ACTORS), at: z.string() }),
  ),
});
export type ExportedBooking = z.infer<typeof exportedBooking>;

/** The customer record in an export: contact, tags, consent and the business's notes on them. */
export const exportedCustomer = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthDate: z.string().nullable(),
  tags: z.array(z.string()),
  marketingConsent: z.boolean(),
  marketingConsentAt: z.string().nullable(),
  marketingConsentSource: z.string().nullable(),
  createdAt: z.string(),
  notes: z.array(z.object({ text: z.string(), followUpOn: z.string().nullable(), createdAt: z.string() })),
});

/** A place on a waitlist the address asked for (docs/PRODUCT.md#waitlist), open or ended. */
export const exportedWaitlistEntry = z.object({
  service: z.string(),
  date: z.string(),
  /** The time waited for; null: any time that day. */
  time: z.string().nullable(),
  seats: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  offerTime: z.string().nullable(),
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});

/** The export's JSON file. `customer` is null when the address belongs to no customer record. */
export const customerExport = z.object({
  email: z.string(),
  exportedAt: z.string(),
  customer: exportedCustomer.nullable(),
  bookings: z.array(exportedBooking),
  waitlist: z.array(exportedWaitlistEntry),
});
export type CustomerExport = z.infer<typeof customerExport>;
