import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  programIdParam,
  programQuery,
  programSearchQuery,
  universityIdParam,
  universityQuery,
} from '../../../shared/schemas/catalogue.ts';
import { prepareJson, sendPrepared } from '../../lib/prepared-response.ts';
import { parseInput } from '../../lib/validate.ts';
import { AnswerCache } from './answer-cache.ts';
import * as catalogue from './service.ts';

const publicCache = 'public, max-age=300';

export async function catalogueRoutes(app: FastifyInstance) {
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (_req, reply) => {
    if (reply.statusCode === 200 && !reply.hasHeader('cache-control')) reply.header('cache-control', publicCache);
  });

  const answers = new AnswerCache();
  /** Answers from the catalogue in memory, prepared once per catalogue, day and question. */
  const answer = (req: FastifyRequest, reply: FastifyReply, question: unknown, compute: () => unknown) => {
    const key = `${catalogue.today()} ${req.routeOptions.url} ${JSON.stringify(question)}`;
    return sendPrepared(req, reply, answers.get(app.catalogue.current(), key, compute), publicCache);
  };

  app.get('/api/universities', (req, reply) => {
    const query = parseInput(universityQuery, req.query);
    return answer(req, reply, query, () => catalogue.listUniversities(app.catalogue, query.q));
  });

  app.get('/api/universities/:id', async (req) => {
    const { id } = parseInput(universityIdParam, req.params);
    return catalogue.getUniversity(app.catalogue, id);
  });

  app.get('/api/programs', (req, reply) => {
    const query = parseInput(programQuery, req.query);
    return answer(req, reply, query, () => catalogue.listPrograms(app.catalogue, query));
  });

  app.get('/api/programs/search', (req, reply) => {
    const query = parseInput(programSearchQuery, req.query);
    return answer(req, reply, query, () => catalogue.searchPrograms(app.catalogue, query));
  });

  /** The subject categories the public filter offers: the team's active list, live with the catalogue. */
  app.get('/api/catalogue/categories', (req, reply) =>
    answer(req, reply, null, () => ({ categories: app.catalogue.current().categories })),
  );

  app.get('/api/programs/:id', async (req) => {
    const { id } = parseInput(programIdParam, req.params);
    return catalogue.getProgram(app.catalogue, id);
  });

  // Consultants change only when the catalogue is loaded at start: prepared once, after loading.
  const consultants = prepareJson(await catalogue.listConsultants(app.db));
  app.get('/api/consultants', (req, reply) => sendPrepared(req, reply, consultants, publicCache));
}
