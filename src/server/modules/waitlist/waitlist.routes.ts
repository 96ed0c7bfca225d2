import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  claimWaitlistBody,
  joinWaitlistBody,
  publicWaitlistEntry,
  waitlistClaimed,
  waitlistJoined,
  waitlistTokenParams,
} from '@contracts/public-waitlist';
import { offerWaitlistBody, waitlistIdParams, waitlistList, waitlistQuery } from '@contracts/waitlist';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

/** The waitlist (docs/PRODUCT.md#waitlist): the customer's link by its token, the owner's list by session. */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { waitlist } = app.services;
  // Each join mails the address it names: the booking's per-visitor limit.
  const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' }, idempotent: true };

  app.post(
    '/api/public/waitlist',
    { config: writeLimit, schema: { body: joinWaitlistBody, response: { 201: waitlistJoined } } },
    async (req, reply) => reply.status(201).send(await waitlist.join(req.body)),
  );
  app.get(
    '/api/public/waitlist/:token',
    { schema: { params: waitlistTokenParams, response: { 200: publicWaitlistEntry } } },
    (req) => waitlist.read(req.params.token),
  );
  app.delete(
    '/api/public/waitlist/:token',
    { config: writeLimit, schema: { params: waitlistTokenParams } },
    async (req, reply) => {
      await waitlist.leave(req.params.token);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/public/waitlist/:token/claim',
    {
      config: writeLimit,
      schema: { params: waitlistTokenParams, body: claimWaitlistBody, response: { 201: waitlistClaimed } },
    },
    async (req, reply) => reply.status(201).send(await waitlist.claims.claim(req.params.token, req.body)),
  );

  app.get('/api/waitlist', { schema: { querystring: waitlistQuery, response: { 200: waitlistList } } }, (req) =>
    waitlist.list(currentUser(req), req.query.eventId, req.query.date),
  );
  app.delete('/api/waitlist/:id', { schema: { params: waitlistIdParams } }, async (req, reply) => {
    await waitlist.remove(currentUser(req), req.params.id, byMember(currentMember(req)));
    return reply.status(204).send();
  });
  app.post(
    '/api/waitlist/:id/offer',
    { schema: { params: waitlistIdParams, body: offerWaitlistBody, response: { 200: waitlistList } } },
    (req) => waitlist.offer(currentUser(req), req.params.id, req.body.time, byMember(currentMember(req))),
  );
};
