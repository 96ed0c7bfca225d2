import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nl } from '@contracts/messages';
import { currentUser } from '../../http/auth-guard';

const calendar = z.object({ id: z.string(), summary: z.string() });
const syncSummary = z.object({ pushed: z.number().int(), busy: z.number().int(), message: z.string() });

/** Google Calendar calls of the owner app (docs/PRODUCT.md#api-owner-bookings) and Google's push notifications. */
export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { googleCalendar } = app.services;

  app.get(
    '/api/google-calendar/calendars',
    { schema: { response: { 200: z.array(calendar) } } },
    async (req) => {
      const user = currentUser(req);
      if (!user.googleAccessToken) return [];
      return googleCalendar.calendars(user);
    },
  );

  app.post('/api/google/sync-now', { schema: { response: { 200: syncSummary } } }, async (req) => {
    const result = await googleCalendar.syncNow(currentUser(req));
    const count = (n: number, word: { one: string; other: string }) =>
      `${n} ${n === 1 ? word.one : word.other}`;
    const message = nl.google.syncSummary
      .replace('{pushed}', count(result.pushed, nl.google.appointments))
      .replace('{busy}', count(result.busy, nl.google.busyTimes));
    return { ...result, message };
  });

  // Google's watch-channel notifications: no session, identified by channel id and secret token.
  // Always 200, so an unknown or forged notification learns nothing.
  app.post(
    '/api/google/notifications',
    { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const header = (name: string) => {
        const v = req.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      if (header('x-goog-resource-state') !== 'sync')
        await googleCalendar.notified(header('x-goog-channel-id'), header('x-goog-channel-token'));
      return reply.status(200).send();
    },
  );
};
