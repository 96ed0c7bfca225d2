// The server bundle (docs/decisions/006-server-bundle.md): esbuild turns src/server into plain
// JavaScript in dist/server, which `npm start` and the image run with node alone. `node
// scripts/build-server.mjs` builds it when it is missing or older than its sources.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'dist/server');
/** What the bundle was built from (esbuild's input list) and when: the staleness check reads it. */
const stampFile = path.join(serverDist, 'build.json');
/** The SQL the server applies at start-up; read from disk, so copied beside the bundle. */
const migrationsSource = path.join(root, 'src/server/db/migrations');
/** Files that change the bundle without being one of its inputs. */
const buildConfig = ['package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

/**
 * main.js is the server (main.ts); embedded-backup.js is what `npm run backup`/`restore` run. Each is
 * one self-contained ESM file (no shared chunks): the two never run in the same process.
 */
export const serverBuildOptions = {
  absWorkingDir: root,
  entryPoints: {
    main: 'src/server/main.ts',
    'embedded-backup': 'src/server/db/embedded-backup.ts',
  },
  outdir: serverDist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Our own code (src/server, and @core/@contracts through tsconfig.json's paths) is bundled;
  // every npm package stays an import of node_modules: several read files beside their own code at
  // run time (PGlite's wasm and extensions, pg-boss's SQL), and native ones (argon2) cannot be bundled.
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
  // Stack traces in the log point at the TypeScript lines (node --enable-source-maps).
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  write: false,
};

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

function newestIn(dir) {
  let newest = mtime(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : mtime(full));
  }
  return newest;
}

/** Why the bundle needs building, or null when it is up to date. */
export function serverBuildReason() {
  if (!existsSync(stampFile)) return 'missing';
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  // A build under a moved clock (faketime in `npm run test:calendar`) would otherwise look newer than
  // every later edit.
  if (stamp.builtAt > Date.now()) return 'stamped in the future';
  // Every file that went into the bundle, plus the migrations and the build's own settings; a new
  // source file only matters once an existing one imports it, and that one is then newer.
  const files = [...stamp.inputs, ...buildConfig].map((f) => path.join(root, f));
  if (files.some((f) => mtime(f) > stamp.builtAt) || newestIn(migrationsSource) > stamp.builtAt)
    return 'older than its sources';
  if (Object.keys(serverBuildOptions.entryPoints).some((e) => !existsSync(bundlePath(e)))) return 'missing';
  return null;
}

/** The built file of an entry point ('main', 'embedded-backup'). */
export function bundlePath(entry) {
  return path.join(serverDist, `${entry}.js`);
}

/** Writes through a temporary file and a rename, so a process starting meanwhile never reads half a file. */
function writeAtomically(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}

function copyTree(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else writeAtomically(target, readFileSync(source));
  }
}

/**
 * Builds the server bundle when it is missing or older than its sources. Where the sources are not
 * there (the image ships dist/server without src/), the bundle is used as it is. Several processes
 * may call this at once (tests start servers in parallel): each file is replaced whole, and the stamp
 * is written last, so a reader sees either the old build or the new one per file, and at worst builds
 * again.
 */
export async function ensureServerBuild({ quiet = false } = {}) {
  if (!existsSync(path.join(root, 'src/server'))) {
    if (!existsSync(bundlePath('main')))
      throw new Error(`No server bundle in ${serverDist} and no sources to build it from`);
    return;
  }
  const reason = serverBuildReason();
  if (!reason) return;
  if (!quiet)
    console.log(
      reason === 'missing' ? 'Building the server…' : 'Server bundle is older than its sources: rebuilding…',
    );
  // A development dependency: imported only when a build is due, so a runtime without it still starts.
  const esbuild = await import('esbuild');
  // A source saved during the build is then newer than the stamp, and the next start builds again.
  const builtAt = Date.now();
  const result = await esbuild.build(serverBuildOptions);
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
  copyTree(migrationsSource, path.join(serverDist, 'migrations'));
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
  // What the bundle imports at run time (node built-ins and npm packages): deployment.test.ts checks
  // the image installs each of them.
  const imports = [
    ...new Set(
      Object.values(result.metafile.outputs).flatMap((o) =>
        o.imports.filter((i) => i.external).map((i) => i.path),
      ),
    ),
  ].sort();
  writeAtomically(stampFile, JSON.stringify({ builtAt, inputs, imports }, null, 1));
}

// `node scripts/build-server.mjs`: build now if needed (the test harness, CI, the image).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureServerBuild();
}
