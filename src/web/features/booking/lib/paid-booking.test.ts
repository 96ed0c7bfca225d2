import { describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { ApiError } from '@web/lib/api-client';
import type { PendingBooking } from './booking-storage';
import { failurePath, paidBookingFailure, successPath, tokenOfManagementUrl } from './paid-booking';

const pending = (bookingPath: string) => ({ bookingPath }) as PendingBooking;

describe('paid booking helpers (docs/PRODUCT.md#paid-flow)', () => {
  it('shows the server message only for a refunded payment, else the spec message', () => {
    const refunded = new ApiError(
      409,
      'Conflict',
      JSON.stringify({ code: 'PAYMENT_REFUNDED', message: nl.payments.refunded }),
    );
    expect(paidBookingFailure(refunded)).toBe(nl.payments.refunded);
    const other = new ApiError(
      422,
      'Unprocessable Entity',
      JSON.stringify({ code: 'PAYMENT_FAILED', message: nl.payments.notCompleted }),
    );
    expect(paidBookingFailure(other)).toBe(nl.booking.bookFailed);
    expect(paidBookingFailure(new TypeError('Failed to fetch'))).toBe(nl.booking.bookFailed);
  });

  it('keeps the result pages embedded when the booking page was', () => {
    expect(successPath(pending('/boek/knippen'))).toBe('/payment/success');
    expect(successPath(pending('/boek/knippen?embed=true'))).toBe('/payment/success?embed=true');
    expect(failurePath(pending('/boek/knippen?embed=true'))).toBe('/payment/failure?embed=true');
    expect(failurePath(null)).toBe('/payment/failure');
  });

  it('takes the token from a management link', () => {
    expect(tokenOfManagementUrl('http://localhost:3000/booking/manage/abcDEF_123-xyz')).toBe(
      'abcDEF_123-xyz',
    );
    expect(tokenOfManagementUrl(null)).toBeNull();
  });
});
