/**
 * One error type for the whole server, with codes mapped to HTTP status in one table.
 * The web reads `{ code, message }` from error bodies; `message` is always Dutch.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  /** A two-step sign-in code that is wrong, already used or outside its time. */
  INVALID_CODE: 401,
  FORBIDDEN: 403,
  /** The business requires two-step sign-in and the member has not set it up yet. */
  TWO_FACTOR_SETUP_REQUIRED: 403,
  /** An invitation past its seven days. */
  GONE: 410,
  CROSS_SITE: 403,
  /** The business blocked this customer from booking online; the message says to contact it. */
  BOOKING_REFUSED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SLOT_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MAIL_FAILED: 422,
  /**
   * An `Idempotency-Key` of the versioned API sent again with another body within its 24 hours
   * (the IETF idempotency-key draft's 422): the first request's answer stays the key's.
   */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The card-payment provider refused or could not be reached; never a 5xx, the request was fine. */
  PAYMENT_FAILED: 422,
  /**
   * A service that requires payment while its owner has no working payment keys: not bookable online
   * (the booking page shows its first-step message instead of the wizard).
   */
  PAYMENTS_UNAVAILABLE: 409,
  /** A paid booking lost its slot; the payment is refunded. */
  PAYMENT_REFUNDED: 409,
  /** A Google call needs a connection the owner has not made. */
  GOOGLE_NOT_CONNECTED: 400,
  /** Google refused the stored grant (revoked or expired): the owner must connect again. */
  GOOGLE_BROKEN: 409,
  /** Google could not be reached or answered an error; never a 5xx, the request was fine. */
  GOOGLE_FAILED: 422,
  /**
   * The owner's text-message provider (Twilio, MessageBird) could not be reached, timed out or failed
   * on its side: the gateway's error, nothing was saved or sent.
   */
  MESSAGING_FAILED: 502,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /**
   * The database did not answer (restart, network cut, full disk, statement timeout): the request may
   * be retried as it is, after `Retry-After` seconds.
   */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Per-field Dutch messages for validation errors, keyed by dotted path. */
  fields?: Record<string, string>;
  /** What the client needs to offer the way out, e.g. the other customer of a 409 to merge with. */
  details?: Record<string, string>;
}

/** Whether a value read from an error body is one of our codes (a proxy's or an old server's may not be). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

/**
 * `fields` of an error body from zod issues: the first message per path, keyed by the path joined with
 * dots ('customFields.0.fieldName'; '_' for the whole body). The server answers validation errors this
 * way and the web keys its own checks the same, so both show under the same field.
 */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ readonly path: readonly PropertyKey[]; readonly message: string }>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
