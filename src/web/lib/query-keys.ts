/**
 * The query keys that more than one feature reads or refreshes, so features need not import each other:
 * a booking change refreshes the dashboard, statistics and the events' occupancy, a category change the
 * events, settings the signed-in owner and their Google calendars. Keys only one feature uses stay in
 * that feature's api files.
 */

/** The signed-in owner (GET /api/user). */
export const userQueryKey = ['user'] as const;

/** Prefix of every event query: invalidating it refreshes the list, single events, fields and webhooks. */
export const eventsQueryKey = ['events'] as const;
export const eventQueryKey = (id: string) => [...eventsQueryKey, id] as const;

/**
 * Prefix of every owner-bookings query; invalidate it after any booking change (a customer's data
 * erased in the settings changes bookings too).
 */
export const bookingsQueryKey = ['bookings'] as const;

export const dashboardQueryKey = ['dashboard'] as const;

/** Prefix of the statistics of every period. */
export const analyticsQueryKey = ['analytics'] as const;

export const googleCalendarsQueryKey = ['google-calendars'] as const;

/** The owner's agendas: the agenda settings change them, the event form and the bookings read them. */
export const agendasQueryKey = ['agendas'] as const;
/** An agenda's absences, and those of a period for the views: under the agendas, refreshed with them. */
export const agendaAbsencesQueryKey = (agendaId: string) =>
  [...agendasQueryKey, 'absences', agendaId] as const;
export const absencesBetweenQueryKey = (from: string, to: string) =>
  [...agendasQueryKey, 'absences-between', from, to] as const;

/** The owner's business profile: settings change it, the events overview shows its page's address. */
export const businessProfileQueryKey = ['business-profile'] as const;

/**
 * Prefix of every customer query (the list, a card, today's follow-ups): a booking change moves a
 * customer's figures and history, so the bookings' invalidation refreshes these too.
 */
export const customersQueryKey = ['customers'] as const;
