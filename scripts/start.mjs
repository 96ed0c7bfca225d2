// `npm start`: build the client if needed, then run the server (migrations are applied at start-up).
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './build-web.mjs';

ensureWebBuild();
register();
await import('../src/server/main.ts');
