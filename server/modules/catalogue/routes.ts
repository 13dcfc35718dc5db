import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import {
  programQuery,
  universityIdParam,
  universityQuery,
} from '../../../shared/schemas/catalogue.ts';
import { prepareJson, sendPrepared } from '../../lib/prepared-response.ts';
import { parseInput } from '../../lib/validate.ts';
import * as catalogue from './service.ts';

export async function catalogueRoutes(app: FastifyInstance) {
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (_req, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=300');
  });

  app.get('/api/universities', async (req) => {
    const { q } = parseInput(universityQuery, req.query);
    return catalogue.listUniversities(app.db, q);
  });

  app.get('/api/universities/:id', async (req) => {
    const { id } = parseInput(universityIdParam, req.params);
    return catalogue.getUniversity(app.db, id);
  });

  app.get('/api/programs', async (req) => {
    return catalogue.listPrograms(app.db, parseInput(programQuery, req.query));
  });

  // Consultants change only when the catalogue is loaded at start: prepared once, after loading.
  const consultants = prepareJson(await catalogue.listConsultants(app.db));
  app.get('/api/consultants', (req, reply) => sendPrepared(req, reply, consultants, 'public, max-age=300'));
}
