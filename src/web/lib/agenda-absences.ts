import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AbsenceDto } from '@contracts/agendas';
import { api, apiPath } from './api-client';
import { absencesBetweenQueryKey, agendaAbsencesQueryKey } from './query-keys';

/**
 * GET /api/agendas/{id}/absences -> the agenda's current and upcoming absences, the soonest first.
 * Shared here: the agenda settings list them, the bookings' views shade them (docs/PRODUCT.md#agenda-hours).
 */
export const getAgendaAbsences = (agendaId: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<AbsenceDto[]>(apiPath('agendas', agendaId, 'absences'), { signal });

export const useAgendaAbsences = (agendaId: string | null) =>
  useQuery({
    queryKey: agendaAbsencesQueryKey(agendaId ?? ''),
    queryFn: ({ signal }) => getAgendaAbsences(agendaId!, { signal }),
    enabled: agendaId !== null,
  });

/** GET /api/agenda-absences?from=&to= -> the absences of the agendas the member sees touching [from, to]. */
export const getAbsencesBetween = (from: string, to: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<AbsenceDto[]>(`${apiPath('agenda-absences')}?${new URLSearchParams({ from, to }).toString()}`, {
    signal,
  });

/** `from` null: nothing to ask yet (no valid date chosen). */
export const useAbsencesBetween = (from: string | null, to: string | null = from) =>
  useQuery({
    queryKey: absencesBetweenQueryKey(from ?? '', to ?? ''),
    queryFn: ({ signal }) => getAbsencesBetween(from!, to!, { signal }),
    enabled: from !== null && to !== null,
    // The previous period's shading stays while the next one loads.
    placeholderData: keepPreviousData,
  });
