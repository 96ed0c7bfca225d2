import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contracts/auth';
import {
  blockBody,
  createCustomerBody,
  createNoteBody,
  customerDetail,
  customerNoteDto,
  customersPage,
  customersQuery,
  followUpDto,
  mergeBody,
  updateCustomerBody,
  updateNoteBody,
} from '@contracts/customers';
import { idParams } from '@contracts/events';
import { nl } from '@contracts/messages';
import { signedIn } from '../../http/auth-guard';

const noteParams = idParams.extend({ noteId: z.uuid({ error: nl.customers.noteNotFound }) });

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { customers, customerNotes } = app.services;

  app.get(
    '/api/customers',
    { schema: { querystring: customersQuery, response: { 200: customersPage } } },
    (req) => customers.list(signedIn(req), req.query),
  );
  app.get('/api/customers/follow-ups', { schema: { response: { 200: z.array(followUpDto) } } }, (req) =>
    customers.followUps(signedIn(req)),
  );
  app.post(
    '/api/customers',
    { schema: { body: createCustomerBody, response: { 201: customerDetail } } },
    async (req, reply) => reply.status(201).send(await customers.create(signedIn(req), req.body)),
  );
  app.get('/api/customers/:id', { schema: { params: idParams, response: { 200: customerDetail } } }, (req) =>
    customers.get(signedIn(req), req.params.id),
  );
  app.patch(
    '/api/customers/:id',
    { schema: { params: idParams, body: updateCustomerBody, response: { 200: customerDetail } } },
    (req) => customers.update(signedIn(req), req.params.id, req.body),
  );
  app.post(
    '/api/customers/:id/merge',
    { schema: { params: idParams, body: mergeBody, response: { 200: customerDetail } } },
    (req) => customers.merge(signedIn(req), req.params.id, req.body.otherId),
  );
  app.post(
    '/api/customers/:id/block',
    { schema: { params: idParams, body: blockBody, response: { 200: customerDetail } } },
    (req) => customers.block(signedIn(req), req.params.id, req.body.reason),
  );
  app.post(
    '/api/customers/:id/unblock',
    { schema: { params: idParams, response: { 200: customerDetail } } },
    (req) => customers.unblock(signedIn(req), req.params.id),
  );
  app.post(
    '/api/customers/:id/notes',
    { schema: { params: idParams, body: createNoteBody, response: { 201: customerNoteDto } } },
    async (req, reply) =>
      reply.status(201).send(await customerNotes.create(signedIn(req), req.params.id, req.body)),
  );
  app.patch(
    '/api/customers/:id/notes/:noteId',
    { schema: { params: noteParams, body: updateNoteBody, response: { 200: customerNoteDto } } },
    (req) => customerNotes.update(signedIn(req), req.params.id, req.params.noteId, req.body),
  );
  app.delete(
    '/api/customers/:id/notes/:noteId',
    { schema: { params: noteParams, response: { 200: okResponse } } },
    async (req) => {
      await customerNotes.remove(signedIn(req), req.params.id, req.params.noteId);
      return { ok: true as const };
    },
  );
};
