import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  programIdParam,
  programQuery,
  programSearchQuery,
  universityIdParam,
  universityQuery,
} from '../../../shared/schemas/catalogue.ts';
import { sendPrepared } from '../../lib/prepared-response.ts';
import { parseInput } from '../../lib/validate.ts';
import { AnswerCache } from './answer-cache.ts';
import * as catalogue from './service.ts';

const publicCache = 'public, max-age=300';

export async function catalogueRoutes(app: FastifyInstance) {
  await app.register(etag, { weak: true });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (reply.statusCode === 200 && !reply.hasHeader('cache-control'))
      reply.header('cache-control', publicCache);
    done(null, payload);
  });

  const answers = new AnswerCache();
  /**
   * Answers from the catalogue in memory, prepared once per catalogue, day and question. The
   * question is the query string as sent: a repeated question is answered before its parameters
   * are even checked (they were, the first time; a refused question is never kept).
   */
  const answer = <Q>(
    req: FastifyRequest,
    reply: FastifyReply,
    parse: (() => Q) | null,
    compute: (query: Q) => unknown,
  ) => {
    const queryAt = req.url.indexOf('?');
    const question = parse === null || queryAt === -1 ? '' : req.url.slice(queryAt + 1);
    const key = `${catalogue.today()} ${req.routeOptions.url} ${question}`;
    const prepared = answers.get(app.catalogue.current(), key, () =>
      compute((parse ? parse() : null) as Q),
    );
    return sendPrepared(req, reply, prepared, publicCache);
  };

  app.get('/api/universities', (req, reply) =>
    answer(
      req,
      reply,
      () => parseInput(universityQuery, req.query),
      (query) => catalogue.listUniversities(app.catalogue, query.q),
    ),
  );

  app.get('/api/universities/:id', async (req) => {
    const { id } = parseInput(universityIdParam, req.params);
    return catalogue.getUniversity(app.catalogue, id);
  });

  app.get('/api/programs', (req, reply) =>
    answer(
      req,
      reply,
      () => parseInput(programQuery, req.query),
      (query) => catalogue.listPrograms(app.catalogue, query),
    ),
  );

  app.get('/api/programs/search', (req, reply) =>
    answer(
      req,
      reply,
      () => parseInput(programSearchQuery, req.query),
      (query) => catalogue.searchPrograms(app.catalogue, query),
    ),
  );

  /** The subject categories the public filter offers: the team's active list, live with the catalogue. */
  app.get('/api/catalogue/categories', (req, reply) =>
    answer(req, reply, null, () => ({ categories: app.catalogue.current().categories })),
  );

  app.get('/api/programs/:id', async (req) => {
    const { id } = parseInput(programIdParam, req.params);
    return catalogue.getProgram(app.catalogue, id);
  });

  app.get('/api/consultants', (req, reply) =>
    answer(req, reply, null, () => catalogue.listConsultants(app.catalogue)),
  );
}
