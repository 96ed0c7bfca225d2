// `npm run backup -- [file.tar] [--force]`: archive the embedded database (DATA_DIR) and its app
// secret while the app is stopped. The logic lives in src/server/db/embedded-backup.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
register({ tsconfig: path.join(root, 'tsconfig.json') });
const { backupCommand } = await import('../src/server/db/embedded-backup.ts');
process.exitCode = await backupCommand(process.argv.slice(2), process.env, console);
