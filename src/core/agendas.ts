/**
 * "Geen voorkeur": the order in which a booking tries the free agendas of its service. The least
 * loaded agenda first (live bookings that day), ties in the owner's order of the service's agendas,
 * so bookings spread over the team instead of filling the first agenda's day.
 */
export function agendaOrder(free: readonly string[], load: ReadonlyMap<string, number>): string[] {
  return free
    .map((id, position) => ({ id, position, load: load.get(id) ?? 0 }))
    .sort((a, b) => a.load - b.load || a.position - b.position)
    .map((a) => a.id);
}
