// `npm run restore -- <file.tar> [--force]`: put a backup made by `npm run backup` back into
// DATA_DIR while the app is stopped. The logic lives in src/server/db/embedded-backup.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
register({ tsconfig: path.join(root, 'tsconfig.json') });
const { restoreCommand } = await import('../src/server/db/embedded-backup.ts');
process.exitCode = await restoreCommand(process.argv.slice(2), process.env, console);
