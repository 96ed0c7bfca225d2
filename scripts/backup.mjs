// `npm run backup -- [file.tar] [--force]`: archive the embedded database (DATA_DIR) and its app
// secret while the app is stopped. The logic lives in src/server/db/embedded-backup.ts, run from the
// server bundle (built first if needed, as `npm start` does).
import { pathToFileURL } from 'node:url';
import { bundlePath, ensureServerBuild } from './build-server.mjs';

await ensureServerBuild();
const { backupCommand } = await import(pathToFileURL(bundlePath('embedded-backup')).href);
process.exitCode = await backupCommand(process.argv.slice(2), process.env, console);
