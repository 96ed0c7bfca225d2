// `npm start`: build the client and the server bundle if needed, then run the server with plain node
// (migrations are applied at start-up). See docs/decisions/006-server-bundle.md.
import { pathToFileURL } from 'node:url';
import { bundlePath, ensureServerBuild } from './build-server.mjs';
import { ensureWebBuild } from './build-web.mjs';

ensureWebBuild();
await ensureServerBuild();
// Imported rather than spawned: this process is the server, so signals (SIGTERM from a container
// manager or a test) reach its handler directly, as with `node dist/server/main.js` in the image.
await import(pathToFileURL(bundlePath('main')).href);
