/**
 * The fake Google for the browser journeys, on a fixed port (`FAKE_GOOGLE_PORT`, default 4918):
 * the same stateful fake the server tests use (src/server/test/fake-google.ts), serving both
 * GOOGLE_OAUTH_BASE and GOOGLE_API_BASE, plus `/__control/*`:
 *   GET  /__control/health                  → {ok: true}
 *   GET  /__control/state                   → calendars, events per calendar, channels, sentMail count, …
 *   GET  /__control/sent-mail               → the sent messages (decoded)
 *   POST /__control/revoke-all              → the user removes the app's access at Google
 *   POST /__control/deny-next-consent       → the next consent screen answers access_denied
 *   POST /__control/expire-access-tokens    → every access token expires (refresh still works)
 *   POST /__control/invalidate-sync-tokens  → every sync token answers 410
 *   POST /__control/account-email  {email}  → the Google account that consents next
 *   POST /__control/external-event {calendarId, summary, start, end, transparency?} → 201 the event
 *   POST /__control/delete-event   {calendarId, eventId}                            → the cancelled event
 * Client credentials: FAKE_GOOGLE_CLIENT_ID / FAKE_GOOGLE_CLIENT_SECRET (default fake-client-id / fake-client-secret).
 *
 * Run: node --import tsx e2e/support/fake-google-server.ts
 */
// Test infrastructure shares the server tests' fake on purpose: one fake, one wire format.
import { startFakeGoogle } from '../../src/server/test/fake-google';

const fake = await startFakeGoogle({
  port: Number(process.env.FAKE_GOOGLE_PORT ?? 4918),
  control: true,
  clientId: process.env.FAKE_GOOGLE_CLIENT_ID || undefined,
  clientSecret: process.env.FAKE_GOOGLE_CLIENT_SECRET || undefined,
});
console.log(`fake Google on ${fake.url}`);

const stop = () => {
  void fake.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
