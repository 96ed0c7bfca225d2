/**
 * The one shape of an owner's text-message provider (docs/PRODUCT.md#messaging): check the keys,
 * send one message. Each provider (twilio.ts, messagebird.ts) implements it over plain fetch with a
 * deadline; the table in text-providers.ts says which keys each needs, so no caller branches on the
 * provider's name.
 */

/** Every key a provider may need, by the name the API body gives it. */
export interface ProviderKeys {
  accountSid?: string;
  authToken?: string;
  accessKey?: string;
}
export type ProviderKeyName = keyof ProviderKeys;

export interface TextMessage {
  /** E.164, or `whatsapp:+31…` for a WhatsApp message through Twilio. */
  to: string;
  /** The sender: E.164, an alphanumeric name of at most 11 characters, or `whatsapp:+31…`. */
  from: string;
  body: string;
  /** Our own id for the message, given back in the provider's status reports. */
  reference: string;
  /** Where the provider reports the message's status; null sends without reports. */
  statusUrl: string | null;
}

export interface SentText {
  providerId: string;
  status: string;
}

/**
 * Why a call failed: `auth` the provider refused the keys, `refused` it refused this request (a
 * sender it does not allow, a number it cannot reach), `unreachable` it could not be reached, took
 * too long or failed on its side (5xx, 429).
 */
export type TextProviderFailure = 'auth' | 'refused' | 'unreachable';

export class TextProviderError extends Error {
  constructor(
    readonly failure: TextProviderFailure,
    /** The provider's own words, for the owner (a refusal) or the log. */
    readonly detail: string,
  ) {
    super(`${failure}: ${detail}`);
    this.name = 'TextProviderError';
  }
}

export interface TextProvider {
  /** Resolves when the provider accepts the keys; throws TextProviderError otherwise. */
  verify(): Promise<void>;
  send(message: TextMessage): Promise<SentText>;
  /**
   * The message sent earlier with this `reference` (a run that timed out after the provider took
   * it), or null; absent for a provider that cannot be asked. `since`: when it was first planned.
   */
  find?(message: TextMessage, since: Date): Promise<SentText | null>;
}

export interface ProviderCallOptions {
  apiBase: string;
  timeoutMs: number;
}

/** What a provider's answer says about the call, by HTTP status (`detail` read from its body). */
export function failureOf(status: number): TextProviderFailure | null {
  if (status >= 200 && status < 300) return null;
  if (status === 401 || status === 403) return 'auth';
  if (status === 429 || status >= 500) return 'unreachable';
  return 'refused';
}

/**
 * One call with the deadline; a network error or the deadline is `unreachable`, an answer outside
 * 2xx the failure `failureOf` names with the detail `detailOf` reads from the body.
 */
export async function callProvider<T>(
  url: string,
  init: RequestInit,
  opts: {
    timeoutMs: number;
    detailOf: (body: unknown) => string | undefined;
    notFound?: TextProviderFailure;
  },
): Promise<T> {
  let res: Response;
  let body: unknown;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(opts.timeoutMs) });
    const text = await res.text();
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch (error) {
    throw new TextProviderError('unreachable', error instanceof Error ? error.message : String(error));
  }
  const failure = res.status === 404 && opts.notFound ? opts.notFound : failureOf(res.status);
  if (failure) throw new TextProviderError(failure, opts.detailOf(body) ?? `HTTP ${res.status}`);
  return body as T;
}

/** A key the table says the provider needs; its absence is a programming error, never the owner's. */
export function keyOf(keys: ProviderKeys, name: ProviderKeyName): string {
  const value = keys[name];
  if (!value) throw new Error(`text provider: missing key ${name}`);
  return value;
}
