import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@contracts/errors';
import { nl } from '@contracts/messages';
import { UNAVAILABLE_RETRY_AFTER_S } from '../db/database-faults';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The public writes (the routes with an Idempotency-Key: a booking, a hold, a customer's change)
 * that run at once per instance; the rest wait in line here. A burst of thousands (docs/decisions/016)
 * then waits in memory, at no cost, instead of in the database pool, whose 5 s connect ceiling turns a
 * long wait into a 503 and whose statements crowd out every other request, health checks included.
 * A few times the pool's 10 connections keeps them all busy.
 */
export const PUBLIC_WRITES_AT_ONCE = 32;
/** How long a public write waits in line before it is answered 503 (the client retries with its key). */
export const PUBLIC_WRITE_WAIT_MS = 10_000;

/**
 * Whether the client has closed its connection: it gave up waiting (a timeout, a closed tab) and will
 * never read the answer. Its end of the socket closing shows as the end of what it sends.
 */
export function clientGone(request: Pick<FastifyRequest, 'raw'>): boolean {
  const socket = request.raw.socket as { destroyed?: boolean; readableEnded?: boolean } | null;
  return !socket || socket.destroyed === true || socket.readableEnded === true || request.raw.aborted;
}

/** A line of at most `atOnce` runs; `enter` resolves false when its turn has not come within `waitMs`. */
export function createLine(atOnce: number, waitMs: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    enter(): Promise<boolean> {
      if (running < atOnce) {
        running++;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const turn = () => {
          clearTimeout(timer);
          running++;
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(turn), 1);
          resolve(false);
        }, waitMs);
        waiting.push(turn);
      });
    },
    leave() {
      running--;
      waiting.shift()?.();
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/**
 * A write whose client has gone before its work starts is not done. Under a burst a request can wait
 * in line longer than its client does; booking for a client who already left would take the slot
 * from under its own retry (the wizard's, with a new connection), and spend the database on an
 * answer nobody reads. Answered 499 (nginx's "client closed request"), for the log only. A public
 * write first waits for its turn in the line above, then is checked. Registered before the other
 * preHandler hooks (the idempotency claim is a statement too); a write that has started runs to its
 * end, as its client may still retry it under its Idempotency-Key.
 */
export const writeLine = fp<{ atOnce?: number; waitMs?: number }>(async (app, opts) => {
  const line = createLine(opts.atOnce ?? PUBLIC_WRITES_AT_ONCE, opts.waitMs ?? PUBLIC_WRITE_WAIT_MS);
  const gone = (request: FastifyRequest, reply: FastifyReply) => {
    request.log.info('client closed the connection before the work started: not done');
    return reply.code(499).send();
  };
  app.addHook('preHandler', async (request, reply) => {
    if (READS.has(request.method)) return;
    if (request.routeOptions.config.idempotent) {
      if (!(await line.enter())) {
        request.log.warn(
          { waitMs: opts.waitMs ?? PUBLIC_WRITE_WAIT_MS },
          'public write waited too long: 503',
        );
        return reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
          .send({ code: 'UNAVAILABLE', message: nl.errors.unavailable } satisfies ErrorBody);
      }
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        line.leave();
      };
      // 'close' comes once the answer is out or the connection is gone, whichever way the request ended.
      reply.raw.once('close', leave);
      reply.raw.once('finish', leave);
      if (reply.raw.destroyed) leave();
    }
    if (clientGone(request)) return gone(request, reply);
  });
});
