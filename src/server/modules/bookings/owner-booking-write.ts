import type { Db } from '../../db/client';
import type { EventRow } from '../../db/schema';
import type { SecretBox } from '../../lib/crypto';
import type { ActingMember, BookingNotifier, NewBooking } from '../notifications/booking-notifier';
import { atSalonAmounts } from '../payments/deposit-split';
import { bookingsRepo } from './bookings.repo';
import { issueManagementToken } from './management-token';
import { bookingBuffers } from './slot-rules';

/** What the owner wrote down for a booking: the customer as checked, and whether to tell them. */
export interface OwnerBookingInput {
  event: EventRow;
  /** The agenda was chosen in the dialog (not "Geen voorkeur"). */
  agendaChosen: boolean;
  /** A picked customer; without one the database finds or makes one (a blocked one is still the owner's to book). */
  customerId?: string;
  customer: { name: string; email: string | null; phone: string | null };
  answers: Record<string, string>;
  notifyCustomer: boolean;
  member: ActingMember;
}

/**
 * Writes a booking the owner makes, one or an occurrence of a series, inside the slot's claim
 * (takeSlot / claimIn give `agendaId` and `extraAgendaIds`): confirmed, not paid online (its price
 * is due at the appointment), with a manage link for the customer's mails, and its change.
 */
export async function writeOwnerBooking(
  w: Db,
  deps: { box: SecretBox; notifier: BookingNotifier },
  input: OwnerBookingInput,
  slot: { date: string; time: string; startsAt: Date; endsAt: Date; seats: number },
  taken: { agendaId: string; extraAgendaIds: string[] },
  at: Date,
  series?: { seriesId: string; laterOccurrence: boolean },
) {
  const { event } = input;
  const { managementTokenHash, managementTokenBox } = issueManagementToken(deps.box);
  const booking: NewBooking = {
    id: crypto.randomUUID(),
    eventId: event.id,
    ...taken,
    agendaChosen: input.agendaChosen,
    ...(input.customerId ? { customerId: input.customerId } : {}),
    customerName: input.customer.name,
    customerEmail: input.customer.email,
    customerPhone: input.customer.phone,
    customFieldResponses: input.answers,
    bookingDate: slot.date,
    bookingTime: slot.time,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    seats: slot.seats,
    ...bookingBuffers(event),
    managementTokenHash,
    managementTokenBox,
    ...(series ? { seriesId: series.seriesId } : {}),
    status: 'confirmed',
    paymentStatus: 'not_required',
    createdAt: at,
    updatedAt: at,
    ...atSalonAmounts(event, slot.seats),
  };
  const change = await deps.notifier.createdChange(w, booking, {
    by: 'owner',
    // An API key's (id null, `apiKey`) makes the history's actor `api_key`.
    member: { id: input.member.id, name: input.member.name, apiKey: input.member.apiKey },
    notifyCustomer: input.notifyCustomer,
    ...(series ? { laterOccurrence: series.laterOccurrence } : {}),
  });
  return bookingsRepo.insertWithChange(w, booking, change);
}
