/** Which Google grant: Calendar (`google`) or Gmail (`gmail`); the server's paths use the same names. */
export type GoogleGrantKind = 'google' | 'gmail';

/**
 * GET /api/{google,gmail}/auth is a browser redirect (docs/PRODUCT.md#api-owner-bookings), not a JSON call: the server sends
 * the browser to Google's consent screen, which comes back to /settings?success=…|error=….
 */
export const googleAuthUrl = (kind: GoogleGrantKind) => `/api/${kind}/auth`;

/** Leaves the app for Google's consent screen (a full page navigation, so the session cookie goes along). */
export function connectGoogle(kind: GoogleGrantKind) {
  window.location.assign(googleAuthUrl(kind));
}
