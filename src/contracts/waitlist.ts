import { z } from 'zod';
import { WAITLIST_STATUSES } from './enums';
import { nl } from './messages';
import { dateString } from './schedule';

/** GET /api/waitlist?eventId=&date=: the service's open entries of that day, in the list's order. */
export const waitlistQuery = z.object({
  eventId: z.uuid(nl.waitlist.notEnabled),
  date: dateString,
});

export const waitlistEntryDto = z.object({
  id: z.string(),
  /** Among the open entries of the same time (or of the day), from 1. */
  position: z.number(),
  time: z.string().nullable(),
  seats: z.number(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  status: z.enum(WAITLIST_STATUSES),
  offerTime: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  notifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntryDto = z.infer<typeof waitlistEntryDto>;
export const waitlistList = z.object({ entries: z.array(waitlistEntryDto) });
export type WaitlistList = z.infer<typeof waitlistList>;

export const waitlistIdParams = z.object({ id: z.uuid(nl.waitlist.entryNotFound) });

/** POST /api/waitlist/{id}/offer: the owner offers a place by hand; a day's entry names the time. */
export const offerWaitlistBody = z.object({
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, nl.booking.invalidTime)
    .nullish(),
});
export type OfferWaitlistBody = z.infer<typeof offerWaitlistBody>;
