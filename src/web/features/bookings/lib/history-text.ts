import type { BookingHistoryEntryDto, HistoryMessageDto } from '@contracts/bookings';
import type { TextDeliveryStatus } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { formatShortDutchDate, instantParts } from '@core/index';
import { fill } from '@web/lib/fill-message';

const t = nl.bookingDetails;

/** An instant as the owner reads it, in the owner's time zone: '3 dec. 2026 om 14:05'. */
export function momentText(at: string, timeZone: string): string {
  const { date, time } = instantParts(new Date(at), timeZone);
  return fill(t.at, { date: formatShortDutchDate(date), time });
}

/**
 * What happened and who did it: 'Verplaatst door de klant', 'Geannuleerd door Sanne' (another
 * member's change), 'Verplaatst door u' (the reader's own).
 */
export const headlineText = (
  entry: Pick<BookingHistoryEntryDto, 'kind' | 'actor'> & {
    memberName?: string | null;
    memberId?: string | null;
  },
  readerId?: string,
) =>
  fill(t.headline, {
    kind: t.kinds[entry.kind],
    actor:
      (entry.actor === 'owner' || entry.actor === 'api_key') &&
      entry.memberName &&
      !(readerId && entry.memberId === readerId)
        ? fill(nl.activity.byMember, { name: entry.memberName })
        : t.actors[entry.actor],
  });

/**
 * One end of a move: '3 dec. 2026 om 10:00', with the agenda in brackets when the move changed
 * agendas (otherwise it would only repeat the booking's own).
 */
export function slotText(slot: NonNullable<BookingHistoryEntryDto['from']>, withAgenda: boolean): string {
  const vars = {
    date: formatShortDutchDate(slot.bookingDate),
    time: slot.bookingTime,
    agenda: slot.agendaName,
  };
  return fill(withAgenda ? t.slotAgenda : t.slot, vars);
}

/** 'E-mail · Annulering aan anna@example.nl', 'Webhook · booking.cancelled aan Zapier'. */
export function messageText(m: Pick<HistoryMessageDto, 'channel' | 'kind' | 'recipient'>): string {
  const vars = { channel: t.channels[m.channel], kind: t.messageKinds[m.kind], recipient: m.recipient ?? '' };
  return fill(m.recipient ? t.messageTo : t.messageNoRecipient, vars);
}

/**
 * A text message's status as its provider last reported it (docs/PRODUCT.md#text-messages):
 * 'Aanbieder: Afgeleverd'; null for e-mails, webhooks and a text the provider has not reported on.
 */
export function providerStatusText(
  m: Pick<HistoryMessageDto, 'channel'> & { providerStatus?: TextDeliveryStatus | null },
): string | null {
  if (m.channel !== 'sms' && m.channel !== 'whatsapp') return null;
  return m.providerStatus ? fill(t.providerStatus, { status: t.providerStatuses[m.providerStatus] }) : null;
}
