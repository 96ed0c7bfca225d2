/** Values, payload and checks of the agenda dialog in Instellingen (add and edit). */
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { createAgendaBody, updateAgendaBody, type AgendaDto } from '@contracts/agendas';
import {
  compactPauses,
  DEFAULT_COLOR,
  defaultWorkingDays,
  type DailyPauseTimes,
  type WorkingDays,
} from '@core/index';
import { contractResolver } from '@web/lib/form-errors';

export interface AgendaFormValues {
  name: string;
  /** As typed; a blank colour is left out (the server's default, or the current colour). */
  color: string;
  /** The agenda's own Google calendar; null: none. */
  googleCalendarId: string | null;
  /** 'Eigen werktijden': off, the agenda is open whenever its services are (docs/PRODUCT.md#agenda-hours). */
  ownHours: boolean;
  /** The own week and its pauses as the event form edits them; kept while the switch is off. */
  workingDays: WorkingDays;
  dailyPauseTimes: DailyPauseTimes;
}

/** What the dialog hands its submit: the parsed create or change body. */
export type AgendaBody = z.output<typeof createAgendaBody> | z.output<typeof updateAgendaBody>;

/**
 * Colours a new agenda is offered in turn, so agendas side by side (the bookings' agenda view) are
 * told apart without the owner choosing: the first that no agenda wears yet.
 */
export const AGENDA_PALETTE = [
  DEFAULT_COLOR,
  '#10B981',
  '#F59E0B',
  '#EF4444',
  '#8B5CF6',
  '#EC4899',
  '#14B8A6',
  '#F97316',
] as const;

export function nextAgendaColor(agendas: ReadonlyArray<Pick<AgendaDto, 'color'>>): string {
  const used = new Set(agendas.map((a) => a.color.toUpperCase()));
  return AGENDA_PALETTE.find((c) => !used.has(c)) ?? DEFAULT_COLOR;
}

export function agendaFormValues(
  agenda: AgendaDto | null,
  others: ReadonlyArray<Pick<AgendaDto, 'color'>>,
): AgendaFormValues {
  const hours = {
    ownHours: Boolean(agenda?.workingDays),
    workingDays: { ...defaultWorkingDays(), ...agenda?.workingDays },
    dailyPauseTimes: agenda?.dailyPauseTimes ?? {},
  };
  return agenda
    ? { name: agenda.name, color: agenda.color, googleCalendarId: agenda.googleCalendarId, ...hours }
    : { name: '', color: nextAgendaColor(others), googleCalendarId: null, ...hours };
}

/**
 * The request body: the same fields for a new agenda (POST, whose contract drops the week: a new
 * agenda gets its hours once it exists) and a change (PATCH: the week, or null without own hours).
 */
export function agendaPayload(v: AgendaFormValues) {
  const color = v.color.trim();
  const pauses = compactPauses(v.dailyPauseTimes);
  return {
    name: v.name.trim(),
    ...(color ? { color } : {}),
    googleCalendarId: v.googleCalendarId,
    workingDays: v.ownHours ? v.workingDays : null,
    dailyPauseTimes: v.ownHours && Object.keys(pauses).length ? pauses : null,
  };
}

/** Checked by the contract the server validates the request with: POST for a new agenda, PATCH for a change. */
export const agendaResolver = (isNew: boolean): Resolver<AgendaFormValues, unknown, AgendaBody> =>
  isNew
    ? contractResolver<AgendaFormValues, AgendaBody>(createAgendaBody, agendaPayload)
    : contractResolver<AgendaFormValues, AgendaBody>(updateAgendaBody, agendaPayload);
