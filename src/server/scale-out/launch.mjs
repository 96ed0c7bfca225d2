// Starts one app process the way `npm start` does (scripts/start.mjs), minus the web client build:
// the scale-out test drives the API only, and the SPA plugin serves JSON 404s without a build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Path aliases (@core, @contracts) come from the project's tsconfig, whatever the working directory is.
register({ tsconfig: path.join(root, 'tsconfig.json') });
await import('../main.ts');
