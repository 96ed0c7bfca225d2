import { customerFieldsOf, type FormField } from '@core/index';
import { can, seesAgenda } from '@core/permissions';
import type { SignedIn } from '../../http/signed-in';

/**
 * The member a bookings answer is for (docs/PRODUCT.md#roles). Every decision of what part of the
 * bookings a role sees is made here, from core/permissions.ts, so the list, the details, the move,
 * the dashboard and the agenda list cannot disagree.
 */
export type BookingViewer = Pick<SignedIn['member'], 'id' | 'name' | 'role' | 'agendaIds'> & {
  /** An API key acting (docs/PRODUCT.md#public-api): `id` is the key's, not a member's. */
  apiKey?: boolean;
};

/**
 * The agendas whose bookings the viewer sees, for the repositories' `agenda_id in (…)`; null: every
 * agenda of the business (`bookings.allAgendas`).
 */
export function agendaScope(viewer: BookingViewer): readonly string[] | null {
  return can(viewer.role, 'bookings.allAgendas') ? null : viewer.agendaIds;
}

/** Whether the viewer may see (and act on) a booking of this agenda; otherwise it answers 404. */
export function seesBookingOf(viewer: BookingViewer, agendaId: string): boolean {
  return seesAgenda(viewer.role, viewer.agendaIds, agendaId);
}

/**
 * Whether the viewer gets the customer's e-mail address and phone number. Without it they are null in
 * every booking answer, and so are the answers to the form's e-mail and phone fields (left out).
 */
export function seesContact(viewer: BookingViewer): boolean {
  return can(viewer.role, 'customers.contact');
}

/** Who a booking change names in its history (booking_history.member_id / member_name). */
export const actingMember = (viewer: BookingViewer) =>
  viewer.apiKey ? { id: null, name: viewer.name, apiKey: true } : { id: viewer.id, name: viewer.name };

/**
 * The form's fields that hold the customer's contact details: every e-mail and phone field, and the
 * fields the customer's address and number are taken from (core customerFieldsOf).
 */
export function contactFieldNames(fields: readonly FormField[]): Set<string> {
  const source = customerFieldsOf(fields);
  const contact = fields.filter((f) => f.fieldType === 'email' || f.fieldType === 'phone');
  return new Set([...contact, source.email, source.phone].flatMap((f) => (f ? [f.fieldName] : [])));
}

interface WithContact {
  customerEmail: string | null;
  customerPhone: string | null;
  customFieldResponses: Record<string, string>;
}

/** Whether an answer is contact data: a contact field's, or the booking's address or number itself. */
export function isContactAnswer(booking: WithContact, names: Set<string>, name: string, value: string) {
  return names.has(name) || value === booking.customerEmail || value === booking.customerPhone;
}

/**
 * A booking answer as a viewer without `customers.contact` gets it: e-mail and phone null, the
 * contact answers left out. Every other answer (a health question) stays: the medewerker treats them.
 */
export function withoutContact<T extends WithContact>(dto: T, fields: readonly FormField[]): T {
  const names = contactFieldNames(fields);
  const responses = Object.fromEntries(
    Object.entries(dto.customFieldResponses).filter(([k, v]) => !isContactAnswer(dto, names, k, v)),
  );
  return { ...dto, customerEmail: null, customerPhone: null, customFieldResponses: responses };
}
