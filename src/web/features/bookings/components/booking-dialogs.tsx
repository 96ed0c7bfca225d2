import type { OwnerBookingDto } from '@contracts/bookings';
import type { SeriesScope } from '@contracts/enums';
import type { EventListItem } from '@contracts/events';
import { nl } from '@contracts/messages';
import { useRef } from 'react';
import { toast } from '@web/components/ui/use-toast';
import { fill } from '@web/lib/fill-message';
import { describeError } from '@web/lib/api-client';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useDeleteBooking } from '../api/delete-booking';
import { useUpdateBooking } from '../api/update-booking';
import { whenText } from '../lib/booking-text';
import type { BookingAction } from './booking-actions';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { EditBookingDialog } from './edit-booking-dialog';

const t = nl.bookingsUi;

export interface DialogState {
  action: BookingAction;
  booking: OwnerBookingDto;
  open: boolean;
  /** The control that opened the dialog, focused again on closing (the dialogs have no trigger of their own). */
  opener?: HTMLElement | null;
  /**
   * The details panel the opener sits in, focused instead when the opener is gone (a cancelled
   * booking loses its cancel button), so focus stays in the panel rather than falling to the page.
   */
  openerPanel?: HTMLElement | null;
}

/** The focused control, to hand to a dialog as its opener. */
export const focusedControl = () =>
  document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null;

/** The focused control and the dialog around it (none on the page itself), for DialogState. */
export function focusedOpener(): Pick<DialogState, 'opener' | 'openerPanel'> {
  const opener = focusedControl();
  return { opener, openerPanel: opener?.closest<HTMLElement>('[role="dialog"]') ?? null };
}

/** The edit, cancel and delete dialogs of the bookings page; one is open at a time. */
export function BookingDialogs({
  state,
  onOpenChange,
  events,
  now,
  timeZone,
}: {
  state: DialogState | null;
  onOpenChange: (open: boolean) => void;
  events: readonly EventListItem[] | undefined;
  now: Date;
  /** The owner's time zone. */
  timeZone: string;
}) {
  const booking = state?.booking ?? null;
  const close = () => onOpenChange(false);
  const failure = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: describeError(error) });

  // The scope of the cancel under way, for its toast.
  const cancelScope = useRef<SeriesScope>('this');
  const cancel = useUpdateBooking({
    onSuccess: (row) => {
      close();
      // A refund the provider refused leaves the booking cancelled; the reason shows in the list.
      if (row.refundStatus === 'failed')
        toast({
          variant: 'destructive',
          title: nl.refunds.cancelledRefundFailed,
          description: row.refundError ?? '',
        });
      else if (row.refundStatus === 'succeeded') toast({ title: nl.refunds.cancelledRefunded });
      else if (cancelScope.current === 'following')
        toast({ title: nl.series.cancelledFollowing, description: nl.series.cancelledFollowingText });
      else toast({ title: t.cancelled, description: t.cancelledText });
    },
    onError: failure(t.cancelFailed),
  });
  const remove = useDeleteBooking({
    onSuccess: () => {
      close();
      toast({ title: t.deleted, description: t.deletedText });
    },
    onError: failure(t.deleteFailed),
  });
  // Back to the button that opened the dialog while it is still there (a cancelled booking loses its
  // cancel button); otherwise the details panel it sat in, or Radix's default (no trigger to go to).
  const returnFocus = (event: Event) => {
    const opener = state?.opener?.isConnected ? state.opener : state?.openerPanel;
    if (opener?.isConnected) {
      event.preventDefault();
      opener.focus();
    }
  };
  const vars = booking ? { name: booking.customerName, when: whenText(booking) } : { name: '', when: '' };

  return (
    <>
      <EditBookingDialog
        booking={state?.action === 'edit' ? booking : null}
        event={events?.find((e) => e.id === booking?.eventId)}
        now={now}
        timeZone={timeZone}
        open={state?.action === 'edit' && state.open}
        onOpenChange={onOpenChange}
        onCloseAutoFocus={returnFocus}
      />
      <CancelBookingDialog
        booking={booking}
        policyText={events?.find((e) => e.id === booking?.eventId)?.policyText}
        price={events?.find((e) => e.id === booking?.eventId)?.paymentAmount}
        open={state?.action === 'cancel' && state.open}
        onOpenChange={onOpenChange}
        description={fill(t.cancelText, vars)}
        pending={cancel.isPending}
        onConfirm={({ refund, refundAmount, notifyCustomer, scope = 'this' }) => {
          if (!booking) return;
          cancelScope.current = scope;
          cancel.mutate({
            id: booking.id,
            // Left out unless asked: the server's default is the spec's silent cancel.
            body: {
              status: 'cancelled',
              refund,
              ...(refundAmount && { refundAmount }),
              ...(notifyCustomer && { notifyCustomer }),
            },
            ...(scope === 'following' && { scope }),
          });
        }}
        onCloseAutoFocus={returnFocus}
      />
      <ConfirmDialog
        open={state?.action === 'delete' && state.open}
        onOpenChange={onOpenChange}
        title={t.deleteTitle}
        description={fill(t.deleteText, vars)}
        keepLabel={t.keep}
        confirmLabel={t.confirmDelete}
        pending={remove.isPending}
        onConfirm={() => booking && remove.mutate(booking.id)}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}
