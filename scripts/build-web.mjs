import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
/** Everything the client bundle is made from. */
const sources = ['src/web', 'src/core', 'src/contracts', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds the web client when the build is missing or older than any of its sources. */
export function ensureWebBuild() {
  const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const newest = Math.max(...sources.map(newestMtime));
  if (built >= newest) return;
  console.log(built ? 'Web client is older than its sources: rebuilding…' : 'Building the web client…');
  const vite = path.join(root, 'node_modules/.bin/vite');
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
