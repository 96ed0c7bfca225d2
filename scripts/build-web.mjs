import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
  // A production bundle whatever NODE_ENV the server runs under (the e2e server may run as 'test'):
  // Vite would otherwise build React's development bundle.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
  precompress(path.join(root, 'dist/web'));
}

/** Writes .br and .gz beside every text asset once, so the server never compresses per request. */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(full);
    else if (/\.(js|css|html|svg|json)$/.test(entry.name)) {
      const data = readFileSync(full);
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}
