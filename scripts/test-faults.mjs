// `npm run test:faults`: a bad night at the hosting provider, against the production build. Not part
// of `npm test` (it needs root: its own PostgreSQL cluster, a tmpfs; and some minutes).
//
// It starts a PostgreSQL cluster of its own (initdb as the `postgres` user, port 55432, trust auth,
// removed at the end; never the machine's main cluster), two app instances sharing it through a
// loopback TCP proxy (src/server/test/tcp-proxy.ts), each under a tiny supervisor here that restarts
// an exited instance and counts exits, and an SMTP sink as the system mail. Every experiment runs
// steady bookings (one Idempotency-Key per booking, a failed or timed-out attempt retried with the
// same key, as the wizard does) while a fault happens:
//   1. PostgreSQL restarts, `-m immediate` and `-m fast`;
//   2. a 30 s network cut (the proxy black-holes every connection);
//   3. an instance started while PostgreSQL is down, PostgreSQL started 20 s later;
//   4. the embedded database's disk full (DATA_DIR on a small tmpfs, filled, then freed);
//   5. 2,000 concurrent connections on availability and on bookings, /healthz and /readyz timed
//      every 200 ms.
// One table row per experiment (docs/decisions/016-database-faults.md keeps the figures); exits 1
// on a 500, a lost booking, a duplicated or lost message, an exit nobody planned, a recovery slower
// than 5 s (20 s after a supervised restart), health ≥ 1 s, or a disk-full instance that does not
// recover. Runs under tsx (package.json) so that it reuses the test helpers.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { root } from './build-web.mjs';
import { ensureWebBuild } from './build-web.mjs';
import { bundlePath, ensureServerBuild } from './build-server.mjs';
import { startTcpProxy } from '../src/server/test/tcp-proxy.ts';
import { amsterdamDay, customerAddress, everyDay } from '../bench/client.ts';
import { nl } from '../src/contracts/messages.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 55432);
const SECRET = 'faults-secret-faults-secret-faults-secret';
/** Steady load: bookings in flight at once, per experiment. */
const CONCURRENCY = Number(process.env.FAULTS_CONCURRENCY ?? 6);
const STORM = Number(process.env.FAULTS_CONNECTIONS ?? 2000);
const CUSTOMER_DOMAIN = 'klanten.example.nl';
/** How long the slowest confirmation may take after its booking (the mail queue retries after 30 s). */
const MAIL_GRACE_MS = 120_000;
const started = Date.now();
const work = mkdtempSync(path.join(os.tmpdir(), 'afspraak-faults-'));
chmodSync(work, 0o755);
const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (process.getuid?.() !== 0) {
  console.error('test:faults needs root (its own PostgreSQL cluster as the postgres user, a tmpfs).');
  process.exit(2);
}

// ---------------------------------------------------------------- HTTP

/** One request on a fresh connection (or the given agent); never rejects: `status` or `error`. */
function httpCall(port, method, pathname, { body, headers = {}, from, timeoutMs = 10_000, agent } = {}) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const t0 = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (r) => {
      if (done) return;
      done = true;
      resolve({ ...r, ms: performance.now() - t0 });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent: agent ?? false,
        ...(from && !agent ? { localAddress: from } : {}),
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', (err) => finish({ error: errorName(err) }));
        res.on('end', () =>
          finish({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', (err) => finish({ error: errorName(err) }));
    req.setTimeout(timeoutMs, () => {
      finish({ error: 'timeout' });
      req.destroy();
    });
    req.end(payload);
  });
}
const errorName = (err) =>
  ({ ECONNRESET: 'reset', ECONNREFUSED: 'refused', EPIPE: 'reset' })[err.code] ?? err.code ?? 'error';
const outcome = (r) => r.error ?? String(r.status);

// ---------------------------------------------------------------- PostgreSQL, our own cluster

const pgDir = path.join(work, 'pg');
const pgData = path.join(pgDir, 'data');
const asPostgres = (cmd, args, opts = {}) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, cmd), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    ...opts,
  });
