/**
 * Option lists and defaults of the event form, shared so the server validates against the
 * same choices the web form offers.
 */
import type { Pause, WorkingDays } from './types';

export const DURATIONS = [15, 30, 45, 60, 90, 120] as const;
export type Duration = (typeof DURATIONS)[number];
export const DEFAULT_DURATION: Duration = 30;

export const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';

export const DEFAULT_PAUSE: Readonly<Pause> = Object.freeze({ start: '12:00', end: '13:00' });

/** A fresh object each call, because forms mutate it. Monday..Friday 09:00-17:00. */
export function defaultWorkingDays(): WorkingDays {
  const days: WorkingDays = {};
  for (let i = 0; i <= 6; i++) {
    days[String(i)] = { enabled: i >= 1 && i <= 5, startTime: '09:00', endTime: '17:00' };
  }
  return days;
}

/** Display order of the working-days editor: Dutch weeks start on Monday. */
export const WEEKDAYS_MONDAY_FIRST = [
  { key: '1', label: 'Maandag' },
  { key: '2', label: 'Dinsdag' },
  { key: '3', label: 'Woensdag' },
  { key: '4', label: 'Donderdag' },
  { key: '5', label: 'Vrijdag' },
  { key: '6', label: 'Zaterdag' },
  { key: '0', label: 'Zondag' },
] as const;
