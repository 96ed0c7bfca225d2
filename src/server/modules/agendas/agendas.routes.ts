import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  absenceDto,
  absenceParams,
  absencesRangeQuery,
  agendaDto,
  agendaIdParams,
  createAbsenceBody,
  createAgendaBody,
  updateAgendaBody,
} from '@contracts/agendas';
import { okResponse } from '@contracts/auth';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

export const agendasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { agendas } = app.services;

  app.get('/api/agendas', { schema: { response: { 200: z.array(agendaDto) } } }, (req) =>
    agendas.list(currentUser(req), currentMember(req)),
  );
  app.post(
    '/api/agendas',
    { schema: { body: createAgendaBody, response: { 201: agendaDto } } },
    async (req, reply) =>
      reply.status(201).send(await agendas.create(currentUser(req), req.body, byMember(currentMember(req)))),
  );
  app.patch(
    '/api/agendas/:id',
    { schema: { params: agendaIdParams, body: updateAgendaBody, response: { 200: agendaDto } } },
    (req) => agendas.update(currentUser(req), req.params.id, req.body, byMember(currentMember(req))),
  );
  app.delete(
    '/api/agendas/:id',
    { schema: { params: agendaIdParams, response: { 200: okResponse } } },
    async (req) => {
      await agendas.remove(currentUser(req), req.params.id, byMember(currentMember(req)));
      return { ok: true as const };
    },
  );

  // An agenda's absences (docs/PRODUCT.md#agenda-hours).
  app.get(
    '/api/agendas/:id/absences',
    { schema: { params: agendaIdParams, response: { 200: z.array(absenceDto) } } },
    (req) => agendas.absences(currentUser(req), req.params.id, currentMember(req)),
  );
  app.post(
    '/api/agendas/:id/absences',
    { schema: { params: agendaIdParams, body: createAbsenceBody, response: { 201: absenceDto } } },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await agendas.addAbsence(currentUser(req), req.params.id, req.body, byMember(currentMember(req))),
        ),
  );
  app.delete(
    '/api/agendas/:id/absences/:absenceId',
    { schema: { params: absenceParams, response: { 200: okResponse } } },
    async (req) => {
      await agendas.removeAbsence(
        currentUser(req),
        req.params.id,
        req.params.absenceId,
        byMember(currentMember(req)),
      );
      return { ok: true as const };
    },
  );
  app.get(
    '/api/agenda-absences',
    { schema: { querystring: absencesRangeQuery, response: { 200: z.array(absenceDto) } } },
    (req) => agendas.absencesBetween(currentUser(req), req.query, currentMember(req)),
  );
};