const pgCtl = (...args) =>
  asPostgres('pg_ctl', [
    '-D',
    pgData,
    '-l',
    path.join(pgDir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${PG_PORT} -k ${pgDir} -c listen_addresses=127.0.0.1 -c max_connections=300`,
    ...args,
  ]);
function pgInit() {
  mkdirSync(pgDir);
  execFileSync('chown', ['postgres:postgres', pgDir]);
  asPostgres('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  pgCtl('start');
}
const adminUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
const appDbUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/faults`;
async function sql(url, text, values) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------- SMTP sink

const mails = new Map(); // customer address -> confirmations received
let mailsTotal = 0;
const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['AUTH', 'STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, session, cb) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      mailsTotal++;
      const raw = Buffer.concat(chunks).toString('utf8');
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      if (/^Subject: (=\?UTF-8\?[QB]\?)?Bevestiging/im.test(head)) {
        for (const r of session.envelope.rcptTo) mails.set(r.address, (mails.get(r.address) ?? 0) + 1);
      }
      cb();
    });
  },
});

// ---------------------------------------------------------------- supervised instances

/**
 * An app process (`node dist/server/main.js`, as the image runs it) under a supervisor: an exit we
 * did not ask for is counted and the process started again after 1 s, as `restart: unless-stopped`
 * would; `restartMs` is from the exit to /readyz answering 200 again.
 */
class Instance {
  constructor(name, env) {
    this.name = name;
    this.port = Number(env.PORT);
    this.env = env;
    this.exits = [];
    this.restartMs = [];
    this.logFile = path.join(work, `${name}.log`);
    this.out = createWriteStream(this.logFile, { flags: 'a' });
    this.text = '';
    this.stopping = false;
  }
  start() {
    this.stopping = false;
    const child = spawn(process.execPath, ['--enable-source-maps', bundlePath('main')], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.startedAt = Date.now();
    const take = (stream) => (c) => {
      const s = c.toString();
      this.text += stream === 'err' ? s.replace(/^(?=.)/gm, 'STDERR ') : s;
      this.out.write(s);
    };
    child.stdout.on('data', take('out'));
    child.stderr.on('data', take('err'));
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.child = undefined;
        if (!this.stopping) {
          const at = Date.now();
          this.exits.push({ code, signal, at });
          log(`${this.name} exited (${code ?? signal}): supervisor restarts it`);
          setTimeout(() => {
            if (this.stopping) return;
            this.start();
            this.ready(60_000).then(
              () => this.restartMs.push(Date.now() - at),
              () => {},
            );
          }, 1000);
        }
        resolve();
      }),
    );
  }
  pid() {
    return this.child?.pid;
  }
  async ready(timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await httpCall(this.port, 'GET', '/readyz', { timeoutMs: 3000 });
      if (r.status === 200) return Date.now();
      if (Date.now() > deadline) throw new Error(`${this.name} not ready after ${timeoutMs} ms`);
      await sleep(100);
    }
  }
  async stop() {
    this.stopping = true;
    if (!this.child) return;
    const child = this.child;
    const timer = setTimeout(() => child.kill('SIGKILL'), 35_000);
    child.kill('SIGTERM');
    await this.exited;
    clearTimeout(timer);
  }
}

function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------- owners, slots, load

