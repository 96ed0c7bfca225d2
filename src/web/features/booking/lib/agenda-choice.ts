/** The customer's choice of agenda (person, room) for a service that books into more than one. */
import type { MonthAvailabilityDto, PublicEvent } from '@contracts/public-booking';

type Agendas = Pick<PublicEvent, 'agendas'>;

/** The agendas to choose from; none when the service has only one, so nothing is asked. */
export const choosableAgendas = (event: Agendas) => (event.agendas.length > 1 ? event.agendas : []);

/**
 * The agenda to ask availability for and to book into: the chosen one while the service still offers
 * it, else null ("Geen voorkeur": a slot is free while any agenda is). The server refuses an agenda the
 * service no longer has, so a stale choice must not be sent.
 */
export const offeredAgenda = (event: Agendas, agendaId: string | null | undefined): string | null =>
  agendaId && event.agendas.some((a) => a.id === agendaId) ? agendaId : null;

/** The name to show for a booking's agenda: only when the service has several to tell apart. */
export const agendaNameOf = (event: Agendas, agendaId: string | null | undefined): string | null =>
  (agendaId && choosableAgendas(event).find((a) => a.id === agendaId)?.name) || null;

/** Whether `time` on `date` is a free slot in this month's availability (false when not listed). */
export const freeAt = (days: MonthAvailabilityDto['days'], date: string, time: string): boolean =>
  days.some((d) => d.date === date && d.slots.some((s) => s.time === time && !s.busy));
