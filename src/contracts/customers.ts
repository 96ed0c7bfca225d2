import { z } from 'zod';
import { CUSTOMER_SORTS, CONSENT_SOURCES, BOOKING_STATUSES, PAYMENT_STATUSES } from './enums';
import { emailAddress } from './email-address';
import { nl } from './messages';
import { dateString } from './schedule';
import { someChange } from './some-change';

const m = nl.customers;

/** A page of the customer list holds this many; `nextCursor` asks for the next. */
export const CUSTOMERS_PAGE_SIZE = 50;
/** Tags per customer, and the length of one. */
export const MAX_CUSTOMER_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_NOTE_LENGTH = 4000;
export const MAX_BLOCK_REASON_LENGTH = 500;

export const customersQuery = z.object({
  q: z.string().trim().max(200, m.queryTooLong).optional(),
  tag: z.string().trim().max(MAX_TAG_LENGTH).optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: m.invalidSort }).default('lastVisit'),
  cursor: z.string().max(200).optional(),
});
export type CustomersQuery = z.input<typeof customersQuery>;

/** One row of GET /api/customers. `email` and `phone` are null for a role without `customers.contact`. */
export const customerListItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  visits: z.number(),
  noShows: z.number(),
  lastVisitAt: z.string().nullable(),
  nextVisitAt: z.string().nullable(),
  totalPaidCents: z.number(),
  tags: z.array(z.string()),
  blocked: z.boolean(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;

export const customersPage = z.object({
  customers: z.array(customerListItem),
  nextCursor: z.string().nullable(),
  /** Every tag the business uses, for the filter. */
  tags: z.array(z.string()),
});
export type CustomersPage = z.infer<typeof customersPage>;

export const customerNoteDto = z.object({
  id: z.string(),
  text: z.string(),
  followUpOn: z.string().nullable(),
  memberName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerNoteDto = z.infer<typeof customerNoteDto>;

/** One booking on the card: every service and agenda, newest first. */
export const customerBookingDto = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  agendaId: z.string(),
  agendaName: z.string(),
  startsAt: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  amountPaid: z.string().nullable(),
  refundAmount: z.string().nullable(),
  refundedAt: z.string().nullable(),
  noShow: z.boolean(),
  /** The answers the customer gave with this booking (sensitive ones only for roles that see customers). */
  answers: z.record(z.string(), z.string()),
});
export type CustomerBookingDto = z.infer<typeof customerBookingDto>;

/** An e-mail or message sent about one of the customer's bookings. */
export const customerMessageDto = z.object({
  bookingId: z.string(),
  kind: z.string(),
  channel: z.string(),
  status: z.string(),
  at: z.string(),
});

export const customerDetail = customerListItem.extend({
  birthDate: z.string().nullable(),
  marketingConsent: z.boolean(),
  marketingConsentAt: z.string().nullable(),
  marketingConsentSource: z.enum(CONSENT_SOURCES).nullable(),
  blockedAt: z.string().nullable(),
  blockedReason: z.string().nullable(),
  createdAt: z.string(),
  notes: z.array(customerNoteDto),
  bookings: z.array(customerBookingDto),
  messages: z.array(customerMessageDto),
  /** The answers of the customer's latest booking that has any, with that booking's id. */
  latestIntake: z.object({ bookingId: z.string(), answers: z.record(z.string(), z.string()) }).nullable(),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

const customerName = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(200, m.nameTooLong);
/** '' removes the address. */
const optionalEmail = z.union([z.literal(''), z.string().trim().pipe(emailAddress)]);
/** E.164 as the phone input stores it; '' removes the number. */
const optionalPhone = z.union([z.literal(''), z.string().regex(/^\+\d{9,18}$/, m.phoneInvalid)]);
const tag = z.string().trim().min(1, m.tagEmpty).max(MAX_TAG_LENGTH, m.tagTooLong);
const tags = z
  .array(tag)
  .max(MAX_CUSTOMER_TAGS, m.tooManyTags)
  .transform((list) => [...new Set(list)]);

export const customerFields = {
  name: customerName,
  email: optionalEmail.optional(),
  phone: optionalPhone.optional(),
  birthDate: z.union([z.literal(''), dateString]).optional(),
  tags: tags.optional(),
  marketingConsent: z.boolean({ error: m.consentInvalid }).optional(),
};

export const createCustomerBody = z.object(customerFields);
export type CreateCustomerBody = z.input<typeof createCustomerBody>;
export const updateCustomerBody = someChange(z.object({ ...customerFields, name: customerName.optional() }));
export type UpdateCustomerBody = z.input<typeof updateCustomerBody>;

const noteText = z
  .string({ error: m.noteRequired })
  .trim()
  .min(1, m.noteRequired)
  .max(MAX_NOTE_LENGTH, m.noteTooLong);
export const createNoteBody = z.object({
  text: noteText,
  followUpOn: dateString.nullable().optional(),
});
export type CreateNoteBody = z.input<typeof createNoteBody>;
export const updateNoteBody = someChange(
  z.object({ text: noteText.optional(), followUpOn: dateString.nullable().optional() }),
);

export const mergeBody = z.object({ otherId: z.uuid({ error: m.notFound }) });
/** The reason is for the team (the card shows it), never for the customer. */
export const blockBody = z.object({
  reason: z
    .string({ error: m.reasonRequired })
    .trim()
    .min(1, m.reasonRequired)
    .max(MAX_BLOCK_REASON_LENGTH, m.reasonTooLong),
});

/** 409 of POST/PATCH when the address is another customer's: the merge is offered. */
export const emailTakenDetails = z.object({ customerId: z.string(), customerName: z.string() });

/** Today's follow-ups on the dashboard ('Opvolgen: …'). */
export const followUpDto = z.object({
  noteId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  text: z.string(),
  followUpOn: z.string(),
});
export type FollowUpDto = z.infer<typeof followUpDto>;
