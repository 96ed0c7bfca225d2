// `npm run dev`: the API with reload on change (tsx watch) and Vite with hot module reload, together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './build-web.mjs';

const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.VITE_PORT ?? '5173';
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const env = { ...process.env, NODE_ENV: 'development', PORT: apiPort, VITE_PORT: webPort };
// Pages are opened on Vite's origin, so that is the app's public origin during development.
env.APP_URL ??= `http://localhost:${webPort}`;

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), ['--port', webPort, '--strictPort'], { cwd: root, env, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
console.log(`Dev: open http://localhost:${webPort} (API on ${apiPort})`);
