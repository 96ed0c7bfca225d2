import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/app-error';
import { agendaCandidates } from '../bookings/slot-rules';
import { eventsRepo } from '../events/events.repo';
import type { PublicEventRow } from '../public/availability-input';

/** A service of a visit as read for it: the public event read, and the agendas its first group may use. */
export interface VisitServiceRow {
  found: PublicEventRow;
  agendaIds: string[];
  /** The customer chose the person of this segment (for the whole visit or for it alone). */
  chosen: boolean;
}

/**
 * The services of a visit, in the customer's order (docs/PRODUCT.md#visits): each of one business,
 * each combinable when there are several, those paid online in one currency, and the person chosen for the whole visit one that every service books into.
 */
export async function visitServices(
  db: Db,
  services: ReadonlyArray<{
    eventId: string;
    agendaId?: string | null;
    /** A segment being moved: the agenda it has goes first (and stays, when the customer chose it). */
    keep?: { agendaId: string; chosen: boolean };
  }>,
  visitAgendaId?: string | null,
): Promise<VisitServiceRow[]> {
  const rows = await Promise.all(services.map((s) => eventsRepo.findPublic(db, { id: s.eventId })));
  const found = rows.map((row) => {
    if (!row) throw notFound(nl.booking.eventNotFound);
    return row;
  });
  const owner = found[0]!.event.userId;
  if (found.some((f) => f.event.userId !== owner)) throw badRequest(nl.visits.otherBusiness);
  // A class (docs/PRODUCT.md#classes) is booked on its own: its places and its shared agenda are one
  // booking's, and a visit's segments are placed one after the other around it.
  if (found.some((f) => f.event.seats > 1)) throw badRequest(nl.booking.classInVisit);
  if (found.length > 1 && found.some((f) => !f.event.allowCombinations))
    throw badRequest(nl.visits.notCombinable);
  // The services paid online are paid in one payment, in the first service's currency.
  const currency = found[0]!.event.currency;
  if (found.some((f) => f.event.requiresPayment && f.event.currency !== currency))
    throw badRequest(nl.visits.currencyMixed);
  if (visitAgendaId && found.some((f) => !f.event.agendaIds.includes(visitAgendaId)))
    throw badRequest(nl.visits.agendaNotForAll, { agendaId: nl.visits.agendaNotForAll });
  return found.map((f, k) => {
    const { agendaId, keep } = services[k]!;
    const requested = agendaId ?? visitAgendaId ?? null;
    return {
      found: f,
      agendaIds: agendaCandidates(f.event, requested, keep),
      chosen: Boolean(requested) || Boolean(keep?.chosen),
    };
  });
}
