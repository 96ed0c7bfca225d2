import { z } from 'zod';
import { hasControlCharacters } from '@core/index';
import { ownerBookingDto } from './bookings';
import { nl } from './messages';

const m = nl.classAttendees;

/** The longest subject and message of a mail to a class's attendees. */
export const CLASS_MESSAGE_SUBJECT_MAX = 150;
export const CLASS_MESSAGE_MAX = 5000;

/**
 * GET /api/class-sessions/{id}: one class time (docs/PRODUCT.md#classes) as the owner sees it, with
 * its attendees: every booking holding (or, cancelled, having held) places of it, in booking order.
 * `date` and `time` are the owner's wall clock; `seatsTaken` is the database's counter.
 */
export const classSessionDto = z.object({
  session: z.object({
    id: z.string(),
    eventId: z.string(),
    title: z.string(),
    agendaId: z.string(),
    agendaName: z.string(),
    date: z.string(),
    time: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    durationMinutes: z.number(),
    seatsTaken: z.number(),
    capacity: z.number(),
    maxSeatsPerBooking: z.number(),
  }),
  attendees: z.array(ownerBookingDto),
});
export type ClassSessionDto = z.infer<typeof classSessionDto>;

/** POST /api/class-sessions/{id}/message: one mail to every live attendee with an address. */
export const classMessageBody = z.object({
  subject: z
    .string({ error: m.subjectRequired })
    .trim()
    .min(1, m.subjectRequired)
    .max(CLASS_MESSAGE_SUBJECT_MAX, m.subjectTooLong)
    // A subject is one header line: a line break (or any control character) would be a header of its own.
    .refine((v) => !hasControlCharacters(v), m.subjectOneLine),
  message: z
    .string({ error: m.messageRequired })
    .trim()
    .min(1, m.messageRequired)
    .max(CLASS_MESSAGE_MAX, m.messageTooLong),
});
export type ClassMessageBody = z.input<typeof classMessageBody>;

export const classMessageDto = z.object({ recipients: z.number() });
export type ClassMessageDto = z.infer<typeof classMessageDto>;
