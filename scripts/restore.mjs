// `npm run restore -- <file.tar> [--force]`: put a backup made by `npm run backup` back into
// DATA_DIR while the app is stopped. The logic lives in src/server/db/embedded-backup.ts, run from the
// server bundle (built first if needed, as `npm start` does).
import { pathToFileURL } from 'node:url';
import { bundlePath, ensureServerBuild } from './build-server.mjs';

await ensureServerBuild();
const { restoreCommand } = await import(pathToFileURL(bundlePath('embedded-backup')).href);
process.exitCode = await restoreCommand(process.argv.slice(2), process.env, console);
