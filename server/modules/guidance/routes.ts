import type { FastifyInstance } from 'fastify';
import { guidanceProfile } from '../../../shared/schemas/guidance.ts';
import { parseInput } from '../../lib/validate.ts';
import { today } from '../catalogue/service.ts';
import { guide } from './engine.ts';

/** POST /api/guidance: a profile in, ranked programs with reasons and warnings out. No account needed. */
export async function guidanceRoutes(app: FastifyInstance) {
  app.post('/api/guidance', { bodyLimit: 8 * 1024 }, async (req) => {
    const profile = parseInput(guidanceProfile, req.body);
    const on = today();
    const candidates = app.catalogue.current().listPrograms({ level: profile.level }, on);
    return guide(candidates, profile, on);
  });
}
