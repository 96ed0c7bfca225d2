/**
 * Where the customer screens live: below Afspraken (the sidebar keeps its eight entries), so the
 * bookings list, its details panel and the dashboard can link to a card without importing the
 * customers feature.
 */
export const CUSTOMERS_PATH = '/bookings/customers';

/** The card of one customer. */
export const customerPath = (id: string) => `${CUSTOMERS_PATH}/${encodeURIComponent(id)}`;
