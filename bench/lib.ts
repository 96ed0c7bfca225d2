import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Figure {
  id: string;
  name: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Times `fn` `runs` times after `warmup` runs; milliseconds per run. */
export async function timeRuns(fn: () => Promise<unknown>, runs = 50, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

export function report(file: string, figures: Figure[]): void {
  const dir = path.join(process.cwd(), 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${file}.json`),
    JSON.stringify({ at: new Date().toISOString(), figures }, null, 2),
  );
  console.table(
    figures.map((f) => ({
      id: f.id,
      figure: f.name,
      value: `${f.value.toFixed(2)} ${f.unit}`,
      target: f.target,
      verdict: f.pass ? 'ok' : 'MISSED',
    })),
  );
}

/** Polls `check` every `everyMs` until it holds or `timeoutMs` has passed; answers whether it held. */
export async function until(check: () => boolean, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return true;
}
