import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTestToday } from './clock';

/**
 * Runtime configuration (README.md#configuration). Every variable is validated at start; a bad value stops
 * start-up with one line per variable instead of failing later in some request.
 */
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((u) => u.replace(/\/+$/, ''));
const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
  .transform((v) => v === '1' || v === 'true');

/** proxy-addr's names for address ranges, usable in TRUST_PROXY. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const proxyEntry = (entry: string) => {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (rest.length || !family) return PROXY_RANGES.includes(entry) && bits === undefined;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};
/** The reverse proxies whose X-Forwarded-* headers are believed: addresses, CIDRs or range names. */
const trustProxy = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every(proxyEntry), {
    error: `must be a comma-separated list of IP addresses, CIDR ranges or ${PROXY_RANGES.join('/')}`,
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  APP_URL: httpUrl.optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  STRIPE_API_BASE: httpUrl.optional(),
  // Tests only: the owners' text-message providers' API origins (src/server/test/fake-messaging.ts).
  TWILIO_API_BASE: httpUrl.default('https://api.twilio.com'),
  MESSAGEBIRD_API_BASE: httpUrl.default('https://rest.messagebird.com'),
  // Tests only: how long a call to a text-message provider may take before it counts as unreachable.
  MESSAGING_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_BASE: httpUrl.default('https://oauth2.googleapis.com'),
  GOOGLE_API_BASE: httpUrl.default('https://www.googleapis.com'),
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  // Development and tests: owners' SMTP servers and webhooks may be on loopback/private addresses.
  OUTBOUND_ALLOW_PRIVATE: flag.default(false),
  // Sign-ups allowed per client address per 15 minutes (a shared office or test runner may need more).
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000).default(10),
  // Payment holds per client address per minute (the browser journeys pay from one address).
  HOLD_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000).default(10),
  // Calls of the versioned API per API key per minute (docs/PRODUCT.md#public-api); tests lower it.
  API_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  TRUST_PROXY: trustProxy.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Benchmarks only (bench/availability-load.bench.ts): the bare route the hot paths are measured against.
  BENCH_BARE_ROUTE: flag.default(false),
  // Tests only: the day the app believes it is (clock.ts); refused below when NODE_ENV=production.
  TEST_TODAY: z
    .string()
    .refine((v) => parseTestToday(v) !== null, { error: 'must be a date yyyy-MM-dd, optionally with THH:mm' })
    .optional(),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  appSecret: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripeApiBase: string | undefined;
  /** The SMS and WhatsApp providers' API origins (TWILIO_API_BASE, MESSAGEBIRD_API_BASE; fakes in tests). */
  messaging: { apiBase: { twilio: string; messagebird: string }; timeoutMs: number };
  google: { clientId?: string; clientSecret?: string; oauthBase: string; apiBase: string };
  /** Webhook targets may be private (WEBHOOK_ALLOW_PRIVATE or OUTBOUND_ALLOW_PRIVATE). */
  webhookAllowPrivate: boolean;
  /** Owners' SMTP servers may be private (OUTBOUND_ALLOW_PRIVATE); the system SMTP_URL is never checked. */
  smtpAllowPrivate: boolean;
  registerLimitPerIp: number;
  holdLimitPerIp: number;
  /** Versioned API calls per key per minute (API_LIMIT_PER_MINUTE). */
  apiLimitPerMinute: number;
  /** Proxies trusted for the client address and protocol (X-Forwarded-For/-Proto/-Host); none by default. */
  trustProxy: string[];
  logLevel: string;
  /** Tests only (TEST_TODAY): the app's clock starts on this day; never set in production. */
  testToday: string | undefined;
  /** Benchmarks only: serve `GET /bench/bare?bytes=N` (http/bench-bare-route.ts). */
  benchBareRoute?: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly lines: string[]) {
    super(`Invalid configuration:\n${lines.join('\n')}`);
  }
}

/** Reads DATA_DIR/app-secret, creating it (mode 600) on first start of the embedded mode. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset: `FOO= npm start` should not be a validation error.
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  const lines: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      lines.push(
        `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(raw[String(issue.path[0])])})`,
      );
    }
  }
  if (parsed.success && parsed.data.TEST_TODAY && parsed.data.NODE_ENV === 'production') {
    lines.push('TEST_TODAY: is for tests only and not allowed with NODE_ENV=production');
  }
  if (parsed.success && parsed.data.DATABASE_URL && !parsed.data.APP_SECRET) {
    lines.push('APP_SECRET: is required when DATABASE_URL is set (at least 32 characters)');
  }
  if (lines.length > 0 || !parsed.success) throw new ConfigError(lines);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = e.APP_URL ?? `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appUrl,
    appSecret: e.APP_SECRET ?? embeddedSecret(dataDir),
    secureCookies: appUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Afspraakplanner <no-reply@${new URL(appUrl).hostname}>`,
    stripeApiBase: e.STRIPE_API_BASE,
    messaging: {
      apiBase: { twilio: e.TWILIO_API_BASE, messagebird: e.MESSAGEBIRD_API_BASE },
      timeoutMs: e.MESSAGING_TIMEOUT_MS,
    },
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      oauthBase: e.GOOGLE_OAUTH_BASE,
      apiBase: e.GOOGLE_API_BASE,
    },
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE || e.OUTBOUND_ALLOW_PRIVATE,
    smtpAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
    registerLimitPerIp: e.REGISTER_LIMIT_PER_IP,
    holdLimitPerIp: e.HOLD_LIMIT_PER_IP,
    apiLimitPerMinute: e.API_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY ?? [],
    logLevel: e.LOG_LEVEL,
    testToday: e.TEST_TODAY,
    benchBareRoute: e.BENCH_BARE_ROUTE,
  };
}
