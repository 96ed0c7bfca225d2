import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nl } from '@contracts/messages';
import { currentUser } from '../../http/auth-guard';
import { badRequest } from '../../http/app-error';

/**
 * Google Calendar calls of the owner app. Until an owner has connected Google (OAuth comes with the
 * Google integration), the calendar list is empty and a sync answers a clear Dutch 400.
 */
export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/api/google-calendar/calendars', { schema: { response: { 200: z.array(z.object({ id: z.string(), summary: z.string() })) } } }, async (req) => {
    if (!currentUser(req).googleAccessToken) return [];
    throw badRequest(nl.google.syncFailed);
  });
  app.post('/api/google/sync-now', async (req) => {
    if (!currentUser(req).googleAccessToken) throw badRequest(nl.google.notConnected);
    throw badRequest(nl.google.syncFailed);
  });
};
