import { apiPath } from './api-client';

/**
 * GET /api/customers/export?email=… (docs/PRODUCT.md#privacy): a plain link, so the browser saves the
 * JSON file the server names itself (with the session cookie). Used by the settings' Privacy section
 * and by a booking's details.
 */
export const customerExportUrl = (email: string) =>
  `${apiPath('customers', 'export')}?${new URLSearchParams({ email: email.trim() }).toString()}`;
