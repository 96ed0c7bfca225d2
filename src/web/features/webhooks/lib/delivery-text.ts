import type { WebhookDeliveryDto } from '@contracts/notifications';
import { nl } from '@contracts/messages';
import { formatDutchDayMonth, formatShortDutchDate, instantParts } from '@core/index';
import { fill } from '@web/lib/fill-message';

const t = nl.webhooksUi;

/** An ISO instant as 'd MMM yyyy HH:mm' in the viewer's zone, e.g. '7 dec. 2026 14:05'. */
export function formatInstant(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const { date, time } = instantParts(at);
  return `${formatShortDutchDate(date)} ${time}`;
}

/** The booking a delivery was about: its date and time, e.g. '7 dec. 2026 · 10:30'; '' if deleted. */
export function bookingSlotText(d: Pick<WebhookDeliveryDto, 'bookingDate' | 'bookingTime'>): string {
  return [d.bookingDate && formatShortDutchDate(d.bookingDate), d.bookingTime].filter(Boolean).join(' · ');
}

/** 'Volgende poging 14:05' (today) or 'Volgende poging 8 dec. 09:00' for a retry after a failure. */
export function nextAttemptText(
  d: Pick<WebhookDeliveryDto, 'status' | 'attempts' | 'nextAttemptAt'>,
): string | null {
  if (d.status !== 'pending' || d.attempts === 0 || !d.nextAttemptAt) return null;
  const at = new Date(d.nextAttemptAt);
  if (Number.isNaN(at.getTime())) return null;
  const { date, time } = instantParts(at);
  const today = instantParts(new Date()).date === date;
  return fill(t.deliveryNextAttempt, { time: today ? time : `${formatDutchDayMonth(date)} ${time}` });
}
