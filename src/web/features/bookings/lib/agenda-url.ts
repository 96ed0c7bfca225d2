/**
 * The bookings page's view in its URL (?weergave=dag&datum=yyyy-MM-dd&agenda=<id>), so a reload, a
 * bookmark and the back button show the same day. No `weergave` is the list; no `datum` is the
 * owner's today, so a bookmarked day view opens on whatever day it is then.
 */
import { isValidDate } from '@core/index';

export const BOOKING_VIEWS = ['lijst', 'dag', 'week'] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];

export const VIEW_PARAM = 'weergave';
export const DATE_PARAM = 'datum';
export const AGENDA_PARAM = 'agenda';

export interface AgendaViewState {
  view: BookingView;
  /** The day shown (day view) or a day of the week shown (week view). */
  date: string;
  /** The chosen agenda, or null for all (or, on a phone's day view, the first). */
  agendaId: string | null;
}

export function readViewState(params: URLSearchParams, today: string): AgendaViewState {
  const view = params.get(VIEW_PARAM);
  const date = params.get(DATE_PARAM);
  return {
    view: BOOKING_VIEWS.find((v) => v === view) ?? 'lijst',
    date: isValidDate(date) ? date : today,
    agendaId: params.get(AGENDA_PARAM) || null,
  };
}

/**
 * The query string for a new state, keeping the page's other parameters. The list drops the date
 * and agenda (they mean nothing there), and today's date is left out so the view follows the clock.
 */
export function writeViewState(
  params: URLSearchParams,
  next: AgendaViewState,
  today: string,
): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const key of [VIEW_PARAM, DATE_PARAM, AGENDA_PARAM]) out.delete(key);
  if (next.view === 'lijst') return out;
  out.set(VIEW_PARAM, next.view);
  if (next.date !== today) out.set(DATE_PARAM, next.date);
  if (next.agendaId) out.set(AGENDA_PARAM, next.agendaId);
  return out;
}
