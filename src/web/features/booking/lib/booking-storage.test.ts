import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStorage, type BookingSummary, type PendingBooking } from './booking-storage';

// A browser that blocks a third-party iframe's storage (an embedded booking page) throws a
// SecurityError on every use of sessionStorage. Made so here whatever the Node version offers
// (Node 20 has no sessionStorage, newer lines have an in-memory one).
const blocked = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};
let original: PropertyDescriptor | undefined;

describe('booking storage without sessionStorage (docs/PRODUCT.md#local-storage)', () => {
  beforeAll(() => {
    original = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    Object.defineProperty(globalThis, 'sessionStorage', { configurable: true, get: blocked });
  });
  afterAll(() => {
    if (original) Object.defineProperty(globalThis, 'sessionStorage', original);
    else delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it('keeps the summary, the pending booking and the failure for the rest of the page', () => {
    const summary = { eventTitle: 'Knippen', date: '2030-03-04', time: '10:30' } as BookingSummary;
    const pending = { eventTitle: 'Knippen', bookingPath: '/boek/knippen?embed=true' } as PendingBooking;
    bookingStorage.saveSummary(summary);
    bookingStorage.savePending(pending);
    bookingStorage.saveFailure('Betaling is mislukt. Probeer het opnieuw.', '/boek/knippen?embed=true');

    expect(bookingStorage.summary()).toEqual(summary);
    expect(bookingStorage.pending()).toEqual(pending);
    expect(bookingStorage.failureMessage()).toBe('Betaling is mislukt. Probeer het opnieuw.');
    expect(bookingStorage.returnUrl()).toBe('/boek/knippen?embed=true');

    bookingStorage.clearPending();
    expect(bookingStorage.pending()).toBeNull();
    expect(bookingStorage.summary()).toEqual(summary);
  });

  it('still follows only a same-site return path', () => {
    bookingStorage.saveFailure('Mislukt', '//evil.example/phish');
    expect(bookingStorage.returnUrl()).toBe('/');
  });
});
