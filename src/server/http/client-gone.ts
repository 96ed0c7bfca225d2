import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the client has closed its connection: it gave up waiting (a timeout, a closed tab) and will
 * never read the answer. Its end of the socket closing shows as the end of what it sends.
 */
export function clientGone(request: Pick<FastifyRequest, 'raw'>): boolean {
  const socket = request.raw.socket as { destroyed?: boolean; readableEnded?: boolean } | null;
  return !socket || socket.destroyed === true || socket.readableEnded === true || request.raw.aborted;
}

/**
 * A write whose client has gone before its work starts is not done. Under a burst a request can wait
 * in line longer than its client does; booking for a client who already left would take the slot
 * from under its own retry (the wizard's, with a new connection), and spend the database on an
 * answer nobody reads. Answered 499 (nginx's "client closed request"), for the log only. Registered
 * before the other preHandler hooks (the idempotency claim is a statement too); a write that has
 * started runs to its end, as its client may still retry it under its Idempotency-Key.
 */
export const skipWhenClientGone = fp(async (app) => {
  app.addHook('preHandler', async (request, reply) => {
    if (READS.has(request.method) || !clientGone(request)) return;
    request.log.info('client closed the connection before the work started: not done');
    return reply.code(499).send();
  });
});
