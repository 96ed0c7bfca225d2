/** Values, payload, checks and wording of an agenda's absences in the agenda dialog. */
import { createAbsenceBody, type AbsenceDto } from '@contracts/agendas';
import type { z } from 'zod';
import { nl } from '@contracts/messages';
import { formatShortDutchDate } from '@core/index';
import { contractResolver } from '@web/lib/form-errors';

const t = nl.agendasUi;

export interface AbsenceFormValues {
  /** 'yyyy-MM-dd', or '' while not chosen. */
  startDate: string;
  endDate: string;
  /** 'Hele dag': off, the hours [startTime, endTime) of each day. */
  wholeDay: boolean;
  startTime: string;
  endTime: string;
  reason: string;
}

export type AbsenceBody = z.output<typeof createAbsenceBody>;

export const emptyAbsenceForm = (): AbsenceFormValues => ({
  startDate: '',
  endDate: '',
  wholeDay: true,
  startTime: '09:00',
  endTime: '12:00',
  reason: '',
});

/** The body of POST /api/agendas/{id}/absences: whole days carry no times. */
export const absencePayload = (v: AbsenceFormValues) => ({
  startDate: v.startDate,
  endDate: v.endDate || v.startDate,
  startTime: v.wholeDay ? null : v.startTime,
  endTime: v.wholeDay ? null : v.endTime,
  reason: v.reason,
});

export const absenceResolver = contractResolver<AbsenceFormValues, AbsenceBody>(
  createAbsenceBody,
  absencePayload,
);

/** '14 dec 2026', '14 dec 2026 – 18 dec 2026', with ', 10:00–11:30' for hours. */
export function absenceWhen(a: Pick<AbsenceDto, 'startDate' | 'endDate' | 'startTime' | 'endTime'>): string {
  const dates =
    a.startDate === a.endDate
      ? formatShortDutchDate(a.startDate)
      : `${formatShortDutchDate(a.startDate)} – ${formatShortDutchDate(a.endDate)}`;
  return a.startTime ? `${dates}, ${a.startTime}–${a.endTime}` : `${dates}, ${t.absenceWholeDays}`;
}
