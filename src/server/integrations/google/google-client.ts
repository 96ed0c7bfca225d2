import { createHash, randomBytes } from 'node:crypto';

/** Google's production origins; tests point GOOGLE_OAUTH_BASE and GOOGLE_API_BASE at a loopback fake. */
export const GOOGLE_OAUTH_DEFAULT = 'https://oauth2.googleapis.com';
const GOOGLE_CONSENT_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const TIMEOUT_MS = 10_000;

/** `openid` on both: the callback reads the account's `sub`, to know whether both connections share one grant. */
export const SCOPES = {
  google: [
    'https://www.googleapis.com/auth/calendar.events',
    'https://www.googleapis.com/auth/calendar.readonly',
    'openid',
  ],
  gmail: ['https://www.googleapis.com/auth/gmail.send', 'openid', 'email'],
} as const;
export type GrantKind = keyof typeof SCOPES;

/** A non-2xx answer of Google; `grantRevoked` means the refresh token no longer works. */
export class GoogleError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly grantRevoked = false,
  ) {
    super(message);
  }
}

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  expiresAt: Date;
}

export interface GoogleClientConfig {
  clientId?: string;
  clientSecret?: string;
  oauthBase: string;
  apiBase: string;
}

/** PKCE (RFC 7636): the verifier stays with us, Google sees only its S256 challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { message: text.slice(0, 200) };
  }
}

/** The only code that speaks Google's OAuth and REST wire formats. */
export function createGoogleClient(config: GoogleClientConfig) {
  const configured = Boolean(config.clientId && config.clientSecret);
  const consentUrl =
    config.oauthBase === GOOGLE_OAUTH_DEFAULT ? GOOGLE_CONSENT_URL : `${config.oauthBase}/o/oauth2/v2/auth`;

  async function token(params: Record<string, string>): Promise<TokenSet> {
    const res = await fetch(`${config.oauthBase}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: config.clientId ?? '',
        client_secret: config.clientSecret ?? '',
        ...params,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = await readJson(res);
    if (!res.ok)
      throw new GoogleError(
        res.status,
        String(body.error_description ?? body.error ?? res.statusText),
        body.error === 'invalid_grant',
      );
    return {
      accessToken: String(body.access_token),
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
      expiresAt: new Date(Date.now() + Number(body.expires_in ?? 3600) * 1000),
    };
  }

  return {
    configured,

    consentUrl(kind: GrantKind, redirectUri: string, state: string, challenge: string): string {
      const params = new URLSearchParams({
        client_id: config.clientId ?? '',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPES[kind].join(' '),
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      });
      return `${consentUrl}?${params}`;
    },

    exchangeCode: (code: string, verifier: string, redirectUri: string) =>
      token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri }),

    refresh: (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    async revoke(tokenValue: string): Promise<void> {
      await fetch(`${config.oauthBase}/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: tokenValue }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    },

    /** One REST call with a bearer token; JSON in, JSON out, Google's errors as GoogleError. */
    async api<T = Record<string, unknown>>(
      accessToken: string,
      method: string,
      path: string,
      body?: unknown,
    ): Promise<T> {
      const res = await fetch(`${config.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.status === 204) return {} as T;
      const json = await readJson(res);
      if (!res.ok) {
        const error = json.error as { message?: string } | string | undefined;
        throw new GoogleError(
          res.status,
          typeof error === 'string' ? error : (error?.message ?? res.statusText),
        );
      }
      return json as T;
    },
  };
}
export type GoogleClient = ReturnType<typeof createGoogleClient>;
