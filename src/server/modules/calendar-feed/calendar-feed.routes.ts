import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contracts/auth';
import { calendarFeedBody, calendarFeedDto, calendarFeedParams } from '@contracts/calendar-feed';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

/** The owner's calendar subscription: managed under /api, read by calendar apps at /feed/{token}.ics. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const feed = app.services.calendarFeed;

  app.get('/api/calendar-feed', { schema: { response: { 200: calendarFeedDto } } }, (req) =>
    feed.current(currentUser(req)),
  );
  app.post(
    '/api/calendar-feed',
    { schema: { body: calendarFeedBody, response: { 200: calendarFeedDto } } },
    (req) => feed.create(currentUser(req), req.body, byMember(currentMember(req))),
  );
  app.delete('/api/calendar-feed', { schema: { response: { 200: okResponse } } }, async (req) => {
    await feed.remove(currentUser(req), byMember(currentMember(req)));
    return { ok: true as const };
  });

  app.get(
    '/feed/:file',
    {
      // Calendar apps poll every few minutes at most; this bounds a client guessing at addresses.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { params: calendarFeedParams },
    },
    async (req, reply) => {
      const body = await feed.ics(req.params.file);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      // Private: the feed holds customers' names and contact details; 5 minutes suits polling apps.
      reply.header('cache-control', 'private, max-age=300').header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );
};