/** Slots 07:00–22:45 every quarter of an hour, from the day after tomorrow for most of a year. */
const TIMES = Array.from(
  { length: 64 },
  (_, i) => `${String(7 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);
const slotOf = (i) => ({
  date: amsterdamDay(2 + Math.floor(i / TIMES.length)),
  time: TIMES[i % TIMES.length],
});

async function ownerWithService(port, tag) {
  const username = `faults${tag}${Date.now() % 1e6}`;
  const reg = await httpCall(port, 'POST', '/api/register', {
    body: { username, password: 'geheim123', email: `${username}@eigenaar.example.org` },
  });
  if (reg.status !== 201) throw new Error(`register: ${outcome(reg)} ${reg.body}`);
  const cookie = reg.headers['set-cookie'][0].split(';')[0];
  const ev = await httpCall(port, 'POST', '/api/events', {
    headers: { cookie },
    body: {
      title: 'Knippen',
      workingDays: everyDay('07:00', '23:00'),
      dateRangeType: 'range',
      dateRangeStart: amsterdamDay(0),
      dateRangeEnd: amsterdamDay(365),
      durationMinutes: 15,
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      ],
    },
  });
  if (ev.status !== 201) throw new Error(`event: ${outcome(ev)} ${ev.body}`);
  return { cookie, eventId: JSON.parse(ev.body).id };
}

let nextSlot = 0;
let nextCustomer = 0;

/** Everything one experiment saw. */
function newStats(name) {
  return {
    name,
    acked: new Map(), // booking id -> customer e-mail
    attempted: new Set(), // customer e-mails of every booking tried
    errors: new Map(), // outcome -> count (every failed attempt)
    successes: [], // times of 201s
    heals: [], // { at, supervised }
    maxRss: 0,
    health: [], // ms of /healthz
    ready: [], // ms of /readyz
    healthAt: [], // [when, ms] of both
    healthFailures: 0,
    notes: [],
  };
}
const countError = (stats, key) => stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);

/**
 * One customer's booking: a key for the booking, every failed or timed-out attempt retried with the
 * same key (the wizard's retry), until it is answered or `giveUpAt`.
 */
async function bookOnce(stats, instance, eventId, { timeoutMs = 10_000, giveUpAt, retryMs = 1500 }) {
  const slot = slotOf(nextSlot++);
  const n = nextCustomer++;
  const email = `${stats.name.replace(/\W/g, '')}n${n}@${CUSTOMER_DOMAIN}`;
  const from = customerAddress(n % 60_000);
  const key = randomUUID();
  stats.attempted.add(email);
  const body = {
    eventId,
    bookingDate: slot.date,
    bookingTime: slot.time,
    customFieldResponses: { Naam: `Klant ${n}`, 'E-mail': email },
  };
  for (;;) {
    const r = await httpCall(instance.port, 'POST', '/api/public/bookings', {
      body,
      from,
      timeoutMs,
      headers: { 'idempotency-key': key },
    });
    if (r.status === 201) {
      stats.acked.set(JSON.parse(r.body).booking.id, email);
      stats.successes.push(Date.now());
      return;
    }
    const k = outcome(r);
    const inProgress = r.status === 409 && (r.body ?? '').includes(nl.errors.idempotencyInProgress);
    countError(stats, k);
    const retriable = r.error || r.status >= 500 || r.status === 429 || inProgress;
    if (!retriable || Date.now() > giveUpAt) return;
    await sleep(retryMs);
  }
}

/** Steady bookings over the instances until `stop()`; in-flight bookings then get 40 s to finish. */
function steadyLoad(stats, instances, eventId, concurrency = CONCURRENCY) {
  let stopped = false;
  let giveUpAt = Infinity;
  const workers = Array.from({ length: concurrency }, async (_, w) => {
    while (!stopped) {
      const instance = instances[w % instances.length];
      await bookOnce(stats, instance, eventId, { giveUpAt });
      await sleep(150);
    }
  });
  return {
    async stop() {
      stopped = true;
      giveUpAt = Date.now() + 40_000;
      await Promise.all(workers);
    },
  };
}

/**
 * The health checker: its own process, as a load balancer's is, so that the load generator's busy
 * event loop is not part of what it measures. Every 200 ms it asks each port for /healthz and
 * /readyz on a fresh connection and prints `port path ms status`.
 */
const PROBE = `
import http from 'node:http';
const ports = process.argv.slice(1).map(Number);
const get = (port, path) => new Promise((resolve) => {
  const t0 = performance.now();
  const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
    res.resume();
    res.on('end', () => resolve([performance.now() - t0, res.statusCode]));
  });
  req.on('error', () => resolve([performance.now() - t0, 0]));
  req.setTimeout(5000, () => req.destroy());
});
for (;;) {
  const round = ports.flatMap((port) => ['/healthz', '/readyz'].map(async (path) => {
    const [ms, status] = await get(port, path);
    process.stdout.write(port + ' ' + path + ' ' + ms.toFixed(1) + ' ' + status + '\\n');
  }));
  await Promise.all([...round, new Promise((r) => setTimeout(r, 200))]);
}
`;

/** RSS of the instances every 200 ms and (optionally) their health latency, until the returned stop. */
function monitor(stats, instances, { health = false } = {}) {
  let on = true;
  let probe;
  if (health) {
    probe = spawn(
      process.execPath,
      ['--input-type=module', '-e', PROBE, ...instances.map((i) => String(i.port))],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let rest = '';
    probe.stdout.on('data', (c) => {
      const lines = (rest + c.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        const [, path, ms, status] = line.split(' ');
        (path === '/healthz' ? stats.health : stats.ready).push(Number(ms));
        stats.healthAt.push([Date.now(), Number(ms)]);
        if (status !== '200') stats.healthFailures++;
      }
    });
  }
  const loop = (async () => {
    while (on) {
      for (const i of instances) if (i.pid()) stats.maxRss = Math.max(stats.maxRss, rssMb(i.pid()));
      await sleep(200);
    }
  })();
  return async () => {
    on = false;
    probe?.kill();
    await loop;
  };
}

// ---------------------------------------------------------------- the experiments

const results = [];

async function pgRestarts(instances, eventId) {
  const stats = newStats('1 pg restart');
  const stopMon = monitor(stats, instances);
  const load = steadyLoad(stats, instances, eventId);
  await sleep(5000);
  for (const mode of ['immediate', 'fast']) {
    log(`pg_ctl restart -m ${mode}`);
    pgCtl('restart', '-m', mode);
    stats.heals.push({ at: Date.now() });
    await sleep(10_000);
  }
  await load.stop();
  await stopMon();
  return stats;
}

async function networkCut(instances, eventId, proxy) {
  const stats = newStats('2 network cut 30s');
  const stopMon = monitor(stats, instances, { health: true });
  const load = steadyLoad(stats, instances, eventId);
  await sleep(5000);
  log('network cut: every connection to PostgreSQL black-holed for 30 s');
  proxy.blackhole();
  await sleep(30_000);
  proxy.heal();
  stats.heals.push({ at: Date.now() });
  log('network healed');
  await sleep(12_000);
  await load.stop();
  await stopMon();
  return stats;
}

async function startWhileDown(instances, eventId) {
  const stats = newStats('3 start, pg down');
  const [a, b] = instances;
  const stopMon = monitor(stats, instances);
  await b.stop();
  const load = steadyLoad(stats, [a], eventId);
  await sleep(3000);
  log('PostgreSQL stopped; instance b started while it is down');
  pgCtl('stop', '-m', 'fast');
  const mark = b.text.length;
  b.start();
  await sleep(20_000);
  pgCtl('start');
  const pgUp = Date.now();
  stats.heals.push({ at: pgUp });
  log('PostgreSQL started');
  const readyAt = await b.ready(60_000);
  stats.readyAfterS = (readyAt - pgUp) / 1000;
  const startLog = b.text.slice(mark).split('\n').filter(Boolean);
  const retries = startLog.filter((l) => l.includes('database not reachable yet'));
  const nonJson = startLog.filter((l) => !l.startsWith('{'));
  const stacks = startLog.filter((l) => /"stack"|\n\s+at |^\s+at /.test(l));
  stats.notes.push(
    `3: instance b /readyz 200 ${stats.readyAfterS.toFixed(1)} s after PostgreSQL started; ` +
      `its start-up log: ${retries.length} retry lines (${[...new Set(retries.map((l) => JSON.parse(l).reason))].join(', ')}), ` +
      `${stacks.length} with a stack trace, ${nonJson.length} not JSON` +
      (retries[0] ? `; e.g. ${retries[0]}` : ''),
  );
  stats.startLogBad = stacks.length + nonJson.length;
  await sleep(5000);
  const load2 = steadyLoad(stats, instances, eventId, 2);
  await sleep(3000);
  await Promise.all([load.stop(), load2.stop()]);
  await stopMon();
  return stats;
}

async function storm(instances, eventId) {
  const stats = newStats('5 2000 connections');
  const [a] = instances;
  const stopMon = monitor(stats, instances, { health: true });
  const load = steadyLoad(stats, instances, eventId, 2);
  const month = amsterdamDay(40).slice(0, 7);
  // Availability: STORM keep-alive connections from as many addresses, each asking again and again.
  log(`${STORM} connections on availability for 6 s`);
  const until = Date.now() + 6_000;
  let answered = 0;
  await Promise.all(
    Array.from({ length: STORM }, async (_, c) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: customerAddress(c) });
      while (Date.now() < until) {
        const r = await httpCall(a.port, 'GET', `/api/public/events/${eventId}/availability?month=${month}`, {
          agent,
          timeoutMs: 30_000,
        });
        if (r.status === 200) answered++;
        else countError(stats, `avail ${outcome(r)}`);
      }
      agent.destroy();
    }),
  );
  const availabilityEnd = Date.now();
  stats.notes.push(`5: ${answered} availability answers in 6 s over ${STORM} connections`);
  log(`${STORM} bookings at once`);
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: STORM }, () =>
      bookOnce(stats, a, eventId, { timeoutMs: 30_000, giveUpAt: Date.now() + 60_000 }),
    ),
  );
  stats.notes.push(`5: ${STORM} concurrent bookings answered in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const worst = (from, to) =>
    Math.round(Math.max(0, ...stats.healthAt.filter(([at]) => at >= from && at < to).map(([, ms]) => ms)));
  stats.notes.push(
    `5: slowest health answer during availability ${worst(0, availabilityEnd)} ms, during bookings ${worst(availabilityEnd, Infinity)} ms`,
  );
  await load.stop();
  await stopMon();
  stats.healthCheck = true;
  return stats;
}

