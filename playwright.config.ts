import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3917);
const baseURL = `http://localhost:${port}`;
// A fresh embedded database per run; the server is the real one `npm start` runs.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'afspraak-e2e-'));
// The fake card API (e2e/support/fake-stripe-server.ts); its port follows E2E_PORT so parallel runs
// do not collide. The specs read its address from FAKE_STRIPE_URL.
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 1000);
const fakeStripeUrl = `http://127.0.0.1:${stripePort}`;
process.env.FAKE_STRIPE_URL = fakeStripeUrl;
// The fake Google (e2e/support/fake-google-server.ts: OAuth consent, Calendar, Gmail) likewise; the
// specs read its address from FAKE_GOOGLE_URL.
const googlePort = Number(process.env.E2E_GOOGLE_PORT ?? port + 2000);
const fakeGoogleUrl = `http://127.0.0.1:${googlePort}`;
process.env.FAKE_GOOGLE_URL = fakeGoogleUrl;
const googleClient = { id: 'fake-client-id', secret: 'fake-client-secret' };
// The fake SMS and WhatsApp providers (e2e/support/fake-messaging-server.ts) likewise; the specs read
// their addresses from FAKE_TWILIO_URL and FAKE_MESSAGEBIRD_URL.
const twilioPort = Number(process.env.E2E_TWILIO_PORT ?? port + 3000);
const messagebirdPort = Number(process.env.E2E_MESSAGEBIRD_PORT ?? port + 4000);
const fakeTwilioUrl = `http://127.0.0.1:${twilioPort}`;
const fakeMessagebirdUrl = `http://127.0.0.1:${messagebirdPort}`;
process.env.FAKE_TWILIO_URL = fakeTwilioUrl;
process.env.FAKE_MESSAGEBIRD_URL = fakeMessagebirdUrl;
// TEST_TODAY=yyyy-MM-dd fixes "today" for the whole suite (src/server/test/test-today.ts): the server
// gets it too (config.ts allows it only outside production), the pages through e2e/support/test.ts.
const testToday = process.env.TEST_TODAY ? { TEST_TODAY: process.env.TEST_TODAY } : undefined;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two spec files at a time, each in its own browser, against the one e2e server: every test signs up
  // owners of its own, so files share nothing but the server (docs/decisions/017-test-parallelism.md).
  workers: 2,
  // One retry in CI only; a retried test is reported as flaky (docs/decisions/014-browser-tests-retry-once-in-ci.md).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node --import tsx e2e/support/fake-stripe-server.ts',
      url: `${fakeStripeUrl}/__control/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_STRIPE_PORT: String(stripePort) },
    },
    {
      command: 'node --import tsx e2e/support/fake-google-server.ts',
      url: `${fakeGoogleUrl}/__control/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        FAKE_GOOGLE_PORT: String(googlePort),
        FAKE_GOOGLE_CLIENT_ID: googleClient.id,
        FAKE_GOOGLE_CLIENT_SECRET: googleClient.secret,
      },
    },
    {
      command: 'node --import tsx e2e/support/fake-messaging-server.ts',
      url: `${fakeTwilioUrl}/__control/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_TWILIO_PORT: String(twilioPort), FAKE_MESSAGEBIRD_PORT: String(messagebirdPort) },
    },
    {
      command: 'node scripts/start.mjs',
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      // E2E_SERVER_LOG=1 shows the server's log lines (LOG_LEVEL warn) beside the test output.
      stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
      timeout: 180_000,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_URL: baseURL,
        LOG_LEVEL: 'warn',
        NODE_ENV: testToday ? 'test' : 'production',
        ...testToday,
        STRIPE_API_BASE: fakeStripeUrl,
        GOOGLE_CLIENT_ID: googleClient.id,
        GOOGLE_CLIENT_SECRET: googleClient.secret,
        GOOGLE_OAUTH_BASE: fakeGoogleUrl,
        GOOGLE_API_BASE: fakeGoogleUrl,
        TWILIO_API_BASE: fakeTwilioUrl,
        MESSAGEBIRD_API_BASE: fakeMessagebirdUrl,
        // The webhook specs deliver to a receiver on 127.0.0.1 inside the test.
        WEBHOOK_ALLOW_PRIVATE: '1',
        // The booking details spec sends an owner's mail through a test SMTP server on 127.0.0.1.
        OUTBOUND_ALLOW_PRIVATE: '1',
        // Every spec signs up its own owners from one address (a retried test again): more than a visitor may.
        REGISTER_LIMIT_PER_IP: '1000',
        // The payment journeys hold more slots a minute from this one address than a visitor may.
        HOLD_LIMIT_PER_IP: '1000',
      },
    },
  ],
});
