import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityPage, activityQuery } from '@contracts/activity';
import { currentUser } from '../../http/auth-guard';

/** The business's activity log (docs/PRODUCT.md#activity-log): eigenaar and beheerder (route-permissions.ts). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { activity } = app.services;

  app.get(
    '/api/activity',
    { schema: { querystring: activityQuery, response: { 200: activityPage } } },
    (req) => activity.list(currentUser(req), req.query),
  );
};
