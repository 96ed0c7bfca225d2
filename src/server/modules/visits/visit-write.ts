import type { CreateVisitBody, CreatedVisit } from '@contracts/public-visits';
import { centsToAmount, keepFieldAnswers, visitFields } from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import type { SecretBox } from '../../lib/crypto';
import { bookingsRepo } from '../bookings/bookings.repo';
import { issueManagementToken } from '../bookings/management-token';
import { claimIn, guardOverlap, type SlotClaim } from '../bookings/slot-rules';
import type { BookingNotifier, NewBooking } from '../notifications/booking-notifier';
import { checkedCustomer, managementUrl, refuseUnwelcome, textConsentOf } from '../public/booking-draft';
import { visitAmounts, type VisitAmounts } from './visit-amounts';
import { placeVisit } from './visit-placement';
import { toVisitSegments, toVisitTotals } from './visit-segments';
import { visitServices, type VisitServiceRow } from './visit-services';

/** What writing a new visit needs: the free path (visit-booking.ts) and the paid one (visit-payment.ts). */
export interface VisitWriteDeps {
  appUrl: string;
  box: SecretBox;
  notifier: BookingNotifier;
  now: () => Date;
}

/** A visit checked and placed, not yet written. */
export interface VisitDraft {
  body: CreateVisitBody;
  services: VisitServiceRow[];
  customer: Awaited<ReturnType<typeof checkedCustomer>>;
  /** The customer's consent to texts, kept on every segment (the first one's messages tell the visit). */
  text: ReturnType<typeof textConsentOf>;
  claims: Array<SlotClaim & { time: string }>;
  amounts: VisitAmounts;
  at: Date;
}
/** A visit written: its id (the first segment's), the manage token shown this once, its rows in order. */
export interface WrittenVisit {
  visitId: string;
  token: string;
  rows: BookingRow[];
}

/**
 * What a new visit asks, checked and placed, before anything is written: its services, customer,
 * each segment's place and what it costs this customer (the free and the paid path alike).
 */
export async function draftVisit(db: Db, deps: VisitWriteDeps, body: CreateVisitBody): Promise<VisitDraft> {
  const services = await visitServices(db, body.services, body.agendaId);
  const first = services[0]!.found;
  const fields = visitFields(services.map((s) => s.found.fields));
  const customer = await checkedCustomer(
    db,
    first.event.id,
    {
      eventId: first.event.id,
      customerName: body.customerName,
      customerEmail: body.customerEmail,
      customerPhone: body.customerPhone,
      bookingDate: body.date,
      bookingTime: body.time,
      customFieldResponses: body.answers,
    },
    fields,
  );
  await refuseUnwelcome(db, first.event.userId, customer, {
    policy: services.some((s) => Boolean(s.found.event.policyText)),
    accepted: body.acceptedPolicy,
  });
  const at = deps.now();
  const text = textConsentOf(first.event, customer.customerPhone, body.textConsent, at);
  const claims = await placeVisit(db, services, body.date, body.time, at);
  const events = services.map((s) => s.found.event);
  const amounts = await visitAmounts(db, events, customer.customerEmail, at);
  return { body, services, customer, text, claims, amounts, at };
}

/**
 * Writes a drafted visit, every segment in one transaction. Confirmed, each with its change (the first one's messages
 * tell the visit); held, each pending until `holdExpiresAt` with no message yet: the payment's
 * confirmation plans them (paid-settlement.ts).
 */
export async function writeVisit(
  db: Db,
  deps: VisitWriteDeps,
  d: VisitDraft,
  hold: { holdExpiresAt: Date } | null,
): Promise<WrittenVisit> {
  const { services, customer, text, claims, amounts, at, body } = d;
  const visitId = crypto.randomUUID();
  const { token, ...sealed } = issueManagementToken(deps.box);
  const rows = await guardOverlap(() =>
    db.transaction(async (tx) => {
      const written: BookingRow[] = [];
      for (const [k, claim] of claims.entries()) {
        const { found, chosen } = services[k]!;
        written.push(
          await claimIn(tx, claim, at, async (savepoint, agendaId, extraAgendaIds) => {
            // Only the first segment's link is ever shown: the others' are sealed and forgotten.
            const { token: _unused, ...own } =
              k === 0 ? { token, ...sealed } : issueManagementToken(deps.box);
            const booking: NewBooking = {
              id: k === 0 ? visitId : crypto.randomUUID(),
              eventId: found.event.id,
              customerName: customer.customerName,
              customerEmail: customer.customerEmail,
              customerPhone: customer.customerPhone,
              ...text,
              customFieldResponses: keepFieldAnswers(found.fields, customer.customFieldResponses),
              bookingDate: body.date,
              bookingTime: claim.time,
              startsAt: claim.startsAt,
              endsAt: claim.endsAt,
              ...claim.buffers,
              ...own,
              agendaId,
              extraAgendaIds,
              agendaChosen: chosen,
              visitId,
              visitPosition: k,
              ...(hold
                ? { status: 'pending', paymentStatus: 'pending', holdExpiresAt: hold.holdExpiresAt }
                : { status: 'confirmed', paymentStatus: 'not_required' }),
              ...amounts.segments[k],
              createdAt: at,
              updatedAt: at,
            };
            if (hold) return bookingsRepo.insert(savepoint, booking);
            const change = await deps.notifier.createdChange(savepoint, booking, {
              context: found,
              laterSegment: k > 0,
            });
            return bookingsRepo.insertWithChange(savepoint, booking, change);
          }),
        );
      }
      return written;
    }),
  );
  return { visitId, token, rows };
}

/** The answer to a visit written: the manage link shown this once, its segments and totals. */
export async function visitAnswer(
  db: Db,
  deps: Pick<VisitWriteDeps, 'appUrl'>,
  d: VisitDraft,
  { visitId, token, rows }: WrittenVisit,
): Promise<CreatedVisit> {
  const events = d.services.map((s) => s.found.event);
  return {
    visitId,
    managementToken: token,
    managementUrl: managementUrl(deps.appUrl, token),
    segments: await toVisitSegments(
      db,
      rows.map((booking, k) => ({ booking, event: events[k]! })),
    ),
    totals: { ...toVisitTotals(events), payNow: centsToAmount(d.amounts.payNowCents) },
  };
}
