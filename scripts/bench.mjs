// `npm run bench`: runs every bench/*.bench.ts (not part of `npm test`); results in bench/results/.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-web.mjs';

const only = process.argv[2];
const files = readdirSync(path.join(root, 'bench')).filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)));
let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['--tsconfig', path.join(root, 'tsconfig.json'), path.join('bench', file)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