async function diskFull() {
  const stats = newStats('4 embedded disk full');
  const mount = path.join(work, 'tmpfs');
  mkdirSync(mount);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mount]);
  const inst = new Instance('embedded', {
    PORT: String(await freePort()),
    DATA_DIR: path.join(mount, 'data'),
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Afspraakplanner <noreply@afspraak.test>',
    LOG_LEVEL: 'info',
    REGISTER_LIMIT_PER_IP: '1000',
  });
  try {
    inst.start();
    await inst.ready();
    const { eventId, cookie } = await ownerWithService(inst.port, 'e');
    const stopMon = monitor(stats, [inst]);
    const load = steadyLoad(stats, [inst], eventId);
    await sleep(5000);
    log('filling the tmpfs');
    const fill = path.join(mount, 'fill');
    const fd = openSync(fill, 'w');
    const chunk = Buffer.alloc(1 << 20);
    try {
      for (;;) writeSync(fd, chunk);
    } catch (err) {
      if (err.code !== 'ENOSPC') throw err;
    }
    for (let size = 1 << 16; size >= 512; size >>= 1) {
      try {
        for (;;) writeSync(fd, chunk.subarray(0, size));
      } catch {
        // the next smaller size
      }
    }
    closeSync(fd);
    // While full: a read must be served, writes refused with 503.
    const reads = { ok: 0, other: new Map() };
    const fullUntil = Date.now() + 15_000;
    const month = amsterdamDay(40).slice(0, 7);
    while (Date.now() < fullUntil) {
      const r = await httpCall(inst.port, 'GET', `/api/public/events/${eventId}/availability?month=${month}`);
      if (r.status === 200) reads.ok++;
      else reads.other.set(outcome(r), (reads.other.get(outcome(r)) ?? 0) + 1);
      await sleep(500);
    }
    stats.notes.push(
      `4: while full: ${reads.ok} availability reads 200, other ${[...reads.other].map(([k, v]) => `${k}×${v}`).join(' ') || 'none'}; process ${inst.child ? 'alive' : 'down'}, exits so far ${inst.exits.length}`,
    );
    stats.readsWhileFull = reads.ok;
    unlinkSync(fill);
    stats.heals.push({ at: Date.now() });
    log('space freed');
    await sleep(15_000);
    await load.stop();
    await stopMon();
    stats.recovered = stats.successes.some((t) => t > stats.heals[0].at);
    // Stored, and the confirmations of every stored booking, through the owner's export.
    await waitForMails([stats], async () => storedEmbedded(inst, cookie));
    stats.stored = await storedEmbedded(inst, cookie);
  } finally {
    stats.instances = [inst];
    await inst.stop();
    execFileSync('umount', ['-l', mount]);
  }
  return stats;
}

