import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { slotEnd } from '@core/availability';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { formatMoney } from '@core/money';
import { formatPhone } from '@core/phone';
import type { DetailItem } from '../components/details-list';
import type { BookingSummary } from './booking-storage';

const p = nl.paymentPages;
/** docs/PRODUCT.md#payment-pages: the e-mail and phone answers are listed under their own labels, not again as responses. */
const CONTACT_KEYS = new Set(['E-mail', 'Email', 'Telefoon', 'Telefoonnummer', 'Phone']);

/** Event, date, time, name, e-mail, phone and paid amount when present, then the other answers (docs/PRODUCT.md#payment-pages). */
export function summaryItems(s: BookingSummary): DetailItem[] {
  const end = slotEnd(s.time, s.durationMinutes);
  const items: DetailItem[] = [
    { label: p.event, value: s.eventTitle },
    {
      label: p.date,
      value: <span className="inline-block first-letter:uppercase">{formatLongDutchDate(s.date)}</span>,
    },
    { label: p.time, value: end ? `${s.time} – ${end}` : s.time },
  ];
  if (s.agendaName) items.push({ label: nl.manage.agenda, value: s.agendaName });
  // docs/PRODUCT.md#classes: a class booking of several places says how many.
  if (s.seats && s.seats > 1) items.push({ label: nl.classes.seatsLabel, value: String(s.seats) });
  if (s.name) items.push({ label: p.name, value: s.name });
  if (s.email) items.push({ label: p.email, value: s.email });
  if (s.phone) items.push({ label: p.phone, value: formatPhone(s.phone) });
  if (s.paidAmount)
    items.push({
      label: s.paymentPending ? nl.redirectPayment.pendingLabel : p.paid,
      value: formatMoney(s.paidAmount, s.currency),
    });
  if (s.dueAmount) items.push({ label: nl.deposit.due, value: formatMoney(s.dueAmount, s.currency) });
  for (const [key, value] of Object.entries(s.responses)) {
    if (CONTACT_KEYS.has(key) || key === s.nameField || !value) continue;
    if (items.some((i) => i.label === key)) continue;
    items.push({ label: key, value });
  }
  return items;
}
