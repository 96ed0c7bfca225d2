import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * Requests an instance works on at once; the rest wait, parsed, in memory. One process serves
 * thousands of connections on one event loop: with every one of 2,000 connections asking (a burst on
 * the booking page), each turn of the loop would work through 2,000 requests and a health check
 * would wait behind all of them (4–5 s, `npm run test:faults`). With a line, a turn does at most
 * this many, and health checks skip it.
 */
export const REQUESTS_AT_ONCE = 200;
const EXEMPT = new Set(['/healthz', '/readyz']);
const RESUME_EVERY_MS = 50;

/**
 * The line: a request past the number at once waits for a turn before its hooks and handler run;
 * while the line is long, a connection whose answer went out stops being read (its next request
 * waits in the kernel, costing the loop nothing) until there is room again.
 */
export const requestLine = fp<{ atOnce?: number }>(async (app, opts) => {
  const atOnce = opts.atOnce ?? REQUESTS_AT_ONCE;
  let running = 0;
  const waiting: Array<() => void> = [];
  const paused: Socket[] = [];

  const resumePaused = () => {
    while (paused.length && running + waiting.length < atOnce) paused.shift()!.resume();
  };
  const timer = setInterval(resumePaused, RESUME_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.addHook('onRequest', async (request, reply) => {
    if (EXEMPT.has(request.url)) return;
    if (running >= atOnce) await new Promise<void>((turn) => waiting.push(turn));
    running++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      running--;
      const next = waiting.shift();
      if (next) next();
      const socket = request.raw.socket as Socket | null;
      if (waiting.length && socket && !socket.destroyed && typeof socket.pause === 'function') {
        socket.pause();
        paused.push(socket);
      } else resumePaused();
    };
    reply.raw.once('finish', finish);
    reply.raw.once('close', finish);
  });
});