async function storedEmbedded(inst, cookie) {
  const r = await httpCall(inst.port, 'GET', '/api/bookings/export.csv', {
    headers: { cookie },
    timeoutMs: 30_000,
  });
  if (r.status !== 200) return null;
  return new Set(r.body.match(new RegExp(`[\\w.-]+@${CUSTOMER_DOMAIN.replace(/\./g, '\\.')}`, 'g')) ?? []);
}

async function storedPostgres() {
  const rows = await sql(appDbUrl, `select customer_email from bookings where customer_email like $1`, [
    `%@${CUSTOMER_DOMAIN}`,
  ]);
  return new Set(rows.map((r) => r.customer_email));
}

/** Waits until every stored booking's confirmation arrived, or the grace period passed. */
async function waitForMails(all, stored) {
  const deadline = Date.now() + MAIL_GRACE_MS;
  for (;;) {
    const emails = await stored();
    const missing = emails ? [...emails].filter((e) => !mails.has(e)).length : Infinity;
    if (missing === 0 || Date.now() > deadline) return;
    log(`waiting for ${missing} confirmations`);
    await sleep(3000);
  }
}

async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------- the run

let smtpUrl = '';
const instances = [];
let proxy;
let failed = false;
try {
  ensureWebBuild();
  await ensureServerBuild();
  log(`work folder ${work}`);
  pgInit();
  await sql(adminUrl, 'create database faults');
  proxy = await startTcpProxy('127.0.0.1', PG_PORT);
  await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
  smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;
  for (const name of ['a', 'b']) {
    instances.push(
      new Instance(name, {
        PORT: String(await freePort()),
        DATABASE_URL: proxy.url(appDbUrl),
        APP_SECRET: SECRET,
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'Afspraakplanner <noreply@afspraak.test>',
        LOG_LEVEL: 'info',
        REGISTER_LIMIT_PER_IP: '1000',
        DATA_DIR: path.join(work, `data-${name}`),
      }),
    );
  }
  for (const i of instances) i.start();
  await Promise.all(instances.map((i) => i.ready()));
  log('instances ready');
  const { eventId } = await ownerWithService(instances[0].port, 'p');

  const only = process.env.FAULTS_ONLY?.split(',');
  const want = (n) => !only || only.includes(String(n));
  const pgRuns = [];
  const exitsBefore = () => instances.reduce((s, i) => s + i.exits.length, 0);
  for (const [n, run] of [
    [1, () => pgRestarts(instances, eventId)],
    [2, () => networkCut(instances, eventId, proxy)],
    [3, () => startWhileDown(instances, eventId)],
    [5, () => storm(instances, eventId)],
  ]) {
    if (!want(n)) continue;
    const e0 = exitsBefore();
    const restarts0 = instances.reduce((s, i) => s + i.restartMs.length, 0);
    const stats = await run();
    stats.exits = exitsBefore() - e0;
    stats.restartMs = instances.flatMap((i) => i.restartMs).slice(restarts0);
    stats.instances = instances;
    pgRuns.push(stats);
    log(`${stats.name}: done`);
  }
  if (pgRuns.length) {
    await waitForMails(pgRuns, storedPostgres);
    const stored = await storedPostgres();
    for (const s of pgRuns) s.stored = stored;
  }
  if (want(4)) results.push(await diskFull());
  results.unshift(...pgRuns);
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  for (const i of instances) await i.stop().catch(() => {});
  await proxy?.close();
  smtp.close();
}

