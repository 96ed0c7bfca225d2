import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsDto, analyticsQuery, dashboardDto } from '@contracts/insights';
import { currentMember, currentUser } from '../../http/auth-guard';

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { insights } = app.services;

  app.get('/api/dashboard', { schema: { response: { 200: dashboardDto } } }, (req) =>
    insights.dashboard(currentUser(req), currentMember(req)),
  );
  app.get(
    '/api/analytics',
    { schema: { querystring: analyticsQuery, response: { 200: analyticsDto } } },
    (req) => insights.analytics(currentUser(req), req.query),
  );
};
