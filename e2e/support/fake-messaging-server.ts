/**
 * The fake text-message providers for the browser journeys, started by playwright.config.ts: the same
 * stateful fakes the server tests use (src/server/test/fake-messaging.ts), Twilio on
 * `FAKE_TWILIO_PORT` and MessageBird on `FAKE_MESSAGEBIRD_PORT`, each with its `/__control/*` routes
 * (accounts, received messages, the next call failing).
 *
 * Run: node --import tsx e2e/support/fake-messaging-server.ts
 */
// Test infrastructure shares the server tests' fakes on purpose: one fake, one wire format.
import { startFakeMessageBird, startFakeTwilio } from '../../src/server/test/fake-messaging';

const twilio = await startFakeTwilio({ port: Number(process.env.FAKE_TWILIO_PORT ?? 4919) });
const bird = await startFakeMessageBird({ port: Number(process.env.FAKE_MESSAGEBIRD_PORT ?? 4920) });
console.log(`fake Twilio on ${twilio.url}, fake MessageBird on ${bird.url}`);

const stop = () => {
  void Promise.all([twilio.close(), bird.close()]).finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
