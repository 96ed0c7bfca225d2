import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contracts/auth';
import {
  invitationIdParams,
  inviteBody,
  inviteResponse,
  makeOwnerBody,
  teamEntry,
  teamIdParams,
  teamList,
  teamSettingsBody,
  teamSettingsResponse,
  updateMemberBody,
} from '@contracts/team';
import { signedIn } from '../../http/auth-guard';

/** docs/PRODUCT.md#team: the team in Instellingen (route-permissions.ts: `team`, roles `team.roles`). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { team } = app.services;

  app.get('/api/team', { schema: { response: { 200: teamList } } }, (req) => team.list(signedIn(req)));

  app.post(
    '/api/team/invitations',
    { schema: { body: inviteBody, response: { 201: inviteResponse } } },
    async (req, reply) => reply.status(201).send(await team.invite(signedIn(req), req.body)),
  );

  app.delete(
    '/api/team/invitations/:id',
    { schema: { params: invitationIdParams, response: { 200: okResponse } } },
    async (req) => {
      await team.revokeInvitation(signedIn(req), req.params.id);
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/team/settings',
    { schema: { body: teamSettingsBody, response: { 200: teamSettingsResponse } } },
    (req) => team.updateSettings(signedIn(req), req.body),
  );

  app.patch(
    '/api/team/:id',
    { schema: { params: teamIdParams, body: updateMemberBody, response: { 200: teamEntry } } },
    (req) => team.update(signedIn(req), req.params.id, req.body),
  );

  app.delete(
    '/api/team/:id',
    { schema: { params: teamIdParams, response: { 200: okResponse } } },
    async (req) => {
      await team.remove(signedIn(req), req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/team/:id/make-owner',
    { schema: { params: teamIdParams, body: makeOwnerBody, response: { 200: okResponse } } },
    async (req) => {
      await team.makeOwner(signedIn(req), req.params.id, req.body.password);
      return { ok: true as const };
    },
  );
};
