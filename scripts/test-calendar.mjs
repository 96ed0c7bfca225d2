// `npm run test:calendar [yyyy-MM-dd ...]`: runs the date-sensitive test suites as if today were
// each of a list of days, through TEST_TODAY (src/server/test/test-today.ts): the API tests, the e2e
// server and the browser all take it. Prints pass/fail per day and exits 1 if any day failed.
// The logs of every run are kept in a temporary folder, named in the summary.
//
// Then (or alone, with `--wall-clock`; `--wall-clock=all` for the whole vitest suite) the wall clock
// phase: the vitest files run under libfaketime (`faketime`, Debian package `faketime`) with the
// machine's clock itself moved, a year and a half ahead and just before each DST change of 2027 and
// 2028, with no TEST_TODAY. A test whose dates are fixed without fixing its clock expires there.
// How the clock is moved, and why:
// - `faketime -f '+<seconds>'`: an offset, not a 'start at' time ('@yyyy-MM-dd hh:mm:ss'), so every
//   process of the run (vitest's forks, the fake servers) reads one clock that runs on at real speed;
//   a start-at time restarts in every new process unless FAKETIME_DONT_RESET=1.
// - `-m`: the multi-threaded library, as Node runs threads.
// - `--exclude-monotonic` (FAKETIME_DONT_FAKE_MONOTONIC=1): the monotonic clock stays real, so Node's
//   timers and performance.now() behave; Node's Date reads CLOCK_REALTIME through libc, which is faked.
// - PostgreSQL's server is a separate process and keeps the real time: exactly the mixed clocks the
//   app must not depend on (docs/decisions/015-app-clock-for-stored-times.md).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { root } from './build-web.mjs';

/**
 * A week (Monday to Sunday, across a month end, so "the next bookable date" is sometimes in the
 * next month), both 2027 DST changes in Europe/Amsterdam, a year end and a leap day. Each clock starts
 * at the real time of day; one entry fixes a morning, when today still has free slots (the wizard
 * then offers today first), whatever time the script runs at.
 */
const DAYS = [
  '2027-04-26',
  '2027-04-27',
  '2027-04-28',
  '2027-04-29',
  '2027-04-30',
  '2027-05-01',
  '2027-05-02',
  '2027-03-28', // summer time starts: 02:00 → 03:00
  '2027-10-31', // summer time ends: 03:00 → 02:00
  '2027-12-31',
  '2028-02-29',
  '2027-04-28T09:10',
];

/** The vitest files that book, plan reminders or compare instants on the app's clock. */
const UNIT = [
  'src/server/clock.test.ts',
  'src/server/test/test-today.test.ts',
  'src/server/security/bodies.security.test.ts',
  'src/server/security/public-fuzz.security.test.ts',
  'src/server/security/email-escaping.security.test.ts',
  'src/server/modules/notifications/booking-emails.api.test.ts',
  'src/server/modules/notifications/webhook-delivery.api.test.ts',
  'src/server/modules/google/google-sync.api.test.ts',
  'src/server/modules/google/agenda-busy.api.test.ts',
  'src/server/modules/agendas',
  'src/server/modules/booking-rules',
  'src/server/modules/closures',
  'src/server/modules/auth/auth.api.test.ts',
  'src/web/features/webhooks',
];

/** The browser journeys that pick dates, book and show them. */
const E2E = [
  'e2e/today.spec.ts',
  'e2e/booking.spec.ts',
  'e2e/owner-ops.spec.ts',
  'e2e/payment.spec.ts',
  'e2e/agenda-choice.spec.ts',
  'e2e/agenda-view.spec.ts',
  'e2e/rules-notice-horizon.spec.ts',
  'e2e/rules-buffers.spec.ts',
  'e2e/rules-closures.spec.ts',
  'e2e/rules-day-limit.spec.ts',
  'e2e/booking-policy.spec.ts',
];

/** The wall clock phase's extra vitest paths: every booking change and every message. */
const WALL_CLOCK_UNIT = [...UNIT, 'src/server/modules/bookings', 'src/server/modules/notifications'];

/**
 * Where the wall clock phase moves the machine's clock: a year and a half ahead, and half an hour
 * before each Europe/Amsterdam DST change of 2027 and 2028 (all at 01:00 UTC), so the run crosses it.
 */
const WALL_CLOCKS = [
  { name: '+550 days', at: () => new Date(Date.now() + 550 * 86_400_000) },
  { name: '2027-03-28 DST start', at: () => new Date('2027-03-28T00:30:00Z') },
  { name: '2027-10-31 DST end', at: () => new Date('2027-10-31T00:30:00Z') },
  { name: '2028-03-26 DST start', at: () => new Date('2028-03-26T00:30:00Z') },
  { name: '2028-10-29 DST end', at: () => new Date('2028-10-29T00:30:00Z') },
];

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** `env` is added to this process's environment; with `ownEnv` it is the whole environment. */
function run(command, args, env, logFile, ownEnv = false) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: ownEnv ? env : { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => {
      writeFileSync(logFile, output);
      resolve({
        ok: code === 0,
        seconds: Math.round((Date.now() - started) / 1000),
        output: stripVTControlCharacters(output),
      });
    });
  });
}

