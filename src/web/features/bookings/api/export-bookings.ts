import { apiPath } from '@web/lib/api-client';
import { bookingFilterParams, type BookingFilters } from './get-bookings';

/**
 * GET /api/bookings/export.csv with the list's filters: a plain link, so the browser downloads the
 * streamed file itself (with the session cookie) instead of holding it in memory.
 */
export const bookingsExportUrl = (filters: BookingFilters) =>
  `${apiPath('bookings', 'export.csv')}?${bookingFilterParams(filters)}`;
