import { nl } from '@contracts/messages';
import type { CreatedSeriesBooking, PublicSeriesBookingBody, SeriesRequest } from '@contracts/public-series';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import { bookingsRepo } from '../bookings/bookings.repo';
import type { BookingNotifier, NewBooking } from '../notifications/booking-notifier';
import { atSalonAmounts, customerSplit, splitAmounts } from '../payments/deposit-split';
import { paymentKeysStatus } from '../payments/payment-keys';
import type { PublicEventRow } from './availability-input';
import { managementUrl, toPublicBooking } from './booking-draft';
import { draftSeries, writeSeries } from './series-draft';

/**
 * The unpaid series: written confirmed under one seriesId. The first occurrence's confirmation
 * lists every date; each has its own manage link and reminders. A paid service's series is held and
 * paid in one payment (payments/payment-holds.ts); only a customer its deposit does not ask
 * anything of books it here, with each occurrence's price due at the salon.
 */
export async function bookPublicSeries(
  db: Db,
  deps: { box: SecretBox; notifier: BookingNotifier; appUrl: string },
  found: PublicEventRow,
  body: PublicSeriesBookingBody & { series: SeriesRequest },
  at: Date,
): Promise<CreatedSeriesBooking> {
  const { event } = found;
  const draft = await draftSeries(db, deps.box, found, body, body.series, at);
  let amounts: { amountPaid?: string; amountDue?: string } = atSalonAmounts(event, body.seats ?? 1);
  if (event.requiresPayment) {
    if (paymentKeysStatus(found.paymentKeys, deps.box) !== 'ok')
      throw new AppError('PAYMENTS_UNAVAILABLE', nl.bookingUnavailable.title);
    const first = draft.drafts[0]!.values;
    const split = await customerSplit(db, event, first.customerEmail ?? null, at, first.seats);
    if (split.payNowCents > 0) throw badRequest(nl.booking.paymentRequired);
    amounts = splitAmounts(split);
  }
  const seriesId = crypto.randomUUID();
  const rows = await writeSeries(db, draft, at, async (w, values, k) => {
    const booking: NewBooking = {
      ...values,
      id: crypto.randomUUID(),
      seriesId,
      status: 'confirmed',
      paymentStatus: 'not_required',
      ...amounts,
    };
    const change = await deps.notifier.createdChange(w, booking, { context: found, laterOccurrence: k > 0 });
    return bookingsRepo.insertWithChange(w, booking, change);
  });
  const token = draft.drafts[0]!.token;
  return {
    booking: toPublicBooking(rows[0]!),
    managementToken: token,
    managementUrl: managementUrl(deps.appUrl, token),
    series: rows.map(toPublicBooking),
  };
}
