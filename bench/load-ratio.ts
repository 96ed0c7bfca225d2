/**
 * A hot public read measured against the bare route (BENCH_BARE_ROUTE=1,
 * src/server/http/bench-bare-route.ts) of the same server process with a body of the same size,
 * alternating with it in rounds of equal length so a neighbour's load falls on both alike (B3, B3',
 * B12), or while other work runs on the server (B13). The ratio is the figure that does not depend
 * on the machine.
 */
import autocannon from 'autocannon';
import { request } from './client';
import { percentile } from './lib';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** The machine is shared: the bare route and the read alternate in this many rounds of equal length. */
const ROUNDS = 3;

export interface Load {
  rps: number;
  p99: number;
  failures: number;
}

/**
 * Waits until the server answers /healthz at once again: a slow read leaves requests queued when its
 * round ends, which must not be counted against the next round.
 */
async function settled(url: string) {
  const health = `${new URL(url).origin}/healthz`;
  for (let tries = 0; tries < 100; tries++) if ((await request('GET', health)).ms < 20) return;
}

async function once(url: string, duration: number): Promise<Load> {
  await settled(url);
  const result = await autocannon({ url, connections: 50, duration });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * 50 connections on `url` while `work` runs; only the answers that arrive between its start and its
 * end count, so the rate is the one the read gets while that work is in flight, however short.
 */
async function during(url: string, work: () => Promise<void>): Promise<Load> {
  await settled(url);
  let counting = false;
  let failures = 0;
  const latencies: number[] = [];
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  // Long enough for any work; stopped as soon as the work ends.
  const cannon = autocannon({ url, connections: 50, duration: 600 }, () => finished());
  cannon.on('response', (_client, status, _bytes, ms) => {
    if (!counting) return;
    if (status >= 200 && status < 300) latencies.push(ms);
    else failures++;
  });
  cannon.on('reqError', () => {
    if (counting) failures++;
  });
  // Its connections open and its first answers come before the work starts.
  await new Promise((resolve) => setTimeout(resolve, 500));
  counting = true;
  const start = performance.now();
  await work();
  const seconds = (performance.now() - start) / 1000;
  counting = false;
  cannon.stop();
  await done;
  return {
    rps: latencies.length / seconds,
    p99: latencies.length ? Math.round(percentile(latencies, 99)) : Infinity,
    failures,
  };
}

/** Rounds of one URL: mean req/s, the median round's p99, all failures. */
function combined(label: string, what: string, rounds: Load[]): Load {
  const rps = rounds.reduce((sum, r) => sum + r.rps, 0) / rounds.length;
  const p99 = [...rounds.map((r) => r.p99)].sort((x, y) => x - y)[Math.floor(rounds.length / 2)]!;
  const failures = rounds.reduce((sum, r) => sum + r.failures, 0);
  console.log(
    `[${label}] ${what}: ${rounds.map((r) => Math.round(r.rps)).join(' / ')} req/s per round, ` +
      `mean ${Math.round(rps)} req/s, p99 ${p99} ms, ${failures} failed`,
  );
  return { rps, p99, failures };
}

/**
 * The read at `url` and the bare route with a body of its size, alternating in ROUNDS rounds of
 * BENCH_DURATION / ROUNDS seconds each, 50 connections.
 */
export async function againstBare(label: string, base: string, name: string, url: string) {
  const sample = await request('GET', url);
  if (sample.status !== 200) throw new Error(`${name}: ${sample.status} ${sample.body}`);
  const bytes = Buffer.byteLength(sample.body);
  const bareUrl = `${base}/bench/bare?bytes=${bytes}`;
  // Warm-up (JIT, connection pools, the cache's first answer).
  await autocannon({ url: bareUrl, connections: 10, duration: 2 });
  await autocannon({ url, connections: 10, duration: 2 });
  const bareRounds: Load[] = [];
  const hotRounds: Load[] = [];
  const slice = Math.max(1, Math.round(DURATION / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    bareRounds.push(await once(bareUrl, slice));
    hotRounds.push(await once(url, slice));
  }
  const bare = combined(label, `bare route, ${bytes} bytes`, bareRounds);
  const hot = combined(label, name, hotRounds);
  return { bare, hot, bytes, ratio: hot.rps / bare.rps, sample: sample.body };
}

/**
 * As `againstBare`, but each round of either URL runs while `work` runs (a fresh piece of it each
 * round): the read and the bare route compete with the same work, ROUNDS times each, alternating.
 */
export async function againstBareDuring(
  label: string,
  base: string,
  name: string,
  url: string,
  work: () => Promise<void>,
) {
  const sample = await request('GET', url);
  if (sample.status !== 200) throw new Error(`${name}: ${sample.status} ${sample.body}`);
  const bytes = Buffer.byteLength(sample.body);
  const bareUrl = `${base}/bench/bare?bytes=${bytes}`;
  await autocannon({ url: bareUrl, connections: 10, duration: 2 });
  await autocannon({ url, connections: 10, duration: 2 });
  const bareRounds: Load[] = [];
  const hotRounds: Load[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRounds.push(await during(bareUrl, work));
    hotRounds.push(await during(url, work));
  }
  const bare = combined(label, `bare route, ${bytes} bytes, during the work`, bareRounds);
  const hot = combined(label, `${name}, during the work`, hotRounds);
  return { bare, hot, bytes, ratio: hot.rps / bare.rps };
}
