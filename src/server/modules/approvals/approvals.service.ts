import type { OpenRequestsDto, PublicApproval } from '@contracts/approvals';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { BookingRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { sha256 } from '../../lib/crypto';
import { actingMember, agendaScope, type BookingViewer } from '../bookings/booking-viewer';
import { ownerBookingsRepo } from '../bookings/owner-bookings.repo';
import type { BookingNotifier } from '../notifications/booking-notifier';
import { usersRepo } from '../users/users.repo';
import { approvalsRepo } from './approvals.repo';

const a = nl.approval;

/** How many lapsed requests one expiry run cancels (the rest wait for the next run). */
const EXPIRY_BATCH = 100;

type Decision = 'approve' | 'decline';

/**
 * Requests the owner approves (docs/PRODUCT.md#approval): decided by the owner in the app or by the
 * link in their notice (no session: the link's token is the proof), or lapsed by the expiry run.
 * Every decision is one conditional update of a booking still `requested` plus its messages, in one
 * transaction: a second decision finds nothing to decide and is answered 409.
 */
export function createApprovals(db: Db, { notifier, now }: { notifier: BookingNotifier; now: () => Date }) {
  async function decide(
    booking: Pick<BookingRow, 'id'>,
    decision: Decision,
    opts: { reason?: string; viewer?: BookingViewer; by?: 'owner' | 'system' } = {},
  ): Promise<BookingRow> {
    const member = opts.viewer ? actingMember(opts.viewer) : undefined;
    return db.transaction(async (tx) => {
      const row = await approvalsRepo.decide(
        tx,
        booking.id,
        decision === 'approve' ? 'confirmed' : 'cancelled',
        now(),
      );
      if (!row) throw new AppError('CONFLICT', a.alreadyDecided);
      if (decision === 'approve') await notifier.approved(tx, row, member);
      else await notifier.declined(tx, row, opts.by ?? 'owner', { reason: opts.reason, member });
      return row;
    });
  }

  async function byToken(token: string) {
    const found = await approvalsRepo.findByTokenHash(db, sha256(token));
    if (!found) throw notFound(a.notFound);
    return found;
  }

  async function pageOf(booking: BookingRow, eventTitle: string, ownerId: string): Promise<PublicApproval> {
    const owner = await usersRepo.findById(db, ownerId);
    return {
      status: booking.status,
      decided: booking.status !== 'requested',
      eventTitle,
      customerName: booking.customerName,
      bookingDate: booking.bookingDate,
      bookingTime: booking.bookingTime,
      expiresAt: booking.status === 'requested' ? (booking.approvalExpiresAt?.toISOString() ?? null) : null,
      timeZone: owner?.timeZone ?? 'Europe/Amsterdam',
    };
  }

  async function owned(user: UserRow, id: string, viewer: BookingViewer) {
    const row = await ownerBookingsRepo.findOwned(db, user.id, id, agendaScope(viewer));
    if (!row) throw notFound(nl.ownerBookings.notFound);
    return row.booking;
  }

  return {
    /** The decision page behind the owner's link: what is asked, and whether it is still open. */
    async page(token: string): Promise<PublicApproval> {
      const { booking, event } = await byToken(token);
      return pageOf(booking, event.title, event.userId);
    },

    /** The decision page's button: decides once; a second decision is a 409 that says so. */
    async decideByToken(token: string, decision: Decision, reason?: string): Promise<PublicApproval> {
      const { booking, event } = await byToken(token);
      const row = await decide(booking, decision, { reason });
      return pageOf(row, event.title, event.userId);
    },

    async approve(user: UserRow, id: string, viewer: BookingViewer) {
      const row = await decide(await owned(user, id, viewer), 'approve', { viewer });
      return { status: row.status };
    },

    async decline(user: UserRow, id: string, reason: string | undefined, viewer: BookingViewer) {
      const row = await decide(await owned(user, id, viewer), 'decline', { reason, viewer });
      return { status: row.status };
    },

    /** The owner's open requests (the dashboard), as far as the viewer sees the agendas. */
    async open(user: UserRow, viewer: BookingViewer): Promise<OpenRequestsDto> {
      const rows = await approvalsRepo.open(db, user.id, now(), agendaScope(viewer));
      return rows.map(({ booking, eventTitle }) => ({
        id: booking.id,
        eventTitle,
        customerName: booking.customerName,
        bookingDate: booking.bookingDate,
        bookingTime: booking.bookingTime,
        expiresAt: booking.approvalExpiresAt!.toISOString(),
      }));
    },

    /**
     * Cancels the requests nobody decided in time (`at`: the job's clock), each in its own
     * transaction, the customer told; a request decided meanwhile is left alone. Answers how many.
     */
    async expire(at: Date): Promise<number> {
      let lapsed = 0;
      for (const booking of await approvalsRepo.lapsed(db, at, EXPIRY_BATCH)) {
        try {
          await decide(booking, 'decline', { by: 'system' });
          lapsed += 1;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
        }
      }
      return lapsed;
    },
  };
}
export type Approvals = ReturnType<typeof createApprovals>;
