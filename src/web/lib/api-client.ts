import { isErrorCode, type ErrorBody, type ErrorCode } from '@contracts/errors';
import { nlPublic as nl } from '@contracts/messages-public';

/**
 * A non-2xx answer from the API. `message` follows docs/PRODUCT.md#errors exactly:
 * `${status}: ${body text}` (or the status text when the body is empty).
 * `serverMessage` is the Dutch `message` of a JSON error body, meant for toasts.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** Raw response body text ('' when empty). */
  readonly bodyText: string;
  /** Parsed JSON error body, when the server sent one. */
  readonly body: Partial<ErrorBody> | undefined;
  readonly serverMessage: string | undefined;
  /** The error code of a JSON error body (contracts/errors.ts); the client decides on this, never on the status. */
  readonly code: ErrorCode | undefined;
  /** Per-field Dutch messages for validation errors, keyed by dotted path. */
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.body = parseErrorBody(bodyText);
    this.serverMessage =
      typeof this.body?.message === 'string' && this.body.message ? this.body.message : undefined;
    this.code = isErrorCode(this.body?.code) ? this.body.code : undefined;
    this.fields = isStringRecord(this.body?.fields) ? this.body.fields : undefined;
  }

  static async fromResponse(res: Response): Promise<ApiError> {
    let text = '';
    try {
      text = await res.text();
    } catch {
      // An unreadable body counts as empty: the status text is used instead.
    }
    return new ApiError(res.status, res.statusText, text);
  }
}

function parseErrorBody(text: string): Partial<ErrorBody> | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Partial<ErrorBody>)
      : undefined;
  } catch {
    return undefined;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether `error` is an API error carrying one of `codes`. */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return isApiError(error) && error.code !== undefined && codes.includes(error.code);
}

/** The Dutch server message of an API error, or `fallback` (network failure, non-JSON body, other errors). */
export function errorMessage(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}

/** Builds an API URL from path segments, encoding each: apiPath('events', id, 'fields') -> /api/events/7/fields */
export function apiPath(...segments: Array<string | number>): string {
  return `/api/${segments.map((s) => encodeURIComponent(String(s))).join('/')}`;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: HeadersInit;
}

/**
 * Sends one request with the session cookie. A payload is sent as JSON when present, a Blob (a file) as is.
 * Resolves with the parsed JSON answer (undefined for an empty body); rejects with ApiError on non-2xx.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  payload?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  const init: RequestInit = { method, headers, credentials: 'include', signal: options.signal };
  if (payload instanceof Blob) {
    // A file is sent as its own bytes (the business logo: the server decides its type by content).
    headers.set('Content-Type', payload.type || 'application/octet-stream');
    init.body = payload;
  } else if (payload !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(payload);
  }

  const res = await fetch(url, init);
  if (!res.ok) throw await ApiError.fromResponse(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => apiRequest<T>('GET', url, undefined, options),
  post: <T>(url: string, payload?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', url, payload, options),
  put: <T>(url: string, payload?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', url, payload, options),
  patch: <T>(url: string, payload?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', url, payload, options),
  delete: <T>(url: string, options?: RequestOptions) => apiRequest<T>('DELETE', url, undefined, options),
};

/**
 * A human-readable Dutch description for a toast: the server's message when there is one,
 * otherwise the docs/PRODUCT.md#errors "status: body" text, or a connection hint when the request never got an answer.
 */
export function describeError(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  if (error instanceof TypeError) return nl.clientErrors.network;
  return nl.errors.internal;
}
