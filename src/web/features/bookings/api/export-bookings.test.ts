import { describe, expect, it } from 'vitest';
import { bookingsExportUrl } from './export-bookings';

describe('bookingsExportUrl', () => {
  it('downloads what the list shows: its range, order and search, without a page size', () => {
    const url = new URL(bookingsExportUrl({ from: '2026-03-01', order: 'asc', q: ' anna ' }), 'http://x');
    expect(url.pathname).toBe('/api/bookings/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ order: 'asc', from: '2026-03-01', q: 'anna' });
  });

  it('keeps the latest-first order when the caller names none', () => {
    const url = new URL(bookingsExportUrl({ to: '2026-02-28' }), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ order: 'desc', to: '2026-02-28' });
  });
});
