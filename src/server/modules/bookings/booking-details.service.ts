import type { BookingDetailsDto, BookingHistoryEntryDto, HistoryMessageDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { BookingRow, UserRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { agendasRepo } from '../agendas/agendas.repo';
import { customFieldsRepo } from '../events/custom-fields.repo';
import { bookingHistoryRepo } from './booking-history.repo';
import { ownerBookingsRepo } from './owner-bookings.repo';
import { visitLines } from '../notifications/visit-lines';
import { agendaIdsOf, classIdsOf, toDto } from './owner-bookings.service';
import { classSessionsRepo } from './class-sessions.repo';
import {
  agendaScope,
  contactFieldNames,
  isContactAnswer,
  seesContact,
  withoutContact,
  type BookingViewer,
} from './booking-viewer';

/** A move's `details` as booking-notifier.ts writes them. */
interface SlotDetails {
  bookingDate: string;
  bookingTime: string;
  agendaId: string;
}
const slotOf = (v: unknown): SlotDetails | null =>
  v && typeof v === 'object' && 'bookingDate' in v ? (v as SlotDetails) : null;

/**
 * GET /api/bookings/{id}: one booking of the owner with every answer of its form and its history,
 * each change with the e-mails and webhooks it caused and what became of them.
 */
export function createBookingDetailsService(db: Db) {
  return {
    async get(user: UserRow, id: string, viewer: BookingViewer): Promise<BookingDetailsDto> {
      // Another agenda's booking answers as one of another business (docs/PRODUCT.md#roles).
      const owned = await ownerBookingsRepo.findOwned(db, user.id, id, agendaScope(viewer));
      if (!owned) throw notFound(nl.ownerBookings.notFound);
      const { booking, event } = owned;
      const [fields, history, messages, segments] = await Promise.all([
        customFieldsRepo.listByEvent(db, event.id),
        bookingHistoryRepo.listByBooking(db, booking.id),
        bookingHistoryRepo.messagesOfBooking(db, booking.id),
        booking.visitId ? visitLines(db, booking.visitId) : null,
      ]);
      const moves = history.map((h) => [slotOf(h.details.previous), slotOf(h.details.next)]).flat();
      const agendaIds = [...agendaIdsOf([booking]), ...moves.flatMap((s) => (s ? [s.agendaId] : []))];
      const [names, classes] = await Promise.all([
        agendasRepo.namesOf(db, [...new Set(agendaIds)]),
        classSessionsRepo.placesOf(db, classIdsOf([booking])),
      ]);
      const slot = (s: SlotDetails | null) =>
        s && {
          bookingDate: s.bookingDate,
          bookingTime: s.bookingTime,
          agendaName: names.get(s.agendaId) ?? '',
        };

      const contact = seesContact(viewer);
      const recipient = (n: (typeof messages)[number]): string | null => {
        if (n.notification.channel === 'webhook') return n.webhookName;
        if (n.notification.kind === 'owner_notice') return user.email;
        if (n.notification.channel === 'sms' || n.notification.channel === 'whatsapp')
          return contact ? booking.customerPhone : null;
        // The customer's address is contact data: without `customers.contact` the mail is unnamed.
        return contact ? booking.customerEmail : null;
      };
      const byEntry = new Map<string, HistoryMessageDto[]>();
      for (const m of messages) {
        const n = m.notification;
        const list = byEntry.get(n.historyId!) ?? [];
        list.push({
          id: n.id,
          channel: n.channel,
          kind: n.kind,
          recipient: recipient(m),
          status: n.status,
          attempts: n.attempts,
          dueAt: n.dueAt.toISOString(),
          sentAt: n.sentAt?.toISOString() ?? null,
          lastError: n.lastError,
          providerStatus: n.providerStatus ?? null,
        });
        byEntry.set(n.historyId!, list);
      }
      const entries: BookingHistoryEntryDto[] = history.map((h) => ({
        id: h.id,
        kind: h.kind,
        actor: h.actor,
        memberName: h.actor === 'owner' ? h.memberName : null,
        memberId: h.actor === 'owner' ? h.memberId : null,
        at: h.at.toISOString(),
        from: slot(slotOf(h.details.previous)),
        to: slot(slotOf(h.details.next)),
        changedFields: Array.isArray(h.details.fields) ? (h.details.fields as string[]) : [],
        messages: byEntry.get(h.id) ?? [],
      }));

      const dto = toDto(booking, {
        eventTitle: event.title,
        durationMinutes: event.durationMinutes,
        currency: event.currency,
        names,
        classes,
      });
      // The visit's other segments are the same customer's, booked together: shown to whoever sees
      // this one (they may lie in agendas the viewer does not see, so only what the visit is made of).
      const visit = segments && {
        visitId: booking.visitId!,
        position: booking.visitPosition,
        segments: segments.map((l) => ({
          id: l.bookingId,
          position: l.position,
          service: l.service,
          bookingDate: l.bookingDate,
          time: l.bookingTime,
          endTime: l.endTime,
          agendaName: l.agendaName,
          extraAgendaNames: l.extraAgendaNames,
          status: l.status,
        })),
      };
      const allAnswers = answersOf(booking, fields);
      if (contact) return { ...dto, answers: allAnswers, history: entries, visit };
      const hidden = contactFieldNames(fields);
      return {
        ...withoutContact(dto, fields),
        answers: allAnswers.filter((a) => !isContactAnswer(booking, hidden, a.fieldName, a.value)),
        history: entries,
        visit,
      };
    },
  };
}

/** The answers in the form's order; answers to fields removed since come last, without a type. */
function answersOf(
  booking: BookingRow,
  fields: { fieldName: string; fieldType: string; sensitive: boolean }[],
) {
  const responses = booking.customFieldResponses;
  const known = new Set(fields.map((f) => f.fieldName));
  return [
    ...fields
      .filter((f) => Object.hasOwn(responses, f.fieldName))
      .map((f) => ({
        fieldName: f.fieldName,
        fieldType: f.fieldType,
        value: responses[f.fieldName]!,
        sensitive: f.sensitive,
      })),
    ...Object.entries(responses)
      .filter(([name]) => !known.has(name))
      .map(([fieldName, value]) => ({ fieldName, fieldType: null, value, sensitive: false })),
  ];
}
