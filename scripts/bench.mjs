// `npm run bench [name]`: runs every bench/*.bench.ts (or those whose name contains `name`), each in its
// own process, then prints one table of every figure with its target and verdict. Not part of
// `npm test`. Results: bench/results/*.json. Set DATABASE_URL to measure PostgreSQL beside the
// embedded database; BENCH_ONLY=postgres (or embedded) measures one of them.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-web.mjs';

const only = process.argv[2];
const started = Date.now();
const files = readdirSync(path.join(root, 'bench')).filter(
  (f) => f.endsWith('.bench.ts') && (!only || f.includes(only)),
);
const crashed = [];
for (const file of files) {
  console.log(`\n== ${file}`);
  const r = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['--tsconfig', path.join(root, 'tsconfig.json'), path.join('bench', file)],
    { cwd: root, stdio: 'inherit' },
  );
  // A benchmark exits 0 once its figures are written; the verdicts are made below.
  if (r.status !== 0) crashed.push(file);
}

// Every result file written by this run, in figure order (B1 … B13: numeric, so B2 comes before B10).
const dir = path.join(root, 'bench/results');
const results = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && statSync(path.join(dir, f)).mtimeMs >= started)
  .flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')).figures)
  .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
const format = (f) =>
  `${Number.isInteger(f.value) ? f.value : f.value.toFixed(2)}${f.unit ? ` ${f.unit}` : ''}`;
console.log(
  `\n== Summary (${process.env.DATABASE_URL ? 'embedded and PostgreSQL' : 'embedded only; set DATABASE_URL to add PostgreSQL'})`,
);
console.table(
  results.map((f) => ({
    id: f.id,
    figure: f.name,
    value: format(f),
    target: f.target,
    verdict: f.pass ? 'ok' : 'MISSED',
  })),
);
for (const file of crashed) console.log(`${file}: did not finish (see its output above)`);
const missed = results.filter((f) => !f.pass).length;
console.log(
  `${results.length} figures, ${missed} missed${crashed.length ? `, ${crashed.length} benchmark(s) failed to run` : ''}.`,
);
process.exit(missed || crashed.length ? 1 : 0);
