// `npm start`: build the client if needed, then run the server (migrations are applied at start-up).
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ensureWebBuild, root } from './build-web.mjs';

ensureWebBuild();
// Path aliases come from the project's tsconfig, whatever the working directory is.
register({ tsconfig: path.join(root, 'tsconfig.json') });
await import('../src/server/main.ts');
