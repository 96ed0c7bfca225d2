import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { ManagedBooking } from '@contracts/public-booking';
import { slotEnd } from '@core/availability';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { formatMoney, parseAmountToCents } from '@core/money';
import { formatPhone } from '@core/phone';
import { fill } from '@web/lib/fill-message';
import { segmentItems, type DetailItem } from '../components/details-list';
import { agendaNameOf } from './agenda-choice';

const m = nl.manage;

/**
 * Date and time (long Dutch), duration, the agenda when the service has several, then name, e-mail
 * and phone when present (docs/PRODUCT.md#manage-page).
 */
export function managedItems({ booking, event, visit }: ManagedBooking): DetailItem[] {
  const end = slotEnd(booking.bookingTime, event.durationMinutes);
  // docs/PRODUCT.md#visits: a visit shows every service with its times and person, and the total time.
  const items: DetailItem[] = visit?.segments.length
    ? [
        // The page knows the agendas of this booking's service only: its choice stands for the visit's.
        ...segmentItems(visit.segments, () => event.agendas.length > 1),
        { label: nl.visits.totalTime, value: fill(m.minutes, { count: visit.totals.durationMinutes }) },
      ]
    : [
        { label: nl.wizard.event, value: event.title },
        {
          label: m.date,
          value: (
            <span className="inline-block first-letter:uppercase">
              {formatLongDutchDate(booking.bookingDate)}
            </span>
          ),
        },
        { label: m.time, value: end ? `${booking.bookingTime} – ${end}` : booking.bookingTime },
        { label: m.duration, value: fill(m.minutes, { count: event.durationMinutes }) },
      ];
  const agendaName = visit?.segments.length ? null : agendaNameOf(event, booking.agendaId);
  if (agendaName) items.push({ label: m.agenda, value: agendaName });
  // docs/PRODUCT.md#classes: a class booking of several places says how many.
  if (booking.seats > 1) items.push({ label: nl.classes.seatsLabel, value: String(booking.seats) });
  if (booking.customerName) items.push({ label: m.name, value: booking.customerName });
  if (booking.customerEmail) items.push({ label: m.email, value: booking.customerEmail });
  if (booking.customerPhone) items.push({ label: m.phone, value: formatPhone(booking.customerPhone) });
  // docs/PRODUCT.md#deposits: what was paid online and what is left for the appointment.
  const positive = (amount: string | null) => amount !== null && (parseAmountToCents(amount) ?? 0) > 0;
  if (booking.paymentStatus === 'paid' && positive(booking.amountPaid))
    items.push({ label: nl.deposit.paid, value: formatMoney(booking.amountPaid, event.currency) });
  // A visit (paid at the salon only) owes the price of all its services.
  const due = visit?.segments.length ? visit.totals.price : booking.amountDue;
  if (positive(due)) items.push({ label: nl.deposit.due, value: formatMoney(due, event.currency) });
  return items;
}