/** "12 passed, 1 failed" from vitest's or Playwright's closing lines. */
function counts(output, kind) {
  if (kind === 'unit') {
    const line = /^\s*Tests\s+(.*)$/m.exec(output)?.[1] ?? '';
    return line.replace(/\s*\(\d+\)\s*$/, '').trim() || 'no result';
  }
  const found = [...output.matchAll(/^\s*(\d+) (passed|failed|flaky|skipped|did not run)/gm)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
  return found.join(', ') || 'no result';
}

const args = process.argv.slice(2);
const wallClockArg = args.find((a) => a.startsWith('--wall-clock'));
const listedDays = args.filter((a) => !a.startsWith('--'));
const days = wallClockArg ? [] : listedDays.length ? listedDays : DAYS;
const wallClock = Boolean(wallClockArg) || !listedDays.length;
const logs = mkdtempSync(path.join(os.tmpdir(), 'test-calendar-'));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
if (wallClock && spawnSync('faketime', ['--version']).error) {
  console.error('test:calendar: the wall clock phase needs faketime (apt-get install faketime)');
  process.exit(1);
}
const results = [];
for (const day of days) {
  const env = { TEST_TODAY: day };
  const weekday = WEEKDAYS[new Date(`${day.slice(0, 10)}T12:00:00Z`).getUTCDay()];
  console.log(`\n=== ${day} (${weekday}) ===`);
  const log = (tool) => path.join(logs, `${day.replace(':', '')}-${tool}.log`);
  const unit = await run(npx, ['vitest', 'run', ...UNIT], env, log('vitest'));
  console.log(`vitest:     ${unit.ok ? 'pass' : 'FAIL'}  ${counts(unit.output, 'unit')}  ${unit.seconds} s`);
  const e2e = await run(npx, ['playwright', 'test', ...E2E], env, log('playwright'));
  console.log(`playwright: ${e2e.ok ? 'pass' : 'FAIL'}  ${counts(e2e.output, 'e2e')}  ${e2e.seconds} s`);
  results.push({ day, weekday, unit, e2e });
}

// The wall clock phase: no TEST_TODAY (the tests' own clocks and the real one), the machine's clock moved.
const wallPaths = wallClockArg === '--wall-clock=all' ? [] : WALL_CLOCK_UNIT;
const wallResults = [];
for (const clock of wallClocks()) {
  console.log(`\n=== wall clock ${clock.name}: ${clock.at.toISOString()} ===`);
  const { TEST_TODAY: _unset, ...env } = process.env;
  const unit = await run(
    'faketime',
    ['-m', '--exclude-monotonic', '-f', clock.offset, npx, 'vitest', 'run', ...wallPaths],
    env,
    path.join(logs, `wall-${clock.name.replace(/\W+/g, '-')}-vitest.log`),
    true,
  );
  console.log(`vitest:     ${unit.ok ? 'pass' : 'FAIL'}  ${counts(unit.output, 'unit')}  ${unit.seconds} s`);
  wallResults.push({ clock, unit });
}

/** Each wall clock as faketime's offset in seconds from the real clock, taken just before its run. */
function* wallClocks() {
  if (!wallClock) return;
  for (const c of WALL_CLOCKS) {
    const at = c.at();
    yield {
      name: c.name,
      at,
      offset: `${at.getTime() >= Date.now() ? '+' : '-'}${Math.abs(Math.round((at.getTime() - Date.now()) / 1000))}`,
    };
  }
}

const dayLines = [
  `test:calendar: ${UNIT.length} vitest paths and ${E2E.length} Playwright specs with TEST_TODAY set to each day`,
  'day              weekday  vitest                         playwright                     result',
  ...results.map(({ day, weekday, unit, e2e }) =>
    [
      day.padEnd(16),
      weekday.padEnd(8),
      `${unit.ok ? 'pass' : 'FAIL'} ${counts(unit.output, 'unit')} ${unit.seconds}s`.padEnd(30),
      `${e2e.ok ? 'pass' : 'FAIL'} ${counts(e2e.output, 'e2e')} ${e2e.seconds}s`.padEnd(30),
      unit.ok && e2e.ok ? 'PASS' : 'FAIL',
    ].join(' '),
  ),
  `${results.filter((r) => r.unit.ok && r.e2e.ok).length} of ${results.length} days passed`,
];
const lines = [
  ...(results.length ? dayLines : []),
  ...(wallResults.length
    ? [
        `wall clock (faketime, no TEST_TODAY): ${wallPaths.length ? `${wallPaths.length} vitest paths` : 'the whole vitest suite'}`,
        ...wallResults.map(({ clock, unit }) =>
          [
            clock.name.padEnd(22),
            clock.at.toISOString().slice(0, 16).padEnd(17),
            `${unit.ok ? 'pass' : 'FAIL'} ${counts(unit.output, 'unit')} ${unit.seconds}s`,
          ].join(' '),
        ),
        `${wallResults.filter((r) => r.unit.ok).length} of ${wallResults.length} wall clocks passed`,
      ]
    : []),
  `logs in ${logs}`,
];
console.log(`\n${lines.join('\n')}`);
process.exit(results.every((r) => r.unit.ok && r.e2e.ok) && wallResults.every((r) => r.unit.ok) ? 0 : 1);