// ---------------------------------------------------------------- the table

const rows = [];
const problems = [];
for (const s of results.sort((x, y) => x.name.localeCompare(y.name))) {
  const stored = s.stored ?? new Set();
  const ackedEmails = [...s.acked.values()];
  const storedAcked = ackedEmails.filter((e) => stored.has(e)).length;
  const lost = ackedEmails.length - storedAcked;
  const mine = [...s.attempted].filter((e) => stored.has(e));
  const dupMsgs = mine.filter((e) => (mails.get(e) ?? 0) > 1).length;
  const lostMsgs = mine.filter((e) => !mails.has(e)).length;
  const recoveries = s.heals.map(({ at }) => {
    const first = s.successes.filter((t) => t >= at).sort((x, y) => x - y)[0];
    return first === undefined ? Infinity : (first - at) / 1000;
  });
  const recovery = recoveries.length ? Math.max(...recoveries) : null;
  const supervised = s.exits > 0 || s.name.startsWith('3');
  const errors = [...s.errors].sort((x, y) => y[1] - x[1]);
  const e500 = errors.filter(([k]) => /(^| )500$/.test(k)).reduce((n, [, v]) => n + v, 0);
  const healthMax = s.health.length ? Math.max(...s.health) : null;
  const readyMax = s.ready.length ? Math.max(...s.ready) : null;
  rows.push({
    experiment: s.name,
    acknowledged: s.acked.size,
    stored: storedAcked,
    lost,
    'dup msgs': dupMsgs,
    'lost msgs': lostMsgs,
    errors: errors.map(([k, v]) => `${k}×${v}`).join(' ') || '-',
    exits: s.exits ?? s.instances?.reduce((n, i) => n + i.exits.length, 0) ?? 0,
    'recovery s': recovery === null ? '-' : recovery === Infinity ? 'never' : recovery.toFixed(1),
    'healthz/readyz max ms': healthMax === null ? '-' : `${Math.round(healthMax)}/${Math.round(readyMax)}`,
    'max RSS MB': Math.round(s.maxRss),
  });
  const exits = rows.at(-1).exits;
  if (e500) problems.push(`${s.name}: ${e500} answers 500`);
  if (lost) problems.push(`${s.name}: ${lost} acknowledged bookings not stored`);
  if (dupMsgs) problems.push(`${s.name}: ${dupMsgs} confirmations received more than once`);
  if (lostMsgs) problems.push(`${s.name}: ${lostMsgs} stored bookings without a confirmation`);
  if (exits && !s.name.startsWith('4')) problems.push(`${s.name}: ${exits} process exits`);
  if (recovery !== null && recovery > (supervised ? 20 : 5))
    problems.push(`${s.name}: recovery ${recovery} s (limit ${supervised ? 20 : 5} s)`);
  if (s.readyAfterS !== undefined && s.readyAfterS > 20)
    problems.push(`${s.name}: ready ${s.readyAfterS} s after the database started`);
  if (s.startLogBad) problems.push(`${s.name}: ${s.startLogBad} start-up log lines are not one clear line`);
  if (s.healthCheck && (healthMax === null || Math.max(healthMax, readyMax) >= 1000 || s.healthFailures))
    problems.push(
      `${s.name}: /healthz ${Math.round(healthMax)} ms, /readyz ${Math.round(readyMax)} ms at most, ${s.healthFailures} not 200`,
    );
  if (s.name.startsWith('4')) {
    if (!s.recovered) problems.push(`${s.name}: no booking succeeded after the space was freed`);
    if (!s.readsWhileFull) problems.push(`${s.name}: no read served while the disk was full`);
    if (exits && !s.instances[0].restartMs.length) problems.push(`${s.name}: exited and did not come back`);
  }
  for (const n of s.notes) console.log(n);
}
const allInstances = [
  ...instances,
  ...results.filter((s) => s.name.startsWith('4')).flatMap((s) => s.instances),
];
const leaks = allInstances.map((i) => {
  const text = readFileSync(i.logFile, 'utf8');
  return {
    instance: i.name,
    'log lines': text.split('\n').length - 1,
    'customer e-mails in log': (
      text.match(new RegExp(`@${CUSTOMER_DOMAIN.replace(/\./g, '\\.')}`, 'g')) ?? []
    ).length,
    'stderr lines': text.split('\n').filter((l) => l && !l.startsWith('{')).length,
  };
});
console.log(
  '\nResults (errors: every failed attempt, by status or socket outcome; recovery: fault healed → first 201)',
);
console.table(rows);
console.table(leaks);
console.log(`mails received: ${mailsTotal}; logs in ${work}`);
for (const l of leaks)
  if (l['customer e-mails in log']) problems.push(`${l.instance}: customer e-mail addresses in the log`);

try {
  pgCtl('stop', '-m', 'immediate');
} catch {
  // already down
}
if (!process.env.FAULTS_KEEP) rmSync(pgDir, { recursive: true, force: true });
if (failed) problems.push('the run itself failed (see above)');
for (const p of problems) console.log(`FAIL ${p}`);
console.log(problems.length ? `${problems.length} problems` : 'no problems found');
console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(problems.length ? 1 : 0);
