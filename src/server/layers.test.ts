import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { SERVER_BANDS, serverBandOf } from '../../eslint.server-layers.js';

/** The messages ESLint gives `text` as if it were the file at `path` (the repository's own config). */
async function lint(path: string, text: string) {
  const [result] = await new ESLint().lintText(text, { filePath: path });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const fileText = (path: string) => readFileSync(path, 'utf8');

describe("the server's bands (docs/architecture/layers.md)", () => {
  it('places files by folder and name', () => {
    const bandOf = (rel: string) => SERVER_BANDS[serverBandOf(rel)]!.name;
    expect(bandOf('db/client.ts')).toBe('base');
    expect(bandOf('modules/bookings/bookings.repo.ts')).toBe('repositories');
    expect(bandOf('modules/bookings/slot-rules.ts')).toBe('slots');
    expect(bandOf('modules/notifications/booking-notifier.ts')).toBe('notifications');
    expect(bandOf('modules/payments/paid-confirm.ts')).toBe('payments');
    expect(bandOf('modules/public/public-booking.service.ts')).toBe('services');
    expect(bandOf('modules/public/public.routes.ts')).toBe('routes');
    expect(bandOf('services.ts')).toBe('composition');
  });

  it('passes the code as it is', async () => {
    const path = 'src/server/modules/bookings/bookings.repo.ts';
    expect(await lint(path, fileText(path))).toEqual([]);
  }, 60_000);

  it('refuses an import that runs upward', async () => {
    const path = 'src/server/modules/events/events.repo.ts';
    const text = `${fileText(path)}\nexport { toPublicEvent } from '../public/public-booking.service';\n`;
    const messages = await lint(path, text);
    expect(messages).toContainEqual(
      expect.stringMatching(/^no-restricted-imports: .*repositories code imports no services code/),
    );
  }, 60_000);

  it('refuses an import cycle between two files, even of one band', async () => {
    // bookings.repo.ts imports booking-history.repo.ts for the change's statement parts.
    const path = 'src/server/modules/bookings/booking-history.repo.ts';
    const text = `${fileText(path)}\nexport { bookingsRepo } from './bookings.repo';\n`;
    expect(await lint(path, text)).toContainEqual(
      'server-layers/no-cycle: import cycle: modules/bookings/booking-history.repo.ts → modules/bookings/bookings.repo.ts → modules/bookings/booking-history.repo.ts; move what both need into a third file',
    );
  }, 60_000);

  it('refuses two modules of one band that import each other through different files', async () => {
    // account-deletion.service.ts (users) imports google-calendar.ts (google); google-connect.ts is
    // not among that service's imports, so only the modules' cycle is refused.
    const path = 'src/server/modules/google/google-connect.ts';
    const text = `${fileText(path)}\nexport { createAccountDeletion } from '../users/account-deletion.service';\n`;
    expect(await lint(path, text)).toContainEqual(
      expect.stringMatching(
        /^server-layers\/no-cycle: modules import each other: google \(services\) → users \(services\)/,
      ),
    );
  }, 60_000);
});
