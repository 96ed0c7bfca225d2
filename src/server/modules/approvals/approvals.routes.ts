import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalDecisionBody,
  approvalTokenParams,
  declineBody,
  openRequestsDto,
  publicApproval,
} from '@contracts/approvals';
import { BOOKING_STATUSES } from '@contracts/enums';
import { idParams } from '@contracts/events';
import { currentMember, currentUser } from '../../http/auth-guard';

const decided = z.object({ status: z.enum(BOOKING_STATUSES) });

/**
 * Requests the owner approves (docs/PRODUCT.md#approval): the decision link's page and button (no
 * session: the link's token), and the owner's own decisions and open requests in the app.
 */
export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { approvals } = app.services;
  // A guessed token finds nothing; the limit keeps guessing slow.
  const linkLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  // Reading the page decides nothing: a mail scanner that opens the link leaves the request open.
  app.get(
    '/api/public/approvals/:token',
    { config: linkLimit, schema: { params: approvalTokenParams, response: { 200: publicApproval } } },
    (req) => approvals.page(req.params.token),
  );
  app.post(
    '/api/public/approvals/:token',
    {
      config: linkLimit,
      schema: { params: approvalTokenParams, body: approvalDecisionBody, response: { 200: publicApproval } },
    },
    (req) => approvals.decideByToken(req.params.token, req.body.decision, req.body.reason),
  );

  app.get('/api/bookings/requests', { schema: { response: { 200: openRequestsDto } } }, (req) =>
    approvals.open(currentUser(req), currentMember(req)),
  );
  app.post('/api/bookings/:id/approve', { schema: { params: idParams, response: { 200: decided } } }, (req) =>
    approvals.approve(currentUser(req), req.params.id, currentMember(req)),
  );
  app.post(
    '/api/bookings/:id/decline',
    { schema: { params: idParams, body: declineBody, response: { 200: decided } } },
    (req) => approvals.decline(currentUser(req), req.params.id, req.body?.reason, currentMember(req)),
  );
};
